/// A benchmark that cannot run correctly (a contender built something wrong): the run fails.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Fails the run unless `condition` holds: every contender is checked before it is timed.
func require(_ condition: Bool, _ what: @autoclosure () -> String) throws {
  if !condition { throw BenchError("check failed: \(what())") }
}

enum Verdict: String {
  case pass = "PASS"
  case miss = "MISS"
  case inconclusive = "INCONCLUSIVE"
}

/// A target from the issue, checked against a measured figure and the interval it rests on.
///
/// The verdict is PASS only when the whole interval meets the target, MISS only when the whole
/// interval misses it, and INCONCLUSIVE otherwise (or when there is no interval: fewer than 6
/// rounds, as in `--quick`).
struct TargetCheck {
  enum Bound {
    case atMost(Double)
    case atLeast(Double)
    case below(Double)
    /// Between the two limits, both included (`within 15 %` of 1: `within(0.85, 1.15)`).
    case within(Double, Double)
  }

  enum Unit {
    case ratio
    case percent
    case duration
    case bytes
  }

  /// The target as the issue states it: `≤ 1.5× hand-written`.
  let target: String
  /// How `value` and `interval` were obtained.
  let statistic: String
  /// The figure: the median over rounds (timings), or as `statistic` says (counts).
  let value: Double?
  /// The interval the verdict rests on.
  let interval: (low: Double, high: Double)?
  let bound: Bound
  let unit: Unit
  /// Where it was measured (shown with every ratio between libraries).
  let platform: String?

  var verdict: Verdict {
    guard let interval else { return .inconclusive }
    switch bound {
    case .atMost(let limit):
      if interval.high <= limit { return .pass }
      if interval.low > limit { return .miss }
    case .atLeast(let limit):
      if interval.low >= limit { return .pass }
      if interval.high < limit { return .miss }
    case .below(let limit):
      if interval.high < limit { return .pass }
      if interval.low >= limit { return .miss }
    case .within(let low, let high):
      if interval.low >= low && interval.high <= high { return .pass }
      if interval.high < low || interval.low > high { return .miss }
    }
    return .inconclusive
  }

  var passed: Bool { verdict == .pass }

  func format(_ value: Double?) -> String {
    switch unit {
    case .ratio: Format.ratio(value)
    case .percent: value.map { "\(Format.fixed($0 * 100, 2)) %" } ?? "–"
    case .duration: Format.duration(value)
    case .bytes: Format.bytes(value)
    }
  }

  /// `1.32× [1.28–1.37]`.
  var figure: String {
    guard let interval else { return format(value) }
    if interval.low == interval.high { return format(value) }
    return "\(format(value)) [\(format(interval.low))–\(format(interval.high))]"
  }

  var summary: String { "\(verdict.rawValue) \(figure)" }

  /// A timed figure: the median of `rounds` with its distribution-free 95 % interval.
  static func rounds(
    _ rounds: [Double], _ bound: Bound, _ unit: Unit, _ target: String, what: String,
    platform: String? = nil
  ) -> TargetCheck {
    TargetCheck(
      target: target,
      statistic: "median over \(rounds.count) rounds of \(what), 95% CI of the median "
        + "(order statistics)",
      value: rounds.isEmpty ? nil : Statistics.median(rounds),
      interval: Statistics.medianInterval(rounds), bound: bound, unit: unit, platform: platform)
  }

  /// A counted figure (bytes): deterministic up to allocator noise, so it is repeated and the
  /// interval is the range of the repetitions, the value the largest.
  static func counts(
    _ values: [Double], _ bound: Bound, _ unit: Unit, _ target: String, what: String
  ) -> TargetCheck {
    TargetCheck(
      target: target,
      statistic: "largest of \(values.count) \(what) (min–max shown)",
      value: values.max(), interval: values.isEmpty ? nil : (values.min()!, values.max()!),
      bound: bound, unit: unit, platform: nil)
  }
}

/// The targets, by scenario id, as shown in the table.
enum Targets {
  static let ordered: [(id: String, target: String)] = [
    (
      "viper-module",
      "≤ 1.25× hand-written (issue 26 allows up to 1.5× where app scale needs it); ≥ 20× faster "
        + "than Swinject"
    ),
    ("transient-leaf", "≤ 3× a bare allocation; ≥ 20× faster than Swinject"),
    ("app-hit", "≤ 40 ns; ≥ 25× faster than Swinject `.container` (also from @MainActor)"),
    ("story-hit", "≤ 60 ns (also from @MainActor)"),
    ("story-cycle", "≥ 10× faster than Swinject's child container"),
    ("scale-10k", "≤ 1.2× `transient-leaf`"),
    ("register-10k", "≤ 250 bytes and ≤ 400 ns per registration"),
    ("validate-1k", "≤ 1 ms"),
    ("memory-1m", "< 1 MB"),
    ("concurrent-2t", "aggregate ≥ 5× Swinject `synchronize()`"),
    ("leak-tracking", "≤ 1.25× `viper-module`; off costs ≤ 2%"),
    ("retain-path", "≤ 100 µs"),
    ("deep-link-3", "≤ 1.5× hand-written router calls; matching over 1,000 routes ≤ 2 µs"),
    (
      "launch-300",
      "≤ 1.5× hand-written (time); ≥ 5× fewer instructions than Swinject (callgrind); "
        + "validate() ≤ 1 ms"
    ),
    ("launch-1000", "cost per module (time) within 15 % of `launch-300`'s, same rounds"),
    (
      "build-300",
      "release, clean and incremental: ≤ 1.5× hand-written and below Swinject; debug ≤ 1.0× "
        + "hand-written (CPU time)"
    ),
    ("size-300", "≤ 1.3× hand-written: the whole app's release text, and the app module's own"),
    (
      "memory-300",
      "first build ≤ 2× hand-written tracking off, ≤ 3× on; live modules ≤ 1.5× (heap per module)"
    ),
    ("async-hit", "≤ 2× `app-hit` in the same rounds"),
    ("async-transient", "≤ 1.5× awaiting the async initializer by hand"),
  ]

  static var byID: [String: String] {
    Dictionary(uniqueKeysWithValues: ordered.map { ($0.id, $0.target) })
  }
}

extension TargetCheck {
  /// `≥ limit×` faster than Swinject: Swinject's time over ours, round by round, with the platform.
  static func speedup(
    _ measurement: Measurement, _ swinject: String = "swinject", over ours: String = "ours",
    atLeast limit: Double, _ target: String
  ) -> TargetCheck {
    .rounds(
      measurement.ratios(swinject, over: ours), .atLeast(limit), .ratio, target,
      what: "\(swinject) / \(ours) in the same round", platform: Platform.swinjectRatio)
  }

  /// `≤ limit×` another contender of the same library (hand-written code, the same operation).
  static func ratio(
    _ measurement: Measurement, _ numerator: String, over denominator: String,
    atMost limit: Double, _ target: String
  ) -> TargetCheck {
    .rounds(
      measurement.ratios(numerator, over: denominator), .atMost(limit), .ratio, target,
      what: "\(numerator) / \(denominator) in the same round", platform: Platform.name)
  }

  /// `≤ limit` nanoseconds per iteration of `label`.
  static func duration(
    _ measurement: Measurement, _ label: String, atMost limit: Double, _ target: String
  ) -> TargetCheck {
    .rounds(
      measurement.rounds(label), .atMost(limit), .duration, target,
      what: "\(label) ns per iteration", platform: Platform.name)
  }
}

/// Random draws (Swinject's graph identifiers) per iteration of `body`, counted over `iterations`
/// untimed iterations.
func drawsPerIteration(_ iterations: Int = 100, _ body: () throws -> Void) rethrows -> Double {
  let (_, draws) = try Platform.countingDraws {
    for _ in 0..<iterations { try body() }
  }
  return Double(draws) / Double(iterations)
}

/// Counts the objects the fixtures' classes construct, so that every contender can be checked to
/// build each object once (a container that builds a second view and drops it is wrong, and slower
/// for a reason that is not its design). Counting is off while anything is timed: the classes'
/// initializers then pay one relaxed atomic load, every contender alike.
enum Constructions {
  static func counting(_ body: () throws -> Void) rethrows -> [String: Int] {
    constructionCounter.start()
    defer { constructionCounter.stop() }
    try body()
    return constructionCounter.snapshot()
  }
}

/// Fails the run unless each of `builds` calls of `build` constructs exactly one view, presenter,
/// interactor and router.
func requireOneOfEach(_ who: String, builds: Int = 10, _ build: () throws -> Void) throws {
  let counts = try Constructions.counting { for _ in 0..<builds { try build() } }
  for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
    try require(
      count == builds, "\(who) constructs one \(kind) per module (\(count) for \(builds) modules)")
  }
}
