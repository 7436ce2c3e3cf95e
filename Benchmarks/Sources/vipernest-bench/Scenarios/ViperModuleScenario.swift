import Swinject
import ViperNest

/// `viper-module`: build a 4-object VIPER module with its 3 weak links and a shared service, then
/// release it.
enum ViperModuleScenario {
  static let id = "viper-module"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let app = try OursWiring.startApp()
    defer { app.close() }
    let oursService = try app.resolve((any SharedService).self)
    let hand = HandSingletons()
    let container = SwinjectWiring.makeContainer()
    let swinjectService = container.resolve((any SharedService).self)!

    try require(
      isWiredModule(try OursWiring.buildModule(app), service: oursService),
      "ViperNest module wiring")
    try require(
      isWiredModule(HandWiring.buildModule(service: hand.service), service: hand.service),
      "hand-written module wiring")
    try require(
      isWiredModule(SwinjectWiring.buildModule(container), service: swinjectService),
      "Swinject module wiring")
    try require(
      try moduleIsReleased { try OursWiring.buildModule(app) }, "ViperNest module released")
    try require(
      moduleIsReleased { HandWiring.buildModule(service: hand.service) },
      "hand-written module released")
    try require(
      moduleIsReleased { SwinjectWiring.buildModule(container) }, "Swinject module released")

    let measurement = try runner.measure([
      Contender("ours") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(try OursWiring.buildModule(app)) }
        return sum
      },
      Contender("handwired") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(HandWiring.buildModule(service: hand.service)) }
        return sum
      },
      Contender("swinject") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(SwinjectWiring.buildModule(container)) }
        return sum
      },
    ])
    var result = ScenarioResult(id: id)
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.swinjectNs = measurement.median("swinject")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.checks = [
      .ratio(result.oursOverHandwired, atMost: 1.5, "≤ 1.5× hand-written"),
      .ratio(result.swinjectOverOurs, atLeast: 20, "≥ 20× faster than Swinject"),
    ]
    result.notes = [
      "Module built through the registry (autowiring + a closure setting the 3 weak links); "
        + "issue 3's module builder is not on main yet."
    ]
    return result
  }
}
