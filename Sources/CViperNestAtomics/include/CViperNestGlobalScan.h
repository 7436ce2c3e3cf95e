// Finds object addresses stored directly in global or static variables, for leak reports.
#ifndef CVIPERNEST_GLOBAL_SCAN_H
#define CVIPERNEST_GLOBAL_SCAN_H

#include <stddef.h>
#include <stdint.h>

#if __has_feature(nullability)
#pragma clang assume_nonnull begin
#endif

/// Reads every pointer-aligned word of the writable segments of every loaded image (where global
/// and static variables live) and sets `found[i]` to 1 when a word equals `sortedValues[i]`.
///
/// `sortedValues` is sorted ascending and holds `count` values; `found` has `count` bytes, zeroed
/// by the caller. Returns 1 when the segments were scanned, 0 on platforms where this is not
/// supported (then nothing is set). The reads are not instrumented by the address or thread
/// sanitizers: they are plain loads of mapped memory that other threads may write.
int vn_find_in_global_storage(const uintptr_t *sortedValues, size_t count, unsigned char *found);

#if __has_feature(nullability)
#pragma clang assume_nonnull end
#endif

#endif
