import AppScaleGenerator
import Foundation

/// `launch-1000`: the same generated app at 1,000 modules (`--launch-1000-modules`), launched to
/// its first screen in fresh processes, in the same shuffled rounds as the app of `launch-300`
/// (`--app-modules`), so that the cost per module at both sizes is compared within each round: if
/// it stays within 15 %, launch grows linearly and a reader can extrapolate to their app.
///
/// Only what the target needs is built at 1,000 modules: the ViperNest variant, and the
/// hand-written one (about half the ViperNest variant's build) to show that the baseline grows
/// linearly too. The 300-module apps are `launch-300`'s, built once per run.
enum Launch1000Scenario {
  static let id = "launch-1000"

  /// The variants built at 1,000 modules.
  static let variants: [AppVariant] = [.viperNest, .handwritten]

  /// The app of `settings.launch1000Modules` modules in `variants`, beside the 300-module one
  /// (`--app-dir` with `-N` appended).
  static func fixture(_ settings: Settings) throws -> AppScaleFixture {
    try AppScaleFixture(
      settings: settings, modules: settings.launch1000Modules,
      directory: "\(settings.appDirectory)-\(settings.launch1000Modules)", variants: variants)
  }

  static func run(_ runner: Runner, small: AppScaleFixture, large: AppScaleFixture) throws
    -> ScenarioResult
  {
    try small.buildRelease()
    try large.buildRelease()
    try large.verify()
    let contenders = [
      (large, AppVariant.viperNest), (large, .handwritten), (small, .viperNest),
      (small, .handwritten),
    ]
    let rounds = runner.settings.rounds
    var launch = [[Double]](repeating: [], count: contenders.count)
    var validate: [Double] = []
    for _ in 0..<rounds {
      for index in runner.shuffledIndices(contenders.count) {
        let (fixture, variant) = contenders[index]
        launch[index].append(try Launch300Scenario.launchTime(fixture, variant).nanoseconds)
      }
      validate.append(try Launch300Scenario.validateTime(large))
    }
    let n = Double(large.plan.modules)
    let m = Double(small.plan.modules)
    func perModuleRatios(_ big: Int, _ little: Int) -> [Double] {
      zip(launch[big], launch[little]).map { ($0 / n) / ($1 / m) }
    }
    let ours = perModuleRatios(0, 2)
    let hand = perModuleRatios(1, 3)
    let oursOverHand = zip(launch[0], launch[1]).map { $0 / $1 }

    var result = ScenarioResult(id: id)
    result.rounds = rounds
    result.oursNs = Statistics.median(launch[0])
    result.handwiredNs = Statistics.median(launch[1])
    result.oursOverHandwired = Statistics.median(oursOverHand)
    result.checks = [
      .rounds(
        ours, .within(0.85, 1.15), .ratio,
        "cost per module within 15 % of launch-300's (0.85×–1.15×)",
        what: "ViperNest launch time per module, \(large.plan.modules) modules over "
          + "\(small.plan.modules) modules, fresh processes of the same round",
        platform: Platform.name)
    ]
    func perModule(_ index: Int, _ modules: Double) -> String {
      Format.duration(Statistics.median(launch[index]) / modules)
    }
    // What each module beyond the small app's adds: the slope a reader extrapolates with.
    func marginal(_ big: Int, _ little: Int) -> String {
      let slopes = zip(launch[big], launch[little]).map { ($0 - $1) / (n - m) }
      return Format.duration(Statistics.median(slopes))
    }
    result.notes = [
      "\(large.plan.modules) modules against the \(small.plan.modules) of launch-300, one fresh "
        + "process of each app per round (order shuffled each round), launch measured as in "
        + "launch-300. Launch per module: ViperNest \(perModule(0, n)) at \(large.plan.modules), "
        + "\(perModule(2, m)) at \(small.plan.modules); hand-written \(perModule(1, n)) and "
        + "\(perModule(3, m)), per-module ratio \(interval(hand)) (its fixed start-up weighs "
        + "more at \(small.plan.modules)). Each module beyond the \(small.plan.modules) adds "
        + "\(marginal(0, 2)) with ViperNest, \(marginal(1, 3)) hand-written (the median over "
        + "rounds of the launch difference over the module difference). ViperNest / hand-written "
        + "at \(large.plan.modules): "
        + "\(interval(oursOverHand)). validate() at \(large.plan.modules): "
        + "\(Format.duration(Statistics.median(validate))).",
      try instructionNote(small: small, large: large),
      "Swinject is not built at \(large.plan.modules) modules: the target compares ViperNest "
        + "with itself at \(small.plan.modules) modules (Swinject's launch is in launch-300), "
        + "and a third \(large.plan.modules)-module app would add another clean release build, "
        + "this scenario's longest step." + buildNote(large),
    ]
    return result
  }

  /// `1.02× [0.98×–1.05×]` (the median of per-round ratios and its 95 % interval).
  static func interval(_ ratios: [Double]) -> String {
    let bounds = Statistics.medianInterval(ratios).map {
      " [\(Format.ratio($0.low))–\(Format.ratio($0.high))]"
    }
    return Format.ratio(Statistics.median(ratios)) + (bounds ?? "")
  }

  /// The launch's instructions per module at both sizes (callgrind, one process each), which the
  /// machine's load does not move.
  static func instructionNote(small: AppScaleFixture, large: AppScaleFixture) throws -> String {
    guard Callgrind.tools != nil else { return "Instructions: \(Callgrind.missing)." }
    var figures: [String] = []
    for variant in variants {
      var perModule: [Double] = []
      for fixture in [large, small] {
        printToStandardError(
          "\(id): callgrind, \(variant.label) App launch, \(fixture.plan.modules) modules")
        let count = try Callgrind.count(
          fixture.binary(variant), ["launch"], inside: Launch300Scenario.launchSymbol)
        perModule.append(count.inside / Double(fixture.plan.modules))
      }
      figures.append(
        "\(variant.label) \(thousands(perModule[0])) at \(large.plan.modules), "
          + "\(thousands(perModule[1])) at \(small.plan.modules) "
          + "(\(Format.ratio(perModule[0] / perModule[1])))")
    }
    return "Instructions per module in AppRoot.launch and what it calls (callgrind, one fresh "
      + "process each): " + figures.joined(separator: "; ") + "."
  }

  /// `206 k` instructions.
  static func thousands(_ count: Double) -> String { "\(Format.significant(count / 1e3)) k" }

  /// What building the large app cost in this run, as a sentence after another (empty when it
  /// was not built).
  static func buildNote(_ large: AppScaleFixture) -> String {
    let builds = variants.compactMap { variant in
      large.releaseBuilds[variant].map {
        "\(variant.label) \(Format.duration($0.wallNanoseconds)) wall, "
          + "\(Format.duration($0.cpuNanoseconds)) CPU"
      }
    }
    if builds.isEmpty { return "" }
    return " `swift build -c release` of the \(large.plan.modules)-module app in this run (clean "
      + "or up to date, as this run found it; its dependencies included when they were built): "
      + builds.joined(separator: "; ") + "."
  }
}
