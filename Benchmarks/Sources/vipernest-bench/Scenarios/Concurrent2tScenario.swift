import Swinject
import ViperNest

/// `concurrent-2t`: 2 threads resolving a mix of singletons and modules.
///
/// One operation = build and release a VIPER module (which resolves the shared app service) and
/// resolve 4 app singletons. Both threads run the same number of operations at once; the figure is
/// wall time divided by the operations of both threads (aggregate throughput).
enum Concurrent2tScenario {
  static let id = "concurrent-2t"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let app = try OursWiring.startApp()
    defer { app.close() }
    let hand = HandSingletons()
    let container = SwinjectWiring.makeContainer()
    let synchronized = SendableSwinjectResolver(resolver: container.synchronize())

    // Correctness under concurrency: both threads get the same singletons and wired modules.
    let oursService = try app.resolve((any SharedService).self)
    let check = runConcurrently(threads: 2) { _ in
      var failures: UInt = 0
      for _ in 0..<2_000 {
        guard let view = try? OursWiring.buildModule(app),
          isWiredModule(view, service: oursService),
          (try? app.resolve(AppConfiguration.self)) != nil
        else {
          failures += 1
          continue
        }
      }
      return failures
    }
    try require(check.digest == 0, "ViperNest modules and singletons correct on 2 threads")
    // Every contender builds one object of each role per module, and a correctly wired one.
    try requireOneOfEach("ViperNest") { _ = try OursWiring.buildModule(app) }
    try requireOneOfEach("hand-written") { _ = HandWiring.buildModule(service: hand.service) }
    try requireOneOfEach("Swinject") { _ = SwinjectWiring.buildModule(synchronized.resolver) }
    let swinjectService = container.resolve((any SharedService).self)!
    try require(
      isWiredModule(SwinjectWiring.buildModule(synchronized.resolver), service: swinjectService),
      "Swinject module wiring")
    try require(
      moduleIsReleased { SwinjectWiring.buildModule(synchronized.resolver) },
      "Swinject module released")
    try require(
      isWiredModule(HandWiring.buildModule(service: hand.service), service: hand.service),
      "hand-written module wiring")

    let measurement = try runner.measure([
      Contender("ours", unitsPerIteration: 2) { n in
        let failures = FailureCounter()
        let run = runConcurrently(threads: 2) { _ in
          var sum: UInt = 0
          do {
            for _ in 0..<n {
              sum &+= digest(try OursWiring.buildModule(app))
              sum &+= digest(try app.resolve(AppConfiguration.self))
              sum &+= digest(try app.resolve(AnalyticsService.self))
              sum &+= digest(try app.resolve(SettingsStore.self))
              sum &+= digest(try app.resolve(SessionService.self))
            }
          } catch {
            failures.record()
          }
          return sum
        }
        try require(failures.count == 0, "ViperNest resolutions on 2 threads succeed")
        return run.digest
      },
      Contender("handwired", unitsPerIteration: 2) { n in
        runConcurrently(threads: 2) { _ in
          var sum: UInt = 0
          for _ in 0..<n {
            sum &+= digest(HandWiring.buildModule(service: hand.service))
            sum &+= digest(hand.configuration)
            sum &+= digest(hand.analytics)
            sum &+= digest(hand.settings)
            sum &+= digest(hand.session)
          }
          return sum
        }.digest
      },
      Contender("swinject", unitsPerIteration: 2) { n in
        runConcurrently(threads: 2) { _ in
          let r = synchronized.resolver
          var sum: UInt = 0
          for _ in 0..<n {
            sum &+= digest(SwinjectWiring.buildModule(r))
            sum &+= digest(r.resolve(AppConfiguration.self)!)
            sum &+= digest(r.resolve(AnalyticsService.self)!)
            sum &+= digest(r.resolve(SettingsStore.self)!)
            sum &+= digest(r.resolve(SessionService.self)!)
          }
          return sum
        }.digest
      },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.swinjectNs = measurement.median("swinject")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.checks = [
      .speedup(measurement, atLeast: 5, "aggregate ≥ 5× Swinject synchronize()")
    ]
    result.notes = [
      "Per operation (1 module build + 4 app singleton resolves), wall time / operations of both "
        + "threads. Swinject through container.synchronize(), back-references injected in "
        + "initCompleted from the graph (one view, presenter, interactor and router per module, "
        + "counted before timing)."
    ]
    return result
  }
}
