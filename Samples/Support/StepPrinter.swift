import Foundation
public import ViperNest
public import ViperNestHeadless

/// Prints what a sample's steps do: each step's name, the navigation events and the stories
/// opened or closed since the step before. Shared by the samples.
@MainActor
public final class StepPrinter {
  private let host: HeadlessHost
  private let print: (String) -> Void
  private var printedEvents = 0
  private var openStories: [String] = []

  /// Creates a printer for the navigation events of `host`, printing each line with `print`.
  public init(host: HeadlessHost, print: @escaping (String) -> Void) {
    self.host = host
    self.print = print
  }

  /// Finishes the host's transitions in flight, prints `step` after a blank line, then, when
  /// `showNavigation`, the navigation events since the step before.
  ///
  /// - Returns: The navigation events since the step before.
  @discardableResult
  public func printStep(_ step: String, showNavigation: Bool) -> ArraySlice<NavigationEvent> {
    // The run loop turns between the user's steps: animations in flight end.
    host.finishTransitions()
    print("")
    print("▸ \(step)")
    let events = host.log.dropFirst(printedEvents)
    printedEvents = host.log.count
    if showNavigation {
      for event in events { print("  navigation: \(event)") }
    }
    return events
  }

  /// Prints the stories of `tree` opened and closed since the call before, each as its chain
  /// from the root (`Payments > Transfer`), and the closed ones innermost first when
  /// `innermostClosedFirst`.
  public func printStoryChanges(in tree: StoryTree, innermostClosedFirst: Bool = false) {
    let stories = Self.chains(tree)
    for opened in stories where !openStories.contains(opened) { print("  story opened: \(opened)") }
    let closed = openStories.filter { !stories.contains($0) }
    for story in innermostClosedFirst ? closed.reversed() : closed {
      print("  story closed: \(story)")
    }
    openStories = stories
  }

  /// Opens the deep link `text` with `navigator` and prints it as a step, through `report` (the
  /// sample's own step printing, with its screen); a link that is not a URL, or that fails, prints
  /// its typed error instead, after what its failed step undid.
  ///
  /// - Parameters:
  ///   - text: The link as typed.
  ///   - navigator: The sample's navigator.
  ///   - example: A link of the sample's, shown when `text` is not a URL.
  ///   - tree: The app story's tree, read after the failure.
  ///   - innermostClosedFirst: Whether closed stories print innermost first.
  ///   - report: Prints a step that succeeded.
  /// - Returns: Whether the link was opened.
  @discardableResult
  public func openLink(
    _ text: String, with navigator: LinkNavigator, example: String, tree: () -> StoryTree,
    innermostClosedFirst: Bool = false, report: (String) -> Void
  ) -> Bool {
    guard let url = URL(string: text), url.scheme != nil else {
      printStep("open \(text)", showNavigation: true)
      print("  error: \(text) is not a URL such as \(example)")
      return false
    }
    do {
      let opened = try navigator.open(url)
      report("open \(text) (\(opened.summary))")
      return true
    } catch {
      // What a failed step showed was undone: its navigation and stories print before the error.
      printStep("open \(text)", showNavigation: true)
      printStoryChanges(in: tree(), innermostClosedFirst: innermostClosedFirst)
      print("  error: " + "\(error)".split(separator: "\n").joined(separator: "\n  "))
      return false
    }
  }

  private static func chains(_ tree: StoryTree, prefix: String = "") -> [String] {
    let name = prefix.isEmpty ? tree.name : "\(prefix) > \(tree.name)"
    return (prefix.isEmpty ? [] : [name]) + tree.children.flatMap { chains($0, prefix: name) }
  }
}

/// Prints the leak detector's verdict at the end of a sample's session.
///
/// - Parameters:
///   - report: What the detector found; nil when nothing leaked.
///   - fix: A line printed after a report, if any.
///   - noLeaks: The line printed when nothing leaked.
///   - print: Where each line goes.
/// - Returns: The exit code: 2 when something leaked, 0 otherwise.
public func printLeakCheck(
  _ report: LeakReport?, fix: String? = nil, noLeaks: String, print: (String) -> Void
) -> Int32 {
  print("")
  guard let report else {
    print(noLeaks)
    return 0
  }
  print("Leak check: FAILED")
  print(report.description)
  if let fix { print(fix) }
  return 2
}

/// Prints the leak report as JSON (an empty report when nothing leaked), keys sorted so runs
/// diff cleanly; returns the exit code: 0 when nothing leaked, 2 when something did.
public func printLeakReportJSON(_ report: LeakReport?, print: (String) -> Void) -> Int32 {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  do {
    let data = try encoder.encode(report ?? LeakReport(leaks: []))
    print(String(decoding: data, as: UTF8.self))
  } catch {
    print("error: \(error)")
    return 1
  }
  return report == nil ? 0 : 2
}

/// A command the sample cannot carry out now; its message is printed and the session goes on.
public struct SessionError: Error {
  public let message: String

  public init(message: String) {
    self.message = message
  }
}
