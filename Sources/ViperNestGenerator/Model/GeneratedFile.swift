/// One file of a generated module: where it goes and what it holds.
package struct GeneratedFile: Sendable, Equatable {
  /// Which directory a file's path is relative to.
  package enum Location: Sendable, Equatable {
    /// The directory the module's folder is written into (`--in`).
    case sources
    /// The directory the test is written into (`--tests-in`).
    case tests
  }

  /// Which directory ``path`` is relative to.
  package let location: Location
  /// The path inside that directory, such as `ContactDetail/ContactDetailView.swift`.
  package let path: String
  /// The Swift source.
  package let contents: String

  /// The file's name, such as `ContactDetailView.swift`.
  package var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }
}
