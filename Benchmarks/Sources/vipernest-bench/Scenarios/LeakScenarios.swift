import ViperNest
import ViperNestHeadless

/// `leak-tracking`: `viper-module` with leak tracking on, including the post-dismissal check,
/// against exactly the `viper-module` operation with tracking off.
///
/// One iteration builds the module with the builder in the app story and drops it (the
/// dismissal: its view is released); with tracking on, the detector records the module and
/// `checkNow()` then checks that everything it held is gone. The same iteration with tracking off
/// (no detector enabled: `viper-module`'s operation) runs in the same rounds: the ratio of the two
/// is the target. A flow variant (open a story, build the module in it, close the story) is
/// reported alongside.
@MainActor
enum LeakTrackingScenario {
  static let id = "leak-tracking"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let host = HeadlessHost()
    let app = try OursWiring.startLeakApp(host: host)
    defer { app.close() }
    let detector = LeakDetector(timeout: .seconds(1), handler: nil, isEnabled: true)

    // The check must find nothing for a correct module, and must see a leaked one.
    try detector.withTracking {
      _ = digest(try OursWiring.buildWithBuilder(app))
      try require(detector.checkNow() == nil, "a dropped module leaves nothing behind")
      _ = try OursWiring.buildAndDismiss(in: app)
      try require(detector.checkNow() == nil, "a dismissed module leaves nothing behind")
      try OursWiring.buildAndLeak(in: app)
      try require(detector.checkNow() != nil, "the detector reports a leaked module")
    }
    try require(LeakDetector.current == nil, "leak detection is off outside withTracking")
    // The detector is enabled only around the tracked batches: while any detector is enabled in
    // the process, `LeakDetector.current` reads the task-local binding, so the untracked
    // contenders would not measure "off" (no detector enabled, as in `viper-module`).
    detector.isEnabled = false
    let enable: (Int) -> Void = { _ in detector.isEnabled = true }
    let disable = { detector.isEnabled = false }

    let measurement = try runner.measure([
      Contender("ours", beforeBatch: enable, afterBatch: disable) { n in
        try MainActor.assumeIsolated {
          try detector.withTracking {
            var sum: UInt = 0
            for _ in 0..<n {
              sum &+= digest(try OursWiring.buildWithBuilder(app))
              if detector.checkNow() != nil { throw BenchError("leak reported for a clean module") }
            }
            return sum
          }
        }
      },
      Contender("ours-off") { n in
        try MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(try OursWiring.buildWithBuilder(app)) }
          return sum
        }
      },
      // What a build with tracking off runs that a build without the detector would not: its
      // hook, `LeakDetector.current` (nil: no detector enabled), once per module build.
      Contender("detector-hook") { n in
        var sum: UInt = 0
        for _ in 0..<n where LeakDetector.current != nil { sum &+= 1 }
        return sum
      },
      Contender("ours-story", beforeBatch: enable, afterBatch: disable) { n in
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
      Contender("ours-story-off") { n in
        try MainActor.assumeIsolated {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= try OursWiring.buildAndDismiss(in: app) }
          return sum
        }
      },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.handwiredNs = nil
    result.checks = [
      .ratio(measurement, "ours", over: "ours-off", atMost: 1.25, "≤ 1.25× viper-module"),
      .rounds(
        measurement.ratios("detector-hook", over: "ours-off"), .atMost(0.02), .percent,
        "off costs ≤ 2%",
        what: "the disabled detector's hook (LeakDetector.current, once per build) / the build "
          + "with tracking off, same round", platform: Platform.name),
    ]
    result.notes = [
      "One iteration: build the viper-module module with the builder and drop it; tracking on "
        + "adds the detector's records and checkNow(). The same operation with tracking off, same "
        + "rounds: \(Format.duration(measurement.median("ours-off"))). In a flow (open a story, "
        + "build in it, close it): \(Format.duration(measurement.median("ours-story"))) on, "
        + "\(Format.duration(measurement.median("ours-story-off"))) off, "
        + "\(Format.ratio(measurement.ratio("ours-story", over: "ours-story-off"))). \"Off "
        + "costs\": with no detector enabled, the only detector code a build runs is one call of "
        + "LeakDetector.current (\(Format.duration(measurement.median("detector-hook")))), timed "
        + "on its own in the same rounds and divided by the build (a story open adds a second "
        + "call); callgrind gives the same A/B in instructions (docs/Performance.md)."
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
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.checks = [.duration(measurement, "ours", atMost: 100_000, "≤ 100 µs")]
    result.notes = [
      "Per leaked module, including building and dismissing it; building and dismissing a clean "
        + "module with tracking on, same rounds: "
        + "\(Format.duration(measurement.median("ours-build"))). Cycle found: \(cycle!)."
    ]
    return result
  }
}
