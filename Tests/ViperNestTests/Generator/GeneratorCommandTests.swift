import Testing

@testable import ViperNestGenerator

/// The generator as the tool runs it, on real directories.
struct GeneratorCommandTests {
  /// A package with an app target and a test target.
  private func package() throws -> TemporaryDirectory {
    let package = try TemporaryDirectory()
    try package.makeDirectories("Sources/MyApp", "Tests/MyAppTests")
    return package
  }

  // MARK: - Writing

  @Test func everyFileOfTheModuleIsWritten() throws {
    let package = try package()
    let outcome = package.generate(
      "ContactDetail", "--in", "Sources/MyApp", "--tests-in", "Tests/MyAppTests")
    #expect(outcome.status == 0, "\(outcome.errorOutput)")
    #expect(outcome.errorOutput.isEmpty)
    let expected = ModuleTemplate(
      ModuleSpec(name: try moduleName("ContactDetail"), testedModule: "MyApp")
    ).files
    #expect(
      package.files
        == expected.map {
          ($0.location == .sources ? "Sources/MyApp/" : "Tests/MyAppTests/") + $0.path
        }
        .sorted())
    for file in expected where file.location == .sources {
      #expect(try package.read("Sources/MyApp/" + file.path) == file.contents)
    }
    #expect(
      outcome.output.hasPrefix(
        "Wrote the ContactDetail module (VIPER, headless view) in Sources/MyApp/ContactDetail:\n"
          + "  Sources/MyApp/ContactDetail/ContactDetailModule.swift\n"))
    #expect(outcome.output.contains("  Tests/MyAppTests/ContactDetailModuleTests.swift\n"))
    #expect(outcome.output.contains("Run its test: swift test --filter ContactDetailModuleTests"))
  }

  @Test func theTestImportsTheModuleOfTheSourcesFolder() throws {
    let package = try package()
    try package.makeDirectories("Sources/My-App/Features")
    let outcome = package.generate(
      "Cart", "--in", "Sources/My-App/Features", "--tests-in", "Tests/MyAppTests")
    #expect(outcome.status == 0, "\(outcome.errorOutput)")
    #expect(
      try package.read("Tests/MyAppTests/CartModuleTests.swift").contains(
        "@testable import My_App\n"))
    #expect(package.files.contains("Sources/My-App/Features/Cart/CartView.swift"))
  }

  @Test func aDryRunWritesNothing() throws {
    let package = try package()
    let outcome = package.generate("About", "--mvc", "--in", "Sources/MyApp", "--dry-run")
    #expect(outcome.status == 0)
    #expect(
      outcome.output.hasPrefix(
        "Would write (dry run, nothing written) the About module (MVC, headless view)"))
    #expect(outcome.output.contains("No test written: pass --tests-in <directory> to write one."))
    #expect(package.files.isEmpty)
  }

  @Test func helpPrintsTheUsageAndWritesNothing() throws {
    let package = try package()
    let outcome = package.generate("--help")
    #expect(outcome.status == 0)
    #expect(outcome.output == GeneratorUsage.text)
    #expect(package.files.isEmpty)
  }

  // MARK: - Refusals

  @Test func existingFilesAreNeverOverwrittenAndNothingIsWritten() throws {
    let package = try package()
    try package.write("Sources/MyApp/ContactDetail/ContactDetailPresenter.swift", "// mine\n")
    try package.write("Tests/MyAppTests/ContactDetailModuleTests.swift", "// mine too\n")
    let outcome = package.generate(
      "ContactDetail", "--in", "Sources/MyApp", "--tests-in", "Tests/MyAppTests")
    #expect(outcome.status == 1)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errorOutput == """
        error: Refusing to overwrite: 2 of the module's 9 files already exist:
          Sources/MyApp/ContactDetail/ContactDetailPresenter.swift
          Tests/MyAppTests/ContactDetailModuleTests.swift
        Nothing was written. To fix, choose another module name or --in directory, or move these \
        files away (or delete them) and run the command again.

        """)
    #expect(
      package.files == [
        "Sources/MyApp/ContactDetail/ContactDetailPresenter.swift",
        "Tests/MyAppTests/ContactDetailModuleTests.swift",
      ])
    #expect(
      try package.read("Sources/MyApp/ContactDetail/ContactDetailPresenter.swift") == "// mine\n")
  }

  @Test func typesTheTargetDeclaresAlreadyAreRefused() throws {
    let package = try package()
    try package.write("Sources/MyApp/Old.swift", "// old\n\nfinal class ContactDetailView {}\n")
    let outcome = package.generate("ContactDetail", "--in", "Sources/MyApp/Features", "--no-tests")
    // The folder does not exist: that is reported first.
    #expect(outcome.errorOutput.contains("--in Sources/MyApp/Features: there is no directory"))
    try package.makeDirectories("Sources/MyApp/Features")
    let again = package.generate("ContactDetail", "--in", "Sources/MyApp/Features", "--no-tests")
    #expect(again.status == 1)
    #expect(
      again.errorOutput.hasPrefix(
        "error: The module would declare types that already exist:\n"
          + "  ContactDetailView (Sources/MyApp/Old.swift:3)\nNothing was written."))
    #expect(package.files == ["Sources/MyApp/Old.swift"])
  }

  @Test func badNamesAndOptionsWriteNothing() throws {
    let package = try package()
    let cases: [([String], String)] = [
      (["contact-detail", "--in", "Sources/MyApp"], "Did you mean ContactDetail?"),
      (["ContactDetailModule", "--in", "Sources/MyApp"], "Did you mean ContactDetail?"),
      (
        ["VIPER", "--in", "Sources/MyApp"],
        "VIPERView, VIPERPresenter, VIPERInteractor, VIPERRouter"
      ),
      (["Headless", "--mvc", "--in", "Sources/MyApp"], "would declare HeadlessViewController"),
      (["--in", "Sources/MyApp"], "Pass the module's name"),
      (["Cart"], "Pass the directory to write the module into: --in <directory>"),
      (["Cart", "--in", "Sources/MyApp", "--story", "contacts"], "Did you mean Contacts?"),
      (["Cart", "--in", "Sources/MyApp", "--story", "AppStory"], "AppStory is the root story"),
      (["Cart", "--in", "Sources/MyApp", "--story", "CartView"], "names one of the module's own"),
      (["Cart", "--in", "Sources/MyApp", "--no-tests", "--tests-in", "Tests"], "contradict"),
      (["Cart", "--in", "Sources/MyApp", "--target", "MyApp"], "pass one of them"),
      (["Cart", "--target", "MyApp"], "--target needs the package's targets"),
      (
        ["Cart", "--in", "Sources/MyApp", "--view", "swiftui", "--mvc"],
        "--view swiftui and --mvc contradict each other"
      ),
      (
        ["Cart", "--in", "Sources/MyApp", "--view", "swiftui", "--ui", "uikit"],
        "--view swiftui writes no view controller"
      ),
      (
        ["VIPER", "--view", "swiftui", "--in", "Sources/MyApp"],
        "VIPERScreen, VIPERPresenter, VIPERInteractor, VIPERRouter"
      ),
      (["Cart", "--in", "Sources/MyApp", "--tests-in", "Tests/Nope"], "there is no directory"),
      (["Cart", "--in", "/nonexistent/folder"], "there is no directory /nonexistent/folder"),
    ]
    for (arguments, expected) in cases {
      let outcome = GeneratorCommand.run(arguments, currentDirectory: package.path)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.errorOutput.hasPrefix("error: "), "\(arguments)")
      #expect(outcome.errorOutput.contains(expected), "\(arguments): \(outcome.errorOutput)")
    }
    #expect(package.files.isEmpty)
  }

  @Test func outsideSwiftPMsLayoutTheTestedModuleMustBeNamed() throws {
    let project = try TemporaryDirectory()
    try project.makeDirectories("MyApp/Features", "MyAppTests")
    let unnamed = project.generate(
      "Cart", "--in", "MyApp/Features", "--tests-in", "MyAppTests")
    #expect(
      unnamed.errorOutput.contains(
        "Cannot tell which Swift module MyApp/Features belongs to, which the test imports. Pass "
          + "--target-module <Module>, or --no-tests."))
    #expect(project.files.isEmpty)
    let named = project.generate(
      "Cart", "--in", "MyApp/Features", "--tests-in", "MyAppTests", "--target-module", "MyApp")
    #expect(named.status == 0, "\(named.errorOutput)")
    #expect(
      try project.read("MyAppTests/CartModuleTests.swift").contains("@testable import MyApp\n"))
  }

  // MARK: - Stories

  @Test func anExistingStoryIsUsedAndAMissingOneDeclared() throws {
    let package = try package()
    try package.write(
      "Sources/MyApp/Stories.swift", "import ViperNest\n\nenum ContactsStory: UserStory {}\n")
    let found = package.generate("Cart", "--in", "Sources/MyApp", "--story", "ContactsStory")
    #expect(
      found.output.contains(
        "It belongs to ContactsStory, declared in Sources/MyApp/Stories.swift:3."))
    #expect(!package.files.contains("Sources/MyApp/Cart/ContactsStory.swift"))
    #expect(
      try package.read("Sources/MyApp/Cart/CartAssembly.swift").contains(
        "r.story(ContactsStory.self) { r in"))

    let declared = package.generate("Checkout", "--in", "Sources/MyApp", "--story", "CheckoutStory")
    #expect(
      declared.output.contains("It belongs to CheckoutStory, which the target does not declare yet")
    )
    #expect(
      try package.read("Sources/MyApp/Checkout/CheckoutStory.swift").contains(
        "enum CheckoutStory: UserStory {}"))
  }

  // MARK: - With the plugin's description of the package

  @Test func theOnlyTargetAndItsTestTargetAreFound() throws {
    let package = try package()
    let facts = try package.describe([
      package.target("MyApp", dependencies: ["ViperNest", "ViperNestHeadless"]),
      package.target(
        "MyAppTests", kind: .test,
        dependencies: ["MyApp", "ViperNest", "ViperNestHeadless", "ViperNestTesting"]),
    ])
    let outcome = GeneratorCommand.run(["About", "--mvc"] + facts, currentDirectory: "/")
    #expect(outcome.status == 0, "\(outcome.errorOutput)")
    #expect(
      package.files == [
        ".facts.json", "Sources/MyApp/About/AboutAssembly.swift",
        "Sources/MyApp/About/AboutModule.swift", "Sources/MyApp/About/AboutViewController.swift",
        "Tests/MyAppTests/AboutModuleTests.swift",
      ])
    #expect(
      outcome.output.contains(
        "The view is a HeadlessViewController: MyApp does not depend on ViperNestUIKit."))
    #expect(!outcome.output.contains("does not depend on ViperNest,"))
  }

  @Test func aTargetThatDependsOnViperNestUIKitGetsAUIKitView() throws {
    let package = try package()
    let facts = try package.describe([
      package.target("MyApp", dependencies: ["ViperNest", "ViperNestUIKit"]),
      package.target("MyAppTests", kind: .test, dependencies: ["MyApp"]),
    ])
    let outcome = GeneratorCommand.run(["Profile", "--dry-run"] + facts, currentDirectory: "/")
    #expect(outcome.output.contains("the Profile module (VIPER, UIKit view)"))
    #expect(
      outcome.output.contains("The view is a UIViewController: MyApp depends on ViperNestUIKit."))
    #expect(
      outcome.output.contains(
        "MyAppTests does not depend on ViperNest, ViperNestTesting, ViperNestHeadless, which the "
          + "test uses: add .product(name: \"ViperNest\", package: \"ViperNest\")"))
    #expect(outcome.output.contains("Give its builder UIKit: r.register((any UIToolkit).self"))
    let headless = GeneratorCommand.run(
      ["Profile", "--dry-run", "--ui", "headless"] + facts, currentDirectory: "/")
    #expect(headless.output.contains("the Profile module (VIPER, headless view)"))
    #expect(
      headless.output.contains(
        "MyApp does not depend on ViperNestHeadless, which the module uses"))
  }

  @Test func aSwiftUIScreenModuleAsksForViperNestSwiftUIInBothTargets() throws {
    let package = try package()
    let facts = try package.describe([
      package.target("MyApp", dependencies: ["ViperNest", "ViperNestHeadless"]),
      package.target(
        "MyAppTests", kind: .test,
        dependencies: ["MyApp", "ViperNest", "ViperNestHeadless", "ViperNestTesting"]),
    ])
    let outcome = GeneratorCommand.run(
      ["NoteCard", "--view", "swiftui"] + facts, currentDirectory: "/")
    #expect(outcome.status == 0, "\(outcome.errorOutput)")
    #expect(outcome.output.contains("Wrote the NoteCard module (VIPER, SwiftUI screen)"))
    #expect(
      outcome.output.contains(
        "MyApp does not depend on ViperNestSwiftUI, which the module uses: add "
          + ".product(name: \"ViperNestSwiftUI\", package: \"ViperNest\")"))
    #expect(
      outcome.output.contains(
        "MyAppTests does not depend on ViperNestSwiftUI, which the test uses"))
    #expect(!outcome.output.contains("The view is a HeadlessViewController"))
    #expect(outcome.output.contains("a UIHostingController hosts the screen"))
    #expect(package.files.contains("Sources/MyApp/NoteCard/NoteCardScreen.swift"))
    #expect(package.files.contains("Tests/MyAppTests/NoteCardModuleTests.swift"))
  }

  @Test func aTargetThatHasViperNestUIKitOnlyThroughViperNestSwiftUIKeepsAHeadlessView() throws {
    let package = try package()
    // The plugin lists every dependency, direct or not: ViperNestSwiftUI brings ViperNestUIKit.
    let facts = try package.describe([
      package.target(
        "MyApp",
        dependencies: ["ViperNest", "ViperNestHeadless", "ViperNestSwiftUI", "ViperNestUIKit"]),
      package.target("MyAppTests", kind: .test, dependencies: ["MyApp"]),
    ])
    let outcome = GeneratorCommand.run(["Profile", "--dry-run"] + facts, currentDirectory: "/")
    #expect(
      outcome.output.contains("the Profile module (VIPER, headless view)"), "\(outcome.output)")
    #expect(
      outcome.output.contains(
        "The view is a HeadlessViewController: MyApp depends on ViperNestHeadless"))
    let uikit = GeneratorCommand.run(
      ["Profile", "--dry-run", "--ui", "uikit"] + facts, currentDirectory: "/")
    #expect(uikit.output.contains("the Profile module (VIPER, UIKit view)"))
  }

  @Test func directoriesOutsideSuitableTargetsAreRefused() throws {
    let package = try package()
    try package.makeDirectories("Scripts", "Sources/MyKit")
    let facts = try package.describe([
      package.target("MyApp"), package.target("MyKit"),
      package.target("MyAppTests", kind: .test, dependencies: ["MyApp"]),
    ])
    let cases: [([String], String)] = [
      (["Cart"], "The package has 2 targets that can hold a module: MyApp (Sources/MyApp), MyKit"),
      (["Cart", "--in", "Scripts"], "--in Scripts is not inside any target's directory"),
      (["Cart", "--in", "Tests/MyAppTests"], "is in MyAppTests, a test target"),
      (["Cart", "--target", "MyAp"], "The package has no target named MyAp. Did you mean MyApp?"),
      (["Cart", "--target", "MyAppTests"], "its test goes here: pass this folder with --tests-in"),
      (["Cart", "--target", "MyApp", "--tests-in", "Sources/MyKit"], "is not in a test target's"),
    ]
    for (arguments, expected) in cases {
      let outcome = GeneratorCommand.run(arguments + facts, currentDirectory: "/")
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.errorOutput.contains(expected), "\(arguments): \(outcome.errorOutput)")
    }
    let kit = GeneratorCommand.run(["Cart", "--target", "MyKit"] + facts, currentDirectory: "/")
    #expect(
      kit.output.contains("No test written: no test target depends on MyKit, and there is no"))
    #expect(package.files.contains("Sources/MyKit/Cart/CartView.swift"))
  }

  @Test func aTestTargetWithNoFileYetGetsTheTest() throws {
    let package = try package()
    try package.makeDirectories("Tests/MyAppTests")
    // SwiftPM lists no target for a directory without sources.
    let facts = try package.describe([package.target("MyApp")])
    let outcome = GeneratorCommand.run(["Cart"] + facts, currentDirectory: "/")
    #expect(outcome.status == 0, "\(outcome.errorOutput)")
    #expect(outcome.output.contains("The test goes into Tests/MyAppTests, which has no Swift file"))
    #expect(package.files.contains { $0.hasPrefix("Tests/MyAppTests/") && $0.hasSuffix(".swift") })
  }
}
