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
final class ConditionLock: @unchecked Sendable {
  // Invariant that makes this Sendable: `mutex` and `condition` are allocated once in `init`, never
  // reassigned, only touched through the pthread API (which is thread-safe by contract) and freed
  // in `deinit`, when no other thread can hold a reference.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    let lockStatus = pthread_mutex_init(mutex, nil)
    precondition(lockStatus == 0, "pthread_mutex_init failed: \(lockStatus)")
    let conditionStatus = pthread_cond_init(condition, nil)
    precondition(conditionStatus == 0, "pthread_cond_init failed: \(conditionStatus)")
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  @inline(__always)
  func lock() { pthread_mutex_lock(mutex) }

  @inline(__always)
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
