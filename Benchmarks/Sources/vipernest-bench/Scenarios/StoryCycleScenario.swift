import Dependencies
import Swinject
import ViperNest

/// `story-cycle`: open a child story, resolve a story-scoped service twice, close it.
/// swift-dependencies: `withDependencies { $0.flowSession = FlowSession() } operation: { … }`, a
/// `@MainActor` model created in the scope reads its `@Dependency(\.flowSession)` twice.
enum StoryCycleScenario {
  static let id = "story-cycle"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let app = try OursWiring.startApp()
    defer { app.close() }
    let root = SwinjectWiring.makeContainer()

    try require(try oursCycle(app) == 0, "ViperNest story instance shared within the story")
    try require(swinjectCycle(root) == 0, "Swinject child-container instance shared")
    weak var released: FlowSession?
    try {
      let story = try app.open(FlowStory.self)
      released = try story.resolve(FlowSession.self)
      story.close()
    }()
    try require(released == nil, "ViperNest releases the story's instance on close")
    try require(try drawsPerIteration { _ = try oursCycle(app) } == 0, "ViperNest draws nothing")
    let swinjectDraws = drawsPerIteration { _ = swinjectCycle(root) }
    try MainActor.assumeIsolated {
      try require(
        SwiftDependenciesWiring.cycle() == 0, "swift-dependencies scoped session shared in scope")
      let unscoped = FlowSessionKey.liveValue.value
      weak var scoped: FlowSession?
      let outside = withDependencies {
        $0.flowSession = FlowSession()
      } operation: {
        let session = FlowModel().session
        scoped = session
        return session !== unscoped
      }
      try require(outside, "swift-dependencies scope has its own session, not the live value")
      try require(scoped == nil, "swift-dependencies releases the scope's session when it ends")
      try require(FlowModel().session === unscoped, "swift-dependencies scope ended")
    }

    let measurement = try runner.measure([
      Contender("ours") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= try oursCycle(app) }
        return sum
      },
      Contender("handwired") { n in
        var sum: UInt = 0
        for _ in 0..<n {
          let scope = HandFlowScope()
          let first = scope.session
          let second = scope.session
          sum &+= digest(first) ^ digest(second) ^ digest(scope)
        }
        return sum
      },
      Contender("swinject") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= swinjectCycle(root) }
        return sum
      },
      Contender("swift-dependencies") { n in
        MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= SwiftDependenciesWiring.cycle() }
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
      .speedup(measurement, atLeast: 10, "≥ 10× faster than Swinject's child container")
    ]
    result.notes = [
      "Swinject: Container(parent:), register the flow service with .container scope, resolve "
        + "twice, release the container. Hand-written: a scope object with a lazily created "
        + "service. Swinject draws \(Format.fixed(swinjectDraws, 0)) random graph identifiers "
        + "per cycle. swift-dependencies (no target): withDependencies { $0.flowSession = "
        + "FlowSession() } operation: { a @MainActor model created in the scope reads "
        + "@Dependency(\\.flowSession) twice }; the session is created eagerly when the scope "
        + "opens and released when it ends."
    ]
    return result
  }

  /// One cycle; returns 0 when both resolutions gave the same instance (the digest of a correct
  /// cycle), so the check above and the timed loop run the same code.
  @inline(__always)
  private static func oursCycle(_ app: Story) throws -> UInt {
    let story = try app.open(FlowStory.self)
    let first = try story.resolve(FlowSession.self)
    let second = try story.resolve(FlowSession.self)
    story.close()
    return digest(first) ^ digest(second)
  }

  @inline(__always)
  private static func swinjectCycle(_ root: Container) -> UInt {
    let child = Container(parent: root)
    child.register(FlowSession.self) { _ in FlowSession() }.inObjectScope(.container)
    let first = child.resolve(FlowSession.self)!
    let second = child.resolve(FlowSession.self)!
    return digest(first) ^ digest(second)
  }
}
