import ContactsSample
import Foundation
import Observation
import SampleSupport
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI

/// The Contacts sample with SwiftUI screens (`swift run contacts --swiftui`): the list at the
/// root of a native navigation stack, a contact's detail pushed on its path, Add Contact as a
/// sheet in its own story, simulated on Linux by the headless SwiftUI stack with the user's
/// gestures.
///
/// It prints every screen as text, every navigation write, update and gesture, every story opened
/// or closed, and ends with the leak detector's verdict.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public enum ContactsSwiftUIDemo {
  /// Command-line options.
  public struct Options: Sendable {
    /// Let Add Contact's presenter keep itself in its submit handler, to show a leak report.
    public var leaky = false
    /// Where `contacts.json` is kept; a new temporary directory when nil.
    public var dataDirectory: String?

    public init() {}

    /// Parses `--leaky`, `--data-dir DIR` and `--help` (`--swiftui`, which selects this flavour,
    /// is taken out by the caller).
    ///
    /// - Throws: A ``UsageError`` naming the unknown or incomplete option.
    public init(arguments: [String]) throws {
      var remaining = arguments[...]
      while let argument = remaining.popFirst() {
        switch argument {
        case "--leaky": leaky = true
        case "--data-dir":
          guard let directory = remaining.popFirst() else {
            throw UsageError("--data-dir needs a directory.", usage: ContactsSwiftUIDemo.usage)
          }
          dataDirectory = directory
        case "--help", "-h": throw UsageError.help(ContactsSwiftUIDemo.usage)
        default:
          throw UsageError("Unknown option \(argument).", usage: ContactsSwiftUIDemo.usage)
        }
      }
    }
  }

  public nonisolated static let usage = """
    usage: contacts --swiftui [--leaky] [--data-dir DIR]
      --leaky         let Add Contact's presenter keep itself in a closure, and see the leak report
      --data-dir DIR  keep contacts.json in DIR (default: a new temporary directory)
    """

  /// Runs the scripted session and returns its exit code: 0 when everything worked and nothing
  /// leaked, 2 when something leaked, 1 when the app failed.
  ///
  /// - Parameters:
  ///   - options: What to run.
  ///   - print: Where each line of output goes.
  public static func run(
    _ options: Options, print: @escaping (String) -> Void = { Swift.print($0) }
  ) async -> Int32 {
    let detector = LeakDetector(timeout: .milliseconds(500))
    do {
      try await detector.withTracking { () async throws in
        let session = try SwiftUISession(options: options, print: print)
        try await session.launch()
        if options.leaky { try session.leakyScript() } else { try session.scripted() }
        session.finish()
      }
    } catch {
      print("error: \((error as? SessionError)?.message ?? "\(error)")")
      return 1
    }
    return printLeakCheck(
      await detector.check(),
      fix:
        "Fix: capture the presenter weakly in closures it keeps ([weak self]); see docs/SwiftUI.md.",
      noLeaks: "Leak check: no leaks. Every dismissed screen and closed story was released.",
      print: print)
  }
}

/// One run of the SwiftUI app: registry, stories, the navigation stack, and the printing of what
/// happens.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class SwiftUISession {
  /// Hosts the screens (as `UIHostingController`s do in an app).
  let host = HeadlessHost()
  let app: Story
  let contacts: Story
  let navigation: ScreenNavigation
  /// The headless `ScreenNavigationStack`: the list at its root.
  let stack: HeadlessScreenStack
  let print: (String) -> Void
  private let stories: StepPrinter
  private var printedLog = 0

  init(options: ContactsSwiftUIDemo.Options, print: @escaping (String) -> Void) throws {
    self.print = print
    stories = StepPrinter(host: host, print: print)
    let directory =
      options.dataDirectory.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "vipernest-contacts-\(UUID().uuidString)")
    let registry = try Registry(
      host.assembly,
      ContactsSwiftUIAssembly(storage: StorageDirectory(url: directory), leaky: options.leaky))
    print(
      "ViperNest Contacts sample, SwiftUI screens\(options.leaky ? " (leaky presenter)" : "")")
    print("contacts file: \(directory.appendingPathComponent("contacts.json").path)")
    print("")
    print(registry.validate().description)
    app = try registry.start()
    do {
      // As an app's launcher: the Contacts story and its root screen, built once.
      contacts = try app.open(ContactsStory.self)
      navigation = try contacts.resolve(ScreenNavigation.self)
      stack = HeadlessScreenStack(
        navigation: navigation, root: try contacts.resolve(ContactListScreenModule.self))
    } catch {
      app.close()
      throw error
    }
  }

  /// Shows the list ("Loading contacts…"), then waits for its task, which the stack started when
  /// the list appeared (`ScreenAppearance.screenTask()`, as SwiftUI's `.task`) and which awaits
  /// the store: its file is read off the main actor.
  ///
  /// - Throws: ``SessionError`` when the contacts file could not be loaded; the list shows why,
  ///   and the app is closed.
  func launch() async throws {
    report(step: "launch")
    let presenter = try listScreen().presenter
    // Waits, as the user does, until the list shows the contacts or why they could not be loaded.
    while presenter.contacts == nil, presenter.error == nil {
      await withCheckedContinuation { loaded in
        withObservationTracking {
          _ = (presenter.contacts, presenter.error)
        } onChange: {
          loaded.resume()
        }
      }
    }
    report(step: "contacts loaded (contacts.json read off the main actor)", showNavigation: false)
    if presenter.contacts == nil {
      finish()
      throw SessionError(message: "The contacts file could not be loaded (see the list above).")
    }
  }

  // MARK: - Sessions

  func scripted() throws {
    try addContact(first: "Grace", last: "Hopper")
    try openAddContact()
    try type(first: "Ada", last: "")
    try tapDone()
    try type(first: "Ada", last: "Lovelace")
    try tapDone()
    try openAddContact()
    try type(first: "alan", last: "Turing")
    try pressReturn()
    try tapContact("Ada Lovelace")
    try tapBack()
    try tapContact("Grace Hopper")
    try swipeBack(completes: false)
    try swipeBack()
    try openAddContact()
    try type(first: "Nobody", last: "Atall")
    try cancel()
    try openAddContact()
    try swipeDown()
  }

  /// The short session of `--leaky`: one Add Contact, which leaks on purpose. Kept a function of
  /// its own so sanitizers can tell this deliberate leak apart (.ci/lsan-suppressions.txt).
  @inline(never)
  func leakyScript() throws {
    try addContact(first: "Ada", last: "Lovelace")
  }

  /// Closes the Contacts story (which ends every screen its navigation shows) and the app story.
  func finish() {
    contacts.close()
    report(step: "quit: close the Contacts story, close the app", showScreen: false)
    app.close()
  }

  // MARK: - Steps

  func addContact(first: String, last: String) throws {
    try openAddContact()
    try type(first: first, last: last)
    try tapDone()
  }

  func openAddContact() throws {
    guard navigation.sheet == nil else {
      throw SessionError(message: "Add Contact is already open: type, done or cancel.")
    }
    try listScreen().presenter.didTapAdd()
    settle()  // the update that shows the sheet makes it appear (its presenter's screenDidAppear)
    report(step: "tap + Add")
  }

  func type(first: String, last: String) throws {
    // The text fields write the presenter's properties through their bindings.
    let presenter = try addContactScreen().presenter
    presenter.firstName = first
    presenter.lastName = last
    report(step: "type \"\(first)\" \"\(last)\"", showNavigation: false)
  }

  func tapDone() throws {
    try addContactScreen().presenter.didTapDone()
    report(step: "tap Done")
  }

  /// The keyboard's Return key: the form's `.onSubmit` runs the presenter's submit handler.
  func pressReturn() throws {
    try addContactScreen().presenter.onSubmit?()
    report(step: "press Return (the form's .onSubmit saves)")
  }

  func cancel() throws {
    try addContactScreen().presenter.didTapCancel()
    report(step: "tap Cancel")
  }

  /// The user swipes the sheet down: no button, no router; SwiftUI writes the sheet's binding,
  /// Add Contact ends and its story closes all the same.
  func swipeDown() throws {
    guard stack.swipeDownSheet() else {
      throw SessionError(message: "Add Contact is not open: use add first.")
    }
    report(step: "swipe Add Contact down (the user's own dismissal)")
  }

  func tapContact(_ name: String) throws {
    let list = try listScreen()
    guard let contact = list.presenter.contacts?.first(where: { $0.fullName == name }) else {
      throw SessionError(message: "No contact named \(name) in the list.")
    }
    list.presenter.didSelect(contact)
    report(step: "tap \(name)")
  }

  /// The system back button: SwiftUI writes the path one shorter; the detail ends.
  func tapBack() throws {
    guard stack.tapBack() else { throw SessionError(message: "Nothing to go back from.") }
    report(step: "tap ‹ Contacts (the user's own dismissal)")
  }

  /// The edge swipe: a cancelled one writes nothing, a completed one pops as Back does.
  func swipeBack(completes: Bool = true) throws {
    guard !stack.shownPath.isEmpty else {
      throw SessionError(message: "Nothing to swipe back from.")
    }
    stack.swipeBack(completes: completes)
    report(
      step: completes
        ? "swipe back from the edge (the user's own dismissal)"
        : "start a swipe back, then let go (cancelled)")
  }

  // MARK: - What is on screen

  /// SwiftUI's updates between the user's steps: the stack shows what the navigation says (a
  /// swiped-down sheet takes two: its binding's write, then its removal).
  private func settle() {
    while stack.hasPendingUpdate { stack.update() }
  }

  /// What the user sees: the sheet, else the top of the path, else the list.
  private var visible: (any TextScreen)? {
    let route = stack.shownSheet ?? stack.shownPath.last
    let screen = route?.screen ?? (stack.root as? HeadlessScreenHostingController)?.screen
    return screen as? any TextScreen
  }

  private func listScreen() throws -> ContactListScreen {
    guard stack.shownSheet == nil, stack.shownPath.isEmpty,
      let list = (stack.root as? HeadlessScreenHostingController)?.screen as? ContactListScreen
    else { throw SessionError(message: "The list is not on screen.") }
    return list
  }

  private func addContactScreen() throws -> AddContactScreen {
    guard let screen = stack.shownSheet?.screen as? AddContactScreen else {
      throw SessionError(message: "Add Contact is not open: use add first.")
    }
    return screen
  }

  func report(step: String, showNavigation: Bool = true, showScreen: Bool = true) {
    settle()
    print("")
    print("▸ \(step)")
    let entries = stack.log.dropFirst(printedLog)
    printedLog = stack.log.count
    if showNavigation {
      for entry in entries { print("  swiftui: \(entry)") }
    }
    stories.printStoryChanges(in: app.tree)
    if showScreen, let visible { print(visible.text.render()) }
  }
}
