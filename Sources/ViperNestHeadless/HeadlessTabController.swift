public import ViperNest

/// A tab container without a screen: it holds its tabs strongly; replacing or removing them
/// releases the old ones and ends their modules. Only the selected tab is loaded, as in UIKit.
///
/// Make one with ``HeadlessHost/makeTabContainer()``. The user's tap on a tab is
/// ``HeadlessHost/selectTab(_:in:)``.
@MainActor
public final class HeadlessTabController: HeadlessViewController, TabControlling {
  /// The tabs' controllers, in order.
  public private(set) var tabControllers: [HeadlessViewController] = []

  /// Creates an empty tab container of `host`, named `Tabs`.
  ///
  /// - Parameter host: The host.
  public required init(host: HeadlessHost) {
    super.init(host: host)
    name = "Tabs"
  }

  public var tabRoots: [any ViewControlling] { tabControllers }

  public override var childControllers: [any ViewControlling] { tabControllers + children }

  /// The index of the visible tab. As in UIKit, an index out of range is ignored.
  public var selectedTabIndex: Int {
    get { selectedIndex }
    set {
      guard newValue != selectedIndex, tabControllers.indices.contains(newValue) else { return }
      selectedIndex = newValue
      host.record(.selectedTab(newValue, container: name))
      if isViewLoaded { selectedController?.becameVisible() }
    }
  }
  private var selectedIndex = 0

  /// The visible tab's controller.
  public var selectedController: HeadlessViewController? {
    tabControllers.indices.contains(selectedIndex) ? tabControllers[selectedIndex] : nil
  }

  override func becameVisible() {
    super.becameVisible()
    selectedController?.becameVisible()
  }

  /// Replaces the tabs; the tabs that are not kept leave the screen for good and their modules end.
  ///
  /// - Throws: `TransitionError` with code `incompatibleController` for a foreign controller,
  ///   `alreadyShown` for a controller shown elsewhere (in another container, or presented).
  public func setTabRoots(_ tabs: [any ViewControlling], animated: Bool) throws {
    let tabs = try tabs.map { try host.headless($0) }
    for tab in tabs {
      if let holder = tab.parent, holder !== self {
        throw TransitionError(
          .alreadyShown, "\(name) cannot show \(tab.name) as a tab: it is in \(holder.name).",
          fix: "remove it from \(holder.name) first, or build a new module")
      }
      if tab.parent == nil, let presenter = tab.presentingController as? HeadlessViewController {
        throw TransitionError(
          .alreadyShown,
          "\(name) cannot show \(tab.name) as a tab: it is presented by \(presenter.name).",
          fix: "dismiss it first, or build a new module")
      }
    }
    let removed = tabControllers.filter { old in !tabs.contains { $0 === old } }
    for tab in tabControllers { tab.parent = nil }
    tabControllers = tabs
    for tab in tabs { tab.parent = self }
    host.record(.tabs(tabs.map(\.name), container: name))
    if !tabs.indices.contains(selectedIndex) { selectedIndex = 0 }
    if isViewLoaded { selectedController?.becameVisible() }
    for tab in removed { NavigationLifecycle.controllerDidLeaveHierarchy(tab) }
  }

  /// Removes the tab at `index`; its modules end.
  ///
  /// ```swift
  /// tabs.removeTab(at: 1)  // the Payments tab's modules end, its stories close
  /// ```
  ///
  /// - Parameter index: The tab's index; an index out of range is ignored.
  public func removeTab(at index: Int) {
    guard tabControllers.indices.contains(index) else { return }
    var remaining = tabControllers
    remaining.remove(at: index)
    let selected = selectedController
    try? setTabRoots(remaining, animated: false)
    if let selected, let kept = tabControllers.firstIndex(where: { $0 === selected }) {
      selectedIndex = kept
    }
  }

  override func detachChild(_ child: HeadlessViewController) -> Bool {
    guard let index = tabControllers.firstIndex(where: { $0 === child }) else {
      return super.detachChild(child)
    }
    tabControllers.remove(at: index)
    child.parent = nil
    if !tabControllers.indices.contains(selectedIndex) { selectedIndex = 0 }
    return true
  }
}
