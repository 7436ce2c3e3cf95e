// The resolution engine: find the registration, decide who owns the instance, build it.
//
// The common path (a plain lookup, a cached hit, calling a factory) is `@inlinable`: it is compiled
// into the caller's module, specialized for the resolved type, so it costs no generic metadata
// lookups or value-witness calls. Everything uncommon (creating a cached instance, cycles,
// errors) is in non-inlinable functions.

extension StoryNode {
  /// Resolves `entry`'s instance for a resolution asked from `requester`, with `self` as the scope
  /// whose registrations and stories are visible. `home` is the story whose registrations hold
  /// `entry` (nil: the root registrations, held by the app story).
  ///
  /// `isolation` is the outermost caller's actor, when an isolated caller resolves a plain key:
  /// the thread is then marked as running main-actor code only if a factory runs (see
  /// `construct`), so a cached hit from the main actor costs what it costs elsewhere.
  @inlinable
  func instance<T, Args>(
    of entry: AnyEntry, _ arguments: Args, home: StoryNode?, requester: StoryNode,
    isOutermost: Bool = false, isolation: ObjectIdentifier? = nil
  ) throws -> T {
    switch entry.lifetime.kind {
    case .transient:
      if isOutermost { try checkOpen(entry) }
      return try construct(
        entry, arguments, scope: self, requester: requester, isolation: isolation)
    case .app:
      // An instance cached by another (open) story must not leak out of a closed one; when this
      // story owns it, `cachedInstance` refuses by itself.
      guard let app = appAncestor else {
        return try cachedInstance(entry, arguments, requester: requester, isolation: isolation)
      }
      if isOutermost { try checkOpen(entry) }
      return try app.cachedInstance(entry, arguments, requester: requester, isolation: isolation)
    case .story:
      // Only the story's id is read here (binding the kind would retain it).
      guard let owner = nearest(entry.lifetime.storyID) else {
        if isOutermost { try checkOpen(entry) }
        throw storyNotOpen(entry, requester: requester)
      }
      return try owner._withUnsafeGuaranteedRef { owner in
        if isOutermost, owner !== self { try checkOpen(entry) }
        return try owner.cachedInstance(
          entry, arguments, requester: requester, isolation: isolation)
      }
    case .weak:
      // A root registration's weak instance lives in the app story (home is nil then).
      let owner = home ?? app
      if isOutermost, owner !== self { try checkOpen(entry) }
      return try owner.cachedInstance(entry, arguments, requester: requester, isolation: isolation)
    case .graph:
      if isOutermost { try checkOpen(entry) }
      return try graphInstance(entry, arguments, requester: requester, isolation: isolation)
    }
  }

  /// Refuses to resolve anything from a closed story (an atomic load, no lock). Cached lifetimes
  /// owned by this story check it when they miss.
  @inlinable
  func checkOpen(_ entry: AnyEntry) throws {
    if isClosedFlagSet { throw storyClosed(entry) }
  }

  @usableFromInline
  func storyClosed(_ entry: AnyEntry) -> ViperNestError {
    ViperNestError(.storyClosed, .storyClosed(node: self, requested: entry.keyDescription))
  }

  @usableFromInline
  func storyNotOpen(_ entry: AnyEntry, requester: StoryNode) -> ViperNestError {
    // Only called for a `.story` lifetime (the app story otherwise, which is always open).
    let story: StoryKind = if case .story(let kind) = entry.lifetime.kind { kind } else { .app }
    return ViperNestError.storyNotOpen(entry, story: story, scope: self, requester: requester)
  }

  @usableFromInline
  func graphInstance<T, Args>(
    _ entry: AnyEntry, _ arguments: Args, requester: StoryNode,
    isolation: ObjectIdentifier? = nil
  ) throws -> T {
    let thread = ThreadResolutionState.current
    // Shared per story scope: a singleton owned by an enclosing story, built in the same
    // resolution, gets its own, from what that story sees (not one holding this story's objects).
    let key = GraphInstanceKey(entry: ObjectIdentifier(entry), scope: ObjectIdentifier(self))
    if let existing = thread.graphInstances[key] as? T {
      if let trace = graph.trace {
        trace(.make(entry.keyDescription, onStack: false, in: self, outcome: .fromCache(.graph)))
      }
      return existing
    }
    let value: T = try construct(
      entry, arguments, scope: self, requester: requester, isolation: isolation)
    if !thread.stack.isEmpty { thread.graphInstances[key] = value }
    return value
  }
}

/// Runs `entry`'s factory with `scope`'s registrations visible, tracking the resolution path on
/// this thread for cycle detection and error messages. No lock is held here.
///
/// With `isolation` the main actor (a `@MainActor` caller's outermost resolution), the thread is
/// marked as running main-actor code while the factory, and what it resolves, runs.
@inlinable
func construct<T, Args>(
  _ entry: AnyEntry, _ arguments: Args, scope: StoryNode, requester: StoryNode,
  isolation: ObjectIdentifier? = nil
) throws -> T {
  if let isolation {
    let entered = enterMainActor(ifIdentifiedAs: isolation)
    defer { exitMainActor(entered) }
    return try construct(entry, arguments, scope: scope, requester: requester)
  }
  if entry.isMainActor { try checkMainThread(entry, requester: requester) }
  let resolver = Resolver(node: scope, requester: requester)
  guard entry.mayResolveNested else {
    do {
      return try entry.build(resolver, arguments)
    } catch {
      throw factoryFailed(entry, error, requester: requester)
    }
  }
  let thread = try beginConstruction(entry, scope: scope, requester: requester)
  defer { endConstruction(thread) }
  let value: T
  do {
    value = try entry.build(resolver, arguments)
  } catch {
    throw nestedFactoryFailed(entry, error, thread: thread, requester: requester)
  }
  // The outermost construction is complete: run the post-initialisation hooks of what it built
  // (only registrations with a hook add any), with it still on the stack.
  if !thread.pendingHooks.isEmpty, thread.stack.count == 1 {
    try runPostInitHooks(
      thread, from: 0, outermost: entry, value, scope: scope, requester: requester)
  }
  return value
}

/// Refuses a `@MainActor` factory off the main actor. The thread's main-actor mark (set by
/// main-actor callers and by the module builder) is read first: on Linux, recognising the main
/// thread costs a dispatch lookup.
@usableFromInline
func checkMainThread(_ entry: AnyEntry, requester: StoryNode) throws {
  if !ThreadResolutionState.onMainActor, !isMainThread() {
    throw ViperNestError.mainActorRequired(entry, node: requester)
  }
}

/// What a factory without nested resolutions threw, wrapped. It is not on the stack (a leaf pushes
/// nothing): its path is the resolutions around it, then it.
@usableFromInline
func factoryFailed(_ entry: AnyEntry, _ error: any Error, requester: StoryNode) -> any Error {
  if error is AwaitRequired { return ViperNestError.awaitRequired(entry, node: requester) }
  return ViperNestError.factoryFailed(
    entry, error, path: ThreadResolutionState.current.stack + [entry], node: requester)
}

/// Pushes `entry` on this thread's resolution stack, refusing a cycle: the same registration again
/// in the same scope. In another scope (a singleton of an enclosing story asking for it) it sees
/// other registrations, and the resolution ends.
@usableFromInline
func beginConstruction(
  _ entry: AnyEntry, scope: StoryNode, requester: StoryNode
) throws -> ThreadResolutionState {
  let thread = ThreadResolutionState.current
  if thread.isResolving(entry, in: scope) {
    throw ViperNestError.circular(thread.stack + [entry], node: requester, crossThread: false)
  }
  thread.push(entry, in: scope)
  return thread
}

@usableFromInline
func endConstruction(_ thread: ThreadResolutionState) {
  thread.pop()
  if thread.stack.isEmpty {
    if !thread.graphInstances.isEmpty { thread.graphInstances = [:] }
    // Hooks of instances whose resolution failed never run.
    if !thread.pendingHooks.isEmpty { thread.pendingHooks = [] }
  }
}

/// What a factory threw while its entry is on the stack: its own errors pass through, anything
/// else is wrapped with the resolution path.
@usableFromInline
func nestedFactoryFailed(
  _ entry: AnyEntry, _ error: any Error, thread: ThreadResolutionState, requester: StoryNode
) -> any Error {
  if let error = error as? ViperNestError { return error }
  if error is AwaitRequired { return ViperNestError.awaitRequired(entry, node: requester) }
  return ViperNestError.factoryFailed(entry, error, path: thread.stack, node: requester)
}
