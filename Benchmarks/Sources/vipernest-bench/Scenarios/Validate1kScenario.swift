import ViperNest

/// `validate-1k`: `validate()` a 1,000-registration graph, on a fresh registry each iteration.
///
/// The graph has the shape of a VIPER app: app singletons at the bottom, a feature story whose
/// story-scoped services depend on them, and transients local to that story depending on the
/// story-scoped ones. Every registration is autowired with 2 dependencies (what it nests and a
/// shared clock), so validation checks every edge.
enum Validate1kScenario {
  static let id = "validate-1k"

  enum FeatureStory: UserStory {}

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let registry = try makeRegistry(registrations: 1_000)
    let report = registry.validate()
    try require(report.isValid, "validate-1k graph is valid: \(report)")
    try require(report.opaqueRegistrations.isEmpty, "validate-1k graph has no opaque registrations")

    // Each iteration validates a registry that has never been validated (validation keeps its
    // graph until the next install, so revalidating one registry would measure a warm path): the
    // registries are built before each batch, untimed, and released after it.
    var fresh: [Registry] = []
    let measurement = try runner.measure([
      Contender(
        "ours",
        beforeBatch: { n in
          fresh = try (0..<n).map { _ in try makeRegistry(registrations: 1_000) }
        },
        afterBatch: { fresh = [] }
      ) { n in
        var sum: UInt = 0
        for index in 0..<n {
          let report = fresh[index].validate()
          sum &+= UInt(report.checkedStoryChains.count &+ report.problems.count)
        }
        return sum
      }
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.checks = [.duration(measurement, "ours", atMost: 1_000_000, "≤ 1 ms")]
    result.notes = [
      "A fresh (never validated) registry each iteration. 1,000 autowired registrations (12 app singletons, 100 story-scoped, 888 story-local "
        + "transients), 2 story chains checked. Swinject has no graph validation."
    ]
    return result
  }

  /// 1 clock + 1 root + 10 level-1 (`.app`), 100 level-2 (`.story(Feature)`, local to it) and the
  /// rest level-3 transients local to the feature story.
  static func makeRegistry(registrations: Int) throws -> Registry {
    let levels = validationLevels(depth: 3)
    let fixed = 1 + levels[0].count + levels[1].count + levels[2].count
    let leaves = levels[3].prefix(registrations - fixed)
    let registry = Registry()
    try registry.install { r in
      r.register(ValidationClock.self, lifetime: .app, ValidationClock.init)
      for type in levels[0] + levels[1] { register(type, in: r, lifetime: .app) }
      r.story(FeatureStory.self, in: AppStory.self) { r in
        for type in levels[2] { register(type, in: r, lifetime: .story(FeatureStory.self)) }
        for type in leaves { register(type, in: r, lifetime: .transient) }
      }
    }
    return registry
  }

  private static func register(_ type: any ValidationNode.Type, in r: Registrar, lifetime: Lifetime)
  {
    guard let registering = type as? any ValidationRegistering.Type else {
      preconditionFailure("\(type) cannot register itself")
    }
    registering.register(in: r, lifetime: lifetime)
  }
}
