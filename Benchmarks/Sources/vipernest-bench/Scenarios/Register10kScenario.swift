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

    // Bytes, first build ("cold": also instantiates each `Entry<T>` / `ServiceEntry<T>` generic
    // class's metadata, once per type per process), then warm builds.
    let oursCold = try heapDelta { try OursRegistration.installAndStart(types) }
    let swinjectCold = heapDelta { SwinjectRegistration.register(types) }
    var oursWarm: [Int] = []
    var oursInstallOnly: [Int] = []
    var swinjectWarm: [Int] = []
    for _ in 0..<(settings.quick ? 1 : 3) {
      oursWarm.append(try heapDelta { try OursRegistration.installAndStart(types) })
      oursInstallOnly.append(try heapDelta { try OursRegistration.install(types) })
      swinjectWarm.append(heapDelta { SwinjectRegistration.register(types) })
    }
    let oursBytes = Statistics.median(oursWarm.map(Double.init)) / count
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
    result.isMemoryScenario = true
    result.oursNs = measurement.median("ours")
    result.swinjectNs = measurement.median("swinject")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.bytes = oursBytes
    result.checks = [
      .bytes(oursBytes, atMost: 250, "≤ 250 bytes per registration"),
      .duration(result.oursNs, atMost: 400, "≤ 400 ns per registration"),
    ]
    result.notes = [
      "Per registration, install + start, heap bytes in use (mallinfo2) held by the started "
        + "registry. Install alone: \(Format.bytes(oursInstallBytes)). First build in the process: "
        + "\(Format.bytes(Double(oursCold) / count)) (the generic entry metadata it creates lives "
        + "in the Swift runtime's own allocator, not counted). Swinject: "
        + "\(Format.bytes(swinjectBytes)) (first build \(Format.bytes(Double(swinjectCold) / count)))."
    ]
    return result
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
