internal import CViperNestAtomics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What one thread is resolving right now: the stack of registrations under construction (for
/// cycle detection and the resolution path in errors) and the per-resolution `graph` cache.
///
/// Keeping this per thread rather than in the `Resolver` value means a resolver that a router stores
/// for later carries no stale path: only resolutions actually in progress on this thread count.
@usableFromInline
final class ThreadResolutionState: @unchecked Sendable {
  // Invariant that makes this Sendable: `stack`, `scopes`, `graphInstances`,
  // `pendingHooks` and `releasingDepth` are only touched by the thread that owns this state (it is reached through a
  // thread-specific key); other threads only compare its identity and read or write `waitingFor`
  // while holding `WaitGraph.lock`.
  // Being confined to one thread, those skip the runtime's exclusivity checks
  // (`@exclusivity(unchecked)`): eight of them per nested resolution were a visible cost.
  /// Entries under construction on this thread, outermost first.
  @usableFromInline @exclusivity(unchecked) private(set) var stack: [AnyEntry] = []
  /// The story whose registrations each entry of `stack` is resolved with.
  @exclusivity(unchecked) private var scopes: [ObjectIdentifier] = []
  /// Instances of `graph`-lifetime entries for the outermost resolution in progress.
  @exclusivity(unchecked) var graphInstances: [GraphInstanceKey: Any] = [:]
  /// Post-initialisation hooks of instances built in the outermost resolution in progress, run
  /// when it (or the singleton whose factory built them) is complete (`PostInitHooks.swift`).
  @usableFromInline @exclusivity(unchecked) var pendingHooks: [PendingPostInit] = []
  /// The thread that creates the singleton this thread is waiting for, if any. Guarded by
  /// `WaitGraph.lock`.
  var waitingFor: ThreadResolutionState?
  /// Whether a resolution called from `@MainActor` code is running on this thread right now, so
  /// `@MainActor` factories may run even where the main actor is not the main thread (as under
  /// Swift Testing on Linux). A C thread-local flag of its own (one load; no reference to this
  /// state is taken), set by `enterMainActor`.
  static var onMainActor: Bool {
    @inline(__always) get { vn_on_main_actor() }
    @inline(__always) set { vn_set_on_main_actor(newValue) }
  }
  /// How many closes are releasing instances (running deinits) on this thread right now.
  @exclusivity(unchecked) var releasingDepth = 0

  init() {
    stack.reserveCapacity(16)
    scopes.reserveCapacity(16)
  }

  /// Whether `entry` is under construction on this thread with `scope`'s registrations: asking
  /// for it again is a cycle.
  @inline(__always)
  func isResolving(_ entry: AnyEntry, in scope: StoryNode) -> Bool {
    let scope = ObjectIdentifier(scope)
    for index in stack.indices where stack[index] === entry && scopes[index] == scope {
      return true
    }
    return false
  }

  @inline(__always)
  func push(_ entry: AnyEntry, in scope: StoryNode) {
    internalCheck(Self.current === self, "a thread's resolution state is used by another thread")
    stack.append(entry)
    scopes.append(ObjectIdentifier(scope))
  }

  @inline(__always)
  func pop() {
    internalCheck(Self.current === self, "a thread's resolution state is used by another thread")
    internalCheck(!stack.isEmpty && stack.count == scopes.count, "pop without a matching push")
    stack.removeLast()
    scopes.removeLast()
  }

  /// The state of the calling thread, created on first use and released when the thread exits.
  ///
  /// Read from a C thread-local variable (one load); the pthread key only owns the state, so that
  /// its destructor releases it when the thread exits.
  @inline(__always)
  static var current: ThreadResolutionState {
    if let raw = vn_thread_state() {
      return Unmanaged<ThreadResolutionState>.fromOpaque(raw).takeUnretainedValue()
    }
    return makeCurrent()
  }

  /// Runs `body` with the calling thread's state, without retaining it (`current` returns a
  /// strong reference: a retain and a release per call).
  ///
  /// Unretained, which is sound because the state is owned by the thread's pthread key until the
  /// thread exits, and `body` runs on this thread. Benchmark target `story-cycle`: a cached
  /// miss reads the thread's hook count twice.
  @inline(__always)
  static func withCurrent<R>(_ body: (ThreadResolutionState) throws -> R) rethrows -> R {
    if let raw = vn_thread_state() {
      return try Unmanaged<ThreadResolutionState>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }
    return try body(makeCurrent())
  }

  private static func makeCurrent() -> ThreadResolutionState {
    let state = ThreadResolutionState()
    let raw = Unmanaged.passRetained(state).toOpaque()
    pthread_setspecific(key, raw)
    vn_set_thread_state(raw)
    return state
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { raw in
      // The thread is exiting: forget the state before releasing it.
      vn_set_thread_state(nil)
      #if canImport(Darwin)
        Unmanaged<ThreadResolutionState>.fromOpaque(raw).release()
      #else
        if let raw { Unmanaged<ThreadResolutionState>.fromOpaque(raw).release() }
      #endif
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()
}

/// A `graph` instance of one registration built with one story's registrations.
struct GraphInstanceKey: Hashable {
  let entry: ObjectIdentifier
  let scope: ObjectIdentifier
}

/// Who waits for whom while singletons are created on several threads, so that two threads whose
/// factories wait for each other's singleton report a circular dependency instead of deadlocking.
enum WaitGraph {
  static let lock = ConditionLock()

  /// Records that `waiter` will wait for `owner`; returns false (and records nothing) when that
  /// wait would close a cycle of threads waiting for each other.
  static func beginWait(_ waiter: ThreadResolutionState, for owner: ThreadResolutionState) -> Bool {
    lock.withLock {
      var cursor: ThreadResolutionState? = owner
      var hops = 0
      while let thread = cursor, hops < 10_000 {
        if thread === waiter { return false }
        cursor = thread.waitingFor
        hops += 1
      }
      waiter.waitingFor = owner
      return true
    }
  }

  static func endWait(_ waiter: ThreadResolutionState) {
    lock.withLock { waiter.waitingFor = nil }
  }

  /// Withdraws the edges of `waiters`, whose awaited creation just ended (they may not have woken
  /// up yet).
  static func endWaits(_ waiters: [ThreadResolutionState]) {
    lock.withLock {
      for waiter in waiters { waiter.waitingFor = nil }
    }
  }
}
