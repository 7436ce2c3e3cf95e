public import Foundation

/// Where the ViperNest package is, for the generated variants' path dependency.
public enum AppScaleLocation {
  struct NotFound: Error, CustomStringConvertible {
    let description: String
  }

  /// `explicit` if given, else the first directory from the current one upwards that holds the
  /// ViperNest manifest (`Sources/ViperNest` beside a `Package.swift`), also trying `..` of a
  /// `Benchmarks` folder.
  public static func rootPackage(_ explicit: String?) throws -> URL {
    let manager = FileManager.default
    if let explicit {
      return URL(fileURLWithPath: explicit).standardizedFileURL
    }
    var directory = URL(fileURLWithPath: manager.currentDirectoryPath).standardizedFileURL
    while true {
      if manager.fileExists(atPath: directory.appendingPathComponent("Sources/ViperNest").path),
        manager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
      {
        return directory
      }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path {
        throw NotFound(
          description: "cannot find the ViperNest package from \(manager.currentDirectoryPath): "
            + "run from the repository or pass --root DIR")
      }
      directory = parent
    }
  }
}
