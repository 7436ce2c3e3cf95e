import Foundation

/// Paths as the generator compares and shows them.
enum PathTools {
  /// `path` made absolute against `base`, standardized, with symbolic links resolved (so that
  /// `/tmp/x` and `/private/tmp/x` compare equal).
  static func absolute(_ path: String, base: String) -> String {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base, isDirectory: true))
      .standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Whether `path` is `directory` or inside it.
  static func isInside(_ path: String, _ directory: String) -> Bool {
    let directory = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    return path == directory || path.hasPrefix(directory + "/")
  }

  /// `path` relative to `root` when it is inside it, otherwise `path`.
  static func display(_ path: String, root: String) -> String {
    let root = root.hasSuffix("/") ? String(root.dropLast()) : root
    if path == root { return "." }
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// Whether a directory exists at `path`.
  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
