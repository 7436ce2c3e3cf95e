/// What one scenario measured. Fields that do not apply are nil (null in JSON).
struct ScenarioResult {
  let id: String
  var oursNs: Double?
  var handwiredNs: Double?
  var swinjectNs: Double?
  var oursOverHandwired: Double?
  var swinjectOverOurs: Double?
  /// The second peer, swift-dependencies (`app-hit`, `transient-leaf`, `story-cycle`): its time
  /// and its ratio to ViperNest, measured in the same rounds; no target, so no verdict.
  var swiftDependenciesNs: Double?
  var swiftDependenciesOverOurs: Double?
  /// The 95 % confidence interval of `swiftDependenciesOverOurs` (as for every ratio: order
  /// statistics of the per-round ratios; nil below 6 rounds).
  var swiftDependenciesOverOursInterval: (low: Double, high: Double)?

  /// Fills the swift-dependencies fields from a measurement with contenders `label` and `ours`.
  mutating func setSwiftDependencies(
    _ measurement: Measurement, _ label: String = "swift-dependencies"
  ) {
    swiftDependenciesNs = measurement.median(label)
    swiftDependenciesOverOurs = measurement.ratio(label, over: "ours")
    swiftDependenciesOverOursInterval = Statistics.medianInterval(
      measurement.ratios(label, over: "ours"))
  }
  /// Memory scenarios: bytes (per registration for `register-10k`, RSS growth for `memory-1m`).
  var bytes: Double?
  /// The other contenders' bytes, where a scenario measures all three (`size-300`, `memory-300`).
  var handwiredBytes: Double?
  var swinjectBytes: Double?
  var isMemoryScenario = false
  /// Timed rounds behind the figures (0 for a memory-only scenario).
  var rounds = 0
  var checks: [TargetCheck] = []
  var notes: [String] = []

  init(id: String) { self.id = id }

  var verdicts: [Verdict] { checks.map(\.verdict) }

  /// `PASS 1.32× [1.28×–1.37×]`, each verdict with its target when there are several.
  var verdict: String {
    if checks.count == 1 { return checks[0].summary }
    return checks.map { "\($0.target): \($0.summary)" }.joined(separator: "; ")
  }

  /// The `notes` JSON field: verdicts, then the scenario's own notes.
  var notesText: String {
    let verdicts = checks.map { "\($0.verdict.rawValue) \($0.target): \($0.figure)." }
    return (verdicts + notes).joined(separator: " ")
  }
}

enum Format {
  /// `812 ns`, `1.52 µs`, `15.3 ms`.
  static func duration(_ nanoseconds: Double?) -> String {
    guard let ns = nanoseconds else { return "–" }
    // By magnitude: a difference (launch-1000's slope) can be negative.
    let magnitude = abs(ns)
    if magnitude < 10 { return "\(fixed(ns, 2)) ns" }
    if magnitude < 1_000 { return "\(fixed(ns, magnitude < 100 ? 1 : 0)) ns" }
    if magnitude < 1_000_000 { return "\(significant(ns / 1_000)) µs" }
    if magnitude < 1_000_000_000 { return "\(significant(ns / 1_000_000)) ms" }
    return "\(significant(ns / 1_000_000_000)) s"
  }

  /// `1.32×`.
  static func ratio(_ value: Double?) -> String {
    guard let value else { return "–" }
    return "\(significant(value))×"
  }

  /// `212 B`, `3.4 MB` (decimal units).
  static func bytes(_ value: Double?) -> String {
    guard let value else { return "–" }
    let magnitude = abs(value)
    if magnitude < 10_000 { return "\(fixed(value, magnitude < 100 ? 1 : 0)) B" }
    if magnitude < 10_000_000 { return "\(significant(value / 1_000)) kB" }
    return "\(significant(value / 1_000_000)) MB"
  }

  /// Three significant digits for values from 1 to 999, two decimals below 1.
  static func significant(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude >= 100 { return fixed(value, 0) }
    if magnitude >= 10 { return fixed(value, 1) }
    return fixed(value, 2)
  }

  static func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let have = text.distance(from: dot, to: text.endIndex) - 1
      if decimals == 0 {
        text = String(text[..<dot])
      } else if have < decimals {
        text += String(repeating: "0", count: decimals - have)
      }
    }
    return text
  }
}

enum Report {
  /// The results as a Markdown table (readable in a terminal; docs/Performance.md's per-operation
  /// table is made from it).
  static func table(_ results: [ScenarioResult], targets: [String: String]) -> String {
    var lines = [
      "| scenario | ViperNest | hand-written | Swinject | swift-dependencies | ours / hand "
        + "| Swinject / ours | swift-dependencies / ours | target | result |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for result in results {
      let ours: String
      if result.id == "memory-1m" {
        ours = Format.bytes(result.bytes)
      } else if let bytes = result.bytes {
        ours = "\(Format.duration(result.oursNs)), \(Format.bytes(bytes))"
      } else {
        ours = Format.duration(result.oursNs)
      }
      let bytesOnly = result.oursNs == nil && result.bytes != nil
      let cells = [
        "`\(result.id)`", bytesOnly ? Format.bytes(result.bytes) : ours,
        bytesOnly && result.handwiredBytes != nil
          ? Format.bytes(result.handwiredBytes) : Format.duration(result.handwiredNs),
        bytesOnly && result.swinjectBytes != nil
          ? Format.bytes(result.swinjectBytes) : Format.duration(result.swinjectNs),
        Format.duration(result.swiftDependenciesNs),
        Format.ratio(result.oursOverHandwired),
        Format.ratio(result.swinjectOverOurs),
        Format.ratio(result.swiftDependenciesOverOurs)
          + (result.swiftDependenciesOverOursInterval.map {
            " [\(Format.ratio($0.low))–\(Format.ratio($0.high))]"
          } ?? ""),
        targets[result.id] ?? "",
        result.verdict,
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// One JSON object per scenario, in an array: the fields (`bytes` only on memory
  /// scenarios), the rounds, and per target its verdict, figure, interval, statistic and platform.
  static func json(_ results: [ScenarioResult]) -> String {
    let objects = results.map { result -> String in
      var fields = [
        ("id", string(result.id)),
        ("ours_ns", number(result.oursNs)),
        ("handwired_ns", number(result.handwiredNs)),
        ("swinject_ns", number(result.swinjectNs)),
        ("ours_over_handwired", number(result.oursOverHandwired)),
        ("swinject_over_ours", number(result.swinjectOverOurs)),
        ("swift_dependencies_ns", number(result.swiftDependenciesNs)),
        ("swift_dependencies_over_ours", number(result.swiftDependenciesOverOurs)),
        ("swift_dependencies_over_ours_low", number(result.swiftDependenciesOverOursInterval?.low)),
        (
          "swift_dependencies_over_ours_high",
          number(result.swiftDependenciesOverOursInterval?.high)
        ),
      ]
      if result.isMemoryScenario { fields.append(("bytes", number(result.bytes))) }
      if result.handwiredBytes != nil || result.swinjectBytes != nil {
        fields.append(("handwired_bytes", number(result.handwiredBytes)))
        fields.append(("swinject_bytes", number(result.swinjectBytes)))
      }
      fields.append(("rounds", String(result.rounds)))
      fields.append(("targets", "[" + result.checks.map(target).joined(separator: ", ") + "]"))
      fields.append(("notes", string(result.notesText)))
      return "  {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }

  /// One target: its verdict, the figure and the interval the verdict rests on.
  private static func target(_ check: TargetCheck) -> String {
    let fields = [
      ("target", string(check.target)),
      ("verdict", string(check.verdict.rawValue)),
      ("value", number(check.value)),
      ("interval_low", number(check.interval?.low)),
      ("interval_high", number(check.interval?.high)),
      ("statistic", string(check.statistic)),
      ("platform", check.platform.map(string) ?? "null"),
    ]
    return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  private static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return Format.fixed(value, abs(value) < 10 ? 4 : 2)
  }

  private static func string(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped + "\""
  }
}
