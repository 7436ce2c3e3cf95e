import Swinject
import ViperNest

/// `scale-10k`: `transient-leaf` with 10,000 other registrations present.
enum Scale10kScenario {
  static let id = "scale-10k"

  static func run(_ runner: Runner, types: [any SyntheticService.Type]) throws -> ScenarioResult {
    let large = try OursWiring.startApp { r in for type in types { type.register(in: r) } }
    defer { large.close() }
    let small = try OursWiring.startApp()
    defer { small.close() }
    let container = SwinjectWiring.makeContainer()
    for type in types { type.register(in: container) }
    let smallContainer = SwinjectWiring.makeContainer()
    try require(types.count == 10_000, "10,000 synthetic service types")
    try require(
      try large.resolve(types[4_321]) !== large.resolve(types[4_321]),
      "ViperNest resolves a synthetic registration")
    try require(
      container.resolve(types[4_321]) != nil, "Swinject resolves a synthetic registration")

    // The 10k registries and the plain ones (as in `transient-leaf`), interleaved in one run.
    let contenders =
      TransientLeafScenario.contenders(ours: large, swinject: container)
      + TransientLeafScenario.contenders(
        ours: small, swinject: smallContainer, oursLabel: "ours-plain",
        swinjectLabel: "swinject-plain", includeHandwired: false)
    let measurement = try runner.measure(contenders)
    var result = ScenarioResult(id: id)
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.swinjectNs = measurement.median("swinject")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    let growth = measurement.ratio("ours", over: "ours-plain")
    result.checks = [.ratio(growth, atMost: 1.2, "≤ 1.2× transient-leaf")]
    result.notes = [
      "Same process, same rounds: ViperNest transient-leaf without the 10,000 registrations "
        + "\(Format.duration(measurement.median("ours-plain"))); Swinject "
        + "\(Format.duration(measurement.median("swinject-plain"))) without, "
        + "\(Format.ratio(measurement.ratio("swinject", over: "swinject-plain"))) with them."
    ]
    return result
  }
}

extension Resolving {
  /// Resolves a synthetic type given as an existential metatype.
  fileprivate func resolve(_ type: any SyntheticService.Type) throws -> AnyObject {
    func open<T: SyntheticService>(_ type: T.Type) throws -> AnyObject {
      try resolve(T.self, name: nil)
    }
    return try open(type)
  }
}

extension Container {
  /// Resolves a synthetic type given as an existential metatype.
  fileprivate func resolve(_ type: any SyntheticService.Type) -> AnyObject? {
    func open<T: SyntheticService>(_ type: T.Type) -> AnyObject? { resolve(T.self, name: nil) }
    return open(type)
  }
}
