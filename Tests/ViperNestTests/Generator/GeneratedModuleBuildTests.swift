import Foundation
import Testing

@testable import ViperNestGenerator

/// Whether `VIPERNEST_SKIP_SLOW_TESTS=1` asks to skip the slow tests (CI sets it for the sanitizer
/// runs).
private let skipsSlowTests = ProcessInfo.processInfo.environment["VIPERNEST_SKIP_SLOW_TESTS"] == "1"

/// The generator's proof: modules written by the real `generate-module` plugin into a new SwiftPM
/// package that depends on this checkout build without warnings, and their tests pass; UIKit
/// modules type-check against the UIKit stub.
///
/// Slow: it builds ViperNest again in that package (a few minutes the first time; the package
/// lives in the temporary directory, one per checkout, and keeps its build folder between runs,
/// so later runs rebuild only what changed). Skip it with `VIPERNEST_SKIP_SLOW_TESTS=1`.
@Suite(.enabled(if: !skipsSlowTests, "VIPERNEST_SKIP_SLOW_TESTS=1 skips the slow tests"))
struct GeneratedModuleBuildTests {
  /// This checkout.
  static let repository = DocumentationTests.root.standardizedFileURL.path

  /// The package's home, the same for every run from this checkout.
  static let workspace = FileManager.default.temporaryDirectory
    .appendingPathComponent("vipernest-generator-e2e")
    .appendingPathComponent(repository.split(separator: "/").joined(separator: "_")).path

  @Test(.timeLimit(.minutes(60)))
  func generatedModulesBuildAndPassTheirTestsInANewPackage() async throws {
    let package = try Self.preparePackage()
    let generate = ["swift", "package", "--allow-writing-to-package-directory", "generate-module"]

    // The plugin, as users run it: a VIPER module in an existing story, then an MVC module.
    let viper = try await Subprocess.run(
      generate + ["ContactDetail", "--in", "Sources/App", "--story", "ContactsStory"],
      in: package, timeout: .seconds(1200))
    guard viper.expectSuccess("generate-module ContactDetail") else { return }
    #expect(
      viper.output.contains(
        "Wrote the ContactDetail module (VIPER, headless view) in Sources/App/ContactDetail:"))
    #expect(viper.output.contains("  Tests/AppTests/ContactDetailModuleTests.swift"))
    #expect(
      viper.output.contains("It belongs to ContactsStory, declared in Sources/App/Stories.swift:3.")
    )

    let mvc = try await Subprocess.run(
      generate + ["About", "--mvc", "--in", "Sources/App"], in: package, timeout: .seconds(600))
    guard mvc.expectSuccess("generate-module About --mvc") else { return }
    #expect(
      mvc.output.contains("Wrote the About module (MVC, headless view) in Sources/App/About:"))

    // Running it again writes nothing and says why.
    let again = try await Subprocess.run(
      generate + ["About", "--mvc", "--in", "Sources/App"], in: package, timeout: .seconds(600))
    #expect(again.status != 0)
    #expect(
      again.output.contains("Refusing to overwrite: 4 of the module's 4 files already exist:"))

    // A SwiftUI screen module, in a story the target does not declare yet.
    let screen = try await Subprocess.run(
      generate + ["NoteCard", "--view", "swiftui", "--in", "Sources/App", "--story", "NotesStory"],
      in: package, timeout: .seconds(600))
    guard screen.expectSuccess("generate-module NoteCard --view swiftui") else { return }
    #expect(
      screen.output.contains(
        "Wrote the NoteCard module (VIPER, SwiftUI screen) in Sources/App/NoteCard:"))
    #expect(screen.output.contains("  Sources/App/NoteCard/NoteCardScreen.swift"))

    // What users do next.
    let build = try await Subprocess.run(
      ["swift", "build", "--build-tests"], in: package, timeout: .seconds(2400))
    guard build.expectSuccess("swift build --build-tests") else { return }
    let test = try await Subprocess.run(["swift", "test"], in: package, timeout: .seconds(1200))
    guard test.expectSuccess("swift test") else { return }
    #expect(test.output.contains("Test run with 9 tests in 3 suites passed"), "\(test.output)")
    for suite in ["ContactDetailModuleTests", "AboutModuleTests", "NoteCardModuleTests"] {
      #expect(test.output.contains("Suite \(suite) passed"))
    }

    try await Self.expectUIKitModulesTypeCheck(modules: package + "/.build/debug/Modules")
  }

  // MARK: - Helpers

  /// Every variant: VIPER and MVC, headless and UIKit, and a SwiftUI screen (which has no
  /// toolkit of its own), with and without a story.
  static func allVariants(named name: String) throws -> [ModuleSpec] {
    var specs: [ModuleSpec] = []
    for style in ModuleStyle.allCases {
      for ui in style == .screen ? [.headless] : ViewToolkit.allCases {
        for story in [nil, "SomeStory"] {
          specs.append(
            ModuleSpec(
              name: try moduleName(name), style: style, ui: ui, story: story,
              declaresStory: story != nil, testedModule: "App"))
        }
      }
    }
    return specs
  }

  /// Writes the package afresh (its build folder is kept) and returns its directory.
  private static func preparePackage() throws -> String {
    let package = workspace + "/App"
    let manager = FileManager.default
    for item in ["Package.swift", "Sources", "Tests"] {
      try? manager.removeItem(atPath: package + "/" + item)
    }
    let identity = repository.split(separator: "/").last.map(String.init) ?? "ViperNest"
    let files = [
      "Package.swift": """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "App",
        platforms: [.macOS(.v13)],
        dependencies: [.package(path: "\(repository)")],
        targets: [
          .target(
            name: "App",
            dependencies: [
              .product(name: "ViperNest", package: "\(identity)"),
              .product(name: "ViperNestHeadless", package: "\(identity)"),
              .product(name: "ViperNestSwiftUI", package: "\(identity)"),
            ]),
          .testTarget(
            name: "AppTests",
            dependencies: [
              "App",
              .product(name: "ViperNestHeadless", package: "\(identity)"),
              .product(name: "ViperNestTesting", package: "\(identity)"),
              .product(name: "ViperNestSwiftUI", package: "\(identity)"),
            ]),
        ],
        swiftLanguageModes: [.v6]
      )

      // The project's own standard: generated code must build with these, without warnings.
      for target in package.targets {
        target.swiftSettings = [
          .enableUpcomingFeature("ExistentialAny"),
          .enableUpcomingFeature("InternalImportsByDefault"),
          .enableUpcomingFeature("MemberImportVisibility"),
          .unsafeFlags(["-warnings-as-errors"]),
        ]
      }

      """,
      "Sources/App/Stories.swift": "import ViperNest\n\nenum ContactsStory: UserStory {}\n",
      "Tests/AppTests/AppTests.swift": "// The generated modules' tests are written here.\n",
    ]
    for (path, contents) in files {
      let url = URL(fileURLWithPath: package + "/" + path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    return package
  }

  /// Type-checks a UIKit VIPER module and a UIKit MVC module, with their tests, against
  /// Tests/UIKitStub and the ViperNest modules the package built, in Swift 6 mode with the
  /// project's upcoming features, warnings as errors.
  private static func expectUIKitModulesTypeCheck(
    modules: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let directory = workspace + "/uikit"
    try? FileManager.default.removeItem(atPath: directory)
    let sources = directory + "/sources"
    let stub = directory + "/stub"
    try FileManager.default.createDirectory(atPath: stub, withIntermediateDirectories: true)
    var files: [String] = []
    let specs = [
      ModuleSpec(
        name: try moduleName("Profile"), ui: .uikit, story: "ProfileStory", declaresStory: true,
        testedModule: "App"),
      ModuleSpec(name: try moduleName("Settings"), style: .mvc, ui: .uikit, testedModule: "App"),
    ]
    for spec in specs {
      for file in ModuleTemplate(spec).files {
        // One module holds the sources and the tests here, so the test's import of it goes.
        let contents = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
          .filter { !$0.hasPrefix("@testable import ") }.joined(separator: "\n")
        let path = sources + "/" + file.fileName
        try FileManager.default.createDirectory(
          atPath: sources, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        files.append(path)
      }
    }
    let swift6 = [
      "-parse-as-library", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
      "-enable-upcoming-feature", "InternalImportsByDefault", "-enable-upcoming-feature",
      "MemberImportVisibility",
    ]
    let identity = repository.split(separator: "/").last.map(String.init) ?? "ViperNest"
    let packageName = String(identity.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    // ViperNest's interface imports the C module of its atomics.
    let atomics = repository + "/Sources/CViperNestAtomics/include"
    let steps: [(String, [String])] = [
      (
        "compile the UIKit stub",
        ["swiftc", "-emit-module", "-module-name", "UIKit"] + swift6
          + [
            "-emit-module-path", stub + "/UIKit.swiftmodule",
            repository + "/Tests/UIKitStub/UIKit.swift",
          ]
      ),
      (
        "compile ViperNestUIKit against the stub",
        ["swiftc", "-emit-module", "-module-name", "ViperNestUIKit", "-package-name", packageName]
          + swift6 + [
            "-I", stub, "-I", modules, "-I", atomics, "-D", "VIPERNEST_UIKIT_STUB",
            "-emit-module-path", stub + "/ViperNestUIKit.swiftmodule",
          ]
          + uikitAdapterSources()
      ),
      (
        "type-check the generated UIKit modules",
        ["swiftc", "-typecheck", "-module-name", "App", "-warnings-as-errors"] + swift6
          + ["-I", stub, "-I", modules, "-I", atomics] + files
      ),
    ]
    for (what, command) in steps {
      let step = try await Subprocess.run(command, in: directory, timeout: .seconds(600))
      guard step.expectSuccess(what, sourceLocation: sourceLocation) else { return }
    }
  }

  private static func uikitAdapterSources() -> [String] {
    let directory = repository + "/Sources/ViperNestUIKit"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasSuffix(".swift") }.sorted().map { directory + "/" + $0 }
  }
}

/// Generated code meets the project's own format standard, in every variant.
struct GeneratedCodeFormatTests {
  @Test func generatedCodePassesTheProjectsFormatLint() async throws {
    let directory = try TemporaryDirectory("vipernest-generator-format")
    for (index, spec) in try GeneratedModuleBuildTests.allVariants(named: "ContactDetail")
      .enumerated()
    {
      for file in ModuleTemplate(spec).files {
        try directory.write("\(index)/\(file.path)", file.contents)
      }
    }
    let lint = try await Subprocess.run(
      [
        "swift", "format", "lint", "--strict", "--configuration",
        GeneratedModuleBuildTests.repository + "/.swift-format", "-r", directory.path,
      ], in: directory.path, timeout: .seconds(300))
    lint.expectSuccess("swift format lint")
    #expect(lint.output.isEmpty, "\(lint.output)")
  }
}
