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
      return try app.cachedInstance(entry, arguments, requester: requester)
    case .story(let story):
      guard let owner = nearest(story) else {
        throw ViperNestError.storyNotOpen(entry, story: story, scope: self, requester: requester)
      }
      return try owner.cachedInstance(entry, arguments, requester: requester)
    case .weak:
      return try home.cachedInstance(entry, arguments, requester: requester)
    case .graph:
      if isOutermost { try checkOpen(entry) }
      return try graphInstance(entry, arguments, requester: requester)
    }
  }

  /// Refuses to build anything for a closed story. Cached lifetimes check this when they miss.
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
    if let existing = thread.graphInstances[ObjectIdentifier(entry)] as? T { return existing }
    let value = try construct(entry, arguments, scope: self, requester: requester)
    if !thread.stack.isEmpty { thread.graphInstances[ObjectIdentifier(entry)] = value }
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
      throw ViperNestError.factoryFailed(entry, error, path: [entry], node: requester)
    }
  }
  let thread = ThreadResolutionState.current
  if thread.stack.contains(where: { $0 === entry }) {
    throw ViperNestError.circular(thread.stack + [entry], node: requester, crossThread: false)
  }
  thread.stack.append(entry)
  defer {
    thread.stack.removeLast()
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
