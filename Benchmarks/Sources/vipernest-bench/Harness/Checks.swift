/// A benchmark that cannot run correctly (a contender built something wrong): the run fails.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Fails the run unless `condition` holds: every contender is checked before it is timed.
func require(_ condition: Bool, _ what: @autoclosure () -> String) throws {
  if !condition { throw BenchError("check failed: \(what())") }
}

extension TargetCheck {
  /// `value ≤ limit` for a ratio (`≤ 1.5× hand-written`).
  static func ratio(_ value: Double?, atMost limit: Double, _ target: String) -> TargetCheck {
    guard let value else { return TargetCheck(target: target, figure: "–", passed: false) }
    return TargetCheck(target: target, figure: Format.ratio(value), passed: value <= limit)
  }

  /// `value ≥ limit` for a speed-up (`≥ 20× faster than Swinject`).
  static func ratio(_ value: Double?, atLeast limit: Double, _ target: String) -> TargetCheck {
    guard let value else { return TargetCheck(target: target, figure: "–", passed: false) }
    return TargetCheck(target: target, figure: Format.ratio(value), passed: value >= limit)
  }

  static func duration(_ value: Double?, atMost limit: Double, _ target: String) -> TargetCheck {
    guard let value else { return TargetCheck(target: target, figure: "–", passed: false) }
    return TargetCheck(target: target, figure: Format.duration(value), passed: value <= limit)
  }

  static func bytes(
    _ value: Double?, atMost limit: Double, strictly: Bool = false, _ target: String
  )
    -> TargetCheck
  {
    guard let value else { return TargetCheck(target: target, figure: "–", passed: false) }
    let passed = strictly ? value < limit : value <= limit
    return TargetCheck(target: target, figure: Format.bytes(value), passed: passed)
  }
}

/// The targets, by scenario id, as shown in the table.
enum Targets {
  static let ordered: [(id: String, target: String)] = [
    ("viper-module", "≤ 1.5× hand-written; ≥ 20× faster than Swinject"),
    ("transient-leaf", "≤ 3× a bare allocation; ≥ 20× faster than Swinject"),
    ("app-hit", "≤ 40 ns; ≥ 25× faster than Swinject `.container`"),
    ("story-hit", "≤ 60 ns"),
    ("story-cycle", "≥ 10× faster than Swinject's child container"),
    ("scale-10k", "≤ 1.2× `transient-leaf`"),
    ("register-10k", "≤ 250 bytes and ≤ 400 ns per registration"),
    ("validate-1k", "≤ 1 ms"),
    ("memory-1m", "< 1 MB"),
    ("concurrent-2t", "aggregate ≥ 5× Swinject `synchronize()`"),
    ("leak-tracking", "≤ 1.25× `viper-module`; off costs ≤ 2%"),
    ("retain-path", "≤ 100 µs"),
    ("deep-link-3", "≤ 1.5× hand-written router calls; matching over 1,000 routes ≤ 2 µs"),
  ]

  static var byID: [String: String] {
    Dictionary(uniqueKeysWithValues: ordered.map { ($0.id, $0.target) })
  }
}
