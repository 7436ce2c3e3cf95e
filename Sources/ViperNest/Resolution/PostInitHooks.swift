// Running post-initialisation hooks (`PostInitialization`): the instance's factory records the
// hook on this thread; the engine runs the recorded hooks when the construction that built them
// is complete. Only registrations with a hook record anything, so the engine's only cost for the
// others is one emptiness check when a nested resolution ends.

/// A hook recorded by an instance's factory, waiting for the graph to be complete.
@usableFromInline
struct PendingPostInit {
  /// The registration whose instance it completes.
  let entry: AnyEntry
  /// The resolution path that built the instance, ending with `entry`.
  let path: [AnyEntry]
  /// Where the outermost resolution was asked, for the story chain in messages.
  let requester: StoryNode
  let targetDescription: String
  /// Resolves the target, hands it over and checks the reference's ownership.
  let run: () throws -> Void
}

/// How many hooks wait on this thread (the mark a singleton's construction starts from).
@usableFromInline
func pendingPostInitCount() -> Int {
  ThreadResolutionState.withCurrent { $0.pendingHooks.count }
}

/// `runPostInitHooks` on this thread's state, for a singleton whose factory recorded hooks.
@usableFromInline
func runPendingPostInitHooks(from mark: Int, requester: StoryNode) throws {
  try runPostInitHooks(
    .current, from: mark, outermost: nil, nil, scope: nil, requester: requester)
}

/// Runs the hooks recorded since `mark`, in the order their instances were built, including
/// those of instances the hooks themselves build; forgets them whether they succeed or not.
///
/// `outermost` is the registration whose construction just completed, when it is the outermost
/// one (still on the stack): a `.graph` instance is made visible to the hooks, so a
/// back-reference to it resolves to the instance being returned. A singleton's instance is not
/// stored yet: a hook that resolves it is reported as a circular dependency.
@usableFromInline
func runPostInitHooks(
  _ thread: ThreadResolutionState, from mark: Int, outermost: AnyEntry?, _ value: Any?,
  scope: StoryNode?, requester: StoryNode
) throws {
  if let outermost, let scope, case .graph = outermost.lifetime.kind {
    thread.graphInstances[
      GraphInstanceKey(entry: ObjectIdentifier(outermost), scope: ObjectIdentifier(scope))] = value
  }
  defer {
    if thread.pendingHooks.count > mark {
      thread.pendingHooks.removeSubrange(mark..<thread.pendingHooks.count)
    }
  }
  var index = mark
  while index < thread.pendingHooks.count {
    let hook = thread.pendingHooks[index]
    index += 1
    do {
      try hook.run()
    } catch let failure as PostInitHookFailure {
      throw ViperNestError(
        .factoryFailed,
        .postInitFailed(
          entry: hook.entry, target: hook.targetDescription, underlying: failure.underlying,
          path: hook.path, node: hook.requester))
    }
  }
}

extension PostInitialization {
  /// Records this hook for `instance`, built by the registration on top of this thread's stack
  /// (a registration with a hook always pushes itself, see `AnyEntry.mayResolveNested`).
  func record(for instance: T, resolver: Resolver) {
    let thread = ThreadResolutionState.current
    guard let entry = thread.stack.last else { return }
    let (body, ownership) = (body, ownership)
    thread.pendingHooks.append(
      PendingPostInit(
        entry: entry, path: thread.stack, requester: resolver.requester,
        targetDescription: targetDescription,
        run: {
          let target = try body(instance, resolver)
          if let detector = LeakDetector.current {
            detector.checkPostInitOwnership(
              instance as AnyObject?, target as AnyObject?, ownership: ownership,
              isClass: type(of: instance as Any) is AnyClass && type(of: target) is AnyClass)
          }
        }))
  }
}

extension LeakDetector {
  /// Checks the reference a hook set from `instance` to `target`, as the builder checks a
  /// module's links, and records what it breaks (once per pair of types and ownership):
  /// a weak hook must not hold its target strongly; a strong one must not close a cycle (the
  /// target holding the instance strongly).
  func checkPostInitOwnership(
    _ instance: AnyObject?, _ target: AnyObject?, ownership: PostInitOwnership,
    isClass: Bool
  ) {
    guard isClass, let instance, let target, instance !== target else { return }
    let violations = core.reflection.backReferenceViolations(instance, target, ownership)
    guard !violations.isEmpty else { return }
    let key =
      switch ownership {
      case .weak: OwnershipCheckKey(nil, nil, nil, nil, instance, target)
      case .strong: OwnershipCheckKey(nil, nil, nil, instance, nil, target)
      }
    record(violations, of: key)
  }
}
