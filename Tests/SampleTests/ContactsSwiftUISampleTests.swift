import ContactsSwiftUISample
import Foundation
import SampleSupport
import Testing

/// Runs the Contacts sample's SwiftUI flavour (`swift run contacts --swiftui`) and checks what a
/// user would see: the same behaviours as the UIKit flavour's tests, on native navigation (the list
/// at the root, a contact's detail pushed on the path, Add Contact as a sheet in its own story),
/// with the user's own dismissals.
@MainActor
struct ContactsSwiftUISampleTests {
  final class Output {
    var lines: [String] = []
    var text: String { lines.joined(separator: "\n") }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  func run(_ arguments: [String]) async throws -> (code: Int32, text: String) {
    let output = Output()
    let code = await ContactsSwiftUIDemo.run(
      try ContactsSwiftUIDemo.Options(arguments: arguments), print: { output.lines.append($0) })
    return (code, output.text)
  }

  func temporaryDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "contacts-swiftui-test-\(UUID().uuidString)"
    ).path
  }

  /// What the step `step` printed: from its line to the next step's (the first such step, or the
  /// `occurrence`th).
  func step(_ step: String, in text: String, occurrence: Int = 1) throws -> String {
    let parts = text.components(separatedBy: "▸ \(step)")
    try #require(parts.count > occurrence, "no step \(step) (\(occurrence))")
    return parts[occurrence].components(separatedBy: "\n▸ ").first ?? ""
  }

  /// The names in the list's rows of `screen`.
  func names(_ screen: String) -> [String] {
    screen.components(separatedBy: "\n").filter { $0.contains("  ›") }
      .map { $0.replacingOccurrences(of: "│", with: "").replacingOccurrences(of: "›", with: "") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func scriptedSessionAddsContactsSortedAndLeaksNothing() async throws {
    let directory = temporaryDirectory()
    let (code, text) = try await run(["--data-dir", directory])
    #expect(code == 0)
    #expect(text.contains("Registration graph is valid (4 story chains, 3 modules checked)."))
    // The list shows a loading state until its task (ScreenAppearance) has awaited the store.
    let launch = try step("launch", in: text)
    #expect(launch.contains("│ Loading contacts…"))
    #expect(!launch.contains("(no contacts yet)"))
    let loaded = try step("contacts loaded (contacts.json read off the main actor)", in: text)
    #expect(loaded.contains("│ (no contacts yet)"))
    // Add Contact is a sheet in its own story, which its router's dismissal closes.
    let add = try step("tap + Add", in: text)
    #expect(add.contains("swiftui: sheet write: nil -> AddContactScreen"))
    #expect(add.contains("swiftui: update: present sheet AddContactScreen"))
    #expect(add.contains("story opened: App > Contacts > AddContact"))
    #expect(add.contains("┌─ Add Contact"))
    let done = try step("tap Done", in: text)
    #expect(done.contains("swiftui: sheet write: AddContactScreen -> nil"))
    #expect(done.contains("story closed: App > Contacts > AddContact"))
    #expect(names(done) == ["Grace Hopper"])
    let refused = try step("tap Done", in: text, occurrence: 2)
    #expect(refused.contains("! Last name is required."))
    #expect(!refused.contains("story closed"), "the sheet stays while a name is missing")
    // The form's Return key saves as Done does.
    let submitted = try step("press Return (the form's .onSubmit saves)", in: text)
    #expect(submitted.contains("story closed: App > Contacts > AddContact"))
    // Sorted case-insensitively: "alan" between "Ada" and "Grace".
    #expect(names(submitted) == ["Ada Lovelace", "alan Turing", "Grace Hopper"])
    let cancelled = try step("tap Cancel", in: text)
    #expect(cancelled.contains("story closed: App > Contacts > AddContact"))
    #expect(names(cancelled) == ["Ada Lovelace", "alan Turing", "Grace Hopper"])
    #expect(
      text.hasSuffix("Leak check: no leaks. Every dismissed screen and closed story was released."))
    // Persisted as JSON, as the UIKit flavour does; a second run starts from the saved contacts.
    let saved = try String(contentsOfFile: directory + "/contacts.json", encoding: .utf8)
    #expect(saved.contains("\"lastName\" : \"Turing\""))
    let second = try await run(["--data-dir", directory])
    #expect(second.code == 0)
    #expect(
      names(try step("contacts loaded", in: second.text))
        == ["Ada Lovelace", "alan Turing", "Grace Hopper"])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theDetailIsPushedAndBackOrASwipeBackEndsItAndClosesItsStory() async throws {
    let (code, text) = try await run(["--data-dir", temporaryDirectory()])
    #expect(code == 0)
    let detail = try step("tap Ada Lovelace", in: text)
    #expect(detail.contains("swiftui: path write: [] -> [ContactDetailScreen]"))
    #expect(detail.contains("story opened: App > Contacts > ContactDetail"))
    #expect(detail.contains("┌─ Ada Lovelace"))
    #expect(detail.contains("│ Last name:  Lovelace"))

    let back = try step("tap ‹ Contacts (the user's own dismissal)", in: text)
    #expect(back.contains("swiftui: user taps Back"))
    #expect(back.contains("swiftui: path write: [ContactDetailScreen] -> []"))
    #expect(back.contains("story closed: App > Contacts > ContactDetail"))
    #expect(back.contains("┌─ Contacts"))

    // A cancelled swipe writes nothing: the detail stays, its story open.
    let cancelled = try step("start a swipe back, then let go (cancelled)", in: text)
    #expect(cancelled.contains("swiftui: user swipes back, cancelled"))
    #expect(!cancelled.contains("path write"))
    #expect(!cancelled.contains("story closed"))
    #expect(cancelled.contains("┌─ Grace Hopper"))
    let swiped = try step("swipe back from the edge (the user's own dismissal)", in: text)
    #expect(swiped.contains("swiftui: path write: [ContactDetailScreen] -> []"))
    #expect(swiped.contains("story closed: App > Contacts > ContactDetail"))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func swipingTheSheetDownEndsAddContactAndClosesItsStory() async throws {
    let (code, text) = try await run(["--data-dir", temporaryDirectory()])
    #expect(code == 0)
    // No button, no router: SwiftUI writes the sheet's binding, and the story closes all the same.
    let swipe = try step("swipe Add Contact down (the user's own dismissal)", in: text)
    #expect(swipe.contains("swiftui: user swipes down AddContactScreen"))
    #expect(swipe.contains("swiftui: sheet write: AddContactScreen -> nil"))
    #expect(swipe.contains("story closed: App > Contacts > AddContact"))
    #expect(swipe.contains("┌─ Contacts"))
    let quit = try step("quit: close the Contacts story, close the app", in: text)
    #expect(quit.contains("story closed: App > Contacts"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every dismissed screen and closed story was released."))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func leakyPresenterIsReportedWithItsRetainPath() async throws {
    let (code, text) = try await run(["--leaky", "--data-dir", temporaryDirectory()])
    #expect(code == 2)
    #expect(text.contains("Leak check: FAILED"))
    #expect(
      text.contains(
        "retain cycle: AddContactScreenPresenter.onSubmit (closure captures) -> "
          + "AddContactScreenPresenter"))
    #expect(text.contains("also kept alive: AddContactInteractor (interactor)"))
    #expect(text.contains("Fix: capture the presenter weakly"))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func malformedContactsFileIsReportedAndLeftUntouched() async throws {
    let directory = temporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try "{not json".write(toFile: directory + "/contacts.json", atomically: true, encoding: .utf8)
    let (code, text) = try await run(["--data-dir", directory])
    #expect(code == 1)
    #expect(try step("launch", in: text).contains("│ Loading contacts…"))
    let loaded = try step("contacts loaded", in: text)
    #expect(loaded.contains("is not a valid contacts file"))
    #expect(!loaded.contains("(no contacts yet)"))
    #expect(text.hasSuffix("error: The contacts file could not be loaded (see the list above)."))
    #expect(
      try String(contentsOfFile: directory + "/contacts.json", encoding: .utf8) == "{not json")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func unknownOptionIsAUsageErrorAndHelpShowsTheUsage() {
    let error = #expect(throws: UsageError.self) {
      try ContactsSwiftUIDemo.Options(arguments: ["--interactive"])
    }
    #expect(error?.message.hasPrefix("Unknown option --interactive.") == true)
    let help = #expect(throws: UsageError.self) {
      try ContactsSwiftUIDemo.Options(arguments: ["--help"])
    }
    #expect(help?.isHelp == true)
    #expect(help?.message.contains("contacts --swiftui") == true)
  }
}
