// vipernest-bench: ViperNest side by side with hand-written wiring and Swinject 2.10.0.
//
//   swift run -c release --package-path Benchmarks vipernest-bench [--quick] [--json FILE]
//       [--only ID,ID] [--rounds N]
//
// See docs/Performance.md for the method and the latest figures.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Options {
  var settings = Settings()
  var jsonPath: String?
  var only: Set<String>?

  static let usage = """
    usage: vipernest-bench [--quick] [--json FILE] [--only ID[,ID...]] [--rounds N]
      --quick        one short round per scenario: checks that every scenario runs (CI)
      --json FILE    writes one JSON object per scenario to FILE
      --only IDS     runs only these scenarios (comma-separated ids)
      --rounds N     timed rounds per scenario (default 9, at least 5 for published figures)
      --profile N    runs only ViperNest's contender of each scenario, N iterations, and reports
                     nothing: for `valgrind --tool=callgrind` / `perf record` (see
                     docs/Performance.md)
      --contender L  with --profile: runs contender L instead (handwired, swinject)
    """

  static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    func value(_ flag: String) throws -> String {
      guard let value = iterator.next() else { throw BenchError("\(flag) needs a value\n\(usage)") }
      return value
    }
    while let argument = iterator.next() {
      switch argument {
      case "--quick": options.settings = .quick
      case "--json": options.jsonPath = try value(argument)
      case "--only":
        options.only = Set(try value(argument).split(separator: ",").map(String.init))
      case "--rounds":
        guard let rounds = Int(try value(argument)), rounds >= 1 else {
          throw BenchError("--rounds needs a positive number\n\(usage)")
        }
        options.settings.rounds = rounds
      case "--profile":
        guard let iterations = Int(try value(argument)), iterations >= 0 else {
          throw BenchError("--profile needs a number of iterations\n\(usage)")
        }
        options.settings.profileIterations = iterations
      case "--contender": options.settings.profileContender = try value(argument)
      case "--help", "-h":
        print(usage)
        exit(0)
      default: throw BenchError("unknown argument \(argument)\n\(usage)")
      }
    }
    if let only = options.only {
      let known = Set(Targets.ordered.map(\.id))
      let unknown = only.subtracting(known).sorted()
      if !unknown.isEmpty {
        throw BenchError(
          "unknown scenario \(unknown.joined(separator: ", ")); known: "
            + Targets.ordered.map(\.id).joined(separator: ", "))
      }
    }
    return options
  }
}

@MainActor
func runBenchmarks(_ options: Options) throws -> Int32 {
  let settings = options.settings
  let runner = Runner(settings: settings)
  let started = monotonicNanoseconds()
  // Type metadata for the synthetic services is instantiated here, before anything is measured.
  let synthetic = syntheticServiceTypes(depth: 4)

  let scenarios: [(id: String, run: () throws -> ScenarioResult)] = [
    (ViperModuleScenario.id, { try ViperModuleScenario.run(runner) }),
    (TransientLeafScenario.id, { try TransientLeafScenario.run(runner) }),
    (AppHitScenario.id, { try AppHitScenario.run(runner) }),
    (StoryHitScenario.id, { try StoryHitScenario.run(runner) }),
    (StoryCycleScenario.id, { try StoryCycleScenario.run(runner) }),
    (Scale10kScenario.id, { try Scale10kScenario.run(runner, types: synthetic) }),
    (
      Register10kScenario.id,
      { try Register10kScenario.run(runner, settings: settings, types: synthetic) }
    ),
    (Validate1kScenario.id, { try Validate1kScenario.run(runner) }),
    (Concurrent2tScenario.id, { try Concurrent2tScenario.run(runner) }),
    (LeakTrackingScenario.id, { try LeakTrackingScenario.run(runner) }),
    (RetainPathScenario.id, { try RetainPathScenario.run(runner) }),
    (DeepLink3Scenario.id, { try DeepLink3Scenario.run(runner) }),
    // Last: Swinject's growth stays allocated.
    (Memory1mScenario.id, { try Memory1mScenario.run(runner, settings: settings) }),
  ]

  var results: [ScenarioResult] = []
  defer { if settings.profileIterations != nil { print("Checksum \(runner.checksum).") } }
  for scenario in scenarios where options.only?.contains(scenario.id) ?? true {
    let start = monotonicNanoseconds()
    if settings.profileIterations != nil {
      do {
        _ = try scenario.run()
      } catch is ProfileFinished {}
      printToStandardError("\(scenario.id): profiled")
      continue
    }
    let result = try scenario.run()
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    printToStandardError("\(scenario.id): \(result.verdict) (\(Format.fixed(seconds, 1)) s)")
    results.append(result)
  }
  if settings.profileIterations != nil { return 0 }
  // Report in the issue's order.
  let order = Dictionary(uniqueKeysWithValues: Targets.ordered.enumerated().map { ($1.id, $0) })
  results.sort { order[$0.id, default: 0] < order[$1.id, default: 0] }

  print(machineDescription(settings))
  print()
  print(Report.table(results, targets: Targets.byID))
  print()
  for result in results where !result.notes.isEmpty {
    print("- `\(result.id)`: \(result.notes.joined(separator: " "))")
  }
  let passed = results.filter(\.allPassed).count
  let pending = results.filter { $0.pending != nil }.count
  print()
  print(
    "\(passed) of \(results.count) scenarios meet every target, "
      + "\(results.count - passed - pending) miss, \(pending) pending. "
      + "Total \(Format.fixed(Double(monotonicNanoseconds() - started) / 1e9, 1)) s. "
      + "Checksum \(String(runner.checksum, radix: 16)).")

  if let path = options.jsonPath {
    try Report.json(results).write(toFile: path, atomically: true, encoding: .utf8)
    print("Wrote \(path).")
  }
  return 0
}

func machineDescription(_ settings: Settings) -> String {
  let cpu =
    (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n")
    .first { $0.hasPrefix("model name") }
    .map {
      $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        ?? ""
    }
    ?? "unknown CPU"
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let mode =
    settings.quick
    ? "quick mode (figures are not meaningful)"
    : "\(settings.rounds) rounds of ~\(Format.fixed(settings.roundSeconds, 1)) s, medians"
  return "vipernest-bench: \(cores) cores, \(cpu), release build, \(mode)."
}

func printToStandardError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

do {
  let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
  exit(try runBenchmarks(options))
} catch {
  printToStandardError("vipernest-bench: \(error)")
  exit(1)
}
