public import ViperNest

/// A tab container without a screen: it holds its tabs strongly; replacing them releases the old
/// ones. Only the selected tab is loaded, as in UIKit.
///
/// Make one with ``HeadlessHost/makeTabContainer()``.
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

  public var tabs: [any ViewControlling] { tabControllers }

  public var selectedTabIndex: Int = 0 {
    didSet {
      guard selectedTabIndex != oldValue else { return }
      host.record(.selectedTab(selectedTabIndex, container: name))
      if isViewLoaded { selectedController?.becameVisible() }
    }
  }

  /// The visible tab's controller.
  public var selectedController: HeadlessViewController? {
    tabControllers.indices.contains(selectedTabIndex) ? tabControllers[selectedTabIndex] : nil
  }

  override func becameVisible() {
    super.becameVisible()
    selectedController?.becameVisible()
  }

  public func setTabs(_ tabs: [any ViewControlling], animated: Bool) throws {
    let tabs = try tabs.map { try host.headless($0) }
    for tab in tabControllers { tab.parent = nil }
    tabControllers = tabs
    for tab in tabs { tab.parent = self }
    host.record(.tabs(tabs.map(\.name), container: name))
    if !tabs.indices.contains(selectedTabIndex) { selectedTabIndex = 0 }
    if isViewLoaded { selectedController?.becameVisible() }
  }

  override func removeChild(_ child: HeadlessViewController) {
    guard let index = tabControllers.firstIndex(where: { $0 === child }) else { return }
    tabControllers.remove(at: index)
    child.parent = nil
    host.record(.removed(child.name, from: name))
  }
}
