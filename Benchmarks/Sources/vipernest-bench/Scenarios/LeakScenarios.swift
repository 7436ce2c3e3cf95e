import ViperNest
import ViperNestHeadless

/// `leak-tracking`: `viper-module` with leak tracking on, including the post-dismissal check.
///
/// One iteration opens a story, builds the module in it with the builder, drops it and closes the
/// story (the dismissal); with tracking on, the detector records the module and the story, and
/// `checkNow()` then checks that everything the story and the module held is gone. The same
/// iteration with tracking off runs in the same rounds: the ratio of the two is the target.
@MainActor
enum LeakTrackingScenario {
  static let id = "leak-tracking"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let host = HeadlessHost()
    let app = try OursWiring.startLeakApp(host: host)
    defer { app.close() }
    let detector = LeakDetector(timeout: .seconds(1), handler: nil, isEnabled: true)
    let handService: any SharedService = AppSharedService()

    // The check must find nothing for a correct module, and must see a leaked one.
    try detector.withTracking {
      _ = try OursWiring.buildAndDismiss(in: app)
      try require(detector.checkNow() == nil, "a dismissed module leaves nothing behind")
      try OursWiring.buildAndLeak(in: app)
      try require(detector.checkNow() != nil, "the detector reports a leaked module")
    }
    try require(LeakDetector.current == nil, "leak detection is off outside withTracking")

    let measurement = try runner.measure([
      Contender("ours") { n in
        try MainActor.assumeIsolated {
          try detector.withTracking {
            var sum: UInt = 0
            for _ in 0..<n {
              sum &+= try OursWiring.buildAndDismiss(in: app)
              if detector.checkNow() != nil { throw BenchError("leak reported for a clean module") }
            }
            return sum
          }
        }
      },
      Contender("ours-off") { n in
        try MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= try OursWiring.buildAndDismiss(in: app) }
          return sum
        }
      },
      Contender("handwired") { n in
        MainActor.assumeIsolated {
          let resolver = app.resolver
          var sum: UInt = 0
          for _ in 0..<n {
            sum &+= digest(
              HandWiring.buildBuilderModule(host: host, service: handService, resolver: resolver))
          }
          return sum
        }
      },
    ])
    var result = ScenarioResult(id: id)
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    let overhead = measurement.ratio("ours", over: "ours-off")
    result.checks = [.ratio(overhead, atMost: 1.25, "≤ 1.25× viper-module")]
    result.notes = [
      "One iteration: open a story, build the module with the builder, drop it, close the story; "
        + "tracking on adds the detector's records and checkNow(). Same iteration with tracking "
        + "off in the same rounds: \(Format.duration(measurement.median("ours-off"))). "
        + "\"Off costs ≤ 2%\" compares builds (before/after the detector), so it is measured "
        + "with callgrind, not in this process: see docs/Performance.md."
    ]
    return result
  }
}

/// `retain-path`: explain a leaked 4-object module (find its cycle).
///
/// One iteration leaks a module (its presenter keeps its view strongly), closes its story and runs
/// `checkNow()`, which finds the module's 4 objects and explains each: the view and presenter by
/// their retain cycle, the interactor and router by the path from it. The figure includes building
/// and dismissing the module (an upper bound for the explanation); the same build and dismissal of
/// a clean module, measured in the same rounds, is in the notes.
@MainActor
enum RetainPathScenario {
  static let id = "retain-path"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let host = HeadlessHost()
    let app = try OursWiring.startLeakApp(host: host)
    defer { app.close() }
    let detector = LeakDetector(timeout: .seconds(1), handler: nil, isEnabled: true)

    let leaks = try detector.withTracking { () -> [LeakReport.Leak] in
      try OursWiring.buildAndLeak(in: app)
      return detector.checkNow()?.leaks ?? []
    }
    try require(leaks.count == 4, "the leaked module's 4 objects are reported (got \(leaks.count))")
    let cycle = leaks.flatMap(\.retainCycles).first
    try require(cycle != nil, "the report names the retain cycle")
    try require(
      leaks.allSatisfy { !$0.retainCycles.isEmpty || $0.retainedBy != nil },
      "every leaked object is explained by the cycle or a path from it")

    let measurement = try runner.measure([
      Contender("ours") { n in
        try MainActor.assumeIsolated {
          try detector.withTracking {
            var sum: UInt = 0
            for _ in 0..<n {
              try OursWiring.buildAndLeak(in: app)
              let leaks = detector.checkNow()?.leaks ?? []
              let explained = leaks.filter { !$0.retainCycles.isEmpty || $0.retainedBy != nil }
              if leaks.count != 4 || explained.count != 4 {
                throw BenchError("leaked module not explained: \(leaks.count) leaks")
              }
              sum &+= UInt(explained.count)
            }
            return sum
          }
        }
      },
      Contender("ours-build") { n in
        try MainActor.assumeIsolated {
          try detector.withTracking {
            var sum: UInt = 0
            for _ in 0..<n {
              sum &+= try OursWiring.buildAndDismiss(in: app)
              if detector.checkNow() != nil { throw BenchError("leak reported for a clean module") }
            }
            return sum
          }
        }
      },
    ])
    var result = ScenarioResult(id: id)
    result.oursNs = measurement.median("ours")
    result.checks = [.duration(result.oursNs, atMost: 100_000, "≤ 100 µs")]
    result.notes = [
      "Per leaked module, including building and dismissing it; building and dismissing a clean "
        + "module with tracking on, same rounds: "
        + "\(Format.duration(measurement.median("ours-build"))). Cycle found: \(cycle!)."
    ]
    return result
  }
}
