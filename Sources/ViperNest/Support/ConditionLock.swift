#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A mutex with a condition variable, used for the registry's short critical sections.
///
/// ViperNest never holds one of these while user code (a factory, a deinit) runs: callers copy what
/// they need out of the critical section and act after unlocking.
@usableFromInline
final class ConditionLock: @unchecked Sendable {
  // Invariant that makes this Sendable: `mutex` and `condition` point into one allocation made in
  // `init`, never reassigned, only touched through the pthread API (which is thread-safe by
  // contract) and freed in `deinit`, when no other thread can hold a reference.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  /// Where the condition starts in the shared allocation.
  private static let conditionOffset: Int = {
    let alignment = MemoryLayout<pthread_cond_t>.alignment
    return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) / alignment * alignment
  }()

  init() {
    // One allocation for both (a story opens with one lock; three mallocs were a visible part of
    // opening a story).
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: ConditionLock.conditionOffset + MemoryLayout<pthread_cond_t>.size,
      alignment: max(
        MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment))
    mutex = memory.initializeMemory(
      as: pthread_mutex_t.self, repeating: pthread_mutex_t(), count: 1)
    condition = (memory + ConditionLock.conditionOffset).initializeMemory(
      as: pthread_cond_t.self, repeating: pthread_cond_t(), count: 1)
    let lockStatus = pthread_mutex_init(mutex, nil)
    precondition(lockStatus == 0, "pthread_mutex_init failed: \(lockStatus)")
    let conditionStatus = pthread_cond_init(condition, nil)
    precondition(conditionStatus == 0, "pthread_cond_init failed: \(conditionStatus)")
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deinitialize(count: 1)
    mutex.deinitialize(count: 1)
    UnsafeMutableRawPointer(mutex).deallocate()
  }

  // Not inlinable (the pthread module is imported internally); a plain call, not a generic one.
  @usableFromInline
  func lock() { pthread_mutex_lock(mutex) }

  @usableFromInline
  func unlock() { pthread_mutex_unlock(mutex) }

  /// Waits on the condition; the lock must be held and is held again on return.
  func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every thread waiting on the condition.
  func broadcast() { pthread_cond_broadcast(condition) }

  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}
