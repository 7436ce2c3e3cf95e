public import ViperNest

/// One thing that happened in a ``HeadlessHost``: a view loaded, a controller presented, pushed,
/// popped, embedded, made a window root…
///
/// Tests assert the log; samples print it (``HeadlessHost/transcript``).
///
/// ```swift
/// #expect(host.log.last == .pushed("ContactDetailView", onto: "Navigation(ContactsView)"))
/// print(host.transcript)
/// // root of Window: Navigation(ContactsView)
/// // push ContactDetailView onto Navigation(ContactsView)
/// ```
public enum NavigationEvent: Hashable, Sendable, CustomStringConvertible {
  /// The host created a view, its UI loaded as the builder chose.
  case loaded(String, from: ViewUIType)
  /// A controller was presented modally.
  case presented(String, by: String, style: PresentationStyle)
  /// A controller was shown as an overlay.
  case overlaid(String, by: String, appearance: OverlayAppearance)
  /// A presented controller (or overlay) was dismissed.
  case dismissed(String, by: String)
  /// A controller was pushed onto a navigation stack.
  case pushed(String, onto: String)
  /// Controllers were popped from a navigation stack, lowest first.
  case popped([String], from: String)
  /// A controller was embedded into an area of a parent.
  case embedded(String, in: String, area: String)
  /// An embedded controller was removed from its parent.
  case removed(String, from: String)
  /// A window's root changed (`nil`: removed).
  case root(String?, window: String)
  /// A tab container's tabs changed.
  case tabs([String], container: String)
  /// A tab container selected another tab.
  case selectedTab(Int, container: String)
  /// A window's root was replaced while it presented a controller: UIKit leaves that controller in
  /// the window, undismissed.
  case leftBehind(String, window: String)
  /// Something UIKit would ignore (with a console warning at most) was asked, and ignored.
  case ignored(String)
  /// The user tapped the Back button of a navigation container.
  case userTappedBack(String)
  /// The user swiped back from the edge of a navigation container, to the end or not.
  case userSwipedBack(String, completed: Bool)
  /// The user swiped down a presented sheet; the reason when it was refused or cancelled.
  case userSwipedDown(String, refusedBecause: String?)
  /// The user tapped a tab.
  case userSelectedTab(Int, container: String)

  public var description: String {
    switch self {
    case .loaded(let view, let ui): "load \(view) from \(ui)"
    case .presented(let controller, let source, let style):
      "present \(controller) from \(source) (\(style))"
    case .overlaid(let controller, let source, let appearance):
      "overlay \(controller) over \(source) (\(appearance))"
    case .dismissed(let controller, let source): "dismiss \(controller) from \(source)"
    case .pushed(let controller, let navigation): "push \(controller) onto \(navigation)"
    case .popped(let controllers, let navigation):
      "pop \(controllers.joined(separator: ", ")) from \(navigation)"
    case .embedded(let child, let parent, let area): "embed \(child) in \(parent).\(area)"
    case .removed(let child, let parent): "remove \(child) from \(parent)"
    case .root(let controller, let window): "root of \(window): \(controller ?? "none")"
    case .tabs(let tabs, let container):
      "tabs of \(container): \(tabs.joined(separator: ", "))"
    case .selectedTab(let index, let container): "select tab \(index) of \(container)"
    case .leftBehind(let controller, let window):
      "\(controller) stays in \(window), undismissed (its presenter is no longer the root)"
    case .ignored(let what): "ignored: \(what)"
    case .userTappedBack(let navigation): "user taps Back in \(navigation)"
    case .userSwipedBack(let navigation, let completed):
      "user swipes back in \(navigation)\(completed ? "" : ", and cancels")"
    case .userSwipedDown(let controller, let reason):
      "user swipes down \(controller)\(reason.map { ": refused (\($0))" } ?? "")"
    case .userSelectedTab(let index, let container): "user selects tab \(index) of \(container)"
    }
  }
}
