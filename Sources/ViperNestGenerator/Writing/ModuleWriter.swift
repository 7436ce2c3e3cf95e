import Foundation

/// Writes a module's files: all of them, or none.
///
/// It refuses when any file exists already (listing them), and when writing fails halfway it
/// removes what it wrote, so a module is never left half written.
///
/// ```swift
/// try ModuleWriter.write(plan.files, root: packageRoot)
/// ```
package enum ModuleWriter {
  /// A file to write: where, and what.
  package struct PlannedFile: Sendable, Equatable {
    /// The file's absolute path.
    package let path: String
    /// The Swift source.
    package let contents: String

    /// Creates a planned file.
    ///
    /// - Parameters:
    ///   - path: The file's absolute path.
    ///   - contents: The Swift source.
    package init(path: String, contents: String) {
      self.path = path
      self.contents = contents
    }
  }

  /// The planned files that exist already.
  ///
  /// - Parameter files: The planned files.
  /// - Returns: Those already on disk, in order.
  package static func existing(_ files: [PlannedFile]) -> [PlannedFile] {
    files.filter { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// Writes every file, creating the directories they need; writes nothing when any exists.
  ///
  /// - Parameters:
  ///   - files: The files.
  ///   - root: The package's directory, to show paths relative to it.
  /// - Throws: ``GeneratorError`` with code ``GeneratorError/Code/filesExist`` (nothing written)
  ///   when a file exists, or ``GeneratorError/Code/writeFailed`` when writing failed (what was
  ///   written is removed again).
  package static func write(_ files: [PlannedFile], root: String) throws {
    try refuseOverwriting(files, root: root)
    let manager = FileManager.default
    var createdDirectories: [String] = []
    var written: [String] = []
    do {
      for file in files {
        let directory = (file.path as NSString).deletingLastPathComponent
        createdDirectories += try createDirectory(directory)
        // `.withoutOverwriting` fails if the file appeared since the check above.
        try Data(file.contents.utf8).write(
          to: URL(fileURLWithPath: file.path), options: .withoutOverwriting)
        written.append(file.path)
      }
    } catch {
      for path in written { try? manager.removeItem(atPath: path) }
      for directory in createdDirectories.reversed() {
        if (try? manager.contentsOfDirectory(atPath: directory))?.isEmpty == true {
          try? manager.removeItem(atPath: directory)
        }
      }
      let directory = files.first.map { ($0.path as NSString).deletingLastPathComponent } ?? root
      throw GeneratorError(
        .writeFailed,
        "Could not write the module: \(error.localizedDescription). Nothing was left behind: "
          + "the \(written.count) file(s) written before the failure were removed. Check that "
          + "\(PathTools.display(directory, root: root)) is writable and run the command again.")
    }
  }

  /// Throws, listing the files that exist, if any does.
  static func refuseOverwriting(_ files: [PlannedFile], root: String) throws {
    let existing = existing(files)
    guard !existing.isEmpty else { return }
    let list = existing.map { "  " + PathTools.display($0.path, root: root) }
    throw GeneratorError(
      .filesExist,
      "Refusing to overwrite: \(existing.count) of the module's \(files.count) files already "
        + "exist:\n\(list.joined(separator: "\n"))\nNothing was written. To fix, choose another "
        + "module name or --in directory, or move these files away (or delete them) and run the "
        + "command again.")
  }

  /// Creates `directory` and its missing parents.
  ///
  /// - Returns: The directories it created, outermost first.
  private static func createDirectory(_ directory: String) throws -> [String] {
    var missing: [String] = []
    var current = directory
    while !current.isEmpty, current != "/", !FileManager.default.fileExists(atPath: current) {
      missing.insert(current, at: 0)
      current = (current as NSString).deletingLastPathComponent
    }
    if !missing.isEmpty {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    }
    return missing
  }
}
