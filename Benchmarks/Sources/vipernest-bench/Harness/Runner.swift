/// How long to measure.
struct Settings {
  /// `--quick`: one short round per scenario, only to check that everything runs (every verdict is
  /// then INCONCLUSIVE: one round has no interval).
  var quick = false
  /// Timed rounds per scenario. Every figure is the median over them, with its 95 % confidence
  /// interval (see `Statistics.medianInterval`); 6 rounds is the fewest that give one.
  var rounds = 15
  /// Wall time one round (every contender once) should take.
  var roundSeconds = 0.4
  /// Seed of the per-round shuffle of the contenders' order (`--seed`).
  var seed: UInt64 = 0x5EED_2026
  /// `--profile N`: run only the `ours` contender of each selected scenario, N iterations, once
  /// (for `valgrind --tool=callgrind` or `perf`; nothing is reported).
  var profileIterations: Int?
  /// `--contender LABEL`: which contender `--profile` runs (default `ours`).
  var profileContender = "ours"
  /// `register-10k`, `memory-300`: how many fresh processes measure bytes.
  var freshProcesses = 3
  /// The app-scale scenarios' app: modules (`--app-modules`), where it is generated
  /// (`--app-dir`), the ViperNest package it depends on (`--root`, default: found from the
  /// current directory), `build-300`'s rounds (`--build-rounds`) and the type checker's warning
  /// threshold in ms (`--type-check-ms`, 0: not run).
  var appModules = 300
  /// `launch-1000`'s app: modules (`--launch-1000-modules`), written beside the other one
  /// (`appDirectory` with `-N` appended).
  var launch1000Modules = 1_000
  var appDirectory = "/tmp/vipernest-app-scale"
  var rootPackage: String?
  var buildRounds = 3
  var typeCheckThreshold = 50

  static let quick = Settings(quick: true, rounds: 1, roundSeconds: 0.03, freshProcesses: 1)
}

/// The samples of one measurement: for each contender, nanoseconds per unit in each round.
struct Measurement {
  let labels: [String]
  let samples: [[Double]]
  let iterations: [Int]

  private func index(_ label: String) -> Int {
    guard let index = labels.firstIndex(of: label) else {
      preconditionFailure("no contender \(label)")
    }
    return index
  }

  /// Nanoseconds per unit of `label`, round by round.
  func rounds(_ label: String) -> [Double] { samples[index(label)] }

  /// Median nanoseconds per unit over the rounds.
  func median(_ label: String) -> Double { Statistics.median(rounds(label)) }

  /// `numerator / denominator` measured in the same round, round by round.
  func ratios(_ numerator: String, over denominator: String) -> [Double] {
    zip(rounds(numerator), rounds(denominator)).map { $0 / $1 }
  }

  /// Median over rounds of `numerator / denominator` measured in the same round.
  func ratio(_ numerator: String, over denominator: String) -> Double {
    Statistics.median(ratios(numerator, over: denominator))
  }
}

/// Thrown by `measure` in `--profile` mode once the `ours` contender ran.
struct ProfileFinished: Error {}

enum Statistics {
  static func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "median of nothing")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The distribution-free 95 % confidence interval of the median of `values` (independent rounds
  /// of the same measurement): the order statistics `x(k)` and `x(n + 1 - k)` for the largest `k`
  /// with `P(Binomial(n, 1/2) < k) ≤ 2.5 %`, so the interval covers the true median with
  /// probability ≥ 95 % whatever the distribution. With 15 rounds: the 4th smallest to the 4th
  /// largest. Nil below 6 values (no such interval exists).
  static func medianInterval(_ values: [Double]) -> (low: Double, high: Double)? {
    let n = values.count
    guard n >= 6 else { return nil }
    // P(B ≤ j) for B ~ Binomial(n, 1/2), accumulated term by term.
    var k = 0
    var term = 1.0  // C(n, j)
    var cumulative = 0.0
    var total = 1.0
    for _ in 0..<n { total *= 2 }
    for j in 0..<n {
      cumulative += term / total
      // x(j + 1) is a valid lower bound when P(B ≤ j) ≤ 2.5 %.
      if cumulative <= 0.025 { k = j + 1 } else { break }
      term = term * Double(n - j) / Double(j + 1)
    }
    guard k >= 1 else { return nil }
    let sorted = values.sorted()
    return (sorted[k - 1], sorted[n - k])
  }

  /// The coverage of `medianInterval` for `n` values, for the report (≥ 0.95).
  static func medianIntervalCoverage(_ n: Int) -> Double? {
    guard n >= 6 else { return nil }
    var total = 1.0
    for _ in 0..<n { total *= 2 }
    var term = 1.0
    var cumulative = 0.0
    var best: Double?
    for j in 0..<n {
      cumulative += term / total
      if cumulative <= 0.025 { best = 1 - 2 * cumulative } else { break }
      term = term * Double(n - j) / Double(j + 1)
    }
    return best
  }
}

/// SplitMix64: a small, seeded generator, so a run's contender orders can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Runs contenders interleaved in one process: calibrate each so its share of a round takes
/// `roundSeconds / contenders`, one untimed warm-up round, then rounds in which every contender
/// runs once, in an order shuffled anew each round (seeded: `--seed`), so no contender always runs
/// first, or right after the same other one.
final class Runner {
  let settings: Settings
  /// Everything every batch returned, folded together; printed at the end.
  private(set) var checksum: UInt = 0
  private var generator: SeededGenerator

  init(settings: Settings) {
    self.settings = settings
    generator = SeededGenerator(seed: settings.seed)
  }

  func fold(_ value: UInt) { checksum = checksum &+ value }

  /// A random permutation of `0..<count` from the run's seeded generator.
  func shuffledIndices(_ count: Int) -> [Int] {
    Array(0..<count).shuffled(using: &generator)
  }

  /// A sequence of `count` random indices below `bound`, from the run's seeded generator.
  func randomIndices(count: Int, below bound: Int) -> [Int] {
    (0..<count).map { _ in Int.random(in: 0..<bound, using: &generator) }
  }

  func measure(_ contenders: [Contender]) throws -> Measurement {
    if let iterations = settings.profileIterations {
      for contender in contenders where contender.label == settings.profileContender {
        _ = try time(contender, iterations)
      }
      throw ProfileFinished()
    }
    let share = settings.roundSeconds / Double(contenders.count)
    var iterations: [Int] = []
    for contender in contenders {
      iterations.append(try calibrate(contender, seconds: share))
    }
    if !settings.quick {
      for index in shuffledIndices(contenders.count) {
        _ = try time(contenders[index], iterations[index])
      }
    }
    var samples = [[Double]](repeating: [], count: contenders.count)
    for _ in 0..<settings.rounds {
      for index in shuffledIndices(contenders.count) {
        let contender = contenders[index]
        let n = iterations[index]
        let elapsed = try time(contender, n)
        samples[index].append(Double(elapsed) / (Double(n) * contender.unitsPerIteration))
      }
    }
    return Measurement(labels: contenders.map(\.label), samples: samples, iterations: iterations)
  }

  /// Nanoseconds for one batch of `n`, with its preparation and cleanup run untimed around it.
  func time(_ contender: Contender, _ n: Int) throws -> UInt64 {
    try contender.beforeBatch(n)
    let start = monotonicNanoseconds()
    let value = try contender.batch(n)
    let elapsed = monotonicNanoseconds() - start
    contender.afterBatch()
    fold(value)
    return elapsed
  }

  /// The iteration count whose batch takes about `seconds` (at least 1).
  private func calibrate(_ contender: Contender, seconds: Double) throws -> Int {
    let probe = min(seconds / 8, 0.01)
    var n = 1
    while true {
      let elapsed = Double(try time(contender, n)) / 1e9
      if elapsed >= probe || n >= 1 << 40 {
        let scaled = Double(n) * seconds / max(elapsed, 1e-9)
        return max(1, Int(scaled.rounded()))
      }
      n *= elapsed < probe / 64 ? 16 : 2
    }
  }
}
