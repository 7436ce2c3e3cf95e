import Foundation
import Swinject
import ViperNest

/// `register-10k`: register 10,000 distinct services; time and bytes per registration.
///
/// ViperNest's figure covers everything needed before the first resolve: `install` (the
/// registrations) and `start()` (freezing them into lookup tables and opening the app story).
/// Swinject needs no second step.
enum Register10kScenario {
  static let id = "register-10k"

  static func run(
    _ runner: Runner, settings: Settings, types: [any SyntheticService.Type]
  ) throws -> ScenarioResult {
    let count = Double(types.count)

    // Bytes of the first registry of a process (which also creates whatever metadata registering
    // a type needs once per process: none for ViperNest's non-generic entries, each
    // `ServiceEntry<T>` generic class's for Swinject, as an app's first and only registry does):
    // measured in fresh processes, each running nothing else.
    let fresh = try (0..<settings.freshProcesses).map { _ in
      try firstRegistryInFreshProcess("ours")
    }
    let swinjectFresh = try firstRegistryInFreshProcess("swinject")
    // Then later registries in this process (the metadata exists by now).
    var oursWarm: [Int] = []
    var oursInstallOnly: [Int] = []
    var swinjectWarm: [Int] = []
    for _ in 0..<(settings.quick ? 1 : 3) {
      oursWarm.append(try heapDelta { try OursRegistration.installAndStart(types) })
      oursInstallOnly.append(try heapDelta { try OursRegistration.install(types) })
      swinjectWarm.append(heapDelta { SwinjectRegistration.register(types) })
    }
    let oursWarmBytes = Statistics.median(oursWarm.map(Double.init)) / count
    let oursInstallBytes = Statistics.median(oursInstallOnly.map(Double.init)) / count
    let swinjectBytes = Statistics.median(swinjectWarm.map(Double.init)) / count

    let check = try OursRegistration.installAndStart(types)
    try require((try? check.app.resolve(Leaf.self)) != nil, "ViperNest registry with 10k resolves")
    check.app.close()

    var keptOurs: [OursRegistration] = []
    var keptSwinject: [Container] = []
    let measurement = try runner.measure([
      Contender(
        "ours", unitsPerIteration: count,
        afterBatch: {
          for registration in keptOurs { registration.app.close() }
          keptOurs = []
        }
      ) { n in
        var sum: UInt = 0
        for _ in 0..<n {
          let registration = try OursRegistration.installAndStart(types)
          sum &+= digest(registration.app)
          keptOurs.append(registration)
        }
        return sum
      },
      Contender("swinject", unitsPerIteration: count, afterBatch: { keptSwinject = [] }) { n in
        var sum: UInt = 0
        for _ in 0..<n {
          let container = SwinjectRegistration.register(types)
          sum &+= digest(container)
          keptSwinject.append(container)
        }
        return sum
      },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.isMemoryScenario = true
    result.oursNs = measurement.median("ours")
    result.swinjectNs = measurement.median("swinject")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    let freshBytes = fresh.map(\.bytes)
    result.bytes = freshBytes.max()
    result.checks = [
      .counts(
        freshBytes, .atMost(250), .bytes, "≤ 250 bytes per registration",
        what: "fresh processes' first registry, heap bytes per registration"),
      .duration(measurement, "ours", atMost: 400, "≤ 400 ns per registration"),
    ]
    let freshTimes = fresh.map { Format.duration($0.nanoseconds) }.joined(separator: ", ")
    result.notes = [
      "Per registration, install + start, heap bytes in use (mallinfo2) held by the started "
        + "registry. First registry of a fresh process (nothing else run in it; includes the "
        + "generic entry metadata it creates): \(freshBytes.map(Format.bytes).joined(separator: ", ")); "
        + "its one-shot time: \(freshTimes). Later registries in one process: "
        + "\(Format.bytes(oursWarmBytes)) (install alone \(Format.bytes(oursInstallBytes))); the timed "
        + "rounds are later registries. Swinject: \(Format.bytes(swinjectFresh.bytes)) first, "
        + "\(Format.bytes(swinjectBytes)) later."
    ]
    return result
  }

  /// The child mode (`--first-registry-bytes ours|swinject`): bytes and nanoseconds per
  /// registration of this process's first registry, as `BYTES NANOSECONDS`.
  static func firstRegistryBytes(_ contender: String) throws -> String {
    let types = syntheticServiceTypes(depth: 4)
    let count = Double(types.count)
    let start = monotonicNanoseconds()
    let bytes: Int
    switch contender {
    case "ours": bytes = try heapDelta { try OursRegistration.installAndStart(types) }
    case "swinject": bytes = heapDelta { SwinjectRegistration.register(types) }
    default: throw BenchError("--first-registry-bytes needs ours or swinject")
    }
    let nanoseconds = Double(monotonicNanoseconds() - start)
    return "\(Double(bytes) / count) \(nanoseconds / count)"
  }

  /// Runs this executable in `--first-registry-bytes` mode and reads its answer.
  private static func firstRegistryInFreshProcess(
    _ contender: String
  ) throws -> (bytes: Double, nanoseconds: Double) {
    let process = Process()
    process.executableURL =
      Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--first-registry-bytes", contender]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, fields.count == 2, let bytes = Double(fields[0]),
      let nanoseconds = Double(fields[1])
    else {
      throw BenchError("first-registry child process failed: \(fields)")
    }
    return (bytes, nanoseconds)
  }

  /// Heap bytes in use held by what `build` returns, measured while it is alive.
  private static func heapDelta<T>(_ build: () throws -> T) rethrows -> Int {
    let before = Memory.heapBytesInUse()
    let kept = try build()
    let after = Memory.heapBytesInUse()
    withExtendedLifetime(kept) {}
    return after - before
  }
}

/// A ViperNest registry with the synthetic types, started.
final class OursRegistration {
  let registry: Registry
  let app: Story

  private init(registry: Registry, app: Story) {
    self.registry = registry
    self.app = app
  }

  static func installAndStart(_ types: [any SyntheticService.Type]) throws -> OursRegistration {
    let registry = try install(types)
    return OursRegistration(registry: registry, app: try registry.start())
  }

  static func install(_ types: [any SyntheticService.Type]) throws -> Registry {
    let registry = Registry()
    try registry.install { r in
      r.register(Leaf.self, Leaf.init)
      for type in types.dropLast() { type.register(in: r) }
    }
    return registry
  }
}

enum SwinjectRegistration {
  static func register(_ types: [any SyntheticService.Type]) -> Container {
    let container = Container()
    container.register(Leaf.self) { _ in Leaf() }
    for type in types.dropLast() { type.register(in: container) }
    return container
  }
}
