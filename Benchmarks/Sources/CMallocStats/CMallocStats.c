#include "CMallocStats.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

long long cmallocstats_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (long long)(info.uordblks + info.hblkhd);
}

void cmallocstats_trim(void) { malloc_trim(0); }
#else
long long cmallocstats_heap_bytes_in_use(void) { return -1; }
void cmallocstats_trim(void) {}
#endif
