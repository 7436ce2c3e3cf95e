/// A problem ``Registry/validate()`` found, already rendered (validation is not a hot path).
struct ValidationProblem: Sendable {
  let message: ErrorMessage
}

/// The result of ``Registry/validate()``: every problem in the registration graph, found without
/// resolving anything.
///
/// ```swift
/// let report = registry.validate()
/// #expect(report.isValid, "\(report)")
/// try report.check()  // throws the first problem, with the others attached
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// Each problem, as the error resolving would throw, naming the story chain where it occurs.
  public let problems: [ViperNestError]
  /// Registrations built by closures: their dependencies are unknown, so they were not checked.
  ///
  /// Rendered when read, not when validating: a large app has hundreds of them, and rendering
  /// their type names is most of what validating a valid graph would otherwise cost.
  public var opaqueRegistrations: [String] {
    opaqueEntries.map { "\($0.keyDescription) (\($0.origin))" }
  }
  /// The registrations `opaqueRegistrations` names, in registration order.
  private let opaqueEntries: [AnyEntry]
  /// The story chains checked, such as `App > Contacts > AddContact`.
  ///
  /// Rendered when read, like `opaqueRegistrations`.
  public var checkedStoryChains: [String] {
    storyChains.map { $0.map(\.name).joined(separator: " > ") }
  }
  /// The chains `checkedStoryChains` names, story kinds from the app down.
  private let storyChains: [[StoryKind]]
  /// The module registrations (``Registrar/register(_:builder:in:file:line:module:)``) whose
  /// layers were checked in the story they run in, such as
  /// `Module<AddContactInput, AddContactOutput> (AddContactBuilder in story AddContact)`.
  ///
  /// Rendered when read, like `opaqueRegistrations`.
  public var checkedModules: [String] { checkedModuleEntries.map(moduleDescription) }
  /// The registrations `checkedModules` names, in registration order.
  var checkedModuleEntries: [AnyEntry] = []
  /// Each problem in the deep links' routes (``Registrar/route(_:file:line:_:)``), naming the
  /// route and the step.
  public internal(set) var routeProblems: [LinkError] = []
  /// How many routes were checked.
  public internal(set) var checkedRouteCount = 0

  init(problems: [ViperNestError], opaqueEntries: [AnyEntry], storyChains: [[StoryKind]]) {
    self.problems = problems
    self.opaqueEntries = opaqueEntries
    self.storyChains = storyChains
  }

  /// Whether no problem was found, in the graph or in the routes.
  public var isValid: Bool { problems.isEmpty && routeProblems.isEmpty }

  /// Throws the first problem (with the others in ``ViperNestError/otherProblems``) if any, else
  /// the first route problem.
  ///
  /// - Throws: ``ViperNestError`` when the graph has a problem, else ``LinkError`` when a route
  ///   has one.
  public func check() throws {
    if let first = problems.first { throw first.adding(others: Array(problems.dropFirst())) }
    if let first = routeProblems.first { throw first }
  }

  public var description: String {
    var lines: [String] = []
    let modules =
      checkedModuleEntries.isEmpty
      ? ""
      : ", \(checkedModuleEntries.count) module\(checkedModuleEntries.count == 1 ? "" : "s")"
    if problems.isEmpty {
      lines.append(
        "Registration graph is valid (\(storyChains.count) story chains\(modules) checked).")
    } else {
      lines.append(
        "Registration graph has \(problems.count) problem\(problems.count == 1 ? "" : "s"):")
      for problem in problems { lines.append("\n" + problem.description) }
    }
    if checkedRouteCount > 0 {
      if routeProblems.isEmpty {
        lines.append(
          "Deep links: \(checkedRouteCount) route\(checkedRouteCount == 1 ? "" : "s") valid.")
      } else {
        lines.append(
          "\nDeep links: \(routeProblems.count) problem\(routeProblems.count == 1 ? "" : "s"):")
        for problem in routeProblems { lines.append("\n" + problem.description) }
      }
    }
    if !opaqueEntries.isEmpty {
      let count = opaqueEntries.count
      lines.append(
        "\n\(count) registration\(count == 1 ? "" : "s") not checked (closure factories, "
          + "dependencies unknown): " + opaqueRegistrations.joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }
}

extension Registry {
  /// Checks the whole registration graph without resolving anything: missing dependencies in every
  /// story chain where a registration can be resolved, circular dependencies and captive
  /// dependencies, plus story-local registrations that conflict with their parents.
  ///
  /// It uses the dependency types that autowired registrations declare; closure factories are
  /// listed as opaque. It checks the deep links' routes too (``ValidationReport/routeProblems``).
  /// It reports all problems at once and does not freeze the registry.
  ///
  /// ```swift
  /// let report = registry.validate()
  /// if !report.isValid { print(report) }
  /// ```
  ///
  /// - Returns: The report.
  public func validate() -> ValidationReport {
    let graph = validationGraph()
    var validator = Validator(graph: graph)
    var report = validator.run()
    report.routeProblems = routeProblems(in: graph)
    report.checkedRouteCount = linkRoutes.count
    return report
  }
}

/// A story chain being checked: story kinds from the app down.
struct Context {
  let chain: [StoryKind]
  var description: String { chain.map(\.name).joined(separator: " > ") }

  /// The prefix of the chain that ends at the nearest `kind`, or nil.
  func prefix(endingAt kind: StoryKind) -> Int? {
    chain.lastIndex(of: kind).map { $0 + 1 }
  }
}

struct Validator {
  let graph: Graph
  /// Whether `run` skips, in every chain, the registrations whose check cannot depend on the chain
  /// (``ChainIndependentEntries``). False only for the tests' reference run, which checks every
  /// visible registration in every chain as validation did before that sharing.
  let sharesChainIndependentChecks: Bool
  private var problems:
    [String: (code: ViperNestError.Code, message: () -> ErrorMessage, chains: [[String]])] = [:]
  private var order: [String] = []

  init(graph: Graph, sharesChainIndependentChecks: Bool = true) {
    self.graph = graph
    self.sharesChainIndependentChecks = sharesChainIndependentChecks
  }

  /// Every chain in which registrations can be resolved: the app, and each story type opened in
  /// each of its declared parents (or at the app when it declares none).
  func contexts(limit: Int = 2_000) -> [Context] {
    var chainsByStory: [ObjectIdentifier: [[StoryKind]]] = [:]
    func chains(_ story: StoryKind, visiting: Set<ObjectIdentifier>) -> [[StoryKind]] {
      if let known = chainsByStory[story.id] { return known }
      let parents = graph.storyParents[story.id] ?? []
      var result: [[StoryKind]] = []
      if parents.isEmpty {
        result = [[.app, story]]
      } else {
        for parent in parents where !visiting.contains(parent.id) {
          let parentChains =
            parent == .app
            ? [[StoryKind.app]] : chains(parent, visiting: visiting.union([story.id]))
          for chain in parentChains where result.count < limit { result.append(chain + [story]) }
        }
      }
      chainsByStory[story.id] = result
      return result
    }
    var all = [Context(chain: [.app])]
    for story in graph.stories {
      for chain in chains(story, visiting: [story.id]) where all.count < limit {
        all.append(Context(chain: chain))
      }
    }
    return all
  }

  mutating func run() -> ValidationReport {
    for problem in graph.crossScopeProblems() {
      let message = ErrorMessage(problem.detail)
      record(problem.code, chain: nil, id: message.summary) { message }
    }
    let contexts = contexts()
    // Checked once for all chains: they resolve in every chain, with no finding.
    let independent = sharesChainIndependentChecks ? ChainIndependentEntries(graph: graph) : nil
    // One memo for every chain, cleared between chains (clearing only what a chain wrote), with
    // rows for the registrations `independent` leaves to the chains.
    var memo = VisitMemo(
      rowCount: independent?.remainderCount ?? graph.entries.count,
      longestChain: contexts.lazy.map { $0.chain.count }.max() ?? 1)
    // Story-bound failures (a story the registration needs is not open in that chain) are only a
    // problem when the registration resolves in no chain at all.
    // By entry id.
    var resolvedSomewhere = [Bool](repeating: false, count: graph.entries.count)
    var storyBound: [ObjectIdentifier: [ContextChecker.Finding]] = [:]
    var storyBoundOrder: [AnyEntry] = []
    // Module registrations checked in a chain that ends at their story (see `checkModule`).
    var checkedModules = [Bool](repeating: false, count: graph.entries.count)
    for context in contexts {
      var checker = ContextChecker(
        graph: graph, context: context, independent: independent, memo: consume memo)
      let visible = checker.visibleEntries(excluding: independent)
      // Module registrations first, so that a failure found through a module is first found (and
      // remembered, for the chain) on a path that starts at the module. Two passes over the list
      // rather than a reordered copy of it.
      for (entry, home) in visible where entry.site.moduleBuilder != nil {
        if checkModule(entry, home: home, with: &checker) { checkedModules[entry.id] = true }
      }
      for (entry, home) in visible where entry.site.moduleBuilder == nil {
        switch checker.check(entry, home: home) {
        case .resolves: resolvedSomewhere[entry.id] = true
        case .needsStory(let finding):
          if storyBound[ObjectIdentifier(entry)] == nil {
            storyBoundOrder.append(entry)
          }
          storyBound[ObjectIdentifier(entry), default: []].append(finding)
        case .broken: break
        }
      }
      for finding in checker.findings {
        record(finding.code, chain: finding.chain, id: finding.id, finding.message)
      }
      memo = checker.takeClearedMemo()
    }
    for entry in storyBoundOrder where !resolvedSomewhere[entry.id] {
      for finding in storyBound[ObjectIdentifier(entry)] ?? [] {
        record(finding.code, chain: finding.chain, id: finding.id) {
          var message = finding.message()
          message.notes.append("it resolves in none of the story chains checked")
          return message
        }
      }
    }
    let errors = order.compactMap { id -> ViperNestError? in
      guard let (code, render, chains) = problems[id] else { return nil }
      var message = render()
      if let first = chains.first {
        message.chain = first
        if chains.count > 1 {
          let others = chains.dropFirst().prefix(5).map { $0.joined(separator: " > ") }
          message.notes.append("also in: " + others.joined(separator: "; "))
        }
      }
      return ViperNestError(code, .validation(ValidationProblem(message: message)))
    }
    var report = ValidationReport(
      problems: errors, opaqueEntries: graph.entries.filter { $0.dependencies == nil },
      storyChains: contexts.map { $0.chain })
    report.checkedModuleEntries = graph.entries.filter {
      $0.site.moduleBuilder != nil && (checkedModules[$0.id] || independent?.contains($0) == true)
    }
    return report
  }

  /// Checks a module registration in `checker`'s chain if the chain ends at the story the module
  /// runs in, and returns whether it did. There a failure is reported whether or not the module
  /// resolves in other chains: it names the module, the layer and what the layer needs. Below
  /// its story (where the module is visible too) it is not checked: it runs where it is declared.
  private mutating func checkModule(
    _ entry: AnyEntry, home: Int, with checker: inout ContextChecker
  ) -> Bool {
    guard checker.context.chain.last == (entry.localStory ?? .app) else { return false }
    // A structural failure (a key registered nowhere, a cycle) is among the checker's findings,
    // with the module first on its path.
    if case .needsStory(let finding) = checker.check(entry, home: home) {
      record(
        finding.code, chain: finding.chain, id: "module \(entry.keyDescription): \(finding.id)"
      ) {
        ModuleCheck.message(for: entry, finding.message())
      }
    }
    return true
  }

  /// Records a problem found in `chain`; the first finding of each `id` gives the message, built
  /// only once all chains are checked.
  private mutating func record(
    _ code: ViperNestError.Code, chain: [String]?, id: String,
    _ message: @escaping () -> ErrorMessage
  ) {
    let id = "\(code)|\(id)"
    if problems[id] == nil {
      problems[id] = (code, message, [])
      order.append(id)
    }
    if let chain { problems[id]!.chains.append(chain) }
  }
}

/// Checks the registrations visible in one story chain, the way resolving there would.
struct ContextChecker {
  struct Finding {
    let code: ViperNestError.Code
    /// The chain it was found in, from the app down.
    let chain: [String]
    /// Identifies the problem across chains: the same mistake found in several chains is one.
    let id: String
    /// Builds the message. Deferred: most findings are duplicates of one found in another chain,
    /// or never reported, and rendering one searches every registration for near misses.
    let message: () -> ErrorMessage
  }

  /// What resolving a registration in this chain would do.
  enum Outcome {
    case resolves
    /// It fails only because a story it needs is not open in this chain.
    case needsStory(Finding)
    /// It fails for a structural reason (a cycle, a captive dependency, a key registered nowhere),
    /// recorded in `findings`.
    case broken(ViperNestError.Code)

    /// The error code resolving would throw, or nil when it resolves.
    var code: ViperNestError.Code? {
      switch self {
      case .resolves: nil
      case .needsStory(let finding): finding.code
      case .broken(let code): code
      }
    }
  }

  let graph: Graph
  let context: Context
  private(set) var findings: [Finding] = []
  /// Finished visits (see `VisitMemo`): 0 not visited, -1 resolves, n > 0 `traces[n - 1]`.
  private var memo: VisitMemo
  private var traces: [Traced] = []
  private var stack: [AnyEntry] = []
  /// The scope each entry of `stack` resolves its dependencies in.
  private var stackScopes: [Int] = []
  /// The registrations visible in each prefix of the chain.
  private let tables: ChainTables
  /// Registrations known to resolve in every chain with no finding: a visit returns at once.
  private let independent: ChainIndependentEntries?

  /// A checker of `context`. `independent` (when given) lets visits of those registrations
  /// return at once; `memo` (when given) must be empty, sized for chains at least as long, and
  /// have a row for each registration `independent` leaves to the chains (each one otherwise).
  init(
    graph: Graph, context: Context, independent: ChainIndependentEntries? = nil,
    memo: consuming VisitMemo? = nil
  ) {
    self.graph = graph
    self.context = context
    self.independent = independent
    self.memo =
      memo
      ?? VisitMemo(
        rowCount: independent?.remainderCount ?? graph.entries.count,
        longestChain: context.chain.count)
    tables = ChainTables(graph: graph, chain: context.chain)
  }

  /// The memo, emptied, for the next chain's checker; this checker is left without one (it is done).
  /// Mutating and swapping, not consuming: the memo's arrays stay uniquely referenced, so neither
  /// clearing nor the next checker's writes copy them.
  mutating func takeClearedMemo() -> VisitMemo {
    memo.clear()
    var taken = VisitMemo(rowCount: 0, longestChain: 0)
    swap(&taken, &memo)
    return taken
  }

  private func known(_ visit: Int) -> Traced? {
    switch memo.done[visit] {
    case 0: nil
    case -1: .resolves
    case let index: traces[Int(index) - 1]
    }
  }

  private mutating func remember(_ traced: Traced, _ visit: Int) {
    if case .resolves = traced.outcome, traced.first == nil {
      memo.set(visit, -1)
    } else {
      traces.append(traced)
      memo.set(visit, Int32(traces.count))
    }
  }

  /// Registrations resolvable somewhere in this chain: root ones and those local to a story in it,
  /// minus those whose story lifetime names a story not in it. Innermost story first, each story's
  /// (and the root's) in registration order. Each with its home: the length of the chain prefix
  /// that registers it (1 for the root).
  ///
  /// With `independent`, minus those too, and found without hashing keys: a registration is
  /// visible when the chain's lookup of its key finds it (keys are unique within a table, as
  /// `Registry.install` checks); the shadowing by a nearer story's registration is the same.
  func visibleEntries(excluding independent: ChainIndependentEntries? = nil)
    -> [(entry: AnyEntry, home: Int)]
  {
    var result: [(entry: AnyEntry, home: Int)] = []
    guard let independent else {
      var seen = Set<ServiceKey>(minimumCapacity: graph.entries.count)
      for length in stride(from: context.chain.count, through: 1, by: -1) {
        let kind = context.chain[length - 1]
        let entries = kind == .app ? graph.root.entries : (graph.locals[kind.id]?.entries ?? [])
        for entry in entries where seen.insert(entry.key).inserted {
          if case .story(let story) = entry.lifetime.kind, context.prefix(endingAt: story) == nil {
            continue
          }
          result.append((entry, length))
        }
      }
      return result
    }
    let count = context.chain.count
    // The chain's scopes' registrations: at most that many are visible.
    let scopes = context.chain.map {
      $0 == .app ? independent.rootRemainder : independent.localRemainder(of: $0.id)
    }
    result.reserveCapacity(scopes.reduce(0) { $0 + $1.count })
    for length in stride(from: count, through: 1, by: -1) {
      let entries = scopes[length - 1]
      for entry in entries {
        if length < count, tables.lookup(entry.key, scope: count)?.home != length { continue }
        if case .story(let story) = entry.lifetime.kind, context.prefix(endingAt: story) == nil {
          continue
        }
        result.append((entry, length))
      }
    }
    return result
  }

  /// Looks `key` up as a story with the first `scope` kinds of the chain would.
  func lookup(_ key: ServiceKey, scope: Int) -> (entry: AnyEntry, home: Int)? {
    tables.lookup(key, scope: scope)
  }

  /// What resolving `key` from the whole chain would do (nil: no registration visible here).
  mutating func outcome(for key: ServiceKey) -> Traced? {
    guard let (entry, home) = lookup(key, scope: context.chain.count) else { return nil }
    return visit(entry, scope: context.chain.count, home: home)
  }

  /// Checks `entry`, visible at `home` (see `visibleEntries`), requested at the full chain.
  mutating func check(_ entry: AnyEntry, home: Int) -> Outcome {
    visit(entry, scope: context.chain.count, home: home).outcome
  }

  /// An outcome, and the code of the first failure in parameter order: the one resolving throws
  /// (the outcome names the most structural problem instead, for the report).
  struct Traced {
    var outcome: Outcome
    var first: ViperNestError.Code?

    static var resolves: Traced { Traced(outcome: .resolves, first: nil) }

    init(outcome: Outcome, first: ViperNestError.Code?) {
      self.outcome = outcome
      self.first = first
    }

    init(_ outcome: Outcome) { self.init(outcome: outcome, first: outcome.code) }
  }

  /// What resolving `entry`, found at `home` with `scope` kinds of the chain visible, would do.
  private mutating func visit(_ entry: AnyEntry, scope: Int, home: Int) -> Traced {
    // Resolves in every chain, with no finding, whatever is on the stack (see
    // `ChainIndependentEntries`): what walking it would conclude.
    if let independent, independent.skips(entry) { return .resolves }
    // The nearest cached consumer on the stack: which singleton would hold what this builds.
    let consumer = stack.last(where: { $0.lifetime.isCached })
    // The scope its dependencies are resolved in: the owner's for cached lifetimes.
    let ownScope: Int
    switch entry.lifetime.kind {
    case .app: ownScope = 1
    case .story(let story):
      guard let owner = context.chain.prefix(scope).lastIndex(of: story).map({ $0 + 1 }) else {
        if let consumer, context.prefix(endingAt: story) != nil || consumer.lifetime == .app {
          return Traced(
            addCaptive(consumer: consumer, dependency: entry, lifetime: entry.lifetime.description))
        }
        let (graph, path, chain) = (graph, stack + [entry], context.chain.map(\.name))
        return Traced(
          .needsStory(
            Finding(
              code: .storyNotOpen, chain: chain,
              id: "\(stack.first?.keyDescription ?? entry.keyDescription)@\(story.name)"
            ) {
              var message = ErrorMessage(
                .storyNotOpen(entry: entry, story: story, path: [], node: StoryNode(root: graph)))
              message.path = path.map(\.keyDescription)
              message.chain = chain
              return message
            }))
      }
      ownScope = owner
    case .weak: ownScope = home
    case .transient, .graph: ownScope = scope
    }
    let visit = memo.index(
      row: independent?.memoRow(of: entry) ?? entry.id, scope: ownScope,
      underApp: consumer?.lifetime == .app)
    if let known = known(visit) { return known }
    // As resolving: the same registration again in the same scope is a cycle; in another scope it
    // sees other registrations.
    if zip(stack, stackScopes).contains(where: { $0 === entry && $1 == ownScope }) {
      let (graph, cycle) = (graph, stack + [entry])
      let start = cycle.firstIndex { $0 === entry } ?? 0
      let members = cycle[start..<(cycle.count - 1)].map(\.keyDescription).sorted()
      add(.circularDependency, id: "cycle:" + members.joined(separator: ",")) {
        ErrorMessage(.circular(path: cycle, node: StoryNode(root: graph), crossThread: false))
      }
      return Traced(.broken(.circularDependency))
    }
    // A post-initialisation hook's targets resolve after the graph is built (see
    // `PostInitHooks.swift`): checked like dependencies, after them.
    let hooks = entry.postInitDependencies
    guard let dependencies = entry.dependencies ?? (hooks.isEmpty ? nil : []) else {
      memo.set(visit, -1)
      return .resolves
    }
    stack.append(entry)
    stackScopes.append(ownScope)
    var traced = Traced.resolves
    var isOnStack = true
    // The dependencies, then the hooks' targets, without concatenating them (no allocation).
    for position in 0..<(dependencies.count + hooks.count) {
      let isHook = position >= dependencies.count
      // Assigned in two branches rather than by `?:`, which copies the dependency twice.
      let dependency: Dependency
      if isHook {
        dependency = hooks[position - dependencies.count]
      } else {
        dependency = dependencies[position]
      }
      if dependency.isBuiltIn && !dependency.isDeferred { continue }
      if isHook, isOnStack, case .graph = entry.lifetime.kind {
        // Built and shared in the graph when its hooks run: no longer under construction.
        stack.removeLast()
        stackScopes.removeLast()
        isOnStack = false
      }
      let result: Traced
      if let (found, foundHome) = lookup(dependency.key, scope: ownScope) {
        // Provider<T>: resolved later, outside this path; it only has to exist. A hook's
        // `.graph` target under construction: the instance the graph shares once built (whether
        // it is on the stack is asked of hooks' targets only).
        result =
          isHook && found.lifetime.kind == .graph
            && zip(stack, stackScopes).contains(where: { $0 === found && $1 == ownScope })
          ? .resolves
          : found.isAsync
            && (dependency.isDeferred ? !dependency.isAsyncDeferred : !entry.isAsync || isHook)
            ? Traced(
              awaitRequired(consumer: entry, dependency: found, deferred: dependency.isDeferred))
            : dependency.isDeferred
              ? .resolves : self.visit(found, scope: ownScope, home: foundHome)
      } else if dependency.isDeferred {
        // Provider<T> with no T where it will resolve from: building the consumer works, calling
        // the provider will not. Reported, but the consumer itself resolves.
        if case .needsStory(let finding) = missing(dependency, scope: ownScope) {
          findings.append(finding)
        }
        continue
      } else if ownScope < context.chain.count,
        let (found, _) = lookup(dependency.key, scope: context.chain.count),
        let consumer = stack.last(where: { $0.lifetime.isCached })
      {
        result = Traced(
          addCaptive(
            consumer: consumer, dependency: found,
            lifetime: found.localStory.map { "registered only in story \($0.name)" }
              ?? found.lifetime.description))
      } else if dependency.isOptional {
        continue  // `T?`: resolved to nil here, as asked.
      } else {
        result = Traced(missing(dependency, scope: ownScope))
      }
      switch (traced.outcome, result.outcome) {
      case (.broken, _): break
      case (_, .broken): traced.outcome = result.outcome
      case (.resolves, .needsStory): traced.outcome = result.outcome
      default: break
      }
      traced.first = traced.first ?? result.first
    }
    if isOnStack {
      stack.removeLast()
      stackScopes.removeLast()
    }
    remember(traced, visit)
    return traced
  }

  /// A dependency with no registration visible in this chain: story-bound when some story that is
  /// not open here registers it, structural when nothing registers it anywhere.
  private mutating func missing(_ dependency: Dependency, scope: Int) -> Outcome {
    let owner = stack.last?.keyDescription ?? ""
    let (graph, path, chain) = (graph, stack, context.chain.map(\.name))
    let openStories = Set(context.chain.prefix(scope).map(\.name))
    let finding = Finding(
      code: .missingRegistration, chain: chain, id: "\(owner)->\(typeName(dependency.type))"
    ) {
      var message = ErrorMessage(
        .missing(
          key: dependency.key, type: dependency.type, arguments: [], path: path,
          node: StoryNode(root: graph)))
      message.chain = chain
      message.notes =
        NearMisses(
          key: dependency.key, type: dependency.type, graph: graph, openStories: openStories
        ).notes
      if let hint = DefaultArgumentHint(
        missing: dependency.key, type: dependency.type, requester: path.last)
      {
        message.notes.append(hint.note)
      }
      if dependency.isDeferred {
        message.notes.append(
          "\(owner) takes it as Provider<\(typeName(dependency.type))>: \(owner) resolves, "
            + "calling the provider will throw")
      }
      return message
    }
    let registeredSomewhere = graph.locals.values.contains { $0.entry(for: dependency.key) != nil }
    if registeredSomewhere { return .needsStory(finding) }
    findings.append(finding)
    return .broken(.missingRegistration)
  }

  /// A synchronous factory (or a `Provider`) that would resolve an async registration.
  private mutating func awaitRequired(
    consumer: AnyEntry, dependency: AnyEntry, deferred: Bool
  ) -> Outcome {
    let (graph, path) = (graph, stack + [dependency])
    add(.awaitRequired, id: "await:\(consumer.keyDescription)->\(dependency.keyDescription)") {
      var message = ErrorMessage(
        .awaitRequired(entry: dependency, path: path, node: StoryNode(root: graph)))
      if deferred {
        message.notes.append(
          "\(consumer.keyDescription) takes it as Provider<\(typeName(dependency.serviceType))>, "
            + "whose call is synchronous")
      }
      return message
    }
    return .broken(.awaitRequired)
  }

  private mutating func addCaptive(
    consumer: AnyEntry, dependency: AnyEntry, lifetime: String
  ) -> Outcome {
    let (graph, path) = (graph, stack)
    add(.captiveDependency, id: "\(consumer.keyDescription)->\(dependency.keyDescription)") {
      ErrorMessage(
        .captive(
          consumer: consumer, dependency: dependency, dependencyKey: dependency.keyDescription,
          dependencyLifetime: lifetime, path: path, node: StoryNode(root: graph)))
    }
    return .broken(.captiveDependency)
  }

  /// Records a structural problem found in this chain. `message` runs only if it is reported;
  /// its story node is a placeholder (validation resolves nothing), the chain is set here.
  private mutating func add(
    _ code: ViperNestError.Code, id: String, _ message: @escaping () -> ErrorMessage
  ) {
    let chain = context.chain.map(\.name)
    findings.append(
      Finding(code: code, chain: chain, id: id) {
        var rendered = message()
        rendered.chain = chain
        return rendered
      })
  }
}

/// What validation concludes about resolving one key in one story chain.
///
/// Internal: the reliability tests compare it with what resolving there actually does.
struct ValidationVerdict: Equatable {
  /// The code resolving would throw according to validation (its first failure in parameter
  /// order); nil when it resolves.
  let code: ViperNestError.Code?
  /// Whether it fails only because a story it needs is not open in this chain (``validate()``
  /// reports such a failure only when the registration resolves in none of its chains).
  let isStoryBound: Bool
  /// Whether ``Registry/validate()`` checks this key in this chain: the chain is one of its
  /// `checkedStoryChains` and the key's registration is visible there.
  let isChecked: Bool
  /// The registration the key resolves to in this chain.
  let entryID: Int
}

extension Registry {
  /// What validation concludes about resolving each of `types` from a story whose chain, below
  /// the app, is `stories` (the same per-chain checks ``validate()`` runs). Nil for a type with no
  /// registration visible there.
  func validationVerdicts(for types: [Any.Type], in stories: [any UserStory.Type])
    -> [ValidationVerdict?]
  {
    let graph = validationGraph()
    let context = Context(chain: [.app] + stories.map(StoryKind.init))
    let isCheckedChain = Validator(graph: graph).contexts().contains { $0.chain == context.chain }
    let checked = Set(
      ContextChecker(graph: graph, context: context).visibleEntries().map(\.entry.key))
    return types.map { type in
      // A fresh checker per key: a failure remembered from another key's walk may have been met
      // through a different path, and name another first failure than resolving this key meets.
      var checker = ContextChecker(graph: graph, context: context)
      let key = ServiceKey(type)
      guard let entry = checker.lookup(key, scope: context.chain.count)?.entry,
        let traced = checker.outcome(for: key)
      else { return nil }
      let isStoryBound: Bool
      if case .needsStory = traced.outcome { isStoryBound = true } else { isStoryBound = false }
      return ValidationVerdict(
        code: traced.first, isStoryBound: isStoryBound,
        isChecked: isCheckedChain && checked.contains(key), entryID: entry.id)
    }
  }

  /// The story chains ``validate()`` checks, each as the story types' identifiers below the app.
  func validationChains() -> [[ObjectIdentifier]] {
    Validator(graph: validationGraph()).contexts().map { $0.chain.dropFirst().map(\.id) }
  }
}

/// The local registrations of each story in a chain, and the root's: lookups as a story with the
/// first `scope` kinds of the chain would make them. A class, so looking up never copies the
/// checker's state.
final class ChainTables {
  private let root: Table
  /// Index: scope length - 1; nil for the app and for stories without local registrations.
  private let locals: [Table?]

  init(graph: Graph, chain: [StoryKind]) {
    root = graph.root
    locals = chain.map { $0 == .app ? nil : graph.locals[$0.id] }
  }

  func lookup(_ key: ServiceKey, scope: Int) -> (entry: AnyEntry, home: Int)? {
    var length = scope
    while length >= 2 {
      if let entry = locals[length - 1]?.entry(for: key) { return (entry, length) }
      length -= 1
    }
    return root.entry(for: key).map { ($0, 1) }
  }
}

/// The finished visits of one chain's checker, reused from chain to chain: a flat array of small
/// integers indexed by (registration's row, scope, under an app singleton), so the hot path of
/// validation neither hashes nor copies outcomes. Clearing it resets only the cells written since
/// the last clearing, so reusing it costs what the chain used, not a whole new array per chain.
struct VisitMemo {
  /// By `index`: 0 not visited, -1 resolves, n > 0 the checker's `traces[n - 1]`.
  private(set) var done: [Int32]
  /// The cells of `done` written since the last `clear()`.
  private var written: [Int] = []
  /// Scopes per registration: the longest chain's length plus one.
  private let scopes: Int

  /// A memo with `rowCount` rows: one per registration the checkers can visit past the
  /// `ChainIndependentEntries` test (`ChainIndependentEntries.memoRow(of:)`), or one per
  /// registration (by id) without that test.
  init(rowCount: Int, longestChain: Int) {
    scopes = longestChain + 1
    done = [Int32](repeating: 0, count: rowCount * scopes * 2)
  }

  /// The cell of a visit of the registration in `row` with `scope` kinds of the chain visible;
  /// `underApp` tells whether the nearest cached consumer on the stack is an `app` singleton
  /// (then a missing story is a captive dependency rather than a story that is not open, so the
  /// outcome differs).
  func index(row: Int, scope: Int, underApp: Bool) -> Int {
    (row * scopes + scope) * 2 + (underApp ? 1 : 0)
  }

  mutating func set(_ index: Int, _ value: Int32) {
    if done[index] == 0 { written.append(index) }
    done[index] = value
  }

  mutating func clear() {
    for index in written { done[index] = 0 }
    written.removeAll(keepingCapacity: true)
  }
}
