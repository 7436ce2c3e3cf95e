import Dependencies
import Swinject
import ViperNest

/// `app-hit`: resolve a cached app singleton, from non-isolated code and from `@MainActor` code
/// (where VIPER code resolves; `resolve` then marks the thread as running main-actor code).
/// swift-dependencies: a `@MainActor` model reads its `@Dependency(\.appConfiguration)`, whose
/// `liveValue` is one shared instance.
enum AppHitScenario {
  static let id = "app-hit"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let app = try OursWiring.startApp()
    defer { app.close() }
    let container = SwinjectWiring.makeContainer()
    try require(
      try app.resolve(AppConfiguration.self) === app.resolve(AppConfiguration.self),
      "ViperNest app singleton is shared")
    try require(
      try MainActor.assumeIsolated { try app.resolve(AppConfiguration.self) }
        === app.resolve(AppConfiguration.self),
      "ViperNest app singleton is shared with @MainActor code")
    try require(
      container.resolve(AppConfiguration.self)! === container.resolve(AppConfiguration.self)!,
      "Swinject .container singleton is shared")
    let oursDraws = try drawsPerIteration { _ = try app.resolve(AppConfiguration.self) }
    let swinjectDraws = drawsPerIteration { _ = container.resolve(AppConfiguration.self)! }
    try require(oursDraws == 0, "ViperNest draws no random numbers")
    let model = MainActor.assumeIsolated { ConfigurationModel() }
    try MainActor.assumeIsolated {
      try require(
        model.configuration === model.configuration
          && model.configuration === ConfigurationModel().configuration
          && model.configuration === AppConfigurationKey.liveValue,
        "swift-dependencies liveValue is one shared instance")
    }

    let measurement = try runner.measure([
      Contender("ours") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(try app.resolve(AppConfiguration.self)) }
        return sum
      },
      Contender("ours-main") { n in
        try MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(try app.resolve(AppConfiguration.self)) }
          return sum
        }
      },
      Contender("swinject") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(container.resolve(AppConfiguration.self)!) }
        return sum
      },
      Contender("swift-dependencies") { n in
        MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(model.configuration) }
          return sum
        }
      },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.swinjectNs = measurement.median("swinject")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.setSwiftDependencies(measurement)
    result.checks = [
      .duration(measurement, "ours", atMost: 40, "≤ 40 ns"),
      .duration(measurement, "ours-main", atMost: 40, "≤ 40 ns from @MainActor"),
      .speedup(measurement, atLeast: 25, "≥ 25× faster than Swinject .container"),
      .speedup(
        measurement, over: "ours-main", atLeast: 25,
        "≥ 25× faster than Swinject .container from @MainActor"),
    ]
    result.notes = [
      "From @MainActor code: \(Format.duration(measurement.median("ours-main"))). No "
        + "hand-written counterpart (reading a stored let). Swinject draws "
        + "\(Format.fixed(swinjectDraws, 0)) random graph identifier(s) per resolution. "
        + "swift-dependencies (no target): a @MainActor model's @Dependency(\\.appConfiguration) "
        + "read, the key's liveValue a shared instance; "
        + "\(Format.ratio(measurement.ratio("swift-dependencies", over: "ours-main"))) ViperNest "
        + "from @MainActor."
    ]
    return result
  }
}
