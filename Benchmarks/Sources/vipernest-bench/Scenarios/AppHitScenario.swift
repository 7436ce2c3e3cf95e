import Swinject
import ViperNest

/// `app-hit`: resolve a cached app singleton.
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
      container.resolve(AppConfiguration.self)! === container.resolve(AppConfiguration.self)!,
      "Swinject .container singleton is shared")

    let measurement = try runner.measure([
      Contender("ours") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(try app.resolve(AppConfiguration.self)) }
        return sum
      },
      Contender("swinject") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(container.resolve(AppConfiguration.self)!) }
        return sum
      },
    ])
    var result = ScenarioResult(id: id)
    result.oursNs = measurement.median("ours")
    result.swinjectNs = measurement.median("swinject")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.checks = [
      .duration(result.oursNs, atMost: 40, "≤ 40 ns"),
      .ratio(result.swinjectOverOurs, atLeast: 25, "≥ 25× faster than Swinject .container"),
    ]
    result.notes = ["No hand-written counterpart (reading a stored let)."]
    return result
  }
}
