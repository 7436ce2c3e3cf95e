import ContactsSample
import Foundation
import Testing
import ViperNest

/// Runs the Contacts sample's sessions and checks what a user would see, so the sample cannot rot.
@MainActor
struct ContactsSampleTests {
  final class Output {
    var lines: [String] = []
    var text: String { lines.joined(separator: "\n") }
  }

  func run(_ arguments: [String], input: [String] = []) async throws -> (code: Int32, text: String)
  {
    let output = Output()
    var commands = input[...]
    let code = await ContactsDemo.run(
      try ContactsDemo.Options(arguments: arguments), readLine: { commands.popFirst() },
      print: { output.lines.append($0) })
    return (code, output.text)
  }

  func temporaryDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "contacts-test-\(UUID().uuidString)"
    ).path
  }

  /// The text inside the boxes of `output`, one space between lines (long lines are wrapped).
  func boxText(_ output: String) -> String {
    output.components(separatedBy: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("│") }
      .map { $0.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
  }

  @Test func scriptedSessionAddsContactsSortedAndLeaksNothing() async throws {
    let directory = temporaryDirectory()
    let (code, text) = try await run(["--data-dir", directory])
    #expect(code == 0)
    #expect(text.contains("Registration graph is valid (3 story chains, 2 modules checked)."))
    // The list shows a loading state until its interactor has awaited the store, whose async
    // factory reads contacts.json off the main actor; the session awaits that load, not a delay.
    let launch = try #require(
      text.components(separatedBy: "▸ launch").last?.components(separatedBy: "▸ ").first)
    #expect(launch.contains("│ Loading contacts…"))
    #expect(!launch.contains("(no contacts yet)"))
    let loaded = try #require(
      text.components(separatedBy: "▸ contacts loaded (contacts.json read off the main actor)")
        .last?.components(separatedBy: "▸ ").first)
    #expect(loaded.contains("│ (no contacts yet)"))
    #expect(!loaded.contains("Loading contacts…"))
    #expect(text.contains("story opened: App > Contacts > AddContact"))
    #expect(text.contains("story closed: App > Contacts > AddContact"))
    #expect(text.contains("navigation: present Navigation(AddContactView) from ContactListView"))
    #expect(text.contains("! Last name is required."))
    // Sorted case-insensitively: "alan" between "Ada" and "Grace".
    // The user's own dismissal closes the story as Cancel does.
    let swipe = try #require(text.components(separatedBy: "▸ swipe Add Contact down").last)
    #expect(swipe.contains("navigation: user swipes down Navigation(AddContactView)"))
    #expect(swipe.contains("story closed: App > Contacts > AddContact"))
    let finalList = try #require(swipe.components(separatedBy: "▸ quit").first)
    let names = finalList.components(separatedBy: "\n").filter { $0.contains("• ") }
      .map { $0.components(separatedBy: "• ")[1].trimmingCharacters(in: .whitespaces) }
      .map { $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces) }
    #expect(names == ["Ada Lovelace", "alan Turing", "Grace Hopper"])
    #expect(
      text.hasSuffix("Leak check: no leaks. Every dismissed module and closed story was released."))
    // Persisted as JSON; a second run starts from the saved contacts.
    let saved = try String(contentsOfFile: directory + "/contacts.json", encoding: .utf8)
    #expect(saved.contains("\"lastName\" : \"Turing\""))
    let second = try await run(
      ["--data-dir", directory, "--interactive"], input: ["list", "quit"])
    #expect(second.code == 0)
    let secondLoad = try #require(
      second.text.components(separatedBy: "▸ contacts loaded").last?
        .components(separatedBy: "▸ ").first)
    #expect(secondLoad.contains("• Grace Hopper"))
  }

  @Test func leakyPresenterIsReportedWithItsRetainPath() async throws {
    let (code, text) = try await run(["--leaky", "--data-dir", temporaryDirectory()])
    #expect(code == 2)
    #expect(text.contains("Leak check: FAILED"))
    #expect(
      text.contains(
        "retain cycle: AddContactView.presenter -> LeakyAddContactPresenter.strongView -> "
          + "AddContactView (strong)"))
    #expect(
      text.contains("also kept alive: LeakyAddContactPresenter (presenter), in the cycle above"))
  }

  @Test func leakyRunPrintsTheReportAsJSON() async throws {
    let (code, text) = try await run(["--leaky", "--json", "--data-dir", temporaryDirectory()])
    #expect(code == 2)
    let report = try JSONDecoder().decode(LeakReport.self, from: Data(text.utf8))
    let root = try #require(report.rootCauses.first)
    #expect(report.rootCauses.count == 1)
    #expect(root.typeName == "AddContactView")
    #expect(root.cause == .retainCycle)
    #expect(
      root.retainCycles.first?.description
        == "AddContactView.presenter -> LeakyAddContactPresenter.strongView -> AddContactView (strong)"
    )
    #expect(root.retainCycles.first?.steps.first?.property == "links")
    #expect(text.contains(#""schemaVersion" : 1"#))
  }

  @Test func interactiveSessionFollowsCommands() async throws {
    let (code, text) = try await run(
      ["--interactive", "--data-dir", temporaryDirectory()],
      input: ["add Ada Lovelace", "add", "type Bob", "done", "cancel", "tree", "nonsense", "quit"])
    #expect(code == 0)
    #expect(text.contains("• Ada Lovelace"))
    #expect(text.contains("! Last name is required."))
    #expect(text.contains("unknown command nonsense; type help"))
    #expect(text.contains("└─ ContactStore (story(Contacts))"))
  }

  @Test func malformedContactsFileIsReportedAndLeftUntouched() async throws {
    let directory = temporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try "{not json".write(toFile: directory + "/contacts.json", atomically: true, encoding: .utf8)
    let (code, text) = try await run(["--data-dir", directory])
    #expect(code == 1)
    // The launch succeeds with the list loading; the awaited store then fails, and the list
    // shows what the store reported instead of an empty address book.
    #expect(text.contains("│ Loading contacts…"))
    let loaded = try #require(
      text.components(separatedBy: "▸ contacts loaded").last?.components(separatedBy: "▸ ").first)
    #expect(boxText(loaded).contains("is not a valid contacts file"))
    #expect(!loaded.contains("(no contacts yet)"))
    #expect(text.hasSuffix("error: The contacts file could not be loaded (see the list above)."))
    #expect(
      try String(contentsOfFile: directory + "/contacts.json", encoding: .utf8) == "{not json")
  }

  @Test func openPresentsAddContactPrefilledOverTheListItReuses() async throws {
    let (code, text) = try await run([
      "--data-dir", temporaryDirectory(), "--open", "vipernest-contacts://contacts/add?first=Ada",
    ])

    #expect(code == 0)
    #expect(text.contains("Deep links: 2 routes valid."))
    let opened = try #require(
      text.components(separatedBy: "▸ open vipernest-contacts://contacts/add?first=Ada").last?
        .components(separatedBy: "▸ quit").first)
    #expect(
      opened.hasPrefix(" (route /contacts/add?first: ContactListView kept, AddContactView shown)"))
    #expect(
      opened.contains("navigation: present Navigation(AddContactView) from ContactListView"))
    #expect(!opened.contains("root of Window"))
    #expect(opened.contains("story opened: App > Contacts > AddContact"))
    #expect(opened.contains("│ First name: [Ada]                │"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every dismissed module and closed story was released."))
  }

  @Test func aBadLinkPrintsItsTypedErrorExitsNonZeroAndLeaksNothing() async throws {
    let (code, text) = try await run([
      "--data-dir", temporaryDirectory(), "--open", "vipernest-contacts://contacts/edit",
    ])

    #expect(code == 1)
    #expect(text.contains("error: No route matches vipernest-contacts://contacts/edit."))
    #expect(text.contains("closest routes: /contacts/add?first, /contacts"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every dismissed module and closed story was released."))
  }

  @Test func interactiveOpenThenDoneAddsTheContactToTheList() async throws {
    let (code, text) = try await run(
      ["--data-dir", temporaryDirectory(), "--interactive"],
      input: [
        "open vipernest-contacts://contacts/add?first=Grace", "type Grace Hopper", "done", "quit",
      ])

    #expect(code == 0)
    let done = try #require(text.components(separatedBy: "▸ tap Done").last)
    #expect(done.contains("story closed: App > Contacts > AddContact"))
    #expect(done.contains("• Grace Hopper"))
  }

  @Test func unknownOptionIsAUsageError() {
    #expect(throws: ContactsDemo.UsageError.self) {
      try ContactsDemo.Options(arguments: ["--bogus"])
    }
  }

  @Test func graphExportDrawsStoriesAsNestedClusters() async throws {
    let (code, dot) = try await run(["--graph", "dot"])
    #expect(code == 0)
    let contacts = try #require(dot.range(of: "subgraph cluster_ContactsStory {"))
    let addContact = try #require(dot.range(of: "subgraph cluster_AddContactStory {"))
    #expect(contacts.lowerBound < addContact.lowerBound)
    // The store's factory is async; the list's interactor reaches it through AsyncProvider, a
    // deferred dependency, drawn dashed.
    #expect(dot.contains("label=\"ContactStore\\nstory(Contacts) · async\"]"))
    func node(_ name: String) throws -> String {
      let line = try #require(
        dot.components(separatedBy: "\n").first { $0.contains("[label=\"\(name)\\n") })
      return try #require(
        line.trimmingCharacters(in: .whitespaces).components(separatedBy: " ").first)
    }
    #expect(
      dot.contains(
        "\(try node("ContactListInteractor")) -> \(try node("ContactStore")) [style=dashed];"))
    // The committed picture is rendered from this export (see the README).
    let (_, mermaid) = try await run(["--graph", "mermaid"])
    #expect(mermaid.hasPrefix("flowchart LR"))
  }
}
