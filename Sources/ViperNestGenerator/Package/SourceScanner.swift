import Foundation

/// Finds where types are declared in Swift sources, to tell whether a story exists and whether a
/// module's types would clash with existing ones.
///
/// It reads declarations (`enum`, `struct`, `class`, `actor`, `protocol`, `typealias` followed
/// by the name) line by line and ignores comment lines: good enough for a generator's checks,
/// which the compiler backs up.
enum SourceScanner {
  /// A type declaration found in a file.
  struct Declaration: Equatable {
    /// The type's name.
    let name: String
    /// The file, absolute.
    let file: String
    /// The line, from 1.
    let line: Int
  }

  private static let keywords: Set<Substring> = [
    "enum", "struct", "class", "actor", "protocol", "typealias",
  ]

  /// The declarations of `names` in the `.swift` files under `directories`.
  ///
  /// - Parameters:
  ///   - names: The type names to look for.
  ///   - directories: Absolute directories, searched recursively (build folders skipped).
  /// - Returns: The declarations, in file and line order.
  static func declarations(of names: Set<String>, in directories: [String]) -> [Declaration] {
    var found: [Declaration] = []
    for file in swiftFiles(in: directories) {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
      var inBlockComment = false
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if inBlockComment {
          if trimmed.contains("*/") { inBlockComment = false }
          continue
        }
        if trimmed.hasPrefix("/*") {
          inBlockComment = !trimmed.contains("*/")
          continue
        }
        if trimmed.hasPrefix("//") { continue }
        let code = trimmed.split(separator: "//", maxSplits: 1).first ?? ""
        let tokens = code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        for (position, token) in tokens.enumerated().dropLast()
        where keywords.contains(token) && names.contains(String(tokens[position + 1])) {
          found.append(
            Declaration(name: String(tokens[position + 1]), file: file, line: index + 1))
        }
      }
    }
    return found
  }

  private static func swiftFiles(in directories: [String]) -> [String] {
    var files: Set<String> = []
    for directory in directories {
      guard let enumerator = FileManager.default.enumerator(atPath: directory) else { continue }
      while let relative = enumerator.nextObject() as? String {
        if relative.split(separator: "/").contains(where: { $0.hasPrefix(".build") }) {
          enumerator.skipDescendants()
          continue
        }
        if relative.hasSuffix(".swift") { files.insert(directory + "/" + relative) }
      }
    }
    return files.sorted()
  }
}
