// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite: ViperNest side by side with hand-written wiring, Swinject and
// swift-dependencies, in one run.
// A package of its own so the root package keeps no dependencies.
//
//   swift run -c release --package-path Benchmarks vipernest-bench [--quick] [--json FILE]
let package = Package(
  name: "ViperNestBenchmarks",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "vipernest-bench", targets: ["vipernest-bench"]),
    .executable(name: "vipernest-appgen", targets: ["vipernest-appgen"]),
  ],
  dependencies: [
    .package(name: "ViperNest", path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    // Only its `Dependencies` product: the macros (and swift-syntax) are not built.
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
  ],
  targets: [
    .executableTarget(
      name: "vipernest-bench",
      dependencies: [
        "AppScaleGenerator",
        "CMallocStats",
        "CPlatformRandom",
        .product(name: "ViperNest", package: "ViperNest"),
        .product(name: "ViperNestHeadless", package: "ViperNest"),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]),
    // The app-scale scenarios' app of N VIPER modules, in three variants (docs/Performance.md,
    // "At app scale"); vipernest-appgen writes it on its own (CI builds it with N = 10).
    .target(name: "AppScaleGenerator"),
    .executableTarget(name: "vipernest-appgen", dependencies: ["AppScaleGenerator"]),
    // glibc's mallinfo2() and malloc_trim(), which the Glibc module does not export.
    .target(name: "CMallocStats"),
    // Interposes `getrandom` (Linux) so Swinject's per-resolution random identifier can cost what
    // it costs on Apple platforms (user space), and counts the draws.
    .target(name: "CPlatformRandom"),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where !["CMallocStats", "CPlatformRandom"].contains(target.name) {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ])
  target.swiftSettings = settings
}
