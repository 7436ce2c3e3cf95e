public import ViperNest

/// A tab container without a screen: it holds its tabs strongly; replacing or removing them
/// releases the old ones and ends their modules. Only the selected tab is loaded, as in UIKit.
///
/// Make one with ``HeadlessHost/makeTabContainer()``. The user's tap on a tab is
/// ``HeadlessHost/selectTab(_:in:)``.
@MainActor
open class HeadlessTabController: HeadlessViewController, TabControlling {
  /// The tabs' controllers, in order.
  public private(set) var tabControllers: [HeadlessViewController] = []

  /// Creates an empty tab container of `host`, named `Tabs`.
  ///
  /// - Parameter host: The host.
  public required init(host: HeadlessHost) {
    super.init(host: host)
    logName = "Tabs"
  }

  public var tabRoots: [any ViewControlling] { tabControllers }

  public override var childControllers: [any ViewControlling] { tabControllers + children }

  override var appearanceChildren: [HeadlessViewController] {
    (selectedController.map { [$0] } ?? []) + children
  }

  /// The index of the visible tab. As in UIKit, an index out of range is ignored.
  public var selectedTabIndex: Int {
    get { selectedIndex }
    set {
      guard newValue != selectedIndex, tabControllers.indices.contains(newValue) else { return }
      let old = selectedController
      selectedIndex = newValue
      host.record(.selectedTab(newValue, container: logName))
      if isViewLoaded { selectedController?.becameVisible() }
      // The old tab disappears and the new one appears, without animation (UITabBarController
      // forwards appearance to its selected child only).
      var appearance = AppearanceTransition(animated: false)
      if isAppearingOrAppeared {
        appearance.disappear(old)
        appearance.appear(selectedController)
      }
      appearance.begin()
      appearance.end()
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
    try replaceTabs(tabs.map { try host.headless($0) }, selecting: nil)
  }

  /// Replaces the tabs and selects `index` (or keeps the selected index when it is in range),
  /// with the appearance of the tab that leaves and of the one that shows.
  private func replaceTabs(_ tabs: [HeadlessViewController], selecting index: Int?) throws {
    for tab in tabs {
      if let holder = tab.parent, holder !== self {
        throw TransitionError(
          .alreadyShown,
          "\(logName) cannot show \(tab.logName) as a tab: it is in \(holder.logName).",
          fix: "remove it from \(holder.logName) first, or build a new module")
      }
      if tab.parent == nil, let presenter = tab.presentingController as? HeadlessViewController {
        throw TransitionError(
          .alreadyShown,
          "\(logName) cannot show \(tab.logName) as a tab: it is presented by \(presenter.logName).",
          fix: "dismiss it first, or build a new module")
      }
    }
    let removed = tabControllers.filter { old in !tabs.contains { $0 === old } }
    let oldSelected = selectedController
    for tab in tabControllers { tab.parent = nil }
    tabControllers = tabs
    for tab in tabs { tab.parent = self }
    host.record(.tabs(tabs.map(\.logName), container: logName))
    if let index { selectedIndex = index }
    if !tabs.indices.contains(selectedIndex) { selectedIndex = 0 }
    if isViewLoaded { selectedController?.becameVisible() }
    var appearance = AppearanceTransition(animated: false)
    if isAppearingOrAppeared, oldSelected !== selectedController {
      let leaves = oldSelected.map { old in removed.contains { $0 === old } } ?? false
      appearance.disappear(oldSelected, leaves ? \.isMovingFromParent : nil)
      appearance.appear(selectedController, \.isMovingToParent)
    }
    appearance.begin()
    appearance.end()
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
    try? replaceTabs(remaining, selecting: remaining.firstIndex { $0 === selected } ?? 0)
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
