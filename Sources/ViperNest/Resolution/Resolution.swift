// The resolution engine: find the registration, decide who owns the instance, build it.

extension StoryNode {
  /// Resolves `entry`'s instance for a resolution asked from `requester`, with `self` as the scope
  /// whose registrations and stories are visible.
  @inline(__always)
  func instance<T, Args>(
    of entry: Entry<T, Args>, _ arguments: Args, home: StoryNode, requester: StoryNode,
    isOutermost: Bool = false
  ) throws -> T {
    switch entry.lifetime.kind {
    case .transient:
      if isOutermost { try checkOpen(entry) }
      return try construct(entry, arguments, scope: self, requester: requester)
    case .app:
      // An instance cached by another (open) story must not leak out of a closed one; when this
      // story owns it, `cachedInstance` refuses by itself.
      if isOutermost, app !== self { try checkOpen(entry) }
      return try app.cachedInstance(entry, arguments, requester: requester)
    case .story(let story):
      guard let owner = nearest(story) else {
        if isOutermost { try checkOpen(entry) }
        throw ViperNestError.storyNotOpen(entry, story: story, scope: self, requester: requester)
      }
      if isOutermost, owner !== self { try checkOpen(entry) }
      return try owner.cachedInstance(entry, arguments, requester: requester)
    case .weak:
      if isOutermost, home !== self { try checkOpen(entry) }
      return try home.cachedInstance(entry, arguments, requester: requester)
    case .graph:
      if isOutermost { try checkOpen(entry) }
      return try graphInstance(entry, arguments, requester: requester)
    }
  }

  /// Refuses to resolve anything from a closed story. Cached lifetimes owned by this story check
  /// it when they miss.
  private func checkOpen(_ entry: AnyEntry) throws {
    lock.lock()
    let isClosed = closed
    lock.unlock()
    if isClosed {
      throw ViperNestError(.storyClosed, .storyClosed(node: self, requested: entry.keyDescription))
    }
  }

  private func graphInstance<T, Args>(
    _ entry: Entry<T, Args>, _ arguments: Args, requester: StoryNode
  ) throws -> T {
    let thread = ThreadResolutionState.current
    // Shared per story scope: a singleton owned by an enclosing story, built in the same
    // resolution, gets its own, from what that story sees (not one holding this story's objects).
    let key = GraphInstanceKey(entry: ObjectIdentifier(entry), scope: ObjectIdentifier(self))
    if let existing = thread.graphInstances[key] as? T { return existing }
    let value = try construct(entry, arguments, scope: self, requester: requester)
    if !thread.stack.isEmpty { thread.graphInstances[key] = value }
    return value
  }
}

/// Runs `entry`'s factory with `scope`'s registrations visible, tracking the resolution path on
/// this thread for cycle detection and error messages. No lock is held here.
@inline(__always)
func construct<T, Args>(
  _ entry: Entry<T, Args>, _ arguments: Args, scope: StoryNode, requester: StoryNode
) throws -> T {
  if entry.isMainActor, !isMainThread(), !ThreadResolutionState.current.onMainActor {
    throw ViperNestError.mainActorRequired(entry, node: requester)
  }
  let resolver = Resolver(node: scope, requester: requester)
  guard entry.mayResolveNested else {
    do {
      return try entry.factory(resolver, arguments)
    } catch {
      // Not on the stack (a leaf pushes nothing): the path is the resolutions around it, then it.
      throw ViperNestError.factoryFailed(
        entry, error, path: ThreadResolutionState.current.stack + [entry], node: requester)
    }
  }
  let thread = ThreadResolutionState.current
  // A cycle is the same registration again in the same scope: in another scope (a singleton of an
  // enclosing story asking for it) it sees other registrations, and the resolution ends.
  if thread.isResolving(entry, in: scope) {
    throw ViperNestError.circular(thread.stack + [entry], node: requester, crossThread: false)
  }
  thread.push(entry, in: scope)
  defer {
    thread.pop()
    if thread.stack.isEmpty, !thread.graphInstances.isEmpty { thread.graphInstances = [:] }
  }
  do {
    return try entry.factory(resolver, arguments)
  } catch let error as ViperNestError {
    throw error
  } catch {
    throw ViperNestError.factoryFailed(entry, error, path: thread.stack, node: requester)
  }
}
