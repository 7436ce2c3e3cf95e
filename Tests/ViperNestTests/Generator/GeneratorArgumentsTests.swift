import Testing

@testable import ViperNestGenerator

struct GeneratorArgumentsTests {
  @Test func nameOptionsAndFlagsAreParsed() throws {
    let arguments = try GeneratorArguments(parsing: [
      "ContactDetail", "--in", "Sources/MyApp", "--tests-in=Tests/MyAppTests", "--mvc",
      "--story", "ContactsStory", "--ui", "UIKit", "--dry-run",
    ])
    #expect(arguments.name == "ContactDetail")
    #expect(arguments.directory == "Sources/MyApp")
    #expect(arguments.testsDirectory == "Tests/MyAppTests")
    #expect(arguments.mvc)
    #expect(arguments.story == "ContactsStory")
    #expect(arguments.ui == .uikit)
    #expect(arguments.dryRun)
    #expect(!arguments.noTests && !arguments.help)
  }

  @Test func theViewOptionAsksForASwiftUIScreenInAnyCase() throws {
    #expect(try GeneratorArguments(parsing: ["NoteCard", "--view", "swiftui"]).swiftUI)
    #expect(try GeneratorArguments(parsing: ["NoteCard", "--view=SwiftUI"]).swiftUI)
    #expect(try !GeneratorArguments(parsing: ["NoteCard"]).swiftUI)
  }

  @Test func helpIsAFlagInBothSpellings() throws {
    #expect(try GeneratorArguments(parsing: ["-h"]).help)
    #expect(try GeneratorArguments(parsing: ["--help"]).help)
  }

  @Test func helpListsEveryOptionUsersMayPass() {
    for option in GeneratorArguments.options where option.listed {
      #expect(GeneratorUsage.text.contains(option.name), "\(option.name) is not in --help")
    }
    #expect(GeneratorUsage.text.contains(GeneratorUsage.command + " <Name> [options]"))
  }

  @Test(arguments: [
    ("--tests", "Did you mean --tests-in?"), ("--stroy", "Did you mean --story?"),
    ("--MVC", "Did you mean --mvc?"), ("--frobnicate", "Run with --help"),
  ])
  func unknownOptionsAreRefusedWithTheNearestOne(_ option: String, _ hint: String) {
    let message = expectGeneratorError(.invalidOption) {
      _ = try GeneratorArguments(parsing: ["ContactDetail", option])
    }
    #expect(message.hasPrefix("Unknown option \(option)."))
    #expect(message.contains(hint))
  }

  @Test func malformedOptionsAreRefusedWithWhatToType() {
    let cases: [([String], String)] = [
      (["A", "--in"], "--in needs a value: --in <directory>."),
      (["A", "--in", "--mvc"], "--in needs a value: --in <directory>."),
      (["A", "--in="], "--in needs a non-empty <directory>."),
      (["A", "--mvc=yes"], "--mvc is a flag: it takes no value."),
      (["A", "--story", "S", "--story", "T"], "--story is given twice. Pass it once."),
      (["A", "--ui", "appkit"], "--ui takes headless"),
      (
        ["A", "--view", "uikit"], "--view takes swiftui (a SwiftUI screen built by a ScreenBuilder)"
      ),
      (["A", "--view"], "--view needs a value: --view <swiftui>."),
      (["A", "B"], "Unexpected argument \"B\": the module's name is A already."),
    ]
    for (arguments, expected) in cases {
      let message = expectGeneratorError(.invalidOption) {
        _ = try GeneratorArguments(parsing: arguments)
      }
      #expect(message.contains(expected), "\(arguments): \(message)")
    }
  }
}
