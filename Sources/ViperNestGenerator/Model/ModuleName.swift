/// A module's name, checked to be an UpperCamelCase Swift type identifier that every generated type
/// can be named after (`ContactDetail` → `ContactDetailView`, `ContactDetailPresenter`…).
///
/// ```swift
/// let name = try ModuleName(validating: "ContactDetail")
/// name.lowerCamelCase  // "contactDetail"
/// name.words           // "Contact Detail"
/// ```
package struct ModuleName: Sendable, Hashable, CustomStringConvertible {
  /// The name, such as `ContactDetail`.
  package let value: String

  /// Suffixes the generator appends itself; a name ending with one would repeat it.
  static let roleSuffixes = [
    "Module", "ViewController", "View", "Presenter", "Interactor", "Router", "Builder", "Assembly",
  ]

  /// Checks `raw` and creates the name.
  ///
  /// - Parameter raw: The name as the user typed it.
  /// - Throws: ``GeneratorError`` with code ``GeneratorError/Code/invalidName`` when `raw` is not an
  ///   ASCII UpperCamelCase identifier or ends with a suffix the generator appends (`Module`,
  ///   `View`…); the message suggests a fix when there is one.
  package init(validating raw: String) throws {
    try Self.checkTypeIdentifier(raw, what: "module name")
    if let suffix = Self.roleSuffixes.first(where: { raw.hasSuffix($0) && raw != $0 }) {
      let stem = String(raw.dropLast(suffix.count))
      throw GeneratorError(
        .invalidName,
        "The module name \(raw) ends with \(suffix), a suffix the generator appends to the "
          + "module's types itself (it would write \(raw)\(suffix)). Did you mean \(stem)?")
    }
    value = raw
  }

  /// Checks that `raw` is an ASCII UpperCamelCase Swift type identifier.
  ///
  /// - Parameters:
  ///   - raw: The identifier.
  ///   - what: What it names, for the message (`module name`, `story`).
  /// - Throws: ``GeneratorError`` with code ``GeneratorError/Code/invalidName``, suggesting an
  ///   UpperCamelCase spelling when one can be derived.
  static func checkTypeIdentifier(_ raw: String, what: String) throws {
    guard !raw.isEmpty else {
      throw GeneratorError(
        .invalidName,
        "The \(what) is empty. Pass an UpperCamelCase Swift type name, such as "
          + "ContactDetail.")
    }
    let isValid =
      raw.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric }
      && raw.unicodeScalars.first!.isASCIIUppercase
    guard !isValid else { return }
    let suggestion = upperCamelCase(raw).map { " Did you mean \($0)?" } ?? ""
    throw GeneratorError(
      .invalidName,
      "The \(what) \"\(raw)\" is not an UpperCamelCase Swift type name: use ASCII letters and "
        + "digits only, starting with an uppercase letter (types are named after it)."
        + suggestion)
  }

  /// `raw` rewritten as an UpperCamelCase identifier (`contact-detail` → `ContactDetail`), or nil
  /// when there is no obvious one (other characters than ASCII letters, digits and the word
  /// separators ` `, `-`, `_`, `.`, or a leading digit).
  static func upperCamelCase(_ raw: String) -> String? {
    var result = ""
    var word = ""
    func flush() {
      guard let first = word.first else { return }
      result += first.uppercased() + word.dropFirst()
      word = ""
    }
    for scalar in raw.unicodeScalars {
      if scalar.isASCIIAlphanumeric {
        word.unicodeScalars.append(scalar)
      } else if " -_.".unicodeScalars.contains(scalar) {
        flush()
      } else {
        return nil
      }
    }
    flush()
    guard let first = result.unicodeScalars.first, first.isASCIIUppercase else { return nil }
    return result
  }

  /// The name in lowerCamelCase, for members (`ContactDetail` → `contactDetail`, `URLViewer` →
  /// `urlViewer`).
  package var lowerCamelCase: String {
    let scalars = Array(value.unicodeScalars)
    var upperRun = 0
    while upperRun < scalars.count, scalars[upperRun].isASCIIUppercase { upperRun += 1 }
    // Lowercase the leading capitals, but keep the one that starts the next word (`URLViewer`).
    let lowered = upperRun == 1 || upperRun == scalars.count ? upperRun : upperRun - 1
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      result.append(index < lowered ? Unicode.Scalar(scalar.value + 32)! : scalar)
    }
    return String(result)
  }

  /// The name as words, for titles (`ContactDetail` → `Contact Detail`, `URLViewer` → `URL Viewer`).
  package var words: String {
    let scalars = Array(value.unicodeScalars)
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      if index > 0, scalar.isASCIIUppercase {
        let previous = scalars[index - 1]
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        if !previous.isASCIIUppercase || (next.map { !$0.isASCIIUppercase } ?? false) {
          result += " "
        }
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  package var description: String { value }
}

extension Unicode.Scalar {
  var isASCIIUppercase: Bool { ("A"..."Z").contains(self) }
  var isASCIIAlphanumeric: Bool {
    ("A"..."Z").contains(self) || ("a"..."z").contains(self) || ("0"..."9").contains(self)
  }
}
