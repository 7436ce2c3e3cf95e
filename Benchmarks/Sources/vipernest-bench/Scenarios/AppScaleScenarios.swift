import AppScaleGenerator
import Foundation

/// The app of N VIPER modules (`vipernest-appgen`), written and built (release) once per run, for
/// the app-scale scenarios. They run only when named (`--only launch-300,...`): generating and
/// building three 300-module apps takes minutes, so `--quick` (CI) skips them.
final class AppScaleFixture {
  static let ids = ["launch-300", "launch-1000", "size-300", "memory-300", "build-300"]

  let plan: AppPlan
  /// The variants written and built (all three, except for `launch-1000`'s app).
  let variants: [AppVariant]
  let packages: [AppVariant: URL]
  let settings: Settings
  /// Each variant's release build in this run, when `buildRelease` built it (what it cost).
  private(set) var releaseBuilds: [AppVariant: ChildRun] = [:]
  private var builtRelease = false

  /// The app of `modules` (default `--app-modules`) in `variants`, written to `directory`
  /// (default `--app-dir`).
  init(
    settings: Settings, modules: Int? = nil, directory: String? = nil,
    variants: [AppVariant] = AppVariant.allCases
  ) throws {
    self.settings = settings
    self.variants = variants
    plan = AppPlan(modules: modules ?? settings.appModules)
    let directory = URL(fileURLWithPath: directory ?? settings.appDirectory)
    let root = try AppScaleLocation.rootPackage(settings.rootPackage)
    packages = try AppScaleWriter.write(plan, to: directory, rootPackage: root, variants: variants)
    printToStandardError(
      "app-scale: \(plan.modules) modules, \(variants.map(\.label).joined(separator: ", ")) in "
        + "\(directory.path) (root \(root.path))")
  }

  func package(_ variant: AppVariant) -> URL { packages[variant]! }

  /// The release executable of `variant`.
  func binary(_ variant: AppVariant) -> String {
    package(variant).appendingPathComponent(".build/release/App").path
  }

  /// Builds the variants in release (untimed), once.
  func buildRelease() throws {
    if builtRelease { return }
    for variant in variants {
      printToStandardError(
        "app-scale: swift build -c release (\(variant.label), \(plan.modules) modules)")
      let run = try swiftBuild(variant, release: true)
      releaseBuilds[variant] = run
      printToStandardError(
        "app-scale: built \(variant.label) in \(Format.duration(run.wallNanoseconds)) wall, "
          + "\(Format.duration(run.cpuNanoseconds)) CPU")
    }
    builtRelease = true
  }

  /// `swift build --product App` in `variant`'s package, with `extra` arguments.
  func swiftBuild(_ variant: AppVariant, release: Bool, extra: [String] = []) throws -> ChildRun {
    try ChildProcess.run(
      ChildProcess.swift,
      ["build", "--product", "App"] + (release ? ["-c", "release"] : []) + extra,
      in: package(variant))
  }

  /// Runs `variant`'s release app in a fresh process.
  func runApp(_ variant: AppVariant, _ arguments: [String]) throws -> ChildRun {
    try ChildProcess.run(binary(variant), arguments)
  }

  /// Every variant shows its first screen and its routers open the next modules (stories
  /// included) by their Input/Output: checked before anything is measured.
  func verify() throws {
    var shown: [Int] = []
    for variant in variants {
      let run = try runApp(variant, ["smoke"])
      try require(
        run.output.contains("smoke ok: first screen shown true"),
        "\(variant.label) app shows its first screen: \(run.output)")
      shown.append(Int(run.value("true,") ?? -1))
    }
    try require(Set(shown).count == 1, "the variants' routers show the same modules")
  }
}

extension Settings {
  /// What `app-scale` figures are relative to (every ratio is within one variant's process).
  static let appPlatform =
    "\(Platform.name); fresh processes of the generated app (Swinject's graph identifier drawn "
    + "through the getrandom system call there: one draw per outermost resolution)"
}

// MARK: - launch-300

/// Launch of a fresh process of each variant, in shuffled rounds, and (when valgrind is
/// installed) its instructions counted by callgrind.
enum Launch300Scenario {
  static let id = "launch-300"

  /// The mangled name of `AppRoot.launch()` in the generated app (module `App`), which callgrind's
  /// report is searched for; its specializations' names start the same way.
  static let launchSymbol = "$s3App0A4RootC6launchACyKFZ"

  static func run(_ runner: Runner, fixture: AppScaleFixture) throws -> ScenarioResult {
    try fixture.buildRelease()
    try fixture.verify()
    let variants = AppVariant.allCases
    let rounds = runner.settings.rounds
    var launch: [AppVariant: [Double]] = [:]
    var wall: [AppVariant: [Double]] = [:]
    var validate: [Double] = []
    for _ in 0..<rounds {
      for index in runner.shuffledIndices(variants.count) {
        let variant = variants[index]
        let (nanoseconds, run) = try launchTime(fixture, variant)
        launch[variant, default: []].append(nanoseconds)
        wall[variant, default: []].append(run.wallNanoseconds)
      }
      validate.append(try validateTime(fixture))
    }
    let ours = launch[.viperNest]!
    let hand = launch[.handwritten]!
    let swinject = launch[.swinject]!
    let oursOverHand = zip(ours, hand).map { $0 / $1 }
    let swinjectOverOurs = zip(swinject, ours).map { $0 / $1 }
    let counts = try instructionCounts(fixture, processes: runner.settings.freshProcesses)

    var result = ScenarioResult(id: id)
    result.rounds = rounds
    result.oursNs = Statistics.median(ours)
    result.handwiredNs = Statistics.median(hand)
    result.swinjectNs = Statistics.median(swinject)
    result.oursOverHandwired = Statistics.median(oursOverHand)
    result.swinjectOverOurs = Statistics.median(swinjectOverOurs)
    result.checks = [
      .rounds(
        oursOverHand, .atMost(1.5), .ratio, "≤ 1.5× hand-written (launch time)",
        what: "ViperNest / hand-written launch time, fresh processes of the same round",
        platform: Platform.name),
      fewerInstructions(counts, atLeast: 5),
      .rounds(
        validate, .atMost(1_000_000), .duration, "validate() ≤ 1 ms",
        what: "Registry.validate() of the whole app graph, one fresh process per round",
        platform: Platform.name),
    ]
    let medians = variants.map { "\($0.label) \(Format.duration(Statistics.median(wall[$0]!)))" }
    let speedup = Statistics.medianInterval(swinjectOverOurs).map {
      " [\(Format.ratio($0.low))–\(Format.ratio($0.high))]"
    }
    result.notes = [
      "\(fixture.plan.modules) modules, one fresh process per variant per round (order shuffled "
        + "each round): from main to the first screen shown on the headless host (install every "
        + "assembly, start, build module 0, set it as the window's root), cold. Whole process, "
        + "spawn to exit: \(medians.joined(separator: ", ")). Swinject / ViperNest launch time "
        + "(no target; the issue's Swinject target is in instructions): "
        + "\(Format.ratio(Statistics.median(swinjectOverOurs)))\(speedup ?? "") "
        + "(\(Settings.appPlatform)). validate(): "
        + "\(Format.duration(Statistics.median(validate))) in a fresh process.",
      instructionNote(counts),
    ]
    return result
  }

  /// One fresh process of `variant`'s release app launching: the app's own `launch_ns`.
  static func launchTime(_ fixture: AppScaleFixture, _ variant: AppVariant) throws
    -> (nanoseconds: Double, run: ChildRun)
  {
    let run = try fixture.runApp(variant, ["launch"])
    guard let nanoseconds = run.value("launch_ns") else {
      throw BenchError("\(variant.label) launch printed \(run.output)")
    }
    try require(run.output.contains("shown true"), "\(variant.label) shows its first screen")
    return (nanoseconds, run)
  }

  /// One fresh process of the ViperNest app validating its graph: the app's own `validate_ns`.
  static func validateTime(_ fixture: AppScaleFixture) throws -> Double {
    let run = try fixture.runApp(.viperNest, ["validate"])
    guard let nanoseconds = run.value("validate_ns") else {
      throw BenchError("validate printed \(run.output)")
    }
    return nanoseconds
  }

  /// Callgrind's counts of `App launch` per variant, `processes` fresh processes each; nil when
  /// valgrind is not installed.
  static func instructionCounts(_ fixture: AppScaleFixture, processes: Int) throws
    -> [AppVariant: [Callgrind.Count]]?
  {
    guard Callgrind.tools != nil else { return nil }
    var counts: [AppVariant: [Callgrind.Count]] = [:]
    for _ in 0..<processes {
      for variant in fixture.variants {
        printToStandardError("\(id): callgrind, \(variant.label) App launch")
        counts[variant, default: []].append(
          try Callgrind.count(fixture.binary(variant), ["launch"], inside: launchSymbol))
      }
    }
    return counts
  }

  /// `≥ limit×` fewer instructions in `AppRoot.launch` than Swinject's app: the median of the
  /// processes' ratios, their range as the interval (counts move only a little from process to
  /// process: hashing seeds, addresses).
  static func fewerInstructions(_ counts: [AppVariant: [Callgrind.Count]]?, atLeast limit: Double)
    -> TargetCheck
  {
    let target = "≥ \(Format.fixed(limit, 0))× fewer instructions than Swinject (launch)"
    guard let ours = counts?[.viperNest], let swinject = counts?[.swinject] else {
      return TargetCheck(
        target: target, statistic: Callgrind.missing, value: nil, interval: nil,
        bound: .atLeast(limit), unit: .ratio, platform: nil)
    }
    let ratios = zip(swinject, ours).map { $0.inside / $1.inside }
    return TargetCheck(
      target: target,
      statistic: "median of \(ratios.count) ratios of Swinject / ViperNest instructions in "
        + "AppRoot.launch and what it calls (callgrind, one fresh process of `App launch` each); "
        + "interval: min–max of the ratios",
      value: Statistics.median(ratios), interval: (ratios.min()!, ratios.max()!),
      bound: .atLeast(limit), unit: .ratio, platform: Settings.appPlatform)
  }

  static func instructionNote(_ counts: [AppVariant: [Callgrind.Count]]?) -> String {
    guard let counts else { return "Instructions: \(Callgrind.missing)." }
    func figures(_ value: (Callgrind.Count) -> Double) -> String {
      AppVariant.allCases.compactMap { variant in
        counts[variant].map { "\(variant.label) \(millions(Statistics.median($0.map(value))))" }
      }.joined(separator: ", ")
    }
    return "Instructions (callgrind, medians of \(counts[.viperNest]?.count ?? 0) fresh processes "
      + "each): AppRoot.launch and what it calls: \(figures(\.inside)); the whole process, exec to "
      + "exit: \(figures(\.total))."
  }

  /// `22.5 M` instructions.
  static func millions(_ count: Double) -> String { "\(Format.significant(count / 1e6)) M" }
}

// MARK: - size-300

enum Size300Scenario {
  static let id = "size-300"

  static func run(_ runner: Runner, fixture: AppScaleFixture) throws -> ScenarioResult {
    try fixture.buildRelease()
    var text: [AppVariant: Double] = [:]
    var appText: [AppVariant: Double] = [:]
    for variant in AppVariant.allCases {
      text[variant] = try textSize([fixture.binary(variant)])
      appText[variant] = try textSize(
        objects(in: fixture.package(variant).appendingPathComponent(".build/release/App.build")))
    }
    let library = try textSize(
      objects(
        in: fixture.package(.viperNest).appendingPathComponent(".build/release/ViperNest.build")))
    let headless = try textSize(
      objects(
        in: fixture.package(.viperNest).appendingPathComponent(
          ".build/release/ViperNestHeadless.build")))
    var result = ScenarioResult(id: id)
    result.isMemoryScenario = true
    result.bytes = text[.viperNest]
    result.handwiredBytes = text[.handwritten]
    result.swinjectBytes = text[.swinject]
    result.oursOverHandwired = text[.viperNest]! / text[.handwritten]!
    result.swinjectOverOurs = text[.swinject]! / text[.viperNest]!
    result.checks = [
      .counts(
        [text[.viperNest]! / text[.handwritten]!], .atMost(1.3), .ratio,
        "≤ 1.3× hand-written (the whole app)",
        what: "ratio of the release executables' text sizes (`size`)"),
      .counts(
        [appText[.viperNest]! / appText[.handwritten]!], .atMost(1.3), .ratio,
        "≤ 1.3× hand-written (the app module's own code)",
        what: "ratio of the text sizes of the app module's release objects (`size`)"),
    ]
    let appFigures = AppVariant.allCases.map {
      "\($0.label) \(Format.bytes(appText[$0]))"
    }
    result.notes = [
      "Text of the release executables (`size`, text column). Every variant links the headless "
        + "host (ViperNestHeadless, the stand-in for UIKit), hence the ViperNest library "
        + "(\(Format.bytes(library)) of text in its objects; the headless host "
        + "\(Format.bytes(headless))). The app module's own objects: "
        + appFigures.joined(separator: ", ") + "."
    ]
    return result
  }

  /// The `.o` files under `directory`.
  static func objects(in directory: URL) throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    return names.filter { $0.hasSuffix(".o") }.map { directory.appendingPathComponent($0).path }
  }

  /// The summed text column of `size` over `files`.
  static func textSize(_ files: [String]) throws -> Double {
    guard !files.isEmpty else { throw BenchError("size: no files") }
    let run = try ChildProcess.run("/usr/bin/size", ["-t"] + files)
    // The last line is the total: text data bss dec hex filename.
    guard
      let total = run.output.split(separator: "\n").last?.split(whereSeparator: \.isWhitespace)
        .first,
      let bytes = Double(total)
    else { throw BenchError("size printed \(run.output)") }
    return bytes
  }
}

// MARK: - memory-300

enum Memory300Scenario {
  static let id = "memory-300"

  /// Each app prints `cold_bytes` (heap in use with all modules built for the first time in the
  /// process and alive, everything included: the first-build targets) and `memory_bytes` (the
  /// same modules built again after the first ones were released: the objects each live module
  /// holds, without what the first build leaves behind, such as app singletons and the runtime's
  /// type metadata: the live-module target).
  static func run(_ runner: Runner, fixture: AppScaleFixture) throws -> ScenarioResult {
    try fixture.buildRelease()
    let modules = Double(fixture.plan.modules)
    var cold: [String: [Double]] = [:]
    var live: [String: [Double]] = [:]
    for _ in 0..<runner.settings.freshProcesses {
      for (label, variant, arguments) in [
        ("ours", AppVariant.viperNest, ["memory"]),
        ("ours-tracking", .viperNest, ["memory", "--track"]),
        ("handwired", .handwritten, ["memory"]),
        ("swinject", .swinject, ["memory"]),
      ] {
        let run = try fixture.runApp(variant, arguments)
        guard let first = run.value("cold_bytes"), let again = run.value("memory_bytes"),
          run.value("modules") == modules
        else { throw BenchError("\(variant.label) memory printed \(run.output)") }
        cold[label, default: []].append(first / modules)
        live[label, default: []].append(again / modules)
      }
    }
    func ratios(_ figures: [String: [Double]], _ a: String, _ b: String) -> [Double] {
      zip(figures[a]!, figures[b]!).map { $0 / $1 }
    }
    var result = ScenarioResult(id: id)
    result.isMemoryScenario = true
    result.bytes = cold["ours"]!.max()
    result.handwiredBytes = cold["handwired"]!.max()
    result.swinjectBytes = cold["swinject"]!.max()
    result.oursOverHandwired = ratios(cold, "ours", "handwired").max()
    result.swinjectOverOurs = ratios(cold, "swinject", "ours").max()
    result.checks = [
      .counts(
        ratios(cold, "ours", "handwired"), .atMost(2), .ratio,
        "first build ≤ 2× hand-written, tracking off",
        what: "fresh processes' ratios of heap bytes per live module, first build"),
      .counts(
        ratios(cold, "ours-tracking", "handwired"), .atMost(3), .ratio,
        "first build ≤ 3× hand-written, tracking on",
        what: "fresh processes' ratios of heap bytes per live module, first build"),
      .counts(
        ratios(live, "ours", "handwired"), .atMost(1.5), .ratio,
        "live modules ≤ 1.5× hand-written, tracking off",
        what: "fresh processes' ratios of heap bytes per live module, the same modules built "
          + "again"),
    ]
    func perModule(_ figures: [String: [Double]], _ label: String) -> String {
      Format.bytes(figures[label]!.max())
    }
    func line(_ figures: [String: [Double]]) -> String {
      "ViperNest \(perModule(figures, "ours")) (tracking on \(perModule(figures, "ours-tracking"))), "
        + "hand-written \(perModule(figures, "handwired")), Swinject "
        + "\(perModule(figures, "swinject"))"
    }
    let liveRatio = ratios(live, "ours", "handwired").max() ?? 0
    let liveTrackingRatio = ratios(live, "ours-tracking", "handwired").max() ?? 0
    result.notes = [
      "Heap bytes in use (mallinfo2: uordblks + hblkhd) with all \(fixture.plan.modules) modules "
        + "built in their 20 stories and alive, minus before, divided by the modules; stories "
        + "opened included. The first-build targets use the first build in a fresh process, "
        + "everything included (the modules' app singletons, and the Swift runtime's generic metadata and "
        + "caches, which outlive the modules): " + line(cold) + ".",
      "Live only, the live-module target (the same modules built a second time in the process, "
        + "after the first ones and their stories were released and, with tracking on, checked; a "
        + "module's links objects included): " + line(live)
        + "; ViperNest / hand-written \(Format.fixed(liveRatio, 2))× off, "
        + "\(Format.fixed(liveTrackingRatio, 2))× on. The difference between the two builds is "
        + "what each module type costs once per process.",
    ]
    return result
  }
}

// MARK: - build-300

/// Clean and incremental builds of the app target (its dependencies already built), debug and
/// release. Verdicts rest on CPU time (user + system of the build and its compilers), which
/// other processes' load moves much less than wall time; wall time is in the notes.
enum Build300Scenario {
  static let id = "build-300"

  struct Phase {
    let name: String
    let release: Bool
    let clean: Bool
  }

  static let phases = [
    Phase(name: "clean debug", release: false, clean: true),
    Phase(name: "incremental debug", release: false, clean: false),
    Phase(name: "clean release", release: true, clean: true),
    Phase(name: "incremental release", release: true, clean: false),
  ]

  static func run(_ runner: Runner, fixture: AppScaleFixture) throws -> ScenarioResult {
    let variants = AppVariant.allCases
    // Dependencies first (untimed), in both configurations.
    for variant in variants {
      for release in [false, true] {
        printToStandardError("build-300: preparing \(variant.label) (release: \(release))")
        _ = try fixture.swiftBuild(variant, release: release)
      }
    }
    let rounds = runner.settings.buildRounds
    var cpu: [String: [Double]] = [:]
    var wall: [String: [Double]] = [:]
    var revision = 0
    for round in 0..<rounds {
      for index in runner.shuffledIndices(variants.count) {
        let variant = variants[index]
        for phase in phases {
          if phase.clean {
            try removeAppProducts(fixture.package(variant), release: phase.release)
          } else {
            revision += 1
            try editAssembly(fixture, variant, revision: revision)
          }
          let run = try fixture.swiftBuild(variant, release: phase.release)
          let key = "\(variant.rawValue) \(phase.name)"
          cpu[key, default: []].append(run.cpuNanoseconds)
          wall[key, default: []].append(run.wallNanoseconds)
          printToStandardError(
            "build-300 round \(round + 1): \(variant.label) \(phase.name): "
              + "\(Format.duration(run.wallNanoseconds)) wall, "
              + "\(Format.duration(run.cpuNanoseconds)) CPU")
        }
      }
    }
    fixture.markReleaseBuilt()

    func values(_ variant: AppVariant, _ phase: Phase) -> [Double] {
      cpu["\(variant.rawValue) \(phase.name)"]!
    }
    var result = ScenarioResult(id: id)
    result.rounds = rounds
    let debug = phases[0]
    result.oursNs = Statistics.median(values(.viperNest, debug))
    result.handwiredNs = Statistics.median(values(.handwritten, debug))
    result.swinjectNs = Statistics.median(values(.swinject, debug))
    result.oursOverHandwired = Statistics.median(
      zip(values(.viperNest, debug), values(.handwritten, debug)).map { $0 / $1 })
    result.swinjectOverOurs = Statistics.median(
      zip(values(.swinject, debug), values(.viperNest, debug)).map { $0 / $1 })
    result.checks = phases.flatMap { phase -> [TargetCheck] in
      let overHand = TargetCheck.roundRange(
        zip(values(.viperNest, phase), values(.handwritten, phase)).map { $0 / $1 },
        .atMost(phase.release ? 1.5 : 1.0), .ratio,
        "≤ \(phase.release ? "1.5" : "1.0")× hand-written (\(phase.name))",
        what: "ViperNest / hand-written CPU time of `swift build` of the app target, same round")
      guard phase.release else { return [overHand] }
      let overSwinject = TargetCheck.roundRange(
        zip(values(.viperNest, phase), values(.swinject, phase)).map { $0 / $1 },
        .below(1), .ratio, "below Swinject (\(phase.name))",
        what: "ViperNest / Swinject CPU time of `swift build` of the app target, same round")
      return [overHand, overSwinject]
    }
    var lines: [String] = []
    for phase in phases {
      let figures = variants.map { variant -> String in
        let key = "\(variant.rawValue) \(phase.name)"
        return "\(variant.label) \(Format.duration(Statistics.median(cpu[key]!))) CPU / "
          + "\(Format.duration(Statistics.median(wall[key]!))) wall"
      }
      lines.append("\(phase.name): " + figures.joined(separator: ", ") + ".")
    }
    result.notes =
      [
        "The app target only (dependencies built beforehand), \(rounds) rounds, medians; the "
          + "columns are clean debug CPU time. Incremental: one module's assembly edited "
          + "(M\(fixture.plan.modules / 2))."
      ] + lines
    if runner.settings.typeCheckThreshold > 0 {
      result.notes.append(try slowestTypeChecks(fixture, runner.settings.typeCheckThreshold))
    }
    return result
  }

  /// Deletes the app target's build products, so the next build compiles all of it again.
  static func removeAppProducts(_ package: URL, release: Bool) throws {
    let configuration = package.appendingPathComponent(release ? ".build/release" : ".build/debug")
    let manager = FileManager.default
    for name in ["App.build", "App", "Modules/App.swiftmodule", "App.swiftmodule"] {
      let url = configuration.appendingPathComponent(name)
      if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
    }
  }

  /// Changes one line of one module's assembly (a comment with a revision number), as an edit of
  /// that file would.
  static func editAssembly(_ fixture: AppScaleFixture, _ variant: AppVariant, revision: Int) throws
  {
    let url = fixture.package(variant).appendingPathComponent(
      variant.assemblyFile(module: fixture.plan.modules / 2))
    let text = try String(contentsOf: url, encoding: .utf8)
    guard let range = text.range(of: #"revision \d+"#, options: .regularExpression) else {
      throw BenchError("no revision line in \(url.path)")
    }
    try text.replacingCharacters(in: range, with: "revision \(revision)")
      .write(to: url, atomically: true, encoding: .utf8)
  }

  /// The type checker's slowest expressions and function bodies in the ViperNest variant (a
  /// clean debug build with the frontend's warnings at `threshold` ms, in a scratch folder of its
  /// own so the timed builds keep their flags).
  static func slowestTypeChecks(_ fixture: AppScaleFixture, _ threshold: Int) throws -> String {
    let package = fixture.package(.viperNest)
    let scratch = package.appendingPathComponent(".build-typecheck")
    let flags = [
      "--scratch-path", scratch.path,
      "-Xswiftc", "-Xfrontend", "-Xswiftc", "-warn-long-expression-type-checking=\(threshold)",
      "-Xswiftc", "-Xfrontend", "-Xswiftc", "-warn-long-function-bodies=\(threshold)",
    ]
    let appBuild = scratch.appendingPathComponent("debug/App.build")
    if FileManager.default.fileExists(atPath: appBuild.path) {
      try FileManager.default.removeItem(at: appBuild)
    }
    let run = try fixture.swiftBuild(.viperNest, release: false, extra: flags)
    var found: [(ms: Int, line: String)] = []
    var seen = Set<String>()
    for line in run.output.split(separator: "\n") where line.contains("to type-check") {
      let text = String(line)
      guard seen.insert(text).inserted,
        let match = text.range(of: #"took \d+ms"#, options: .regularExpression),
        let ms = Int(text[match].dropFirst(5).dropLast(2))
      else { continue }
      let location = text.split(separator: " ").first.map { $0.split(separator: "/").last ?? $0 }
      found.append((ms, "\(location ?? "") \(text[match])"))
    }
    found.sort { $0.ms > $1.ms }
    if found.isEmpty {
      return "Type checker (clean debug build of the ViperNest variant, "
        + "-warn-long-expression-type-checking and -warn-long-function-bodies at \(threshold) "
        + "ms): nothing took \(threshold) ms or more."
    }
    return "Type checker, slowest at ≥ \(threshold) ms (ViperNest variant, clean debug): "
      + found.prefix(5).map(\.line).joined(separator: "; ") + " (\(found.count) in all)."
  }
}

extension AppScaleFixture {
  /// After build-300 the release products exist again.
  func markReleaseBuilt() { builtRelease = true }
}

extension TargetCheck {
  /// A figure from a few rounds (too few for a confidence interval): the median, with the range
  /// of the rounds as the interval, so the verdict is PASS or MISS only when every round agrees.
  static func roundRange(
    _ values: [Double], _ bound: Bound, _ unit: Unit, _ target: String, what: String
  ) -> TargetCheck {
    TargetCheck(
      target: target,
      statistic: "median of \(values.count) rounds of \(what); interval: min–max of the rounds "
        + "(too few for a confidence interval: PASS or MISS only when every round agrees)",
      value: values.isEmpty ? nil : Statistics.median(values),
      interval: values.isEmpty ? nil : (values.min()!, values.max()!), bound: bound, unit: unit,
      platform: Platform.name)
  }
}
