// swift-tools-version: 6.2
// An app package with Xcode 26's defaults for new app targets: every declaration is main-actor
// isolated unless it says otherwise, and "approachable concurrency" is on. .ci/run builds it with
// .ci/build-default-isolation.sh, which first writes the generated modules. Its targets are the
// project's own code seen from such an app, through symbolic links, so nothing is copied:
//   Sources/SampleSupport, Sources/ContactsSample, Sources/BankSample → Samples/…
//   Tests/GuideSnippets/Docs → Tests/ViperNestTests/Docs (the code of every guide; a new snippet
//     file is picked up as it is), and Tests/GuideSnippets/Fixtures → the test fixtures those
//     snippets use, one link per file (a snippet that needs another one fails here by name).
//   Tests/SampleGuideSnippets → the guides' code that tests the samples, in Tests/SampleTests.
//   Sources/GeneratedModules, Tests/DefaultIsolationTests: what `vipernest-generate` writes (not
//     committed) next to a story it uses, and the isolated-conformance tests.
// Rejected/ holds code the compiler must reject under these settings (checked by the script).
import PackageDescription

let appSettings: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .treatAllWarnings(as: .error),
  // Leaves out the few snippet tests that need the root package's test fixtures or package API.
  .define("VIPERNEST_DEFAULT_ISOLATION_CLIENT"),
]

let viperNest: Target.Dependency = .product(name: "ViperNest", package: "ViperNest")
let headless: Target.Dependency = .product(name: "ViperNestHeadless", package: "ViperNest")
let testing: Target.Dependency = .product(name: "ViperNestTesting", package: "ViperNest")
let swiftUI: Target.Dependency = .product(name: "ViperNestSwiftUI", package: "ViperNest")

let package = Package(
  name: "DefaultIsolationClient",
  platforms: [.iOS(.v16), .macOS(.v13)],
  dependencies: [.package(name: "ViperNest", path: "../..")],
  targets: [
    .target(name: "SampleSupport", dependencies: [viperNest, headless]),
    .target(name: "ContactsSample", dependencies: [viperNest, headless, "SampleSupport"]),
    .target(name: "BankSample", dependencies: [viperNest, headless, "SampleSupport"]),
    .target(name: "GeneratedModules", dependencies: [viperNest, headless, swiftUI]),
    .testTarget(
      name: "GuideSnippets", dependencies: [viperNest, headless, testing, swiftUI],
      // Reads the guides from the repository: it runs in the root package only.
      exclude: ["Docs/DocumentationTests.swift"]),
    // The guides' code that runs the samples (Tests/SampleTests/*Snippets.swift, linked one by one).
    .testTarget(
      name: "SampleGuideSnippets",
      dependencies: ["ContactsSample", "BankSample", viperNest, headless, testing]),
    .testTarget(
      name: "DefaultIsolationTests",
      dependencies: ["GeneratedModules", viperNest, headless, testing, swiftUI]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = appSettings
}
