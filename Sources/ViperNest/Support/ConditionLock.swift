internal import CViperNestAtomics

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
  // Invariant that makes this Sendable: `raw` points into memory allocated in `init`, never
  // reassigned, only touched through the pthread API (which is thread-safe by contract) and freed
  // in `deinit`, when no other thread can hold a reference.
  @usableFromInline let raw: RawConditionLock

  init() {
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: RawConditionLock.byteCount, alignment: RawConditionLock.alignment)
    raw = RawConditionLock(initializingAt: memory)
  }

  deinit {
    raw.destroy()
    raw.memory.deallocate()
  }

  @inlinable
  func lock() { raw.lock() }

  @inlinable
  func unlock() { raw.unlock() }

  /// Waits on the condition; the lock must be held and is held again on return.
  func wait() { raw.wait() }

  /// Wakes every thread waiting on the condition.
  func broadcast() { raw.broadcast() }

  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    raw.lock()
    defer { raw.unlock() }
    return try body()
  }
}

/// A mutex and a condition variable in memory its owner allocated (a story node puts them in its
/// one storage block, so opening a story does not allocate a lock object). The owner calls
/// ``destroy()`` before freeing the memory.
@usableFromInline
struct RawConditionLock {
  // The memory is raw here (the pthread types come from an internal import, which inlinable code
  // cannot name); the mutex is at offset 0, the condition at `conditionOffset`.
  @usableFromInline let memory: UnsafeMutableRawPointer

  /// Where the condition starts.
  private static let conditionOffset: Int = {
    let alignment = MemoryLayout<pthread_cond_t>.alignment
    return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) / alignment * alignment
  }()

  /// Bytes needed for the mutex and the condition.
  static let byteCount = conditionOffset + MemoryLayout<pthread_cond_t>.size

  /// Alignment needed for the mutex and the condition.
  static let alignment = max(
    MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment)

  private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
    memory.assumingMemoryBound(to: pthread_mutex_t.self)
  }

  private var condition: UnsafeMutablePointer<pthread_cond_t> {
    (memory + RawConditionLock.conditionOffset).assumingMemoryBound(to: pthread_cond_t.self)
  }

  /// Initializes a mutex and a condition at `memory` (``byteCount`` bytes, aligned to
  /// ``alignment``).
  init(initializingAt memory: UnsafeMutableRawPointer) {
    self.memory = memory
    memory.initializeMemory(as: pthread_mutex_t.self, repeating: pthread_mutex_t(), count: 1)
    (memory + RawConditionLock.conditionOffset).initializeMemory(
      as: pthread_cond_t.self, repeating: pthread_cond_t(), count: 1)
    let lockStatus = pthread_mutex_init(mutex, nil)
    precondition(lockStatus == 0, "pthread_mutex_init failed: \(lockStatus)")
    let conditionStatus = pthread_cond_init(condition, nil)
    precondition(conditionStatus == 0, "pthread_cond_init failed: \(conditionStatus)")
  }

  /// Destroys the mutex and the condition (nobody may use them any more); does not free memory.
  func destroy() {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deinitialize(count: 1)
    mutex.deinitialize(count: 1)
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

/// A counter that any thread may change or read (sequentially consistent atomics).
final class AtomicCounter: @unchecked Sendable {
  // Invariant that makes this Sendable: `storage` is allocated in `init`, freed in `deinit`, and
  // only accessed through the atomics of CViperNestAtomics in between.
  private let storage: UnsafeMutablePointer<Int>

  init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: 0)
  }

  deinit { storage.deallocate() }

  /// The current value.
  var value: Int { vn_atomic_load(storage) }

  /// Adds `delta`.
  func add(_ delta: Int) { vn_atomic_fetch_add(storage, delta) }
}
