import Dependencies
import Swinject
import ViperNest

/// `transient-leaf`: resolve a transient with no dependencies. swift-dependencies: a `@MainActor`
/// model reads its `@Dependency(\.leafFactory)` and calls its `make` closure (the library hands
/// out values; a new instance per use is a dependency whose value creates one).
enum TransientLeafScenario {
  static let id = "transient-leaf"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let app = try OursWiring.startApp()
    defer { app.close() }
    let container = SwinjectWiring.makeContainer()
    try require(
      try app.resolve(Leaf.self) !== app.resolve(Leaf.self), "ViperNest leaf is transient")
    try require(
      container.resolve(Leaf.self)! !== container.resolve(Leaf.self)!, "Swinject leaf is transient")
    try require(
      try drawsPerIteration { _ = try app.resolve(Leaf.self) } == 0,
      "ViperNest draws no random numbers")
    let swinjectDraws = drawsPerIteration { _ = container.resolve(Leaf.self)! }
    let model = MainActor.assumeIsolated { LeafModel() }
    try MainActor.assumeIsolated {
      try require(
        model.leafFactory.make() !== model.leafFactory.make(),
        "swift-dependencies leaf factory makes a new leaf each time")
    }

    let measurement = try runner.measure([
      Contender("ours") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(try app.resolve(Leaf.self)) }
        return sum
      },
      Contender("handwired") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(HandWiring.makeLeaf()) }
        return sum
      },
      Contender("swinject") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(container.resolve(Leaf.self)!) }
        return sum
      },
      Contender("swift-dependencies") { n in
        MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(model.leafFactory.make()) }
          return sum
        }
      },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.swinjectNs = measurement.median("swinject")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.setSwiftDependencies(measurement)
    result.checks = [
      .ratio(measurement, "ours", over: "handwired", atMost: 3, "≤ 3× a bare allocation"),
      .speedup(measurement, atLeast: 20, "≥ 20× faster than Swinject"),
    ]
    result.notes = [
      "Hand-written = a bare allocation (Leaf() in a non-inlined function); Swinject registration "
        + "uses .transient scope and draws \(Format.fixed(swinjectDraws, 0)) random graph "
        + "identifier(s) per resolution. swift-dependencies (no target): a @MainActor model "
        + "reads @Dependency(\\.leafFactory) and calls its make closure (Leaf())."
    ]
    return result
  }
}
