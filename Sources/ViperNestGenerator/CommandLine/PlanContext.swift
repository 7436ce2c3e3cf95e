/// Works out a plan's directories, toolkit and story from the arguments and, when the plugin gave
/// them, the package's targets; collects notes for the user on the way.
struct PlanContext {
  let root: String
  let facts: PackageFacts?
  private(set) var notes: [String] = []

  init(root: String, facts: PackageFacts?) {
    self.root = root
    self.facts = facts
  }

  // MARK: - Sources

  /// The directory the module's folder goes into, and the target it belongs to (when known).
  func sourcesDirectory(_ arguments: GeneratorArguments) throws
    -> (directory: String, owner: PackageFacts.Target?)
  {
    if let name = arguments.target {
      guard let facts else {
        throw GeneratorError(
          .invalidOption,
          "--target needs the package's targets, which only the plugin knows. Pass the "
            + "directory instead: --in <directory>.")
      }
      guard let target = facts.targets.first(where: { $0.name == name }) else {
        let names = facts.targets.filter(\.holdsModules).map(\.name)
        let nearest = names.min {
          GeneratorArguments.distance(name, $0) < GeneratorArguments.distance(name, $1)
        }
        let suggestion =
          nearest.flatMap {
            GeneratorArguments.distance(name, $0) <= 3 ? " Did you mean \($0)?" : nil
          }
          ?? ""
        throw GeneratorError(
          .invalidDirectory,
          "The package has no target named \(name).\(suggestion) Targets that can hold a module: "
            + "\(list(facts.targets.filter(\.holdsModules))).")
      }
      try checkHoldsModules(target, "--target \(name)")
      return (target.directory, target)
    }
    if let directory = arguments.directory {
      let path = PathTools.absolute(directory, base: root)
      guard PathTools.isDirectory(path) else {
        throw GeneratorError(
          .invalidDirectory,
          "--in \(directory): there is no directory \(PathTools.display(path, root: root)). Pass an "
            + "existing folder of the target the module belongs to"
            + (facts.map { ", such as one of: \(list($0.targets.filter(\.holdsModules)))" } ?? "")
            + ".")
      }
      guard let facts else { return (path, nil) }
      guard let owner = facts.target(containing: path) else {
        throw GeneratorError(
          .invalidDirectory,
          "--in \(directory) is not inside any target's directory, so the module would not be "
            + "compiled. Pass a folder of one of: \(list(facts.targets.filter(\.holdsModules))).")
      }
      try checkHoldsModules(owner, "--in \(directory)")
      return (path, owner)
    }
    guard let facts else {
      throw GeneratorError(
        .invalidOption,
        "Pass the directory to write the module into: --in <directory> (such as Sources/MyApp).")
    }
    let candidates = facts.targets.filter(\.holdsModules)
    guard candidates.count == 1, let only = candidates.first else {
      throw GeneratorError(
        .invalidOption,
        candidates.isEmpty
          ? "The package has no target that can hold a module (only test targets). Add one, or "
            + "pass --in <directory>."
          : "The package has \(candidates.count) targets that can hold a module: "
            + "\(list(candidates)). Say which: --target <target> or --in <directory>.")
    }
    return (only.directory, only)
  }

  private func checkHoldsModules(_ target: PackageFacts.Target, _ option: String) throws {
    guard !target.holdsModules else { return }
    throw GeneratorError(
      .invalidDirectory,
      "\(option) is in \(target.name), \(target.kind.withArticle) target: a module goes in the "
        + "target it belongs to"
        + (target.kind == .test
          ? " (its test goes here: pass this folder with --tests-in instead)." : ".")
        + " Targets that can hold a module: \(list(facts?.targets.filter(\.holdsModules) ?? [])).")
  }

  // MARK: - Toolkit

  /// `--ui`, or UIKit when the target depends on ViperNestUIKit (an iOS app target does, to
  /// register `UIKitToolkit`), headless otherwise. ViperNestSwiftUI depends on ViperNestUIKit, so
  /// a target that depends on ViperNestSwiftUI and ViperNestHeadless gets a headless view.
  mutating func toolkit(_ requested: ViewToolkit?, owner: PackageFacts.Target?) -> ViewToolkit {
    if let requested { return requested }
    guard let owner else { return .headless }
    if owner.dependsOn("ViperNestSwiftUI"), owner.dependsOn("ViperNestHeadless") {
      notes.append(
        "The view is a HeadlessViewController: \(owner.name) depends on ViperNestHeadless (and "
          + "on ViperNestUIKit only as ViperNestSwiftUI does). (--ui uikit for a UIViewController.)"
      )
      return .headless
    }
    if owner.dependsOn("ViperNestUIKit") {
      notes.append(
        "The view is a UIViewController: \(owner.name) depends on ViperNestUIKit. (--ui headless "
          + "for a HeadlessViewController.)")
      return .uikit
    }
    notes.append(
      "The view is a HeadlessViewController: \(owner.name) does not depend on ViperNestUIKit. "
        + "(--ui uikit for a UIViewController.)")
    return .headless
  }

  // MARK: - Tests

  /// The directory the test goes into (nil: no test), and its test target (when known).
  mutating func testsDirectory(_ arguments: GeneratorArguments, owner: PackageFacts.Target?)
    throws -> (directory: String?, target: PackageFacts.Target?)
  {
    if arguments.noTests { return (nil, nil) }
    if let directory = arguments.testsDirectory {
      let path = PathTools.absolute(directory, base: root)
      guard PathTools.isDirectory(path) else {
        throw GeneratorError(
          .invalidDirectory,
          "--tests-in \(directory): there is no directory \(PathTools.display(path, root: root)). "
            + "Pass the folder of a test target (such as Tests/MyAppTests), or --no-tests.")
      }
      guard let facts else { return (path, nil) }
      guard let target = facts.target(containing: path), target.kind == .test else {
        let testTargets = facts.targets.filter { $0.kind == .test }
        throw GeneratorError(
          .invalidDirectory,
          "--tests-in \(directory) is not in a test target's directory, so the test would not run. "
            + (testTargets.isEmpty
              ? "The package has no test target: add one, or pass --no-tests."
              : "Pass a folder of one of: \(list(testTargets))."))
      }
      return (path, target)
    }
    guard let facts, let owner else {
      notes.append("No test written: pass --tests-in <directory> to write one.")
      return (nil, nil)
    }
    let testers = facts.targets.filter { $0.kind == .test && $0.dependsOn(owner.name) }
    if testers.count == 1, let only = testers.first { return (only.directory, only) }
    if let conventional = testers.first(where: { $0.name == owner.name + "Tests" }) {
      return (conventional.directory, conventional)
    }
    if testers.isEmpty {
      // SwiftPM lists only targets with sources: a test target declared for the module's target
      // but still empty is a directory the facts do not show.
      let conventional = PathTools.absolute("Tests/\(owner.name)Tests", base: root)
      if PathTools.isDirectory(conventional), facts.target(containing: conventional) == nil {
        notes.append(
          "The test goes into \(PathTools.display(conventional, root: root)), which has no Swift "
            + "file yet, so SwiftPM does not list it as a target: check that Package.swift "
            + "declares .testTarget(name: \"\(owner.name)Tests\", dependencies: "
            + "[\"\(owner.name)\"]).")
        return (conventional, nil)
      }
      notes.append(
        "No test written: no test target depends on \(owner.name), and there is no "
          + "Tests/\(owner.name)Tests directory. Add a test target, or pass --tests-in <directory>."
      )
      return (nil, nil)
    }
    throw GeneratorError(
      .invalidOption,
      "\(testers.count) test targets depend on \(owner.name): \(list(testers)). Say where the "
        + "test goes: --tests-in <directory>, or --no-tests.")
  }

  // MARK: - Story

  /// Checks `story` and whether it must be declared (it is declared in none of `directories`).
  mutating func storyNeedsDeclaring(_ story: String, searching directories: [String]) throws
    -> Bool
  {
    try ModuleName.checkTypeIdentifier(story, what: "story")
    guard story != "AppStory" else {
      throw GeneratorError(
        .invalidOption,
        "--story AppStory: AppStory is the root story, which every registration outside a story "
          + "belongs to. Leave --story out to register the module there.")
    }
    if let found = SourceScanner.declarations(of: [story], in: directories).first {
      notes.append(
        "It belongs to \(story), declared in \(PathTools.display(found.file, root: root)):"
          + "\(found.line).")
      return false
    }
    notes.append(
      "It belongs to \(story), which the target does not declare yet: declared next to the "
        + "module (move it where your stories live).")
    return true
  }

  // MARK: - Dependencies

  /// Notes the ViperNest products the module's target and the test's target miss.
  mutating func noteMissingDependencies(
    _ spec: ModuleSpec, owner: PackageFacts.Target, testTarget: PackageFacts.Target?
  ) {
    var needed = [
      "ViperNest",
      spec.style == .screen
        ? "ViperNestSwiftUI" : spec.ui == .uikit ? "ViperNestUIKit" : "ViperNestHeadless",
    ]
    noteMissing(needed, in: owner, usedBy: "module")
    guard let testTarget, spec.testedModule != nil else { return }
    needed = ["ViperNest", "ViperNestTesting"]
    if !(spec.style == .mvc && spec.ui == .uikit) { needed.append("ViperNestHeadless") }
    if spec.style == .screen { needed.append("ViperNestSwiftUI") }
    noteMissing(needed, in: testTarget, usedBy: "test")
    if !testTarget.dependsOn(owner.name) {
      notes.append(
        "\(testTarget.name) does not depend on \(owner.name), which the test imports: add "
          + "\"\(owner.name)\" to its dependencies in Package.swift.")
    }
  }

  private mutating func noteMissing(
    _ products: [String], in target: PackageFacts.Target, usedBy user: String
  ) {
    let missing = products.filter { !target.dependsOn($0) }
    guard !missing.isEmpty else { return }
    let entries = missing.map { ".product(name: \"\($0)\", package: \"ViperNest\")" }
    notes.append(
      "\(target.name) does not depend on \(missing.joined(separator: ", ")), which the \(user) "
        + "uses: add \(entries.joined(separator: ", ")) to its dependencies in Package.swift.")
  }

  // MARK: - Text

  private func list(_ targets: [PackageFacts.Target]) -> String {
    targets.map { "\($0.name) (\(PathTools.display($0.directory, root: root)))" }
      .joined(separator: ", ")
  }
}

extension PackageFacts.Target.Kind {
  /// The kind with its article, as messages write it: `an executable`, `a test`.
  package var withArticle: String {
    switch self {
    case .executable, .other: "an \(rawValue)"
    case .generic, .test, .macro, .snippet: "a \(rawValue)"
    }
  }
}
