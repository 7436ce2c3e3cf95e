import Foundation
import Testing

@testable import ViperNestGenerator

/// Keeps the generator, its guide and the compiled copy of its output in step.
struct GeneratorDocumentationTests {
  /// The specs of the modules `GeneratingAModuleSnippets.swift` holds.
  static func documentedSpecs() throws -> [ModuleSpec] {
    [
      ModuleSpec(
        name: try moduleName("ContactCard"), story: "ContactsStory", testedModule: "MyApp"),
      ModuleSpec(name: try moduleName("About"), style: .mvc, testedModule: "MyApp"),
      ModuleSpec(
        name: try moduleName("NoteCard"), style: .screen, story: "NotesStory",
        testedModule: "MyApp"),
    ]
  }

  /// Lines without surrounding whitespace; blank, `import` and `@testable import` lines dropped.
  static func normalized(_ text: String) -> String {
    DocumentationTests.normalized(text).filter { !$0.hasPrefix("@testable import ") }
      .joined(separator: "\n")
  }

  @Test func theCompiledSnippetsAreWhatTheGeneratorWrites() throws {
    let snippets = Self.normalized(
      try String(
        contentsOf: DocumentationTests.root.appendingPathComponent(
          "Tests/ViperNestTests/Docs/GeneratingAModuleSnippets.swift"), encoding: .utf8))
    var checked = 0
    for spec in try Self.documentedSpecs() {
      for file in ModuleTemplate(spec).files {
        checked += 1
        #expect(
          snippets.contains(Self.normalized(file.contents)),
          """
          GeneratingAModuleSnippets.swift does not hold \(file.path) as the generator writes it \
          now. Regenerate it (see the file's header) and update docs/GeneratingAModule.md:
          \(file.contents)
          """)
      }
    }
    #expect(checked == 22)
  }

  @Test func theGuideDocumentsEveryOption() throws {
    let guide = try String(
      contentsOf: DocumentationTests.root.appendingPathComponent("docs/GeneratingAModule.md"),
      encoding: .utf8)
    for option in GeneratorArguments.options where option.listed {
      #expect(guide.contains("`\(option.name)"), "docs/GeneratingAModule.md misses \(option.name)")
    }
    #expect(guide.contains(GeneratorUsage.command))
  }

  @Test func reservedNamesIncludeEveryPublicTypeOfViperNest() throws {
    let sources = DocumentationTests.root.appendingPathComponent("Sources")
    var declared: Set<String> = []
    for module in [
      "ViperNest", "ViperNestHeadless", "ViperNestTesting", "ViperNestUIKit", "ViperNestSwiftUI",
    ] {
      let directory = sources.appendingPathComponent(module)
      let enumerator = FileManager.default.enumerator(atPath: directory.path)
      while let file = enumerator?.nextObject() as? String {
        guard file.hasSuffix(".swift") else { continue }
        let text = try String(
          contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        // Inside a file-wide `#if … #endif`, top-level declarations are indented once.
        let lines = text.split(separator: "\n")
        let wrapped =
          lines.first?.hasPrefix("#if") == true
          && lines.firstIndex { $0.hasPrefix("#endif") } == lines.indices.last
        let indent = wrapped ? "  " : ""
        for line in lines
        where line.hasPrefix(indent + "public ")
          || line.hasPrefix(indent + "open ")
        {
          let words = line.dropFirst(indent.count).split(separator: " ")
          guard
            let keyword = words.firstIndex(where: {
              ["class", "struct", "enum", "protocol", "typealias", "actor"].contains($0)
            }), keyword + 1 < words.count
          else { continue }
          declared.insert(String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber }))
        }
      }
    }
    #expect(declared.count > 50)
    #expect(declared.subtracting(ModulePlan.reservedNames).sorted() == [])
  }
}
