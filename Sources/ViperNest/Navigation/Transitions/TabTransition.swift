/// Composes a tab container from modules, one per tab (viper-base's tab bar set-up); reversing it
/// empties the container.
///
/// ```swift
/// let tabs = try host.makeTabContainer()
/// try TabTransition(container: tabs, tabs: [
///   BookmarksBuilder.build(in: app).attachToNavigationController(tabBarItem: .system(.bookmarks)),
///   ContactsBuilder.build(in: app).attachToNavigationController(tabBarItem: .system(.contacts)),
/// ], appearance: .init(selectedIndex: 1)).perform()
/// try WindowRootTransition(window: window, root: tabs).perform()
/// ```
@MainActor
public final class TabTransition: Transition {
  /// How the tab container starts.
  public struct Appearance: Hashable, Sendable {
    /// The tab selected at first.
    public var selectedIndex: Int

    /// Creates an appearance.
    ///
    /// - Parameter selectedIndex: The tab selected at first. Default: the first.
    public init(selectedIndex: Int = 0) {
      self.selectedIndex = selectedIndex
    }
  }

  /// How the tab container starts.
  public let appearance: Appearance
  private var pendingTabs: [any ViewControlling]
  private let core: TransitionCore

  /// Creates a transition that gives `container` the tabs `tabs`.
  ///
  /// - Parameters:
  ///   - container: The tab container: the transition's destination.
  ///   - tabs: The modules or controllers, one per tab, in order.
  ///   - appearance: The tab selected at first.
  ///   - story: A story to close when the transition is reversed or the container released.
  public init(
    container: any TabControlling, tabs: [any Presentable], appearance: Appearance = Appearance(),
    story: Story? = nil
  ) {
    self.appearance = appearance
    pendingTabs = tabs.map(\.viewController)
    core = TransitionCore("tab composition", destination: container, story: story)
  }

  public var destination: (any ViewControlling)? { core.destination }
  public var story: Story? { core.story }
  public var isShown: Bool { core.phase == .shown }

  /// The tab container, while it exists.
  public var container: (any TabControlling)? { core.destination as? any TabControlling }

  /// Gives the container its tabs (releasing any it had) and selects the first one. Completes at
  /// once; `completion` is called before this returns.
  ///
  /// - Throws: ``TransitionError``: ``TransitionError/Code/alreadyShown`` when a tab is already shown
  ///   elsewhere, ``TransitionError/Code/alreadyPerformed``,
  ///   ``TransitionError/Code/storyWouldClose`` when this transition's story, or a story of a module
  ///   in the new tabs, closes when the container's current tabs leave, or is open inside one.
  ///   Nothing changes when it throws.
  public func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    guard let container = try core.destinationToShow() as? any TabControlling else { return }
    for tab in pendingTabs { try ensureNotShown(tab, "add a tab for") }
    try ReplacedStories.ensureKept(
      by: pendingTabs, own: core.story, replacing: container.tabRoots,
      "set the tabs of \(container.typeName)", leaving: "the tab container",
      replacement: "the new tabs")
    try container.setTabRoots(pendingTabs, animated: animated)
    if pendingTabs.indices.contains(appearance.selectedIndex) {
      container.selectedTabIndex = appearance.selectedIndex
    }
    pendingTabs = []
    core.didShow(container)
    completion?()
  }

  /// Removes the tabs from the container, releasing them, and closes the story.
  ///
  /// - Throws: ``TransitionError/Code/notPerformed`` when it was never performed.
  public func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    guard let container = try core.destinationToHide() as? any TabControlling else {
      completion?()
      return
    }
    try container.setTabRoots([], animated: animated)
    core.didHide(ObjectIdentifier(container), type: container.typeName)
    completion?()
  }
}
