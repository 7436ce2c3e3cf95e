import Swinject
import ViperNest

/// `story-hit`: resolve a story-scoped instance from a story nested 3 deep, from non-isolated code
/// and from `@MainActor` code.
enum StoryHitScenario {
  static let id = "story-hit"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let app = try OursWiring.startApp()
    defer { app.close() }
    let outer = try app.open(OuterStory.self)
    let middle = try outer.open(MiddleStory.self)
    let inner = try middle.open(InnerStory.self)
    try require(
      try inner.resolve(FlowState.self) === outer.resolve(FlowState.self),
      "ViperNest story instance is shared by the nested stories")
    try require(
      try MainActor.assumeIsolated { ObjectIdentifier(try inner.resolve(FlowState.self)) }
        == ObjectIdentifier(try outer.resolve(FlowState.self)),
      "ViperNest story instance is shared with @MainActor code")

    // Swinject: one child container per level; the flow's service is registered in the first.
    let root = SwinjectWiring.makeContainer()
    let level1 = Container(parent: root)
    level1.register(FlowState.self) { _ in FlowState() }.inObjectScope(.container)
    let level2 = Container(parent: level1)
    let level3 = Container(parent: level2)
    try require(
      level3.resolve(FlowState.self)! === level1.resolve(FlowState.self)!,
      "Swinject child containers share the instance")
    let swinjectDraws = drawsPerIteration { _ = level3.resolve(FlowState.self)! }
    try require(
      try drawsPerIteration { _ = try inner.resolve(FlowState.self) } == 0,
      "ViperNest draws no random numbers")

    let measurement = try runner.measure([
      Contender("ours") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(try inner.resolve(FlowState.self)) }
        return sum
      },
      Contender("ours-main") { n in
        try MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(try inner.resolve(FlowState.self)) }
          return sum
        }
      },
      Contender("swinject") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(level3.resolve(FlowState.self)!) }
        return sum
      },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.swinjectNs = measurement.median("swinject")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.checks = [
      .duration(measurement, "ours", atMost: 60, "≤ 60 ns"),
      .duration(measurement, "ours-main", atMost: 60, "≤ 60 ns from @MainActor"),
    ]
    result.notes = [
      "From @MainActor code: \(Format.duration(measurement.median("ours-main"))); Swinject / "
        + "ViperNest from @MainActor: \(Format.ratio(measurement.ratio("swinject", over: "ours-main"))) "
        + "(\(Platform.swinjectRatio)). Stories App > Outer > Middle > Inner; the instance is scoped "
        + "to Outer and resolved from Inner (the lookup walks up 2 stories). Swinject: 3 nested "
        + "child containers, .container scope registered in the first; it draws "
        + "\(Format.fixed(swinjectDraws, 0)) random graph identifiers per resolution (one per "
        + "container in the chain)."
    ]
    return result
  }
}
