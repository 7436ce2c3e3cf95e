import Swinject
import ViperNest

/// `transient-leaf`: resolve a transient with no dependencies.
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

    let measurement = try runner.measure(contenders(ours: app, swinject: container))
    var result = ScenarioResult(id: id)
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.swinjectNs = measurement.median("swinject")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.checks = [
      .ratio(result.oursOverHandwired, atMost: 3, "≤ 3× a bare allocation"),
      .ratio(result.swinjectOverOurs, atLeast: 20, "≥ 20× faster than Swinject"),
    ]
    result.notes = [
      "Hand-written = a bare allocation (Leaf() in a non-inlined function); Swinject registration "
        + "uses .transient scope."
    ]
    return result
  }

  /// The leaf contenders, also used by `scale-10k`.
  static func contenders(
    ours app: Story, swinject container: Container, oursLabel: String = "ours",
    swinjectLabel: String = "swinject", includeHandwired: Bool = true
  ) -> [Contender] {
    var contenders = [
      Contender(oursLabel) { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(try app.resolve(Leaf.self)) }
        return sum
      }
    ]
    if includeHandwired {
      contenders.append(
        Contender("handwired") { n in
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(HandWiring.makeLeaf()) }
          return sum
        })
    }
    contenders.append(
      Contender(swinjectLabel) { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(container.resolve(Leaf.self)!) }
        return sum
      })
    return contenders
  }
}
