import Swinject
import ViperNest

/// `scale-10k`: resolve transients with 10,000 registrations present, each iteration a random one
/// of the 10,000 (a precomputed random index sequence), so the lookup table and the entries do not
/// stay in cache as they would for one key.
///
/// The baseline is the same code (the same random sequence, the same resolution through an
/// existential metatype) over a registry of 10 synthetic types, measured in the same rounds: the
/// ratio is what the 10,000 registrations cost each resolution. Swinject does the same with its
/// container.
enum Scale10kScenario {
  static let id = "scale-10k"
  /// The small registry's key count.
  static let smallCount = 10

  static func run(_ runner: Runner, types: [any SyntheticService.Type]) throws -> ScenarioResult {
    try require(types.count == 10_000, "10,000 synthetic service types")
    let smallTypes = Array(types.prefix(smallCount))
    let large = try OursWiring.startApp { r in for type in types { type.register(in: r) } }
    defer { large.close() }
    let small = try OursWiring.startApp { r in for type in smallTypes { type.register(in: r) } }
    defer { small.close() }
    let container = SwinjectWiring.makeContainer()
    for type in types { type.register(in: container) }
    let smallContainer = SwinjectWiring.makeContainer()
    for type in smallTypes { type.register(in: smallContainer) }

    // 65,536 random indices over all 10,000 types (seeded: `--seed`); the small registry uses the
    // same sequence modulo 10.
    let sequence = runner.randomIndices(count: 1 << 16, below: types.count)
    let mask = sequence.count - 1
    let smallSequence = sequence.map { $0 % smallCount }
    try require(Set(sequence).count > 9_900, "the random sequence covers the 10,000 keys")
    for index in Set(sequence) {
      try require(
        try large.resolve(types[index]) !== large.resolve(types[index]),
        "ViperNest resolves synthetic registration \(index) as a transient")
      try require(
        container.resolve(types[index]) != nil, "Swinject resolves synthetic registration \(index)")
    }

    func ours(
      _ label: String, _ story: Story, _ keys: [any SyntheticService.Type], _ sequence: [Int]
    ) -> Contender {
      Contender(label) { n in
        var sum: UInt = 0
        for i in 0..<n { sum &+= digest(try story.resolve(keys[sequence[i & mask]])) }
        return sum
      }
    }
    func swinject(
      _ label: String, _ container: Container, _ keys: [any SyntheticService.Type],
      _ sequence: [Int]
    ) -> Contender {
      Contender(label) { n in
        var sum: UInt = 0
        for i in 0..<n { sum &+= digest(container.resolve(keys[sequence[i & mask]])!) }
        return sum
      }
    }
    let measurement = try runner.measure([
      ours("ours", large, types, sequence),
      ours("ours-10", small, smallTypes, smallSequence),
      swinject("swinject", container, types, sequence),
      swinject("swinject-10", smallContainer, smallTypes, smallSequence),
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.swinjectNs = measurement.median("swinject")
    result.swinjectOverOurs = measurement.ratio("swinject", over: "ours")
    result.checks = [
      .ratio(
        measurement, "ours", over: "ours-10", atMost: 1.2,
        "≤ 1.2× transient-leaf (random keys over 10,000 vs over 10 registrations)")
    ]
    result.notes = [
      "Random keys over all 10,000 registrations; the same resolutions over a registry of 10 "
        + "synthetic types, same rounds: \(Format.duration(measurement.median("ours-10"))). "
        + "Resolved through an existential metatype (unspecialized generic code, both sides). "
        + "Swinject: \(Format.duration(measurement.median("swinject-10"))) with 10, "
        + "\(Format.ratio(measurement.ratio("swinject", over: "swinject-10"))) with 10,000 "
        + "(\(Platform.swinjectRatio))."
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
