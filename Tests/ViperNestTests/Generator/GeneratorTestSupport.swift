import Foundation
import Testing

@testable import ViperNestGenerator

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
  let path: String

  init(_ label: String = "vipernest-generator") throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Creates directories (and their parents) under this one.
  func makeDirectories(_ relatives: String...) throws {
    for relative in relatives {
      try FileManager.default.createDirectory(
        atPath: path + "/" + relative, withIntermediateDirectories: true)
    }
  }

  /// Writes a file under this directory, creating its parents.
  func write(_ relative: String, _ contents: String) throws {
    let file = URL(fileURLWithPath: path + "/" + relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
  }

  /// Every file under this directory, relative and sorted.
  var files: [String] {
    var files: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: path)
    while let relative = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(relative)
      }
    }
    return files.sorted()
  }

  /// Runs the generator in this directory, as `vipernest-generate` would.
  func generate(_ arguments: String...) -> GeneratorCommand.Outcome {
    GeneratorCommand.run(arguments, currentDirectory: path)
  }

  /// Writes `facts` as the plugin would and returns the option pointing at them.
  func describe(_ targets: [PackageFacts.Target]) throws -> [String] {
    let data = try JSONEncoder().encode(PackageFacts(targets: targets))
    try write(".facts.json", String(decoding: data, as: UTF8.self))
    return ["--package-root", path, "--package-facts", path + "/.facts.json"]
  }

  /// A target of this directory's package, for ``describe(_:)``.
  func target(
    _ name: String, kind: PackageFacts.Target.Kind = .generic, in folder: String? = nil,
    dependencies: [String] = []
  ) -> PackageFacts.Target {
    let folder = folder ?? (kind == .test ? "Tests/" : "Sources/") + name
    return PackageFacts.Target(
      name: name, moduleName: name, kind: kind, directory: path + "/" + folder,
      dependencies: dependencies.map { .init(name: $0, directory: path + "/Sources/" + $0) })
  }
}

/// The files of `spec` by file name.
func generatedFiles(_ spec: ModuleSpec) -> [String: String] {
  Dictionary(uniqueKeysWithValues: ModuleTemplate(spec).files.map { ($0.fileName, $0.contents) })
}

/// A module name that is known to be valid.
func moduleName(_ value: String) throws -> ModuleName {
  try ModuleName(validating: value)
}

/// Expects `body` to throw a ``GeneratorError`` with `code` and returns its message.
@discardableResult
func expectGeneratorError(
  _ code: GeneratorError.Code, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) -> String {
  do {
    try body()
    Issue.record(
      "expected a GeneratorError (\(code)); nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as GeneratorError {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    return error.description
  } catch {
    Issue.record(
      "expected a GeneratorError (\(code)), got \(error)", sourceLocation: sourceLocation)
  }
  return ""
}
