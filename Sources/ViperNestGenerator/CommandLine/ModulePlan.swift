import Foundation

/// Everything `generate-module` is about to write, worked out from the arguments and the package,
/// with every check done first: the name, the options, the directories, the story, clashes with
/// existing types and existing files. Nothing is written before a plan exists.
///
/// ```swift
/// let plan = try ModulePlan(arguments, currentDirectory: FileManager.default.currentDirectoryPath)
/// try ModuleWriter.write(plan.files, root: plan.root)
/// print(plan.summary(written: true))
/// ```
package struct ModulePlan: Sendable {
  /// What is generated.
  package let spec: ModuleSpec
  /// The package's directory; paths are shown relative to it.
  package let root: String
  /// The directory the module's folder goes into, absolute.
  package let sourcesDirectory: String
  /// The directory the test goes into, absolute; nil when no test is written.
  package let testsDirectory: String?
  /// The files, with absolute paths.
  package let files: [ModuleWriter.PlannedFile]
  /// What the user should know: where the story is, why no test, missing dependencies.
  package let notes: [String]

  /// Works out and checks the plan.
  ///
  /// - Parameters:
  ///   - arguments: The parsed command line.
  ///   - currentDirectory: Where relative paths start when no `--package-root` is given.
  /// - Throws: ``GeneratorError``: a bad name or option, a directory that does not exist or is
  ///   not in a suitable target, a type the target declares already, files that exist.
  package init(_ arguments: GeneratorArguments, currentDirectory: String) throws {
    guard let rawName = arguments.name else {
      throw GeneratorError(
        .invalidOption,
        "Pass the module's name: \(GeneratorUsage.command) <Name> --in <directory>. Run with "
          + "--help to see the options.")
    }
    let name = try ModuleName(validating: rawName)
    if arguments.noTests, arguments.testsDirectory != nil {
      throw GeneratorError(
        .invalidOption, "--no-tests and --tests-in contradict each other: pass one of them.")
    }
    if arguments.directory != nil, arguments.target != nil {
      throw GeneratorError(
        .invalidOption,
        "--in and --target both say where the module goes: pass one of them (--target <target> "
          + "writes into the target's directory).")
    }
    try Self.refuseConflictingViews(arguments)
    let root = PathTools.absolute(arguments.packageRoot ?? currentDirectory, base: currentDirectory)
    let facts = try arguments.packageFacts.map { try Self.loadFacts($0, base: currentDirectory) }
    var context = PlanContext(root: root, facts: facts)

    let (sources, owner) = try context.sourcesDirectory(arguments)
    let conventionalRoot = Self.conventionalTargetRoot(of: sources)
    let ownerRoot = owner?.directory ?? conventionalRoot ?? sources
    let style: ModuleStyle = arguments.swiftUI ? .screen : arguments.mvc ? .mvc : .viper
    // A screen's host is the registered toolkit's: there is no view class to choose.
    let ui = style == .screen ? .headless : context.toolkit(arguments.ui, owner: owner)
    let (tests, testTarget) = try context.testsDirectory(arguments, owner: owner)
    var testedModule: String?
    if tests != nil {
      testedModule =
        try owner?.moduleName ?? arguments.targetModule
        ?? Self.moduleName(ofTargetRoot: conventionalRoot, sources: sources, root: root)
    }
    var declaresStory = false
    if let story = arguments.story {
      declaresStory = try context.storyNeedsDeclaring(
        story, searching: [ownerRoot] + (owner?.dependencies.map(\.directory) ?? []))
    }
    let spec = ModuleSpec(
      name: name, style: style, ui: ui, story: arguments.story,
      declaresStory: declaresStory, testedModule: testedModule)
    let template = ModuleTemplate(spec)
    try Self.refuseReservedNames(template, name: name)
    if let story = spec.story, template.declaredTypes.contains(story) {
      throw GeneratorError(
        .invalidOption,
        "--story \(story) names one of the module's own types. Pass the UserStory the module "
          + "belongs to, such as \(name)Story.")
    }

    files = template.files.map { file in
      let base = file.location == .sources ? sources : tests ?? sources
      return ModuleWriter.PlannedFile(path: base + "/" + file.path, contents: file.contents)
    }
    try ModuleWriter.refuseOverwriting(files, root: root)
    try Self.refuseClashes(
      template, in: ownerRoot,
      testRoot: tests.map { testTarget?.directory ?? Self.conventionalTargetRoot(of: $0) ?? $0 },
      root: root)
    if let owner {
      context.noteMissingDependencies(spec, owner: owner, testTarget: testTarget)
    }

    self.spec = spec
    self.root = root
    sourcesDirectory = sources
    testsDirectory = tests
    notes = context.notes
  }

  /// What was (or, in a dry run, would be) written, the notes, and the next steps.
  ///
  /// - Parameter written: Whether the files were written (false for `--dry-run`).
  /// - Returns: The text to print.
  package func summary(written: Bool) -> String {
    let n = ModuleTypeNames(spec.name)
    let kind =
      switch spec.style {
      case .viper: "VIPER" + (spec.ui == .uikit ? ", UIKit view" : ", headless view")
      case .mvc: "MVC" + (spec.ui == .uikit ? ", UIKit view" : ", headless view")
      case .screen: "VIPER, SwiftUI screen"
      }
    let folder = PathTools.display(sourcesDirectory + "/" + n.name, root: root)
    var lines = [
      (written ? "Wrote" : "Would write (dry run, nothing written)")
        + " the \(n.name) module (\(kind)) in \(folder):"
    ]
    lines += files.map { "  " + PathTools.display($0.path, root: root) }
    if !notes.isEmpty {
      lines.append("")
      lines += notes
    }
    lines += ["", "Next steps:"]
    var steps = ["Install \(n.assembly)() in your registry, with your other assemblies."]
    switch (spec.style, spec.ui) {
    case (.screen, _):
      steps.append(
        "Host it: in tests, the headless host: try Registry(host.assembly, \(n.assembly)(), "
          + "...); on iOS 17 and later, a UIHostingController hosts the screen.")
    case (_, .headless):
      steps.append(
        "Give it the headless host: try Registry(host.assembly, \(n.assembly)(), ...).")
    case (.viper, .uikit):
      steps.append(
        "Give its builder UIKit: r.register((any UIToolkit).self, "
          + "mainActorInstance: UIKitToolkit.shared).")
    case (.mvc, .uikit):
      break
    }
    steps.append(
      "Show it from a router" + (spec.story.map { ", inside \($0)" } ?? "") + ":\n"
        + "       let module = try resolver.resolve(\(n.module).self)\n"
        + "       module.output = self  // or whoever is its \(n.output)\n"
        + "       try present(module)")
    if spec.testedModule != nil {
      steps.append("Run its test: swift test --filter \(n.tests)")
    }
    lines += steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Checks

  /// Types ViperNest (and UIKit) declare, which a module must not redeclare.
  static let reservedNames: Set<String> = [
    "AnyAssembly", "AppStory", "AppearanceColor", "Assembly", "ContainerArea",
    "DetectsLeaksTrait", "Diagnostic", "EmbedTransition", "Embedding", "GraphFormat",
    "EnvironmentOverride", "Injected", "InjectedProperty", "InjectionError", "LaunchCondition",
    "LaunchEnvironment", "LazyInjected", "RegistrationEvent", "ResolutionEvent",
    "WeakLazyInjected",
    "HeadlessContainerArea", "HeadlessHost", "HeadlessNavigationItem",
    "HeadlessNavigationController", "HeadlessTabController", "HeadlessViewController",
    "HeadlessWindow", "InteractorLinks", "LeakDetector", "LeakHandler", "LeakReport", "LeakRole",
    "Lazy",
    "Lifetime", "LinkConvertible", "LinkError", "LinkNavigator", "LinkParameter",
    "LinkPresentation", "LinkStep", "LinkStepContext", "Module", "ModuleError", "NoInput",
    "NoInteractor", "NoRouter", "NoView",
    "HeadlessScreenHostingController", "HeadlessScreenStack", "HeadlessScreenTabs",
    "ScreenAppearance",
    "ScreenBuilder",
    "ScreenModule",
    "ScreenNavigation", "ScreenNavigationError", "ScreenNavigationStack", "ScreenPreview",
    "ScreenRoute", "ScreenView",
    "VIPERScreen",
    "NavigationBarAppearance", "NavigationControlling", "NavigationErrorHandler",
    "NavigationFailure", "NavigationLifecycle",
    "NavigationEvent", "OpenedLink", "OverlayAppearance", "OverlayTransition",
    "OwnershipViolation", "PostInitialization",
    "PresentTransition", "Presentable", "PresentationStyle", "PresenterLinks", "Provider",
    "AsyncProvider",
    "PushTransition",
    "Registrar", "Registry", "Resolver", "Resolving", "RetainPath", "RouterLinks", "Story",
    "StoryTree", "TabControlling", "TabItem", "TabTransition", "Transition", "TransitionError",
    "UIKitToolkit", "UIToolkit", "UserStory", "VIPERBuilder", "VIPERInteractor", "VIPERModule",
    "VIPERPresenter", "VIPERRouter", "VIPERView", "VIPERViewUIType", "ValidationReport",
    "ViewControlling", "ViewLinks", "ViewUIType", "ViperNestError", "Weak", "WindowHosting",
    "WindowRootTransition", "UIView", "UIViewController", "UIWindow", "UINavigationController",
    "UITabBarController",
  ]

  /// `--view swiftui` writes neither a view controller (`--mvc`) nor a view of a chosen class
  /// (`--ui`).
  private static func refuseConflictingViews(_ arguments: GeneratorArguments) throws {
    guard arguments.swiftUI else { return }
    if arguments.mvc {
      throw GeneratorError(
        .invalidOption,
        "--view swiftui and --mvc contradict each other: --view swiftui writes a SwiftUI screen "
          + "with a presenter, interactor and router; --mvc one view controller. Pass one of "
          + "them.")
    }
    if let ui = arguments.ui {
      throw GeneratorError(
        .invalidOption,
        "--ui \(ui.rawValue) chooses a view controller's base class, and --view swiftui writes no "
          + "view controller: the screen is hosted by a UIHostingController in an app and by "
          + "the headless host in tests. Leave --ui out.")
    }
  }

  private static func refuseReservedNames(_ template: ModuleTemplate, name: ModuleName) throws {
    let clashes = template.declaredTypes.filter(reservedNames.contains)
    guard !clashes.isEmpty else { return }
    throw GeneratorError(
      .invalidName,
      "The module name \(name) would declare \(clashes.joined(separator: ", ")), which "
        + "ViperNest or UIKit already declare\(clashes.count == 1 ? "s" : ""). Choose another "
        + "name.")
  }

  private static func refuseClashes(
    _ template: ModuleTemplate, in ownerRoot: String, testRoot: String?, root: String
  ) throws {
    var clashes = SourceScanner.declarations(of: Set(template.declaredTypes), in: [ownerRoot])
    if let testRoot {
      clashes += SourceScanner.declarations(of: Set(template.declaredTestTypes), in: [testRoot])
    }
    guard !clashes.isEmpty else { return }
    let list = clashes.map { "  \($0.name) (\(PathTools.display($0.file, root: root)):\($0.line))" }
    throw GeneratorError(
      .typeExists,
      "The module would declare types that already exist:\n\(list.joined(separator: "\n"))\n"
        + "Nothing was written. To fix, choose another module name, or rename or remove these "
        + "types.")
  }

  // MARK: - Package

  private static func loadFacts(_ path: String, base: String) throws -> PackageFacts {
    let file = PathTools.absolute(path, base: base)
    do {
      var facts = try JSONDecoder().decode(
        PackageFacts.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
      // Compare directories as `--in` is compared: absolute, with symbolic links resolved.
      for index in facts.targets.indices {
        facts.targets[index].directory = PathTools.absolute(
          facts.targets[index].directory, base: "/")
      }
      return facts
    } catch {
      throw GeneratorError(
        .invalidOption,
        "Could not read the package description \(file) (\(error)). It is written by the "
          + "generate-module plugin; run the command through the plugin: \(GeneratorUsage.command)")
    }
  }

  /// `…/Sources/<Target>` or `…/Tests/<Target>` at or above `directory`, by SwiftPM's convention.
  static func conventionalTargetRoot(of directory: String) -> String? {
    let components = directory.split(separator: "/", omittingEmptySubsequences: false)
    guard let folder = components.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }),
      folder + 1 < components.count
    else { return nil }
    return components[...(folder + 1)].joined(separator: "/")
  }

  /// The Swift module of the target whose conventional root is `targetRoot`.
  private static func moduleName(ofTargetRoot targetRoot: String?, sources: String, root: String)
    throws -> String
  {
    guard let name = targetRoot?.split(separator: "/").last, !name.isEmpty else {
      throw GeneratorError(
        .invalidOption,
        "Cannot tell which Swift module \(PathTools.display(sources, root: root)) belongs to, "
          + "which the test imports. Pass --target-module <Module>, or --no-tests.")
    }
    // SwiftPM's module name for a target: characters that cannot be in an identifier become `_`.
    return name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
  }
}
