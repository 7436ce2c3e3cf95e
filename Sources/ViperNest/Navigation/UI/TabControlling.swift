/// A tab container: one child per tab, the selected one visible (UIKit's `UITabBarController`).
///
/// The container holds its tabs strongly; replacing them releases the old ones. (The members are
/// named `tabRoots` and `setTabRoots(_:animated:)`, not `tabs`, so that they never clash with
/// UIKit's own `UITabBarController.tabs` of iOS 18.)
///
/// ```swift
/// let tabs = try toolkit.makeTabContainer()
/// try tabs.setTabRoots([bookmarks, contacts], animated: false)
/// tabs.selectedTabIndex = 1
/// ```
@MainActor
public protocol TabControlling: ViewControlling {
  /// The root controller of each tab, in order.
  var tabRoots: [any ViewControlling] { get }

  /// The index of the visible tab.
  var selectedTabIndex: Int { get set }

  /// Replaces the tabs.
  ///
  /// - Parameters:
  ///   - tabs: The tabs' controllers, in order. The container holds them.
  ///   - animated: Whether to animate.
  /// - Throws: ``TransitionError`` when a controller belongs to another UI framework.
  func setTabRoots(_ tabs: [any ViewControlling], animated: Bool) throws
}
