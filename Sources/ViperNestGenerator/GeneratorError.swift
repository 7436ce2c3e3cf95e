/// Why the generator wrote nothing: what failed, where, and how to fix it.
///
/// ```swift
/// do {
///   _ = try ModuleName(validating: "contact-detail")
/// } catch let error as GeneratorError {
///   print(error)  // The module name "contact-detail" is not … Did you mean ContactDetail?
/// }
/// ```
package struct GeneratorError: Error, Equatable, CustomStringConvertible {
  /// What kind of problem it is.
  package enum Code: Sendable, Equatable {
    /// The module name is not an UpperCamelCase Swift type identifier, or would clash.
    case invalidName
    /// An option is unknown, repeated, misses its value, or conflicts with another.
    case invalidOption
    /// A directory given (or inferred) is missing or is not in the right kind of target.
    case invalidDirectory
    /// A type the module would declare is already declared in the target.
    case typeExists
    /// Files of the module already exist; nothing was written.
    case filesExist
    /// Writing failed; what was written was removed.
    case writeFailed
  }

  /// What kind of problem it is.
  package let code: Code
  /// What failed, where, and how to fix it.
  package let description: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of problem it is.
  ///   - description: What failed, where, and how to fix it.
  package init(_ code: Code, _ description: String) {
    self.code = code
    self.description = description
  }
}
