import Foundation
import Testing

@testable import ViperNest

// Random registration graphs and random story trees: whatever validation says about a key in a
// story chain, resolving it there must do; closing every story must leave only the app singletons
// (and what they hold) alive. Seeded: a failure prints the seed that reproduces it.
//
//   VIPERNEST_PROPERTY_SEED=0x…  VIPERNEST_PROPERTY_CASES=1  swift test --filter ValidationProperty

/// A key type of the random graphs; its static members build, register and resolve its node.
protocol PropertyKey: SendableMetatype {}
enum PK0: PropertyKey {}
enum PK1: PropertyKey {}
enum PK2: PropertyKey {}
enum PK3: PropertyKey {}
enum PK4: PropertyKey {}
enum PK5: PropertyKey {}
enum PK6: PropertyKey {}
enum PK7: PropertyKey {}
enum PK8: PropertyKey {}
enum PK9: PropertyKey {}
enum PK10: PropertyKey {}
enum PK11: PropertyKey {}

enum PS0: UserStory {}
enum PS1: UserStory {}
enum PS2: UserStory {}
enum PS3: UserStory {}

var propertyKeys: [any PropertyKey.Type] {
  [
    PK0.self, PK1.self, PK2.self, PK3.self, PK4.self, PK5.self, PK6.self, PK7.self, PK8.self,
    PK9.self, PK10.self, PK11.self,
  ]
}
var propertyStories: [any UserStory.Type] { [PS0.self, PS1.self, PS2.self, PS3.self] }

extension PropertyKey {
  static var nodeType: Any.Type { PNode<Self>.self }

  static func dependencyType(deferred: Bool) -> any PropertyDependency.Type {
    deferred ? Provider<PNode<Self>>.self : PNode<Self>.self
  }

  static func resolveNode(from story: Story) throws -> AnyObject {
    try story.resolve(PNode<Self>.self)
  }
}

extension UserStory {
  static var lifetime: Lifetime { .story(Self.self) }

  static func open(in parent: Story) throws -> Story { try parent.open(Self.self) }

  static func declare(in parents: [any UserStory.Type], _ r: Registrar, _ body: (Registrar) -> Void)
  {
    switch parents.count {
    case 0: r.story(Self.self, body: body)
    case 1: r.story(Self.self, in: parents[0], body: body)
    default: r.story(Self.self, in: parents[0], parents[1], body: body)
    }
  }
}

/// Every instance the property test builds: it records itself, what it holds, and the lifetime of
/// the registration that built it.
final class PropertyInstances: @unchecked Sendable {
  // Invariant: `objects` is only touched while holding `lock`.
  final class Record {
    weak var object: AnyObject?
    let lifetime: String
    let key: Int
    init(_ object: AnyObject, lifetime: String, key: Int) {
      self.object = object
      self.lifetime = lifetime
      self.key = key
    }
  }

  private let lock = NSLock()
  private var records: [Record] = []

  func add(_ object: AnyObject, lifetime: String, key: Int) {
    lock.withLock { records.append(Record(object, lifetime: lifetime, key: key)) }
  }

  /// The live instances: (object, lifetime, key).
  var alive: [(object: AnyObject, lifetime: String, key: Int)] {
    lock.withLock { records.compactMap { r in r.object.map { ($0, r.lifetime, r.key) } } }
  }

  func created(lifetime: String, key: Int) -> Int {
    lock.withLock { records.filter { $0.lifetime == lifetime && $0.key == key }.count }
  }
}

/// What a dependency parameter holds: an instance, or nothing for a `Provider`.
protocol PropertyDependency: SendableMetatype { var held: AnyObject? { get } }

/// Builds a node from its resolved dependencies.
typealias Make<T> = @Sendable ([any PropertyDependency]) -> T

extension PropertyDependency {
  /// Registers `T` built from one `Self`.
  static func register<T>(
    _: T.Type, _ lifetime: Lifetime, _ r: Registrar, _ make: @escaping Make<T>
  ) {
    r.register(T.self, lifetime: lifetime, { (a: Self) in make([a]) })
  }

  /// Registers `T` built from `A` and `Self`.
  static func register<T, A: PropertyDependency>(
    _: T.Type, after _: A.Type, _ lifetime: Lifetime, _ r: Registrar, _ make: @escaping Make<T>
  ) {
    r.register(T.self, lifetime: lifetime, { (a: A, b: Self) in make([a, b]) })
  }

  /// Registers `T` built from `A`, `B` and `Self`.
  static func register<T, A: PropertyDependency, B: PropertyDependency>(
    _: T.Type, after _: A.Type, _: B.Type, _ lifetime: Lifetime, _ r: Registrar,
    _ make: @escaping Make<T>
  ) {
    r.register(T.self, lifetime: lifetime, { (a: A, b: B, c: Self) in make([a, b, c]) })
  }

  /// Opens the next dependency type: registers `T` built from `Self` then `next`.
  static func register<T>(
    _: T.Type, then next: any PropertyDependency.Type, _ lifetime: Lifetime, _ r: Registrar,
    _ make: @escaping Make<T>
  ) {
    next.register(T.self, after: Self.self, lifetime, r, make)
  }

  /// Registers `T` built from `Self`, `second` and `third`.
  static func register<T>(
    _: T.Type, then second: any PropertyDependency.Type, _ third: any PropertyDependency.Type,
    _ lifetime: Lifetime, _ r: Registrar, _ make: @escaping Make<T>
  ) {
    second.register(T.self, after: Self.self, then: third, lifetime, r, make)
  }

  static func register<T, A: PropertyDependency>(
    _: T.Type, after _: A.Type, then third: any PropertyDependency.Type, _ lifetime: Lifetime,
    _ r: Registrar, _ make: @escaping Make<T>
  ) {
    third.register(T.self, after: A.self, Self.self, lifetime, r, make)
  }
}

final class PNode<Key: PropertyKey>: PropertyDependency {
  let dependencies: [AnyObject]
  var held: AnyObject? { self }
  init(_ instances: PropertyInstances, lifetime: String, key: Int, dependencies: [AnyObject]) {
    self.dependencies = dependencies
    instances.add(self, lifetime: lifetime, key: key)
  }
}

extension Provider: PropertyDependency {
  var held: AnyObject? { nil }
}

/// One random registration.
struct PropertyRegistration: CustomStringConvertible {
  enum Life: CustomStringConvertible {
    case transient, graph, weak, app
    case story(Int)

    var description: String {
      switch self {
      case .transient: "transient"
      case .graph: "graph"
      case .weak: "weak"
      case .app: "app"
      case .story(let index): "story(PS\(index))"
      }
    }
  }

  let key: Int
  let life: Life
  /// (key, deferred through a Provider)
  let dependencies: [(key: Int, deferred: Bool)]
  /// The story it is local to, if any.
  let story: Int?
  let isOverride: Bool

  var description: String {
    let dependencies = self.dependencies.map { $0.deferred ? "Provider<K\($0.key)>" : "K\($0.key)" }
    return "\(isOverride ? "override " : "")K\(key) \(life) \(story.map { "in PS\($0) " } ?? "")"
      + "<- [\(dependencies.joined(separator: ", "))]"
  }
}

/// A random registration graph: root registrations, root overrides, story-local ones, parents.
struct PropertyGraph: CustomStringConvertible {
  var keyCount = 0
  var storyCount = 0
  var parents: [[Int?]] = []  // per story: declared parents (nil = the app story)
  var root: [PropertyRegistration] = []
  var overrides: [PropertyRegistration] = []
  var locals: [PropertyRegistration] = []

  init(random: inout SeededGenerator) {
    keyCount = Int.random(in: 3...propertyKeys.count, using: &random)
    storyCount = Int.random(in: 1...propertyStories.count, using: &random)
    for story in 0..<storyCount {
      var declared: [Int?] = []
      if random.chance(35) {
        for _ in 0..<Int.random(in: 1...2, using: &random) {
          let parent: Int? =
            random.chance(20) ? nil : Int.random(in: 0..<storyCount, using: &random)
          if parent != story, !declared.contains(parent) { declared.append(parent) }
        }
      }
      parents.append(declared)
    }
    func life(local: Bool) -> PropertyRegistration.Life {
      switch Int.random(in: 0..<12, using: &random) {
      case 0..<4: .transient
      case 4: .graph
      case 5: .weak
      case 6..<8 where !local: .app
      default: .story(Int.random(in: 0..<storyCount, using: &random))
      }
    }
    // Dependencies mostly point at later keys (so most graphs have no cycle), sometimes anywhere.
    func dependencies(of key: Int) -> [(key: Int, deferred: Bool)] {
      let count = [0, 0, 0, 1, 1, 1, 2, 2, 3].randomElement(using: &random)!
      return (0..<count).map { _ in
        let target =
          key + 1 < keyCount && random.chance(88)
          ? Int.random(in: (key + 1)..<keyCount, using: &random)
          : Int.random(in: 0..<keyCount, using: &random)
        return (target, random.chance(12))
      }
    }
    for key in 0..<keyCount where random.chance(93) {
      root.append(
        PropertyRegistration(
          key: key, life: life(local: false), dependencies: dependencies(of: key), story: nil,
          isOverride: false))
    }
    for original in root where random.chance(15) {
      overrides.append(
        PropertyRegistration(
          key: original.key, life: life(local: false), dependencies: dependencies(of: original.key),
          story: nil, isOverride: true))
    }
    for story in 0..<storyCount where random.chance(45) {
      var used: Set<Int> = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let key = Int.random(in: 0..<keyCount, using: &random)
        guard used.insert(key).inserted else { continue }
        locals.append(
          PropertyRegistration(
            key: key, life: life(local: true), dependencies: dependencies(of: key), story: story,
            isOverride: false))
      }
    }
    // A story-local registration must say `overriding` exactly when an enclosing one exists
    // (through declared parents, then the root), as `start()` requires.
    locals = locals.map { local in
      PropertyRegistration(
        key: local.key, life: local.life, dependencies: local.dependencies, story: local.story,
        isOverride: enclosingExists(key: local.key, outside: local.story!))
    }
  }

  private func enclosingExists(key: Int, outside story: Int) -> Bool {
    var visited: Set<Int> = [story]
    var frontier = parents[story].compactMap { $0 }
    while !frontier.isEmpty {
      var next: [Int] = []
      for parent in frontier where visited.insert(parent).inserted {
        if locals.contains(where: { $0.story == parent && $0.key == key }) { return true }
        next.append(contentsOf: parents[parent].compactMap { $0 })
      }
      frontier = next
    }
    return root.contains { $0.key == key }
  }

  var description: String {
    var lines = ["\(keyCount) keys, \(storyCount) stories"]
    for (story, declared) in parents.enumerated() where !declared.isEmpty {
      lines.append(
        "PS\(story) in " + declared.map { $0.map { "PS\($0)" } ?? "App" }.joined(separator: ", "))
    }
    lines += (root + overrides + locals).map(\.description)
    return lines.joined(separator: "\n")
  }

  // MARK: Installing

  func install(into registry: Registry, instances: PropertyInstances) throws {
    try registry.install(
      AnyAssembly("Random") { r in
        for registration in root { register(registration, r, instances) }
        for story in 0..<storyCount {
          let declared = parents[story].map { $0.map { propertyStories[$0] } ?? AppStory.self }
          let locals = self.locals.filter { $0.story == story }
          propertyStories[story].declare(in: declared, r) { r in
            for registration in locals {
              register(registration, registration.isOverride ? r.overriding : r, instances)
            }
          }
        }
      },
      AnyAssembly("RandomOverrides") { r in
        for registration in overrides { register(registration, r.overriding, instances) }
      })
  }

  private func register(
    _ registration: PropertyRegistration, _ r: Registrar, _ instances: PropertyInstances
  ) {
    propertyKeys[registration.key].register(registration, r, instances)
  }
}

extension PropertyKey {
  fileprivate static func register(
    _ registration: PropertyRegistration, _ r: Registrar, _ instances: PropertyInstances
  ) {
    let lifetime: Lifetime =
      switch registration.life {
      case .transient: .transient
      case .graph: .graph
      case .weak: .weak
      case .app: .app
      case .story(let index): propertyStories[index].lifetime
      }
    let label = "\(registration.life)"
    let index = registration.key
    let make: Make<PNode<Self>> = { dependencies in
      PNode<Self>(
        instances, lifetime: label, key: index, dependencies: dependencies.compactMap(\.held))
    }
    let types = registration.dependencies.map {
      propertyKeys[$0.key].dependencyType(deferred: $0.deferred)
    }
    switch types.count {
    case 0: r.register(PNode<Self>.self, lifetime: lifetime, { () in make([]) })
    case 1: types[0].register(PNode<Self>.self, lifetime, r, make)
    case 2: types[0].register(PNode<Self>.self, then: types[1], lifetime, r, make)
    default: types[0].register(PNode<Self>.self, then: types[1], types[2], lifetime, r, make)
    }
  }
}

/// One open story of a case's tree and its chain of story indices below the app.
private struct OpenStory {
  let story: Story
  let chain: [Int]
}

struct ValidationPropertyTests {
  static let defaultSeed: UInt64 = 0x5EED_7A11_DA7E
  static let defaultCases: UInt64 = 1_000

  @Test func validationAgreesWithResolutionOnRandomGraphsAndClosingEveryStoryLeavesOnlyTheApp()
    throws
  {
    let baseSeed = environmentInteger("VIPERNEST_PROPERTY_SEED") ?? Self.defaultSeed
    let cases = environmentInteger("VIPERNEST_PROPERTY_CASES") ?? Self.defaultCases
    var failedCases = 0
    var statistics: [String: Int] = [:]
    for index in 0..<cases {
      let seed = baseSeed &+ index &* 0x9E37_79B9_7F4A_7C15
      let failures = try Self.check(seed: seed, statistics: &statistics)
      guard !failures.isEmpty else { continue }
      failedCases += 1
      if failedCases <= 3 {
        var random = SeededGenerator(seed: seed)
        let graph = PropertyGraph(random: &random)
        Issue.record(
          """
          Property failed for seed \(String(seed, radix: 16)) (case \(index)); reproduce with
            VIPERNEST_PROPERTY_SEED=0x\(String(seed, radix: 16)) VIPERNEST_PROPERTY_CASES=1 \
          swift test --filter ValidationPropertyTests
          \(failures.prefix(6).joined(separator: "\n"))
          graph:
          \(graph)
          """)
      }
    }
    #expect(failedCases == 0, "\(failedCases) of \(cases) cases failed")
    print(
      "ValidationPropertyTests: \(cases) cases from seed 0x\(String(baseSeed, radix: 16)); "
        + statistics.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
          separator: ", "))
  }

  /// Runs one case; returns what went wrong.
  static func check(seed: UInt64, statistics: inout [String: Int]) throws -> [String] {
    var random = SeededGenerator(seed: seed)
    let graph = PropertyGraph(random: &random)
    let instances = PropertyInstances()
    let registry = Registry()
    var failures: [String] = []
    do {
      try graph.install(into: registry, instances: instances)
    } catch {
      return ["install failed: \(error)"]
    }
    let app: Story
    do {
      app = try registry.start(quiet)
    } catch {
      return ["start failed: \(error)"]
    }
    let report = registry.validate()
    statistics[report.isValid ? "valid graphs" : "invalid graphs", default: 0] += 1

    // The story tree: every chain validation checks, plus random nesting.
    let storyIndex = Dictionary(
      uniqueKeysWithValues: propertyStories.enumerated().map { (ObjectIdentifier($1), $0) })
    var stories: [OpenStory] = [OpenStory(story: app, chain: [])]
    for chain in registry.validationChains() where !chain.isEmpty {
      var parent = app
      var indices: [Int] = []
      for id in chain {
        let index = storyIndex[id]!
        indices.append(index)
        do {
          parent = try propertyStories[index].open(in: parent)
        } catch {
          failures.append("opening validation chain \(indices) failed: \(error)")
          break
        }
        // Intermediate stories are kept too: dropping one would close the chain below it.
        stories.append(OpenStory(story: parent, chain: indices))
      }
    }
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let parent = stories[Int.random(in: 0..<stories.count, using: &random)]
      let index = Int.random(in: 0..<graph.storyCount, using: &random)
      let declared = graph.parents[index]
      let allowed =
        declared.isEmpty
        || declared.contains { $0 == nil || parent.chain.contains($0!) }
      do {
        let story = try propertyStories[index].open(in: parent.story)
        if !allowed { failures.append("PS\(index) opened outside its parents in \(parent.chain)") }
        let chain = parent.chain + [index]
        stories.append(OpenStory(story: story, chain: chain))
      } catch let error as ViperNestError where error.code == .storyOpenedOutsideParent {
        if allowed { failures.append("PS\(index) refused in \(parent.chain): \(error)") }
        statistics["refused opens", default: 0] += 1
      }
    }

    // Validation's verdict against resolution, key by key, chain by chain.
    let types = (0..<graph.keyCount).map { propertyKeys[$0].nodeType }
    var checked: [(verdict: ValidationVerdict, resolved: Bool)] = []
    for open in stories {
      let verdicts = registry.validationVerdicts(
        for: types, in: open.chain.map { propertyStories[$0] })
      for key in 0..<graph.keyCount {
        let resolved: ViperNestError.Code?
        do {
          _ = try propertyKeys[key].resolveNode(from: open.story)
          resolved = nil
        } catch let error as ViperNestError {
          resolved = error.code
        }
        let verdict = verdicts[key]
        let predicted = verdict.map(\.code) ?? .missingRegistration
        statistics[resolved == nil ? "resolved" : "failed \(resolved!)", default: 0] += 1
        // The same verdict, and the same error: validation names the failure resolving meets first.
        if predicted != resolved {
          failures.append(
            "K\(key) in App\(open.chain.map { " > PS\($0)" }.joined()): validation says "
              + "\(predicted.map { "\($0)" } ?? "resolves"), resolving "
              + "\(resolved.map { "threw \($0)" } ?? "succeeded")")
        }
        if let verdict, verdict.isChecked {
          checked.append((verdict, resolved == nil))
        }
      }
    }
    statistics["verdicts compared", default: 0] += stories.count * graph.keyCount

    // validate()'s report agrees: a structural failure anywhere it checks, or a registration that
    // resolves nowhere it checks, is reported; nothing else is.
    let resolvesSomewhere = Set(checked.filter(\.resolved).map(\.verdict.entryID))
    let reportable = checked.filter { pair in
      !pair.resolved
        && (!pair.verdict.isStoryBound || !resolvesSomewhere.contains(pair.verdict.entryID))
    }
    // A provider of something its consumer's scope cannot resolve is reported, though the
    // consumer resolves (the provider throws only when called).
    let onlyProviderProblems = report.problems.allSatisfy {
      $0.description.contains("calling the provider will throw")
    }
    if report.isValid, let first = reportable.first {
      failures.append(
        "validate() passed, but entry \(first.verdict.entryID) fails: \(first.verdict)")
    }
    if !report.isValid, reportable.isEmpty, !onlyProviderProblems {
      failures.append("validate() failed, but everything it checks resolves:\n\(report)")
    }

    // Close everything (some stories by dropping their last reference): what stays alive is the
    // app singletons and what they hold.
    var handles = stories.dropFirst().map(\.story)
    stories.removeAll()
    while !handles.isEmpty {
      let handle = handles.remove(at: Int.random(in: 0..<handles.count, using: &random))
      if random.chance(70) { handle.close() }
    }
    do {
      let alive = instances.alive
      var reachable: Set<ObjectIdentifier> = []
      var pending = alive.filter { $0.lifetime == "app" }.map(\.object)
      while let object = pending.popLast() {
        guard reachable.insert(ObjectIdentifier(object)).inserted else { continue }
        if let node = object as? any PNodeHolding { pending.append(contentsOf: node.dependencies) }
      }
      let stray = alive.filter { !reachable.contains(ObjectIdentifier($0.object)) }
      if !stray.isEmpty {
        failures.append(
          "after closing every story, alive beyond the app singletons: "
            + stray.map { "K\($0.key) (\($0.lifetime))" }.joined(separator: ", "))
      }
    }
    for key in 0..<graph.keyCount where instances.created(lifetime: "app", key: key) > 1 {
      failures.append(
        "app singleton K\(key) created \(instances.created(lifetime: "app", key: key)) times")
    }
    if !app.tree.children.isEmpty { failures.append("stories left open: \(app.tree)") }
    app.close()
    if !instances.alive.isEmpty {
      failures.append(
        "after closing the app story, alive: "
          + instances.alive.map { "K\($0.key) (\($0.lifetime))" }.joined(separator: ", "))
    }
    return failures
  }
}

/// A node's strong references to other nodes.
protocol PNodeHolding { var dependencies: [AnyObject] { get } }
extension PNode: PNodeHolding {}
