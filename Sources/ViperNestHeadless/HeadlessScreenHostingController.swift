package import ViperNest

/// The headless counterpart of a `UIHostingController`: a controller that holds a screen module's
/// screen (a SwiftUI view in an app) and shows it, with UIKit's ownership rules like every
/// ``HeadlessViewController``.
///
/// `ScreenBuilder` (in `ViperNestSwiftUI`) asks the registered ``HeadlessHost`` to host each screen
/// it builds, so a screen module is presented, pushed, embedded, made a window root or a tab, and
/// dismissed by the user (``HeadlessHost/tapBack(in:)``, ``HeadlessHost/swipeDown(_:completes:)``…)
/// exactly like a UIKit module, with the same story closing and leak checks.
///
/// Its appearance is the screen's: `viewDidAppear(_:)` and `viewDidDisappear(_:)` call the
/// presenter's `ScreenAppearance` callbacks and start and cancel its task, as SwiftUI does for the
/// root view of a `UIHostingController`.
///
/// ```swift
/// let module = try ContactsScreenBuilder.build(in: story)
/// let host = try #require(module.view as? HeadlessScreenHostingController)
/// #expect(host.screen is ContactsScreen)
/// ```
public final class HeadlessScreenHostingController: HeadlessViewController {
  /// The screen this controller shows, held strongly (it owns its presenter); nil for a controller
  /// created without one.
  public private(set) var screen: Any?
  let links: ScreenLinks

  /// Creates a controller that shows nothing, as `HeadlessHost` creates any controller class.
  ///
  /// - Parameter host: The host that records what happens to it.
  public required init(host: HeadlessHost) {
    links = ScreenLinks()
    super.init(host: host)
  }

  init(screen: Any, named name: String, links: ScreenLinks, host: HeadlessHost) {
    self.screen = screen
    self.links = links
    super.init(host: host)
    logName = name
  }

  /// The screen appears, as a `UIHostingController`'s root view does when the controller's view
  /// is about to appear (SwiftUI's `onAppear` runs "before the first rendered frame appears", doc:
  /// swiftui/view/onappear(perform:)): its presenter's `ScreenAppearance.screenDidAppear()` runs
  /// and its `screenTask()` starts.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  public override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    links.screenAppeared()
  }

  /// The screen disappears, as a `UIHostingController`'s root view does when the controller
  /// disappears: its presenter's `ScreenAppearance.screenDidDisappear()` runs and its
  /// `screenTask()` is cancelled.
  ///
  /// - Parameter animated: Whether the disappearance was animated.
  public override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    links.screenDisappeared()
  }
}

extension HeadlessScreenHostingController: ScreenHosting {
  package var screenLinks: ScreenLinks { links }
  package var hostedScreen: Any? { screen }
}

extension HeadlessHost: ScreenHostingToolkit {
  package func hostScreen(_ screen: Any, named name: String, links: ScreenLinks)
    -> any ScreenHosting
  {
    let controller = HeadlessScreenHostingController(
      screen: screen, named: name, links: links, host: self)
    record(.loaded(controller.logName, from: .code))
    return controller
  }
}
