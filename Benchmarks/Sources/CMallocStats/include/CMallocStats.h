#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H

#include <stddef.h>

/// Bytes the allocator has handed out and not yet taken back (glibc `mallinfo2()`: `uordblks`,
/// bytes in allocated chunks of the arenas, plus `hblkhd`, bytes in mmapped blocks). -1 where
/// glibc's `mallinfo2` is not available.
long long cmallocstats_heap_bytes_in_use(void);

/// Returns free memory at the top of the heap to the OS (glibc `malloc_trim(0)`); no-op elsewhere.
void cmallocstats_trim(void);

#endif
