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
  public let opaqueRegistrations: [String]
  /// The story chains checked, such as `App > Contacts > AddContact`.
  public let checkedStoryChains: [String]

  /// Whether no problem was found.
  public var isValid: Bool { problems.isEmpty }

  /// Throws the first problem (with the others in ``ViperNestError/otherProblems``) if any.
  ///
  /// - Throws: ``ViperNestError`` when ``isValid`` is false.
  public func check() throws {
    if let first = problems.first { throw first.adding(others: Array(problems.dropFirst())) }
  }

  public var description: String {
    var lines: [String] = []
    if problems.isEmpty {
      lines.append(
        "Registration graph is valid (\(checkedStoryChains.count) story chains checked).")
    } else {
      lines.append(
        "Registration graph has \(problems.count) problem\(problems.count == 1 ? "" : "s"):")
      for problem in problems { lines.append("\n" + problem.description) }
    }
    if !opaqueRegistrations.isEmpty {
      lines.append(
        "\nNot checked (closure factories, dependencies unknown): "
          + opaqueRegistrations.joined(separator: ", "))
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
  /// listed as opaque. It reports all problems at once and does not freeze the registry.
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
    return validator.run()
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
  private var problems:
    [String: (code: ViperNestError.Code, message: ErrorMessage, chains: [[String]])] =
      [:]
  private var order: [String] = []

  init(graph: Graph) { self.graph = graph }

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
      record(problem.code, ErrorMessage(problem.detail), chain: nil)
    }
    let contexts = contexts()
    // Story-bound failures (a story the registration needs is not open in that chain) are only a
    // problem when the registration resolves in no chain at all.
    var resolvedSomewhere = Set<ObjectIdentifier>()
    var storyBound: [ObjectIdentifier: [ContextChecker.Finding]] = [:]
    var storyBoundOrder: [ObjectIdentifier] = []
    for context in contexts {
      var checker = ContextChecker(graph: graph, context: context)
      for entry in checker.visibleEntries() {
        switch checker.check(entry) {
        case .resolves: resolvedSomewhere.insert(ObjectIdentifier(entry))
        case .needsStory(let finding):
          if storyBound[ObjectIdentifier(entry)] == nil {
            storyBoundOrder.append(ObjectIdentifier(entry))
          }
          storyBound[ObjectIdentifier(entry), default: []].append(finding)
        case .broken: break
        }
      }
      for finding in checker.findings {
        record(finding.code, finding.message, chain: context.chain.map(\.name), id: finding.id)
      }
    }
    for id in storyBoundOrder where !resolvedSomewhere.contains(id) {
      for finding in storyBound[id] ?? [] {
        var message = finding.message
        message.notes.append("it resolves in none of the story chains checked")
        record(finding.code, message, chain: finding.message.chain, id: finding.id)
      }
    }
    let errors = order.compactMap { id -> ViperNestError? in
      guard let (code, found, chains) = problems[id] else { return nil }
      var message = found
      if let first = chains.first {
        message.chain = first
        if chains.count > 1 {
          let others = chains.dropFirst().prefix(5).map { $0.joined(separator: " > ") }
          message.notes.append("also in: " + others.joined(separator: "; "))
        }
      }
      return ViperNestError(code, .validation(ValidationProblem(message: message)))
    }
    let opaque = graph.entries.filter { $0.dependencies == nil }.map {
      "\($0.keyDescription) (\($0.origin))"
    }
    return ValidationReport(
      problems: errors, opaqueRegistrations: opaque,
      checkedStoryChains: contexts.map(\.description))
  }

  private mutating func record(
    _ code: ViperNestError.Code, _ message: ErrorMessage, chain: [String]?, id: String? = nil
  ) {
    let id = "\(code)|\(id ?? message.summary)"
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
    var message: ErrorMessage
    /// Identifies the problem across chains: the same mistake found in several chains is one.
    let id: String
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
  /// Finished (entry, scope length) pairs, indexed by `entry.id * (chain length + 1) + scope
  /// length` (a flat array of small integers: no hashing and no copies of outcomes on the hot path
  /// of validation): 0 not visited, -1 resolves, n > 0 `failures[n - 1]`.
  private var done: [Int32]
  private var failures: [Outcome] = []
  private var stack: [AnyEntry] = []
  /// The registrations visible in each prefix of the chain.
  private let tables: ChainTables

  init(graph: Graph, context: Context) {
    self.graph = graph
    self.context = context
    done = [Int32](repeating: 0, count: graph.entries.count * (context.chain.count + 1))
    tables = ChainTables(graph: graph, chain: context.chain)
  }

  private func doneIndex(_ entry: AnyEntry, scope: Int) -> Int {
    entry.id * (context.chain.count + 1) + scope
  }

  private func known(_ visit: Int) -> Outcome? {
    switch done[visit] {
    case 0: nil
    case -1: .resolves
    case let failure: failures[Int(failure) - 1]
    }
  }

  private mutating func remember(_ outcome: Outcome, _ visit: Int) {
    if case .resolves = outcome {
      done[visit] = -1
    } else {
      failures.append(outcome)
      done[visit] = Int32(failures.count)
    }
  }

  /// Registrations resolvable somewhere in this chain: root ones and those local to a story in it,
  /// minus those whose story lifetime names a story not in it.
  func visibleEntries() -> [AnyEntry] {
    var seen = Set<ServiceKey>(minimumCapacity: graph.entries.count)
    var result: [AnyEntry] = []
    for length in stride(from: context.chain.count, through: 1, by: -1) {
      let kind = context.chain[length - 1]
      let entries = kind == .app ? graph.root.entries : (graph.locals[kind.id]?.entries ?? [])
      for entry in entries where seen.insert(entry.key).inserted {
        if case .story(let story) = entry.lifetime.kind, context.prefix(endingAt: story) == nil {
          continue
        }
        result.append(entry)
      }
    }
    return result
  }

  /// Looks `key` up as a story with the first `scope` kinds of the chain would.
  func lookup(_ key: ServiceKey, scope: Int) -> (entry: AnyEntry, home: Int)? {
    tables.lookup(key, scope: scope)
  }

  /// What resolving `key` from the whole chain would do (nil: no registration visible here).
  mutating func outcome(for key: ServiceKey) -> Outcome? {
    guard let (entry, home) = lookup(key, scope: context.chain.count) else { return nil }
    return visit(entry, scope: context.chain.count, home: home)
  }

  /// Checks `entry` requested at the full chain.
  mutating func check(_ entry: AnyEntry) -> Outcome {
    let scope = context.chain.count
    let home = lookup(entry.key, scope: scope)?.home ?? scope
    return visit(entry, scope: scope, home: home)
  }

  /// What resolving `entry`, found at `home` with `scope` kinds of the chain visible, would do.
  private mutating func visit(_ entry: AnyEntry, scope: Int, home: Int) -> Outcome {
    // The scope its dependencies are resolved in: the owner's for cached lifetimes.
    let ownScope: Int
    switch entry.lifetime.kind {
    case .app: ownScope = 1
    case .story(let story):
      guard let owner = context.chain.prefix(scope).lastIndex(of: story).map({ $0 + 1 }) else {
        let consumer = stack.last(where: \.lifetime.isCached)
        if let consumer, context.prefix(endingAt: story) != nil || consumer.lifetime == .app {
          return addCaptive(
            consumer: consumer, dependency: entry, lifetime: entry.lifetime.description)
        }
        var message = ErrorMessage(
          .storyNotOpen(entry: entry, story: story, path: [], node: placeholderNode))
        message.path = (stack + [entry]).map(\.keyDescription)
        message.chain = context.chain.map(\.name)
        return .needsStory(
          Finding(
            code: .storyNotOpen, message: message,
            id: "\(stack.first?.keyDescription ?? entry.keyDescription)@\(story.name)"))
      }
      ownScope = owner
    case .weak: ownScope = home
    case .transient, .graph: ownScope = scope
    }
    let visit = doneIndex(entry, scope: ownScope)
    if let known = known(visit) { return known }
    if stack.contains(where: { $0 === entry }) {
      let cycle = stack + [entry]
      var message = ErrorMessage(.circular(path: cycle, node: placeholderNode, crossThread: false))
      message.chain = []
      let start = cycle.firstIndex { $0 === entry } ?? 0
      let members = cycle[start..<(cycle.count - 1)].map(\.keyDescription).sorted()
      add(.circularDependency, message, id: "cycle:" + members.joined(separator: ","))
      return .broken(.circularDependency)
    }
    guard let dependencies = entry.dependencies else {
      done[visit] = -1
      return .resolves
    }
    stack.append(entry)
    var outcome = Outcome.resolves
    for dependency in dependencies where !(dependency.isBuiltIn && !dependency.isDeferred) {
      let result: Outcome
      if let (found, foundHome) = lookup(dependency.key, scope: ownScope) {
        // Provider<T>: resolved later, outside this path; it only has to exist.
        result =
          dependency.isDeferred ? .resolves : self.visit(found, scope: ownScope, home: foundHome)
      } else if ownScope < context.chain.count,
        let (found, _) = lookup(dependency.key, scope: context.chain.count),
        let consumer = stack.last(where: \.lifetime.isCached)
      {
        result = addCaptive(
          consumer: consumer, dependency: found,
          lifetime: found.localStory.map { "registered only in story \($0.name)" }
            ?? found.lifetime.description)
      } else {
        result = missing(dependency, scope: ownScope)
      }
      switch (outcome, result) {
      case (.broken, _): break
      case (_, .broken): outcome = result
      case (.resolves, .needsStory): outcome = result
      default: break
      }
    }
    stack.removeLast()
    remember(outcome, visit)
    return outcome
  }

  /// A dependency with no registration visible in this chain: story-bound when some story that is
  /// not open here registers it, structural when nothing registers it anywhere.
  private mutating func missing(_ dependency: Dependency, scope: Int) -> Outcome {
    var message = ErrorMessage(
      .missing(
        key: dependency.key, type: dependency.type, arguments: [], path: stack,
        node: placeholderNode))
    message.chain = context.chain.map(\.name)
    message.notes =
      NearMisses(
        key: dependency.key, type: dependency.type, graph: graph,
        openStories: Set(context.chain.prefix(scope).map(\.name))
      ).notes
    let owner = stack.last?.keyDescription ?? ""
    let finding = Finding(
      code: .missingRegistration, message: message,
      id: "\(owner)->\(typeName(dependency.type))")
    let registeredSomewhere = graph.locals.values.contains { $0.entry(for: dependency.key) != nil }
    if registeredSomewhere { return .needsStory(finding) }
    findings.append(finding)
    return .broken(.missingRegistration)
  }

  private mutating func addCaptive(
    consumer: AnyEntry, dependency: AnyEntry, lifetime: String
  ) -> Outcome {
    var message = ErrorMessage(
      .captive(
        consumer: consumer, dependency: dependency, dependencyKey: dependency.keyDescription,
        dependencyLifetime: lifetime, path: stack, node: placeholderNode))
    message.chain = []
    add(
      .captiveDependency, message,
      id: "\(consumer.keyDescription)->\(dependency.keyDescription)")
    return .broken(.captiveDependency)
  }

  private mutating func add(_ code: ViperNestError.Code, _ message: ErrorMessage, id: String) {
    var message = message
    message.chain = context.chain.map(\.name)
    findings.append(Finding(code: code, message: message, id: id))
  }

  /// A node used only to render messages (validation resolves nothing).
  private var placeholderNode: StoryNode { StoryNode(root: graph) }
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
