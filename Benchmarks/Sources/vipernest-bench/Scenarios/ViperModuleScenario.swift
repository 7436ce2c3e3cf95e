import Swinject
import ViperNest
import ViperNestHeadless

/// `viper-module`: build a 4-object VIPER module with its 3 weak links and a shared service, then
/// release it.
///
/// ViperNest builds it with issue 3's `VIPERBuilder` (layers resolved from the registry, links
/// wired through the contracts). Hand-written code creates the same classes and wires the same
/// links; Swinject resolves the same classes and wires the links in `initCompleted`. All on the
/// main actor, where UI modules are built.
@MainActor
enum ViperModuleScenario {
  static let id = "viper-module"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let fixture = try BuilderModuleFixture()
    defer { fixture.close() }
    try fixture.verify()

    let measurement = try runner.measure([
      Contender("ours") { n in try fixture.oursBatch(n) },
      Contender("handwired") { n in fixture.handwiredBatch(n) },
      Contender("swinject") { n in fixture.swinjectBatch(n) },
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
      "ViperNest: BenchBuilder.build(in: app) (issue 3's VIPERBuilder, headless view, layers "
        + "registered mainActor:). Hand-written: the same 4 classes and links wired by hand. "
        + "Swinject: the same classes, links wired in initCompleted."
    ]
    return result
  }
}

/// The three ways of building the builder module, set up once; shared with `memory-1m`.
@MainActor
final class BuilderModuleFixture {
  let host = HeadlessHost()
  let app: Story
  let oursService: any SharedService
  let handService: any SharedService = AppSharedService()
  let container: Container
  let swinjectService: any SharedService

  init() throws {
    app = try OursWiring.startBuilderApp(host: host)
    oursService = try app.resolve((any SharedService).self)
    container = SwinjectWiring.makeBuilderContainer(host: host, routerResolver: app.resolver)
    swinjectService = container.resolve((any SharedService).self)!
  }

  func close() { app.close() }

  /// Every contender builds a correctly wired module that is released with its view.
  func verify() throws {
    try require(
      isWiredBuilderModule(try OursWiring.buildWithBuilder(app), service: oursService),
      "ViperNest builder module wiring")
    try require(
      isWiredBuilderModule(handBuild(), service: handService), "hand-written module wiring")
    try require(
      isWiredBuilderModule(container.resolve(BenchView.self)!, service: swinjectService),
      "Swinject module wiring")
    try require(
      try builderModuleIsReleased { try OursWiring.buildWithBuilder(app) },
      "ViperNest module released")
    try require(builderModuleIsReleased { handBuild() }, "hand-written module released")
    try require(
      builderModuleIsReleased { container.resolve(BenchView.self)! }, "Swinject module released")
  }

  func handBuild() -> BenchView {
    HandWiring.buildBuilderModule(host: host, service: handService, resolver: app.resolver)
  }

  // The batches are nonisolated closures in the harness; they run on the main thread, so they
  // enter the main actor with `assumeIsolated` once per batch.

  nonisolated func oursBatch(_ n: Int) throws -> UInt {
    try MainActor.assumeIsolated {
      var sum: UInt = 0
      for _ in 0..<n { sum &+= digest(try OursWiring.buildWithBuilder(app)) }
      return sum
    }
  }

  nonisolated func handwiredBatch(_ n: Int) -> UInt {
    MainActor.assumeIsolated {
      let resolver = app.resolver
      var sum: UInt = 0
      for _ in 0..<n {
        sum &+= digest(
          HandWiring.buildBuilderModule(host: host, service: handService, resolver: resolver))
      }
      return sum
    }
  }

  nonisolated func swinjectBatch(_ n: Int) -> UInt {
    MainActor.assumeIsolated {
      var sum: UInt = 0
      for _ in 0..<n { sum &+= digest(container.resolve(BenchView.self)!) }
      return sum
    }
  }
}
