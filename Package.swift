// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ViperNest",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .library(name: "ViperNest", targets: ["ViperNest"]),
    .library(name: "ViperNestTesting", targets: ["ViperNestTesting"]),
    .library(name: "ViperNestHeadless", targets: ["ViperNestHeadless"]),
    .library(name: "ViperNestUIKit", targets: ["ViperNestUIKit"]),
    .library(name: "ViperNestSwiftUI", targets: ["ViperNestSwiftUI"]),
    .plugin(name: "GenerateModule", targets: ["GenerateModule"]),
  ],
  targets: [
    .target(name: "ViperNest", dependencies: ["CViperNestAtomics"]),
    // The atomics of the lock-free read path (`Synchronization.Atomic` needs iOS 18 / macOS 15).
    .target(name: "CViperNestAtomics"),
    .target(name: "ViperNestTesting", dependencies: ["ViperNest"]),
    .target(name: "ViperNestHeadless", dependencies: ["ViperNest"]),
    // UIKit adapters: compiled on Apple platforms only; on Linux .ci/typecheck-uikit.sh
    // type-checks them against Tests/UIKitStub.
    .target(name: "ViperNestUIKit", dependencies: ["ViperNest"]),
    // SwiftUI screens as module views, and native SwiftUI navigation. Plain Swift, built and
    // tested on Linux, except the files that use SwiftUI (`#if canImport(SwiftUI)`), which
    // .ci/typecheck-swiftui.sh type-checks against Tests/SwiftUIStub. ViperNestUIKit: the
    // hosting controller is a UIViewController, which ViperNestUIKit makes ViewControlling
    // (empty where UIKit is missing).
    .target(name: "ViperNestSwiftUI", dependencies: ["ViperNest", "ViperNestUIKit"]),
    .testTarget(
      name: "ViperNestTests",
      dependencies: [
        "ViperNest", "ViperNestTesting", "ViperNestHeadless", "ViperNestGenerator",
        "ViperNestConformance", "ViperNestSwiftUI", "LibraryEvolutionFixture",
      ]),
    // Types of a module built with library evolution (open class, public struct), for the leak
    // detector's reflection tests: a subclass with runtime field offsets, captured `var`s in
    // runtime-allocated generic boxes. The flag is an unsafe flag; SwiftPM refuses those only in
    // targets that a product of a dependency reaches, and no product reaches this test-only target
    // (keep it so: a product reaching it would make ViperNest unusable as a versioned dependency).
    .target(
      name: "LibraryEvolutionFixture", path: "Tests/LibraryEvolutionFixture",
      swiftSettings: [.unsafeFlags(["-enable-library-evolution"])]),
    // Navigation scenarios written once against the toolkit protocols: ViperNestTests runs them on
    // the headless host; ViperNestUIKitConformanceTests runs them against UIKit in an iOS
    // simulator (on Linux, .ci/typecheck-uikit.sh type-checks it against the UIKit stub).
    .target(
      name: "ViperNestConformance", dependencies: ["ViperNest", "ViperNestSwiftUI"],
      path: "Tests/Conformance"),
    .testTarget(
      name: "ViperNestUIKitConformanceTests",
      dependencies: ["ViperNestConformance", "ViperNestUIKit", "ViperNestSwiftUI"],
      path: "Tests/UIKitConformanceTests"),
    // Module generator: `swift package generate-module` runs vipernest-generate, whose templates
    // live in ViperNestGenerator (not a product) so they can be unit-tested.
    .target(name: "ViperNestGenerator"),
    .executableTarget(name: "vipernest-generate", dependencies: ["ViperNestGenerator"]),
    .plugin(
      name: "GenerateModule",
      capability: .command(
        intent: .custom(
          verb: "generate-module",
          description: "Writes a VIPER (or MVC) module, its assembly and a leak-checking test"),
        permissions: [
          .writeToPackageDirectory(reason: "to write the new module's source and test files")
        ]),
      dependencies: ["vipernest-generate"], path: "Sources/GenerateModulePlugin"),
    // Samples
    .target(
      name: "SampleSupport", dependencies: ["ViperNest", "ViperNestHeadless"],
      path: "Samples/Support"),
    .target(
      name: "ContactsSample", dependencies: ["ViperNest", "ViperNestHeadless", "SampleSupport"],
      path: "Samples/Contacts/App"),
    // The same app with SwiftUI screens on native navigation (`swift run contacts --swiftui`).
    .target(
      name: "ContactsSwiftUISample",
      dependencies: [
        "ContactsSample", "ViperNest", "ViperNestHeadless", "ViperNestSwiftUI", "SampleSupport",
      ],
      path: "Samples/Contacts/SwiftUI"),
    .executableTarget(
      name: "contacts", dependencies: ["ContactsSample", "ContactsSwiftUISample", "SampleSupport"],
      path: "Samples/Contacts/Main"),
    .target(
      name: "BankSample", dependencies: ["ViperNest", "ViperNestHeadless", "SampleSupport"],
      path: "Samples/Bank/App"),
    .executableTarget(
      name: "bank", dependencies: ["BankSample", "SampleSupport"], path: "Samples/Bank/Main"),
    // Runs the samples, and the testing guide's snippets, which test the Contacts sample.
    .testTarget(
      name: "SampleTests",
      dependencies: [
        "ContactsSample", "ContactsSwiftUISample", "BankSample", "SampleSupport", "ViperNest",
        "ViperNestTesting", "ViperNestHeadless",
      ],
      path: "Tests/SampleTests"),
  ],
  swiftLanguageModes: [.v6]
)

// (Plugin targets take no Swift settings; the plugin's source is written to the same standard.
// CViperNestAtomics is C.)
for target in package.targets where target.type != .plugin && target.name != "CViperNestAtomics" {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ])
  // `VIPERNEST_INTERNAL_CHECKS=1 swift test` compiles in the checks of the invariants that
  // docs/Architecture.md states (`internalCheck`); CI builds so. Off by default: apps pay nothing.
  if Context.environment["VIPERNEST_INTERNAL_CHECKS"] == "1" {
    settings.append(.define("VIPERNEST_INTERNAL_CHECKS"))
  }
  target.swiftSettings = settings
}
