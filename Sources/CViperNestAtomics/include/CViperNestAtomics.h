// Atomic operations for ViperNest's lock-free read paths.
//
// Swift's `Synchronization.Atomic` needs iOS 18 / macOS 15; ViperNest supports iOS 16 / macOS 13,
// so the few atomics its hot path needs are these static inline functions over the compiler's
// `__atomic` builtins (inlined into Swift callers, understood by ThreadSanitizer).
//
// Every operation is sequentially consistent, the simplest choice that is right for every use.
// What the reader/closer protocol of `StoryNode` (its type comment; docs/Architecture.md,
// "`@unchecked Sendable`, `Unmanaged` and `unowned(unsafe)`") needs from them, so that whoever
// weakens one knows what to prove:
// - the reader's increment of `readers` and its load of a published pointer, and the closer's
//   (or `reset`'s) nil store to that pointer and its load of `readers`, form a store-buffering
//   (Dekker) pattern: all four must be in one total order (seq_cst, or seq_cst fences between
//   each pair). Acquire/release is not enough: it allows the reader to load the old pointer
//   while the closer reads a count without that reader, and the closer would release the
//   instance the reader is copying;
// - the reader's decrement must be a release and the closer's load of `readers` an acquire, so
//   that the reader's copy of the instance happens before the closer releases it;
// - the writer's store of a published pointer must be a release and the reader's load an
//   acquire (or consume), so that the box is fully built before a reader can see it;
// - the closed flag and `AtomicCounter` (enabled detectors, process-owned objects) only need
//   atomicity: a stale read there takes the locked path or skips an optional check, which is
//   still right (relaxed would do).
#ifndef CVIPERNEST_ATOMICS_H
#define CVIPERNEST_ATOMICS_H

#include <stdint.h>

#if __has_feature(nullability)
#pragma clang assume_nonnull begin
#endif

/// Adds `delta` to `*counter` and returns the previous value.
static inline intptr_t vn_atomic_fetch_add(intptr_t *counter, intptr_t delta) {
  return __atomic_fetch_add(counter, delta, __ATOMIC_SEQ_CST);
}

/// Reads `*value`.
static inline intptr_t vn_atomic_load(const intptr_t *value) {
  return __atomic_load_n(value, __ATOMIC_SEQ_CST);
}

/// Writes `newValue` to `*value`.
static inline void vn_atomic_store(intptr_t *value, intptr_t newValue) {
  __atomic_store_n(value, newValue, __ATOMIC_SEQ_CST);
}

/// Reads the pointer at `*slot`.
static inline const void *_Nullable vn_atomic_load_pointer(const void *_Nullable const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_SEQ_CST);
}

/// Writes `pointer` to `*slot`.
static inline void vn_atomic_store_pointer(const void *_Nullable *_Nonnull slot,
                                           const void *_Nullable pointer) {
  __atomic_store_n(slot, pointer, __ATOMIC_SEQ_CST);
}

/// The calling thread's resolution state (a `ThreadResolutionState`, unretained; a pthread key's
/// destructor owns it). A thread-local variable: one load, where `pthread_getspecific` is a call.
extern __thread void *_Nullable vn_thread_state_slot;

/// The calling thread's resolution state, or NULL before it is created.
static inline void *_Nullable vn_thread_state(void) { return vn_thread_state_slot; }

/// Sets the calling thread's resolution state.
static inline void vn_set_thread_state(void *_Nullable state) { vn_thread_state_slot = state; }

/// Whether a resolution called from main-actor-isolated code (or the module builder) is running on
/// this thread. A thread-local flag of its own, so that main-actor callers set and restore it with
/// a load and a store, without reaching (and reference counting) the thread's resolution state.
extern __thread _Bool vn_on_main_actor_slot;

static inline _Bool vn_on_main_actor(void) { return vn_on_main_actor_slot; }

static inline void vn_set_on_main_actor(_Bool value) { vn_on_main_actor_slot = value; }

#if __has_feature(nullability)
#pragma clang assume_nonnull end
#endif

#endif
