import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-module <Name> [options]`: writes a
/// ViperNest module (VIPER or MVC), its assembly and a leak-checking test. `--help` lists the
/// options.
///
/// The plugin only describes the package (its Swift targets, their directories and dependencies)
/// to the `vipernest-generate` tool, which checks everything, then writes every file or none.
@main
struct GenerateModule: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "vipernest-generate")
    let facts = context.pluginWorkDirectoryURL.appendingPathComponent("package-facts.json")
    try FileManager.default.createDirectory(
      at: context.pluginWorkDirectoryURL, withIntermediateDirectories: true)
    try describe(context.package).write(to: facts)

    let process = Process()
    process.executableURL = tool.url
    process.arguments =
      arguments + [
        "--package-root", context.package.directoryURL.path, "--package-facts", facts.path,
      ]
    process.currentDirectoryURL = context.package.directoryURL
    // The tool's error becomes the plugin's, so SwiftPM reports it once, as its own error.
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw GenerateModuleFailed(message: message, status: process.terminationStatus)
    }
  }

  /// The package's Swift targets as JSON, in the shape the tool's `PackageFacts` decodes.
  private func describe(_ package: Package) throws -> Data {
    let targets = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }.map { target in
      FactsTarget(
        name: target.name, moduleName: target.moduleName, kind: kind(of: target.kind),
        directory: target.directoryURL.path,
        dependencies: target.recursiveTargetDependencies.map {
          FactsDependency(name: $0.name, directory: $0.directoryURL.path)
        })
    }
    return try JSONEncoder().encode(Facts(targets: targets))
  }

  private func kind(of kind: ModuleKind) -> String {
    switch kind {
    case .generic: "generic"
    case .executable: "executable"
    case .test: "test"
    case .macro: "macro"
    case .snippet: "snippet"
    @unknown default: "other"
    }
  }
}

private struct Facts: Encodable {
  let targets: [FactsTarget]
}

private struct FactsTarget: Encodable {
  let name: String
  let moduleName: String
  let kind: String
  let directory: String
  let dependencies: [FactsDependency]
}

private struct FactsDependency: Encodable {
  let name: String
  let directory: String
}

/// The tool failed, saying why and how to fix it.
private struct GenerateModuleFailed: Error, CustomStringConvertible {
  let message: String
  let status: Int32

  var description: String {
    var text = message.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("error: ") { text.removeFirst("error: ".count) }
    return text.isEmpty ? "generate-module wrote nothing (exit status \(status))." : text
  }
}
