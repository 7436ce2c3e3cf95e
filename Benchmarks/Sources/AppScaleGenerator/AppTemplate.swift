public import Foundation

/// One of the three ways the generated app is wired.
public enum AppVariant: String, CaseIterable, Sendable {
  case viperNest = "vipernest"
  case handwritten = "handwritten"
  case swinject = "swinject"

  /// The package's folder (not the dependency's name: a folder named `swinject` would clash
  /// with Swinject's package identity).
  public var folder: String { "app-\(rawValue)" }

  /// The name used in reports.
  public var label: String {
    switch self {
    case .viperNest: "ViperNest"
    case .handwritten: "hand-written"
    case .swinject: "Swinject"
    }
  }

  /// The file an incremental-build measurement edits: one module's assembly (its builder, for the
  /// hand-written variant), relative to the variant's package.
  public func assemblyFile(module: Int) -> String {
    switch self {
    case .handwritten: "Sources/App/Modules/M\(module)Builder.swift"
    case .viperNest, .swinject: "Sources/App/Modules/M\(module)Assembly.swift"
    }
  }
}

/// The source of the app of `plan`'s modules, in each variant.
///
/// The module generator's templates (`Sources/ViperNestGenerator`) are not a product of the root
/// package, so they are not reused as code; the ViperNest variant's layers follow what they write
/// (links objects, a `VIPERBuilder`, the module registered by its typed Input/Output, its layers
/// registered in its story), with one file of layers and one assembly per module.
struct AppTemplate {
  let plan: AppPlan
}

/// Writes the three variants of the app, each its own SwiftPM package.
public enum AppScaleWriter {
  /// Writes `<directory>/<variant>/` for each of `variants` (replacing what was there) and
  /// returns the packages' directories.
  ///
  /// - Parameters:
  ///   - plan: The app's shape.
  ///   - directory: A scratch folder (never the repository's sources).
  ///   - rootPackage: The ViperNest package's directory (the variants depend on it by path).
  ///   - variants: The variants to write (default: all three).
  @discardableResult
  public static func write(
    _ plan: AppPlan, to directory: URL, rootPackage: URL,
    variants: [AppVariant] = AppVariant.allCases
  ) throws -> [AppVariant: URL] {
    let template = AppTemplate(plan: plan)
    var packages: [AppVariant: URL] = [:]
    for variant in variants {
      let package = directory.appendingPathComponent(variant.folder)
      let files = template.files(for: variant, rootPackage: rootPackage.path)
      try writeFiles(files, into: package)
      packages[variant] = package
    }
    return packages
  }

  /// Writes `files` under `package`, removing sources that are no longer generated but keeping
  /// `.build` (so rebuilding an unchanged app is incremental).
  private static func writeFiles(_ files: [(path: String, text: String)], into package: URL) throws
  {
    let manager = FileManager.default
    let wanted = Set(files.map(\.path))
    let sources = package.appendingPathComponent("Sources")
    if let existing = manager.enumerator(atPath: sources.path) {
      for case let path as String in existing
      where path.hasSuffix(".swift") && !wanted.contains("Sources/" + path) {
        try manager.removeItem(at: sources.appendingPathComponent(path))
      }
    }
    for file in files {
      let url = package.appendingPathComponent(file.path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      // Unchanged files keep their modification date: swift build then rebuilds nothing.
      if let old = try? String(contentsOf: url, encoding: .utf8), old == file.text { continue }
      try file.text.write(to: url, atomically: true, encoding: .utf8)
    }
  }
}

extension AppTemplate {
  func files(for variant: AppVariant, rootPackage: String) -> [(path: String, text: String)] {
    let viperNest = ".package(name: \"ViperNest\", path: \"\(rootPackage)\")"
    let headless = ".product(name: \"ViperNestHeadless\", package: \"ViperNest\")"
    var files: [(path: String, text: String)] = [
      ("Sources/CHeap/include/CHeap.h", cHeapHeader),
      ("Sources/CHeap/CHeap.c", cHeapSource),
      ("Sources/App/main.swift", main),
      ("Sources/App/Core.swift", core),
    ]
    for i in 0..<plan.modules {
      files.append(("Sources/App/Modules/M\(i)Contracts.swift", contracts(i)))
    }
    switch variant {
    case .viperNest:
      files.append(
        (
          "Package.swift",
          manifest(
            name: "AppScaleViperNest", dependencies: [viperNest],
            products: [".product(name: \"ViperNest\", package: \"ViperNest\")", headless])
        ))
      files.append(("Sources/App/AppRoot.swift", viperNestRoot))
      for i in 0..<plan.modules {
        files.append(("Sources/App/Modules/M\(i).swift", viperNestLayers(i)))
        files.append((variant.assemblyFile(module: i), viperNestAssembly(i)))
      }
    case .handwritten:
      files.append(
        (
          "Package.swift",
          manifest(name: "AppScaleHandwritten", dependencies: [viperNest], products: [headless])
        ))
      files.append(("Sources/App/AppRoot.swift", handRoot))
      files.append(("Sources/App/AppServices.swift", handServices))
      files.append(("Sources/App/AppModule.swift", plainModuleType))
      for i in 0..<plan.modules {
        files.append(("Sources/App/Modules/M\(i).swift", plainLayers(i)))
        files.append((variant.assemblyFile(module: i), handBuilder(i)))
      }
    case .swinject:
      let swinject = ".package(url: \"https://github.com/Swinject/Swinject\", exact: \"2.10.0\")"
      files.append(
        (
          "Package.swift",
          manifest(
            name: "AppScaleSwinject", dependencies: [viperNest, swinject],
            products: [".product(name: \"Swinject\", package: \"Swinject\")", headless])
        ))
      files.append(("Sources/App/AppRoot.swift", swinjectRoot))
      files.append(("Sources/App/Stories.swift", swinjectStories))
      files.append(("Sources/App/AppModule.swift", plainModuleType))
      for i in 0..<plan.modules {
        files.append(("Sources/App/Modules/M\(i).swift", plainLayers(i)))
        files.append((variant.assemblyFile(module: i), swinjectAssembly(i)))
      }
    }
    return files
  }
}
