// See CViperNestGlobalScan.h. Linux (ELF) only: the writable PT_LOAD segments of each loaded
// image hold its .data and .bss, where Swift keeps global and static variables.
#if defined(__linux__)
#define _GNU_SOURCE
#include <link.h>
#endif
#include "CViperNestGlobalScan.h"

#if defined(__linux__)

struct vn_global_scan {
  const uintptr_t *values;
  size_t count;
  uintptr_t low;
  uintptr_t high;
  unsigned char *found;
};

__attribute__((no_sanitize("address", "thread")))
static void vn_scan_words(const uintptr_t *begin, const uintptr_t *end, struct vn_global_scan *scan) {
  for (const uintptr_t *word = begin; word < end; word++) {
    uintptr_t value = *word;
    if (value < scan->low || value > scan->high) continue;
    size_t low = 0, high = scan->count;
    while (low < high) {
      size_t middle = low + (high - low) / 2;
      if (scan->values[middle] < value) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    if (low < scan->count && scan->values[low] == value) scan->found[low] = 1;
  }
}

static int vn_scan_image(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct vn_global_scan *scan = data;
  const uintptr_t mask = (uintptr_t)(sizeof(uintptr_t) - 1);
  for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
    if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_W)) continue;
    uintptr_t start = (uintptr_t)info->dlpi_addr + (uintptr_t)segment->p_vaddr;
    uintptr_t end = start + (uintptr_t)segment->p_memsz;
    start = (start + mask) & ~mask;
    end &= ~mask;
    if (start < end) vn_scan_words((const uintptr_t *)start, (const uintptr_t *)end, scan);
  }
  return 0;
}

int vn_find_in_global_storage(const uintptr_t *sortedValues, size_t count, unsigned char *found) {
  if (count == 0) return 1;
  struct vn_global_scan scan = {sortedValues, count, sortedValues[0], sortedValues[count - 1], found};
  dl_iterate_phdr(vn_scan_image, &scan);
  return 1;
}

#else

int vn_find_in_global_storage(const uintptr_t *sortedValues, size_t count, unsigned char *found) {
  (void)sortedValues;
  (void)count;
  (void)found;
  return 0;
}

#endif
