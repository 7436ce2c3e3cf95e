/// The root registrations whose check has the same outcome in every story chain: they resolve,
/// with no finding. Validation checks them once, here, instead of once per chain.
///
/// A registration qualifies when it is a root registration without a `story` lifetime and each of
/// its dependencies (post-initialisation hook targets included):
/// - is registered by no story (so no chain sees another registration of it), and
/// - is registered at the root (or is a `T?` registered nowhere, resolved to nil in every chain),
///   is not an async registration a synchronous consumer would need, and, unless taken through a
///   `Provider` (resolved later: it only has to exist), qualifies itself,
/// with no cycle among them.
///
/// Why its outcome cannot depend on the chain: every lookup of its dependency closure, at any
/// scope of any chain, finds the same root registration (no story registers the key); none of
/// them has a `story` lifetime, so none depends on which stories are open or which singleton
/// consumes it (the only places a chain, or the resolution path, changes the outcome: a missing
/// story is "not open" or "captive" depending on both); none is missing, async for a synchronous
/// consumer, or part of a cycle. So a visit, in any chain and from any path, walks the same
/// registrations and concludes "resolves" with no finding; `ContextChecker` skips them, and the
/// report is the same as checking them in every chain (`ValidationSharingTests` compares both on
/// random graphs).
///
/// Conservative: a registration left out is checked in every chain as before, so only speed
/// depends on how many qualify. In a typical app nearly every root registration does; those that
/// need a story's registration, or sit on a cycle (even through a post-initialisation hook), do
/// not.
struct ChainIndependentEntries {
  private enum State: UInt8 {
    case unclassified, inProgress, independent, chainDependent
  }

  /// By `AnyEntry.id`.
  private var states: [State]
  /// The root registrations that do not qualify, in the root table's order.
  private(set) var rootRemainder: [AnyEntry] = []

  init(graph: Graph) {
    states = [State](repeating: .unclassified, count: graph.entries.count)
    // Every key some story registers, for existence checks (a table of all of them: one probe).
    let storyKeys = Table(graph.locals.values.flatMap(\.entries))
    // One path for every walk (it is empty between them): no allocation per root registration.
    var path: [(entry: AnyEntry, next: Int)] = []
    path.reserveCapacity(16)
    for entry in graph.root.entries {
      classify(entry, root: graph.root, storyKeys: storyKeys, path: &path)
      if states[entry.id] != .independent { rootRemainder.append(entry) }
    }
  }

  /// Whether `entry` resolves in every chain with no finding.
  func contains(_ entry: AnyEntry) -> Bool {
    states[entry.id] == .independent
  }

  /// What one dependency edge needs for its consumer to qualify.
  private enum Edge {
    case fine
    case chainDependent
    case needs(AnyEntry)
  }

  private static func edge(
    _ dependency: Dependency, isHook: Bool, of consumer: AnyEntry, root: Table, storyKeys: Table
  ) -> Edge {
    // `Resolver`: supplied by the registry (an entry taking one is opaque anyway).
    if dependency.isBuiltIn && !dependency.isDeferred { return .fine }
    if storyKeys.entry(for: dependency.key) != nil { return .chainDependent }
    guard let found = root.entry(for: dependency.key) else {
      return !dependency.isDeferred && dependency.isOptional ? .fine : .chainDependent
    }
    if found.isAsync,
      dependency.isDeferred ? !dependency.isAsyncDeferred : !consumer.isAsync || isHook
    {
      return .chainDependent
    }
    return dependency.isDeferred ? .fine : .needs(found)
  }

  /// Classifies `start` and what it needs, depth first without recursion (dependency chains can
  /// be thousands deep). A registration met again while in progress is on a cycle: it and every
  /// registration on the path to it do not qualify.
  /// `path` (empty, and left empty) holds each registration in progress and the position of the
  /// dependency it examines next.
  private mutating func classify(
    _ start: AnyEntry, root: Table, storyKeys: Table, path: inout [(entry: AnyEntry, next: Int)]
  ) {
    guard states[start.id] == .unclassified else { return }
    states[start.id] = .inProgress
    path.append((start, 0))
    while let (entry, first) = path.last {
      if first == 0 {
        if case .story = entry.lifetime.kind {
          finish(&path, .chainDependent)
          continue
        }
        if entry.localStory != nil {
          finish(&path, .chainDependent)
          continue
        }
      }
      let dependencies = entry.dependencies ?? []
      let hooks = entry.postInitDependencies
      var next = first
      var verdict = State.independent
      var needed: AnyEntry?
      examining: while next < dependencies.count + hooks.count {
        let isHook = next >= dependencies.count
        let dependency = isHook ? hooks[next - dependencies.count] : dependencies[next]
        switch Self.edge(dependency, isHook: isHook, of: entry, root: root, storyKeys: storyKeys) {
        case .fine:
          next += 1
        case .chainDependent:
          verdict = .chainDependent
          break examining
        case .needs(let found):
          switch states[found.id] {
          case .independent:
            next += 1
          case .chainDependent, .inProgress:
            verdict = .chainDependent
            break examining
          case .unclassified:
            needed = found
            break examining
          }
        }
      }
      if let needed {
        // Examined again once `needed` is classified (from the same position).
        path[path.count - 1].next = next
        states[needed.id] = .inProgress
        path.append((needed, 0))
      } else {
        finish(&path, verdict)
      }
    }
  }

  private mutating func finish(_ path: inout [(entry: AnyEntry, next: Int)], _ state: State) {
    states[path.removeLast().entry.id] = state
  }
}
