#if canImport(os)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif
#if !canImport(os) && canImport(Synchronization)
  import Synchronization
#endif

#if canImport(os) || !canImport(Synchronization)
  /// A small lock around a value, usable on every deployment target of the package.
  ///
  /// `Synchronization.Mutex` needs iOS 18 / macOS 15; the package supports iOS 16 / macOS 13, so
  /// the leak engine carries its own lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t`
  /// where neither it nor `Synchronization` exists (Linux uses the atomic lock below). State and
  /// primitive live in one allocation (a `ManagedBuffer`), so locking costs no allocation and no
  /// dynamic exclusivity check, and the primitive's address never changes.
  struct LeakLock<State>: @unchecked Sendable {
    // Safe because the state is only reached through `withLock`, which holds the primitive for the
    // whole access; the buffer is a class, so every copy of this struct shares one primitive.
    #if canImport(os)
      fileprivate typealias Primitive = os_unfair_lock
    #else
      fileprivate typealias Primitive = pthread_mutex_t
    #endif

    private let buffer: LeakLockBuffer<State>

    init(_ initialState: State) {
      buffer =
        LeakLockBuffer.create(minimumCapacity: 1) { _ in initialState }
        as! LeakLockBuffer<State>
      buffer.withUnsafeMutablePointerToElements { primitive in
        #if canImport(os)
          primitive.initialize(to: os_unfair_lock())
        #else
          primitive.initialize(to: pthread_mutex_t())
          pthread_mutex_init(primitive, nil)
        #endif
      }
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      try buffer.withUnsafeMutablePointers { state, primitive in
        #if canImport(os)
          os_unfair_lock_lock(primitive)
          defer { os_unfair_lock_unlock(primitive) }
        #else
          pthread_mutex_lock(primitive)
          defer { pthread_mutex_unlock(primitive) }
        #endif
        return try body(&state.pointee)
      }
    }
  }

  private final class LeakLockBuffer<State>: ManagedBuffer<State, LeakLock<State>.Primitive> {
    // The header (the state) is destroyed by `ManagedBuffer`; the element (the primitive) is ours.
    deinit {
      withUnsafeMutablePointerToElements { primitive in
        #if !canImport(os)
          pthread_mutex_destroy(primitive)
        #endif
        _ = primitive.deinitialize(count: 1)
      }
    }
  }
#else
  /// A small lock around a value (Linux): an atomic flag taken with one compare-and-exchange and
  /// released with one store, where a `pthread_mutex_t` costs a library call each way (about 55
  /// instructions per lock section, two per tracked module build and check).
  ///
  /// Every section it guards is short and runs no user code (the leak engine's bookkeeping and
  /// caches), so a thread that finds it taken spins briefly, then yields its time slice until the
  /// holder releases it.
  struct LeakLock<State>: @unchecked Sendable {
    // Safe because the state is only reached through `withLock`, which holds the flag for the
    // whole access (acquiring when it takes it, releasing when it gives it back); the storage is
    // a class, so every copy of this struct shares one flag and one state.
    private let storage: LeakLockStorage<State>

    init(_ initialState: State) {
      storage = LeakLockStorage(initialState)
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      storage.lock()
      defer { storage.unlock() }
      internalCheck(storage.flag.load(ordering: .relaxed) == 1, "LeakLock's state read unlocked")
      return try body(&storage.state)
    }
  }

  private final class LeakLockStorage<State> {
    /// 1 while a thread holds the lock.
    let flag = Atomic<Int>(0)
    // Only accessed inside `LeakLock.withLock` while the flag is held, so no two accesses
    // overlap: the runtime exclusivity check is turned off.
    @exclusivity(unchecked) var state: State

    init(_ state: State) {
      self.state = state
    }

    @inline(__always)
    func lock() {
      if flag.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
      lockContended()
    }

    @inline(never)
    func lockContended() {
      var attempts = 0
      while true {
        if flag.load(ordering: .relaxed) == 0,
          flag.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        {
          return
        }
        attempts += 1
        if attempts > 64 { sched_yield() }
      }
    }

    @inline(__always)
    func unlock() {
      flag.store(0, ordering: .releasing)
    }
  }
#endif
