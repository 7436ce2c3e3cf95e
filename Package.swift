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
  ],
  targets: [
    .target(name: "ViperNest"),
    .target(name: "ViperNestTesting", dependencies: ["ViperNest"]),
    .target(name: "ViperNestHeadless", dependencies: ["ViperNest"]),
    // UIKit adapters: compiled on Apple platforms only; on Linux .ci/typecheck-uikit.sh
    // type-checks them against Tests/UIKitStub.
    .target(name: "ViperNestUIKit", dependencies: ["ViperNest"]),
    .testTarget(
      name: "ViperNestTests", dependencies: ["ViperNest", "ViperNestTesting", "ViperNestHeadless"]),
    // Samples
    .target(
      name: "ContactsSample", dependencies: ["ViperNest", "ViperNestHeadless"],
      path: "Samples/Contacts/App"),
    .executableTarget(
      name: "contacts", dependencies: ["ContactsSample"], path: "Samples/Contacts/Main"),
    .target(
      name: "BankSample", dependencies: ["ViperNest", "ViperNestHeadless"],
      path: "Samples/Bank/App"),
    .executableTarget(name: "bank", dependencies: ["BankSample"], path: "Samples/Bank/Main"),
    .testTarget(
      name: "SampleTests", dependencies: ["ContactsSample", "BankSample"],
      path: "Tests/SampleTests"),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ])
  target.swiftSettings = settings
}
