/// How long to measure.
struct Settings {
  /// `--quick`: one short round per scenario, only to check that everything runs.
  var quick = false
  /// Timed rounds per scenario (the figures are medians over them).
  var rounds = 9
  /// Wall time one round (every contender once) should take.
  var roundSeconds = 0.5
  /// `--profile N`: run only the `ours` contender of each selected scenario, N iterations, once
  /// (for `valgrind --tool=callgrind` or `perf`; nothing is reported).
  var profileIterations: Int?
  /// `--contender LABEL`: which contender `--profile` runs (default `ours`).
  var profileContender = "ours"

  static let quick = Settings(quick: true, rounds: 1, roundSeconds: 0.03)
}

/// The samples of one interleaved measurement: for each contender, nanoseconds per unit in each
/// round.
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

  /// Median nanoseconds per unit over the rounds.
  func median(_ label: String) -> Double { Statistics.median(samples[index(label)]) }

  /// Median over rounds of `numerator / denominator` measured in the same round.
  func ratio(_ numerator: String, over denominator: String) -> Double {
    let top = samples[index(numerator)]
    let bottom = samples[index(denominator)]
    return Statistics.median(zip(top, bottom).map { $0 / $1 })
  }

  /// Lowest and highest per-round value, for the spread shown in notes.
  func spread(_ label: String) -> (low: Double, high: Double) {
    let values = samples[index(label)]
    return (values.min() ?? 0, values.max() ?? 0)
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
}

/// Runs contenders interleaved in one process: calibrate each so its share of a round takes
/// `roundSeconds / contenders`, one untimed warm-up round, then rounds of A B C A B C ...
final class Runner {
  let settings: Settings
  /// Everything every batch returned, folded together; printed at the end.
  private(set) var checksum: UInt = 0

  init(settings: Settings) { self.settings = settings }

  func fold(_ value: UInt) { checksum = checksum &+ value }

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
      for (contender, n) in zip(contenders, iterations) { _ = try time(contender, n) }
    }
    var samples = [[Double]](repeating: [], count: contenders.count)
    for _ in 0..<settings.rounds {
      for (index, contender) in contenders.enumerated() {
        let n = iterations[index]
        let elapsed = try time(contender, n)
        samples[index].append(Double(elapsed) / (Double(n) * contender.unitsPerIteration))
      }
    }
    return Measurement(labels: contenders.map(\.label), samples: samples, iterations: iterations)
  }

  /// Nanoseconds for one batch of `n`, with its cleanup run untimed afterwards.
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
