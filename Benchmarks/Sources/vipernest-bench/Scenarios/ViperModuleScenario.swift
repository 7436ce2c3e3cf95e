import Swinject
import ViperNest
import ViperNestHeadless

/// `viper-module`: build a 4-object VIPER module with its 3 weak links and a shared service, then
/// release it; twice: with a headless view controller and issue 3's builder, and with plain
/// objects built through the registry. Both are held to the targets.
///
/// Headless: ViperNest builds it with `VIPERBuilder` (layers resolved from the registry, links
/// wired through the contracts); hand-written code creates the same classes and wires the same
/// links; Swinject resolves the same classes and wires the links in `initCompleted`. Plain: the
/// classes of `ModuleTypes.swift`, initializer dependencies downwards and weak back-references.
/// All on the main actor, where UI modules are built. Every contender is checked to build one
/// object of each role per module before it is timed.
@MainActor
enum ViperModuleScenario {
  static let id = "viper-module"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let fixture = try BuilderModuleFixture()
    defer { fixture.close() }
    try fixture.verify()
    let plain = try PlainModuleFixture()
    defer { plain.close() }
    try plain.verify()
    let swinjectDraws = drawsPerIteration { _ = fixture.swinjectBatch(1) }
    let swinjectPlainDraws = drawsPerIteration { _ = plain.swinjectBatch(1) }

    let measurement = try runner.measure([
      Contender("ours") { n in try fixture.oursBatch(n) },
      Contender("handwired") { n in fixture.handwiredBatch(n) },
      Contender("swinject") { n in fixture.swinjectBatch(n) },
      Contender("ours-plain") { n in try plain.oursBatch(n) },
      Contender("handwired-plain") { n in plain.handwiredBatch(n) },
      Contender("swinject-plain") { n in plain.swinjectBatch(n) },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.swinjectNs = measurement.median("swinject")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.checks = [
      .ratio(
        measurement, "ours", over: "handwired", atMost: 1.25,
        "≤ 1.25× hand-written (headless; issue 26 allows up to 1.5× where app scale needs it)"),
      .ratio(
        measurement, "ours-plain", over: "handwired-plain", atMost: 1.25,
        "≤ 1.25× hand-written (plain; issue 26 allows up to 1.5× where app scale needs it)"),
      .speedup(measurement, atLeast: 20, "≥ 20× faster than Swinject (headless)"),
      .speedup(
        measurement, "swinject-plain", over: "ours-plain", atLeast: 20,
        "≥ 20× faster than Swinject (plain)"),
    ]
    result.notes = [
      "Headless: ViperNest BenchBuilder.build(in: app) (issue 3's VIPERBuilder, headless view, "
        + "layers registered mainActor:); hand-written: the same 4 classes and links wired by "
        + "hand; Swinject: the same classes, links wired in initCompleted. Plain objects: "
        + "ViperNest \(Format.duration(measurement.median("ours-plain"))) (autowired registrations, "
        + "resolved from @MainActor code), hand-written "
        + "\(Format.duration(measurement.median("handwired-plain"))), Swinject "
        + "\(Format.duration(measurement.median("swinject-plain"))) (back-references injected in "
        + "initCompleted from the graph). One object of each role per module, counted for every "
        + "contender before timing. Swinject draws \(Format.fixed(swinjectDraws, 0)) "
        + "(headless) and \(Format.fixed(swinjectPlainDraws, 0)) (plain) random graph "
        + "identifiers per module. The target is ≤ 1.25× hand-written (issues 17 and 26); issue "
        + "26 lets it go to ≤ 1.5× if the app-scale targets need it, with the trade stated in "
        + "figures: the figure above shows where it stands against both."
    ]
    return result
  }
}

/// The plain-object module (no view controller), built the three ways.
@MainActor
final class PlainModuleFixture {
  let app: Story
  let oursService: any SharedService
  let hand = HandSingletons()
  let container: Container
  let swinjectService: any SharedService

  init() throws {
    app = try OursWiring.startApp()
    oursService = try app.resolve((any SharedService).self)
    container = SwinjectWiring.makeContainer()
    swinjectService = container.resolve((any SharedService).self)!
  }

  func close() { app.close() }

  func verify() throws {
    try require(
      isWiredModule(try OursWiring.buildModule(app), service: oursService),
      "ViperNest plain module wiring")
    try require(
      isWiredModule(HandWiring.buildModule(service: hand.service), service: hand.service),
      "hand-written plain module wiring")
    try require(
      isWiredModule(SwinjectWiring.buildModule(container), service: swinjectService),
      "Swinject plain module wiring")
    try require(try moduleIsReleased { try OursWiring.buildModule(app) }, "ViperNest released")
    try require(moduleIsReleased { HandWiring.buildModule(service: hand.service) }, "hand released")
    try require(moduleIsReleased { SwinjectWiring.buildModule(container) }, "Swinject released")
    try requireOneOfEach("ViperNest (plain)") { _ = try OursWiring.buildModule(app) }
    try requireOneOfEach("hand-written (plain)") {
      _ = HandWiring.buildModule(service: hand.service)
    }
    try requireOneOfEach("Swinject (plain)") { _ = SwinjectWiring.buildModule(container) }
  }

  nonisolated func oursBatch(_ n: Int) throws -> UInt {
    try MainActor.assumeIsolated {
      var sum: UInt = 0
      for _ in 0..<n { sum &+= digest(try OursWiring.buildModule(app)) }
      return sum
    }
  }

  nonisolated func handwiredBatch(_ n: Int) -> UInt {
    MainActor.assumeIsolated {
      let service = hand.service
      var sum: UInt = 0
      for _ in 0..<n { sum &+= digest(HandWiring.buildModule(service: service)) }
      return sum
    }
  }

  nonisolated func swinjectBatch(_ n: Int) -> UInt {
    MainActor.assumeIsolated {
      var sum: UInt = 0
      for _ in 0..<n { sum &+= digest(SwinjectWiring.buildModule(container)) }
      return sum
    }
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
    try requireOneOfEach("ViperNest") { _ = try OursWiring.buildWithBuilder(app) }
    try requireOneOfEach("hand-written") { _ = handBuild() }
    try requireOneOfEach("Swinject") { _ = container.resolve(BenchView.self)! }
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
