internal import Foundation
public import SampleSupport
public import ViperNest
import ViperNestHeadless

/// The Contacts sample: the seed app in VIPER on ViperNest, driven on the headless host.
///
/// It prints every screen as text, every navigation step and every story opened or closed, and
/// ends with the leak detector's verdict.
@MainActor
public enum ContactsDemo {
  /// Command-line options.
  public struct Options: Sendable {
    /// Read commands from standard input instead of running the scripted session.
    public var interactive = false
    /// Switch in a presenter that keeps its view strongly, to show a leak report.
    public var leaky = false
    /// Print only the leak report, as JSON (see docs/TestingAndFindingLeaks.md for the schema).
    public var json = false
    /// Where `contacts.json` is kept; a new temporary directory when nil.
    public var dataDirectory: String?
    /// Print the registration graph in this format (`dot` or `mermaid`) instead of running.
    public var graph: GraphFormat?
    /// Open this deep link after launch instead of running the scripted session.
    public var link: String?

    public init() {}

    /// Parses `--interactive`, `--leaky`, `--json`, `--data-dir DIR`, `--graph FORMAT`,
    /// `--open URL` and `--help`.
    ///
    /// - Throws: A message naming the unknown or incomplete option.
    public init(arguments: [String]) throws {
      var remaining = arguments[...]
      while let argument = remaining.popFirst() {
        switch argument {
        case "--interactive": interactive = true
        case "--leaky": leaky = true
        case "--json": json = true
        case "--data-dir":
          guard let directory = remaining.popFirst() else {
            throw UsageError("--data-dir needs a directory.", usage: ContactsDemo.usage)
          }
          dataDirectory = directory
        case "--graph":
          switch remaining.popFirst() {
          case "dot": graph = .dot
          case "mermaid": graph = .mermaid
          default:
            throw UsageError("--graph needs dot or mermaid.", usage: ContactsDemo.usage)
          }
        case "--open":
          guard let link = remaining.popFirst() else {
            throw UsageError("--open needs a link.", usage: ContactsDemo.usage)
          }
          self.link = link
        case "--help", "-h": throw UsageError.help(ContactsDemo.usage)
        default: throw UsageError("Unknown option \(argument).", usage: ContactsDemo.usage)
        }
      }
    }
  }

  /// A command-line mistake (or `--help`).
  public typealias UsageError = SampleSupport.UsageError

  public nonisolated static let usage = """
    usage: contacts [--interactive] [--leaky] [--json] [--data-dir DIR] [--open URL]
           contacts --swiftui [--leaky] [--data-dir DIR]
      --swiftui       the same app with SwiftUI screens on native navigation
      --interactive   type commands (help, list, add FIRST LAST, cancel, tree, quit)
      --leaky         use a presenter that keeps its view strongly, and see the leak report
      --json          print only the leak report, as JSON (exit code as without it)
      --data-dir DIR  keep contacts.json in DIR (default: a new temporary directory)
      --graph dot|mermaid  print the registration graph (stories as nested clusters) and exit
      --open URL      open a deep link after launch, such as vipernest-contacts://contacts/add?first=Ada
    """

  /// Runs the sample and returns its exit code: 0 when everything worked and nothing leaked.
  ///
  /// - Parameters:
  ///   - options: What to run.
  ///   - readLine: The next command in interactive mode (nil at end of input).
  ///   - print: Where each line of output goes.
  public static func run(
    _ options: Options, readLine: () -> String? = { Swift.readLine() },
    print: @escaping (String) -> Void = { Swift.print($0) }
  ) async -> Int32 {
    if let format = options.graph {
      do {
        let registry = try Registry(
          HeadlessHost().assembly,
          ContactsAssembly(
            storage: StorageDirectory(url: URL(fileURLWithPath: "/tmp")), leaky: options.leaky))
        print(String(registry.graph(format).dropLast()))
        return 0
      } catch {
        print("error: \(error)")
        return 1
      }
    }
    let detector = LeakDetector(timeout: .milliseconds(500))
    let sessionPrint: (String) -> Void = options.json ? { _ in } : print
    let linkOpened: Bool
    do {
      linkOpened = try await detector.withTracking { () async throws -> Bool in
        let session = try Session(options: options, print: sessionPrint)
        try await session.launch()
        if let link = options.link {
          let opened = session.openLink(link)
          session.finish()
          return opened
        } else if options.interactive {
          try session.interactive(readLine: readLine)
        } else if options.leaky {
          try session.leakyScript()
        } else {
          try session.scripted()
        }
        session.finish()
        return true
      }
    } catch {
      print("error: \((error as? SessionError)?.message ?? "\(error)")")
      return 1
    }
    let report = await detector.check()
    if options.json {
      let leakCheck = printLeakReportJSON(report, print: print)
      return leakCheck != 0 ? leakCheck : (linkOpened ? 0 : 1)
    }
    let leakCheck = printLeakCheck(
      report,
      fix:
        "Fix: make the back reference weak (ViperNest's `links` already are); see docs/TestingAndFindingLeaks.md.",
      noLeaks: "Leak check: no leaks. Every dismissed module and closed story was released.",
      print: print)
    return leakCheck != 0 ? leakCheck : (linkOpened ? 0 : 1)
  }
}

/// One run of the app: registry, stories, window, and the printing of what happens.
@MainActor
final class Session {
  /// Strict timing: animated transitions finish between the user's steps, as UIKit's do.
  let host = HeadlessHost(timing: .strict)
  let window: HeadlessWindow
  let app: Story
  let root: WindowRootTransition
  /// Opens deep links (`vipernest-contacts://contacts/add?first=Ada`).
  let navigator: LinkNavigator
  let print: (String) -> Void
  private let steps: StepPrinter

  init(options: ContactsDemo.Options, print: @escaping (String) -> Void) throws {
    self.print = print
    steps = StepPrinter(host: host, print: print)
    let directory =
      options.dataDirectory.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "vipernest-contacts-\(UUID().uuidString)")
    let registry = try Registry(
      host.assembly,
      ContactsAssembly(storage: StorageDirectory(url: directory), leaky: options.leaky))
    print("ViperNest Contacts sample\(options.leaky ? " (leaky presenter)" : "")")
    print("contacts file: \(directory.appendingPathComponent("contacts.json").path)")
    print("")
    print(registry.validate().description)
    app = try registry.start()
    window = host.makeWindow()
    navigator = LinkNavigator(registry: registry, app: app, window: window)
    do {
      // The launch is a link too, so that deep links into the list reuse it.
      let launch = try navigator.open(URL(string: "vipernest-contacts://contacts")!)
      root = launch.steps[0].transition as! WindowRootTransition
    } catch {
      app.close()
      throw (error as? LinkError)?.underlyingError ?? error
    }
  }

  /// Shows the launch (the list says "Loading contacts…"), then waits for the list's first load,
  /// which awaits the Contacts story's store: its file is read off the main actor.
  ///
  /// - Throws: ``SessionError`` when the contacts file could not be loaded; the list shows why,
  ///   and the app is closed.
  func launch() async throws {
    report(step: "launch")
    guard let list = visible as? ContactListView else { return }
    await list.loaded()
    report(step: "contacts loaded (contacts.json read off the main actor)", showNavigation: false)
    if list.names == nil {
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
    try addContact(first: "alan", last: "Turing")
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

  func interactive(readLine: () -> String?) throws {
    print("Type help for the commands.")
    while true {
      print("> ")
      guard let line = readLine() else { return }
      let words = line.split(separator: " ").map(String.init)
      do {
        switch words.first ?? "" {
        case "": continue
        case "help":
          print(
            "commands: list | add FIRST LAST | add (open the form) | type FIRST LAST | done | cancel | swipe | open URL | tree | quit"
          )
        case "list": report(step: "list")
        case "add" where words.count >= 3:
          try addContact(first: words[1], last: words[2...].joined(separator: " "))
        case "add": try openAddContact()
        case "type":
          try type(
            first: words.count > 1 ? words[1] : "",
            last: words.count > 2 ? words[2...].joined(separator: " ") : "")
        case "done": try tapDone()
        case "cancel": try cancel()
        case "swipe": try swipeDown()
        case "open": openLink(words.dropFirst().joined(separator: " "))
        case "tree": print(app.tree.description)
        case "quit", "exit": return
        default: print("unknown command \(words[0]); type help")
        }
      } catch let error as SessionError {
        print(error.message)
      }
    }
  }

  /// Hides the list (closing the Contacts story) and closes the app story.
  func finish() {
    do { try root.reverse() } catch { print("error: \(error)") }
    report(step: "quit: hide the list, close the app")
    app.close()
  }

  // MARK: - Steps

  /// Opens a deep link and prints it as a step; a bad link prints its typed error instead.
  ///
  /// - Returns: Whether the link was opened.
  @discardableResult
  func openLink(_ text: String) -> Bool {
    steps.openLink(
      text, with: navigator, example: "vipernest-contacts://contacts/add?first=Ada",
      tree: { app.tree },
      report: { report(step: $0) })
  }

  func addContact(first: String, last: String) throws {
    try openAddContact()
    try type(first: first, last: last)
    try tapDone()
  }

  func openAddContact() throws {
    guard let list = visible as? ContactListView else {
      throw SessionError(message: "Add Contact is already open: type, done or cancel.")
    }
    list.tapAdd()
    report(step: "tap + Add")
  }

  func type(first: String, last: String) throws {
    try addContactView().type(firstName: first, lastName: last)
    report(step: "type \"\(first)\" \"\(last)\"", showNavigation: false)
  }

  func tapDone() throws {
    try addContactView().tapDone()
    report(step: "tap Done")
  }

  func cancel() throws {
    try addContactView().tapCancel()
    report(step: "tap Cancel")
  }

  /// The user swipes the Add Contact sheet down: no button, no router; the sheet's module ends
  /// and its story closes all the same.
  func swipeDown() throws {
    guard let sheet = window.root?.presentedController as? HeadlessViewController else {
      throw SessionError(message: "Add Contact is not open: use add first.")
    }
    try host.swipeDown(sheet)
    report(step: "swipe Add Contact down (the user's own dismissal)")
  }

  private func addContactView() throws -> AddContactView {
    guard let view = visible as? AddContactView else {
      throw SessionError(message: "Add Contact is not open: use add first.")
    }
    return view
  }

  // MARK: - Printing

  /// The screen the user sees: the top of the presented stack, inside navigation containers.
  var visible: (any ScreenRendering)? {
    var controller: (any ViewControlling)? = window.rootController
    while let current = controller {
      if let presented = current.presentedController {
        controller = presented
      } else if let navigation = current as? HeadlessNavigationController,
        let top = navigation.topController, top !== current
      {
        if top.presentedController == nil { return top as? any ScreenRendering }
        controller = top
      } else {
        return current as? any ScreenRendering
      }
    }
    return nil
  }

  func report(step: String, showNavigation: Bool = true) {
    steps.printStep(step, showNavigation: showNavigation)
    steps.printStoryChanges(in: app.tree)
    if let visible { print(visible.screen.render()) }
  }
}
