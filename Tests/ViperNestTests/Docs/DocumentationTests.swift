import Foundation
import Testing

/// Every ```swift block in the README and in docs/ must appear, verbatim up to indentation, in the
/// snippet sources under Tests/ViperNestTests/Docs or Tests/SampleTests, which compile (and mostly
/// run) as tests.
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in markdown.components(separatedBy: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// Lines without surrounding whitespace; blank and import lines dropped, and a leading `static `
  /// removed (snippets nest top-level code in a namespace enum to avoid name clashes).
  static func normalized(_ text: String) -> [String] {
    text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
      .map { $0.hasPrefix("static ") ? String($0.dropFirst("static ".count)) : $0 }
  }

  /// The snippet files: the guides' own code here, and the code that tests the samples in
  /// Tests/SampleTests (the only target that sees the samples' types).
  static func snippetSources() throws -> [String] {
    try ["Tests/ViperNestTests/Docs", "Tests/SampleTests"].flatMap { path in
      let directory = root.appendingPathComponent(path)
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix("Snippets.swift") }
      return try files.map {
        normalized(try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8))
          .joined(separator: "\n")
      }
    }
  }

  static func documents() throws -> [URL] {
    let docs = root.appendingPathComponent("docs")
    let guides = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return [root.appendingPathComponent("README.md")]
      + guides.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
  }

  @Test func everySwiftBlockInTheDocsCompilesAsASnippet() throws {
    let sources = try Self.snippetSources()
    var checked = 0
    for document in try Self.documents() {
      let markdown = try String(contentsOf: document, encoding: .utf8)
      for (index, block) in Self.swiftBlocks(in: markdown).enumerated() {
        let wanted = Self.normalized(block).joined(separator: "\n")
        checked += 1
        #expect(
          sources.contains { $0.contains(wanted) },
          "\(document.lastPathComponent) block \(index + 1) is not in any *Snippets.swift file:\n\(block)"
        )
      }
    }
    #expect(checked > 0)
  }

  @Test func readmeStatesTheTwoSetUpCommands() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("swift run contacts"))
    #expect(readme.contains("swift test"))
    let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(ci.contains("\nswift test\n"))
    #expect(ci.contains("\nswift run contacts\n"))
  }
}
