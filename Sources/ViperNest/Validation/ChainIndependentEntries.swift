/// The registrations whose check has the same outcome in every story chain where they are
/// visible: they resolve, with no finding. Validation checks them once, here, instead of once per
/// chain.
///
/// A root registration qualifies when it has no `story` lifetime and each of its dependencies
/// (post-initialisation hook targets included):
/// - is registered by no story (so no chain sees another registration of it), and
/// - is registered at the root (or is a `T?` registered nowhere, resolved to nil in every chain),
///   is not an async registration a synchronous consumer would need, and, unless taken through a
///   `Provider` (resolved later: it only has to exist), qualifies itself,
/// with no cycle among them.
///
/// A registration local to a story `S` (not a module registration, which is checked in the chains
/// that end at its story: see `Validator.checkModule`) qualifies the same way, with two
/// differences: its lifetime is `transient`, `graph`, `weak` or `story(S)`; and a dependency may
/// also be one of `S`'s own qualifying registrations, provided no other story registers its key.
///
/// Why its outcome cannot depend on the chain: every lookup of its dependency closure, at any
/// scope of any chain where it is visible, finds the same registration (a root one, whose key no
/// story registers; or one of `S`'s, whose key no other story registers, looked up at a scope
/// that includes `S`: where the consumer was found, or for `story(S)` and `weak`, `S` itself); the
/// only `story` lifetime among them is `S`'s, open wherever they are visible, so none depends on
/// which stories are open or which singleton consumes it (the only places a chain, or the
/// resolution path, changes the outcome: a missing story is "not open" or "captive" depending on
/// both); none is missing, async for a synchronous consumer, or part of a cycle. So a visit, in
/// any chain and from any path, walks the same registrations and concludes "resolves" with no
/// finding; `ContextChecker` skips them, and the report is the same as checking them in every
/// chain (`ValidationSharingTests` compares both on random graphs).
///
/// Conservative: a registration left out is checked in every chain as before, so only speed
/// depends on how many qualify. In a typical app nearly every registration does; those that
/// need another story's registration, or sit on a cycle (even through a post-initialisation
/// hook), do not.
struct ChainIndependentEntries {
  private enum State: UInt8 {
    case unclassified, inProgress, independent, chainDependent
  }

  /// By `AnyEntry.id`.
  private var states: [State]
  /// By `AnyEntry.id`: for a registration that does not qualify, its row in the validator's
  /// `VisitMemo` (0, 1, 2… in the order classified); -1 for one that qualifies. A visit of one
  /// that qualifies returns before reading the memo, so the memo needs rows for the others only
  /// (in a typical app, a small part of its registrations: the memo is built zeroed).
  private var memoRows: [Int32]
  /// The number of registrations that do not qualify: the rows the memo needs.
  private(set) var remainderCount = 0
  /// The root registrations that do not qualify, in the root table's order.
  private(set) var rootRemainder: [AnyEntry] = []
  /// Each story's local registrations that do not qualify, in its table's order, by story type.
  private var localRemainders: [ObjectIdentifier: [AnyEntry]] = [:]

  init(graph: Graph) {
    states = [State](repeating: .unclassified, count: graph.entries.count)
    memoRows = [Int32](repeating: -1, count: graph.entries.count)
    // Every key some story registers, for existence checks (a table of all of them: one probe),
    // and, by the id of the registration that table finds, whether another story registers the
    // same key.
    let stories = StoryKeys(graph: graph)
    // One path for every walk (it is empty between them): no allocation per registration.
    var path: [(entry: AnyEntry, next: Int)] = []
    path.reserveCapacity(16)
    // The root first: a local registration's walk finds root ones already classified.
    for entry in graph.root.entries {
      classify(entry, root: graph.root, stories: stories, path: &path)
      if states[entry.id] != .independent {
        rootRemainder.append(entry)
        addMemoRow(for: entry)
      }
    }
    for (story, table) in graph.locals {
      var remainder: [AnyEntry] = []
      for entry in table.entries {
        classify(entry, root: graph.root, stories: stories, path: &path)
        if states[entry.id] != .independent {
          remainder.append(entry)
          addMemoRow(for: entry)
        }
      }
      localRemainders[story] = remainder
    }
  }

  private mutating func addMemoRow(for entry: AnyEntry) {
    memoRows[entry.id] = Int32(remainderCount)
    remainderCount += 1
  }

  /// The row of `entry`, which does not qualify, in a `VisitMemo` of `remainderCount` rows.
  func memoRow(of entry: AnyEntry) -> Int {
    let row = Int(memoRows[entry.id])
    internalCheck(row >= 0, "only a registration that does not qualify is visited in a chain")
    return row
  }

  /// Whether `entry` is a root registration that resolves in every chain, with no finding.
  func contains(_ entry: AnyEntry) -> Bool {
    entry.localStory == nil && states[entry.id] == .independent
  }

  /// Whether `entry`, root or local, resolves in every chain where it is visible, with no
  /// finding: a visit of it returns at once.
  func skips(_ entry: AnyEntry) -> Bool {
    states[entry.id] == .independent
  }

  /// The local registrations of the story of type `story` that do not qualify, in registration
  /// order.
  func localRemainder(of story: ObjectIdentifier) -> [AnyEntry] {
    localRemainders[story] ?? []
  }

  /// The keys stories register.
  private struct StoryKeys {
    /// Every story's local registrations (of two with one key, the one a lookup finds).
    let table: Table
    /// By the id of the registration `table` finds: whether another story registers its key.
    let isShared: [Bool]

    init(graph: Graph) {
      var locals: [AnyEntry] = []
      locals.reserveCapacity(graph.entries.count)
      for story in graph.locals.values { locals.append(contentsOf: story.entries) }
      table = Table(locals)
      var isShared = [Bool](repeating: false, count: graph.entries.count)
      for entry in locals {
        // A plain key by its type alone (no key built).
        let found = entry.isPlain ? table.entry(for: entry.typeID) : table.entry(for: entry.key)
        if let found, found !== entry { isShared[found.id] = true }
      }
      self.isShared = isShared
    }
  }

  /// What one dependency edge needs for its consumer to qualify.
  private enum Edge {
    case fine
    case chainDependent
    case needs(AnyEntry)
  }

  private static func edge(
    _ dependency: Dependency, isHook: Bool, of consumer: AnyEntry, root: Table, stories: StoryKeys
  ) -> Edge {
    // `Resolver`: supplied by the registry (an entry taking one is opaque anyway).
    if dependency.isBuiltIn && !dependency.isDeferred { return .fine }
    let found: AnyEntry
    if let local = stories.table.entry(for: dependency.key) {
      // The same registration wherever the consumer is visible only when it is one of the
      // consumer's story's own, and no other story registers the key.
      guard let story = consumer.localStory, local.localStory == story, !stories.isShared[local.id]
      else { return .chainDependent }
      found = local
    } else if let registered = root.entry(for: dependency.key) {
      found = registered
    } else {
      return !dependency.isDeferred && dependency.isOptional ? .fine : .chainDependent
    }
    if found.isAsync,
      dependency.isDeferred ? !dependency.isAsyncDeferred : !consumer.isAsync || isHook
    {
      return .chainDependent
    }
    return dependency.isDeferred ? .fine : .needs(found)
  }

  /// Whether `entry` itself (its lifetime, its kind) can qualify, whatever it depends on.
  private static func mayQualify(_ entry: AnyEntry) -> Bool {
    guard let story = entry.localStory else {
      if case .story = entry.lifetime.kind { return false }
      return true
    }
    if entry.site.moduleBuilder != nil { return false }
    switch entry.lifetime.kind {
    case .transient, .graph, .weak: return true
    case .app: return false
    case .story(let owner): return owner == story
    }
  }

  /// The state of a registration that depends on nothing (most of an app's), decided without a
  /// walk; nil for one that depends on something.
  private static func leafState(_ entry: AnyEntry) -> State? {
    guard entry.dependencies?.isEmpty ?? true, entry.postInitDependencies.isEmpty else {
      return nil
    }
    return mayQualify(entry) ? .independent : .chainDependent
  }

  /// Classifies `start` and what it needs, depth first without recursion (dependency chains can
  /// be thousands deep). A registration met again while in progress is on a cycle: it and every
  /// registration on the path to it do not qualify.
  ///
  /// `path` (empty, and left empty) holds each registration in progress and the position of the
  /// dependency it examines next.
  private mutating func classify(
    _ start: AnyEntry, root: Table, stories: StoryKeys,
    path: inout [(entry: AnyEntry, next: Int)]
  ) {
    guard states[start.id] == .unclassified else { return }
    if let state = Self.leafState(start) {
      states[start.id] = state
      return
    }
    states[start.id] = .inProgress
    path.append((start, 0))
    while let (entry, first) = path.last {
      if first == 0, !Self.mayQualify(entry) {
        finish(&path, .chainDependent)
        continue
      }
      let dependencies = entry.dependencies ?? []
      let hooks = entry.postInitDependencies
      var next = first
      var verdict = State.independent
      var needed: AnyEntry?
      examining: while next < dependencies.count + hooks.count {
        let isHook = next >= dependencies.count
        let dependency = isHook ? hooks[next - dependencies.count] : dependencies[next]
        switch Self.edge(dependency, isHook: isHook, of: entry, root: root, stories: stories) {
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
            if let state = Self.leafState(found) {
              // Needs nothing: classified here, and examined again at once.
              states[found.id] = state
              continue examining
            }
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
