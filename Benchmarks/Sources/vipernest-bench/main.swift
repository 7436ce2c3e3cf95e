// vipernest-bench: ViperNest side by side with hand-written wiring, Swinject 2.10.0 and (in
// app-hit, transient-leaf and story-cycle) swift-dependencies 1.17.1.
//
//   swift run -c release --package-path Benchmarks vipernest-bench [--quick] [--json FILE]
//       [--only ID,ID] [--rounds N] [--seed N] [--linux-random]
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
  var linuxRandom = false
  /// `--first-registry-bytes ours|swinject`: the child mode of `register-10k`.
  var firstRegistryBytes: String?

  static let usage = """
    usage: vipernest-bench [--quick] [--json FILE] [--only ID[,ID...]] [--rounds N] [--seed N]
      --quick        one short round per scenario: checks that every scenario runs (CI); every
                     timed verdict is INCONCLUSIVE (one round has no interval)
      --json FILE    writes one JSON object per scenario to FILE
      --only IDS     runs only these scenarios (comma-separated ids)
      --rounds N     timed rounds per scenario (default 15; verdicts need at least 6)
      --seed N       seed of the per-round shuffle of the contenders' order (default 1592598566)
      --linux-random Swinject's random graph identifiers through the getrandom system call (a
                     cost only Linux has; by default they are drawn in user space)
      --profile N    runs only ViperNest's contender of each scenario, N iterations, and reports
                     nothing: for `valgrind --tool=callgrind` / `perf record` (see
                     docs/Performance.md)
      --contender L  with --profile: runs contender L instead (handwired, swinject,
                     swift-dependencies, ours-main, ours-plain, ... : the labels of the
                     scenario's contenders)
      --app-modules N   app-scale scenarios (launch-300, launch-1000, size-300, memory-300,
                     build-300; run only when named with --only, never in --quick): modules in
                     the generated app (default 300)
      --launch-1000-modules N
                     modules in launch-1000's app (default 1000; ViperNest and hand-written
                     only); naming launch-1000 runs launch-300 too
      --app-dir DIR  where the app's three variants are generated (default
                     /tmp/vipernest-app-scale; launch-1000's app goes to DIR-N)
      --root DIR     the ViperNest package they depend on (default: found from the current
                     directory)
      --build-rounds N  build-300's rounds (default 3)
      --type-check-ms N build-300's type-checker warning threshold in ms (default 50; 0: skip)
      --first-registry-bytes ours|swinject
                     prints the first registry's bytes and ns per registration in this process
                     (register-10k runs itself this way, in fresh processes)
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
      case "--seed":
        guard let seed = UInt64(try value(argument)) else {
          throw BenchError("--seed needs a number\n\(usage)")
        }
        options.settings.seed = seed
      case "--linux-random": options.linuxRandom = true
      case "--first-registry-bytes": options.firstRegistryBytes = try value(argument)
      case "--app-modules":
        guard let modules = Int(try value(argument)), modules >= 1 else {
          throw BenchError("--app-modules needs a positive number\n\(usage)")
        }
        options.settings.appModules = modules
      case "--launch-1000-modules":
        guard let modules = Int(try value(argument)), modules >= 1 else {
          throw BenchError("--launch-1000-modules needs a positive number\n\(usage)")
        }
        options.settings.launch1000Modules = modules
      case "--app-dir": options.settings.appDirectory = try value(argument)
      case "--root": options.settings.rootPackage = try value(argument)
      case "--build-rounds":
        guard let rounds = Int(try value(argument)), rounds >= 1 else {
          throw BenchError("--build-rounds needs a positive number\n\(usage)")
        }
        options.settings.buildRounds = rounds
      case "--type-check-ms":
        guard let ms = Int(try value(argument)), ms >= 0 else {
          throw BenchError("--type-check-ms needs a number\n\(usage)")
        }
        options.settings.typeCheckThreshold = ms
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
      // launch-1000's target is relative to launch-300's cost per module: both in one run.
      if only.contains(Launch1000Scenario.id) { options.only?.insert(Launch300Scenario.id) }
    }
    return options
  }
}

@MainActor
func runBenchmarks(_ options: Options) throws -> Int32 {
  let settings = options.settings
  if let contender = options.firstRegistryBytes {
    // Child mode of `register-10k`: nothing else ran in this process.
    print(try Register10kScenario.firstRegistryBytes(contender))
    return 0
  }
  Platform.setRandomInUserSpace(!options.linuxRandom)
  let runner = Runner(settings: settings)
  let started = monotonicNanoseconds()
  let drawCosts =
    settings.profileIterations == nil
    ? (system: Platform.drawCost(userSpace: false), user: Platform.drawCost(userSpace: true))
    : (system: 0, user: 0)
  // Type metadata for the synthetic services is instantiated here, before anything is measured.
  let synthetic = syntheticServiceTypes(depth: 4)

  var appScale: AppScaleFixture?
  func appFixture() throws -> AppScaleFixture {
    if let appScale { return appScale }
    let fixture = try AppScaleFixture(settings: settings)
    appScale = fixture
    return fixture
  }
  func largeAppFixture() throws -> AppScaleFixture { try Launch1000Scenario.fixture(settings) }
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
    (AsyncHitScenario.id, { try AsyncHitScenario.run(runner) }),
    (AsyncTransientScenario.id, { try AsyncTransientScenario.run(runner) }),
    // Last: Swinject's growth stays allocated.
    (Memory1mScenario.id, { try Memory1mScenario.run(runner, settings: settings) }),
    // Opt-in (named with --only): they generate and build a 300-module app in three variants
    // (launch-1000 also a 1,000-module app in two).
    (Build300Scenario.id, { try Build300Scenario.run(runner, fixture: appFixture()) }),
    (Launch300Scenario.id, { try Launch300Scenario.run(runner, fixture: appFixture()) }),
    (
      Launch1000Scenario.id,
      { try Launch1000Scenario.run(runner, small: appFixture(), large: largeAppFixture()) }
    ),
    (Size300Scenario.id, { try Size300Scenario.run(runner, fixture: appFixture()) }),
    (Memory300Scenario.id, { try Memory300Scenario.run(runner, fixture: appFixture()) }),
  ]

  var results: [ScenarioResult] = []
  defer { if settings.profileIterations != nil { print("Checksum \(runner.checksum).") } }
  // The app-scale scenarios run only when named: they build the apps for minutes.
  for scenario in scenarios
  where options.only?.contains(scenario.id) ?? !AppScaleFixture.ids.contains(scenario.id) {
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
  print(
    "Platform: \(Platform.swinjectRatio). One random draw here: \(Format.duration(drawCosts.system)) "
      + "through the getrandom system call, \(Format.duration(drawCosts.user)) in user space. "
      + "Contender order shuffled each round, seed \(settings.seed).")
  print()
  print(Report.table(results, targets: Targets.byID))
  print()
  for result in results where !result.notes.isEmpty {
    print("- `\(result.id)`: \(result.notes.joined(separator: " "))")
  }
  let verdicts = results.flatMap(\.verdicts)
  func count(_ verdict: Verdict) -> Int { verdicts.filter { $0 == verdict }.count }
  print()
  print(
    "\(verdicts.count) targets in \(results.count) scenarios: \(count(.pass)) PASS, "
      + "\(count(.miss)) MISS, \(count(.inconclusive)) INCONCLUSIVE. "
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
    : "\(settings.rounds) rounds of ~\(Format.fixed(settings.roundSeconds, 1)) s; figures are "
      + "medians over rounds with their 95% confidence interval (order statistics); a verdict is "
      + "PASS or MISS only when the whole interval is on one side of the target"
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
