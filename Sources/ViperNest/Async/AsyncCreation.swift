/// The resolution path of the current task: the async registrations under construction, outermost
/// first, with the story whose registrations each is resolved with, and the shared creation this
/// task runs (if any). A task-local, since an `await` may resume on another thread; a creation's
/// task starts with the path of the resolution that started it.
struct AsyncResolutionPath: Sendable {
  @TaskLocal static var current = AsyncResolutionPath()

  private(set) var entries: [AnyEntry] = []
  private var scopes: [ObjectIdentifier] = []
  /// The shared creation this task is running, innermost.
  private(set) var creation: AsyncCreationBase?

  /// Whether `entry` is under construction in this task with `scope`'s registrations: waiting for
  /// it again would wait for itself.
  func isResolving(_ entry: AnyEntry, in scope: StoryNode) -> Bool {
    let scope = ObjectIdentifier(scope)
    return entries.indices.contains { entries[$0] === entry && scopes[$0] == scope }
  }

  func pushing(_ entry: AnyEntry, in scope: StoryNode) -> AsyncResolutionPath {
    var path = self
    path.entries.append(entry)
    path.scopes.append(ObjectIdentifier(scope))
    return path
  }

  /// The path of a shared creation's task: the path that started it, running `creation`.
  func running(_ creation: AsyncCreationBase) -> AsyncResolutionPath {
    var path = self
    path.creation = creation
    return path
  }
}

/// A creation of a cached async instance in flight, which every concurrent resolution of the same
/// slot awaits. Its slot holds `.creating(owner)`; `owner` is a marker that no thread runs, and
/// `find(_:)` maps it back to the creation.
class AsyncCreationBase: @unchecked Sendable {
  // Invariant that makes this Sendable: `entry` and `owner` are immutable; `waitingOn` and the
  // subclass's state are only accessed while holding `AsyncCreationBase.lock`.
  let entry: AnyEntry
  let owner = ThreadResolutionState()
  /// The creation that this creation's task is waiting for (guarded by `lock`): two creations
  /// waiting for each other are a cycle, reported instead of a deadlock.
  var waitingOn: AsyncCreationBase?

  /// Guards every creation's state and `inFlight`. Never held across an `await` or while user
  /// code runs; taken after a node's lock, never before one.
  static let lock = ConditionLock()
  // Only accessed with `lock` held (see `list`, `find`, `unlist`).
  nonisolated(unsafe) private static var inFlight: [ObjectIdentifier: AsyncCreationBase] = [:]

  init(entry: AnyEntry) { self.entry = entry }

  /// Lists a new creation (called with its node's lock held, before the slot is unlocked).
  static func list(_ creation: AsyncCreationBase) {
    lock.withLock { inFlight[ObjectIdentifier(creation.owner)] = creation }
  }

  /// The creation whose slot marker is `owner` (called with the node's lock held).
  static func find(_ owner: ThreadResolutionState) -> AsyncCreationBase? {
    lock.withLock { inFlight[ObjectIdentifier(owner)] }
  }

  /// Called with `lock` held once the slot no longer says `.creating(owner)`.
  func unlist() {
    Self.inFlight[ObjectIdentifier(owner)] = nil
  }

  /// Records that the creation run by the waiting task (if any) waits for this one; false when
  /// that closes a cycle of creations waiting for each other. Called with `lock` held.
  func beginWait(by waiter: AsyncCreationBase?) -> Bool {
    guard let waiter else { return true }
    var cursor: AsyncCreationBase? = self
    while let creation = cursor {
      if creation === waiter { return false }
      cursor = creation.waitingOn
    }
    waiter.waitingOn = self
    return true
  }
}

/// A shared creation of a `T`.
final class AsyncCreation<T>: AsyncCreationBase, @unchecked Sendable {
  // Invariant: as for `AsyncCreationBase`; `result` and `waiters` are guarded by `lock`.
  private var result: Result<SharedValue<T>, any Error>?
  private var waiters: [Int: CheckedContinuation<SharedValue<T>, any Error>] = [:]
  private var nextWaiter = 0

  /// Awaits the creation's result. A task cancelled while it waits stops waiting with
  /// `CancellationError`; the creation goes on for the others.
  nonisolated(nonsending) func wait(
    from path: AsyncResolutionPath, requester: StoryNode
  ) async throws -> T {
    let waiter = path.creation
    let accepted = Self.lock.withLock { beginWait(by: waiter) }
    guard accepted else {
      throw ViperNestError.circular(path.entries + [entry], node: requester, crossThread: true)
    }
    defer { if let waiter { Self.lock.withLock { waiter.waitingOn = nil } } }
    let id = Self.lock.withLock {
      nextWaiter += 1
      return nextWaiter
    }
    let shared = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<SharedValue<T>, any Error>) in
        let ready: Result<SharedValue<T>, any Error>? = Self.lock.withLock {
          if let result { return result }
          // Cancelled before it was listed: `onCancel` found nothing to resume.
          if Task.isCancelled { return .failure(CancellationError()) }
          waiters[id] = continuation
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      let continuation = Self.lock.withLock { waiters.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
    return shared.value
  }

  /// Ends the creation: unlists it and resumes every waiter with `outcome`.
  func finish(_ outcome: Result<SharedValue<T>, any Error>) {
    let resumed = Self.lock.withLock {
      unlist()
      result = outcome
      defer { waiters = [:] }
      return Array(waiters.values)
    }
    for continuation in resumed { continuation.resume(with: outcome) }
  }
}

/// A shared instance handed from its creation to the resolutions that awaited it.
struct SharedValue<Value>: @unchecked Sendable {
  // Invariant: the registry shares the instances it caches with every resolution, on any thread,
  // as the synchronous engine does for `app` and story singletons; this box only carries one from
  // the creation's task to the waiting ones, after the creation ended (ordered by
  // `AsyncCreationBase.lock`).
  let value: Value
}
