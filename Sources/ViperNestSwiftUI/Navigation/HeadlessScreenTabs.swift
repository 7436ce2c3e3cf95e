public import ViperNest

/// SwiftUI's `TabView(selection:)` for tests: one ``HeadlessScreenStack`` per tab, each bound to
/// its tab's own ``ScreenNavigation``, and the selection, which the app, a deep link or the user
/// writes.
///
/// Only the selected tab is on screen. Selecting a tab makes the top screen of the new tab appear
/// (with its sheet or cover), then those of the old tab disappear, as a push does in a stack
/// (``HeadlessScreenStack/update()``); a tab switched away keeps its path and its screens' state
/// (T2 of the SwiftUI notes: "a tab switched away gets `onDisappear` but keeps its state"). A tab
/// is first shown when first selected (iOS 18's lazy tabs, T2): the others' roots appear only
/// then. The user's gestures on a tab that is not selected are ignored.
///
/// ```swift
/// let tabs = HeadlessScreenTabs(
///   selection: HomeTab.notes,
///   [(.notes, notesNavigation, notesModule), (.ratings, ratingsNavigation, ratingsModule)])
/// try notesRouter.showNote(1)
/// tabs[.notes].update()
/// tabs.selectedTab = .ratings    // the note disappears, the ratings' root appears
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class HeadlessScreenTabs<Tab: Hashable> {
  /// The tabs' values, in the tab bar's order.
  public let tabs: [Tab]
  private let stacks: [Tab: HeadlessScreenStack]

  /// The selected tab, as the `selection` binding of `TabView(selection:)` (T1): write it to
  /// select a tab (the app, a deep link); ``tapTab(_:)`` is the user's tap, which writes it too.
  ///
  /// It must be one of ``tabs``, as SwiftUI's binding "must match the value of the tabs".
  public var selectedTab: Tab {
    didSet {
      precondition(
        stacks[selectedTab] != nil,
        "\(selectedTab) is not a tab of this TabView: the selection must match a tab's value")
      guard selectedTab != oldValue else { return }
      stacks[selectedTab]?.isOnScreen = true
      stacks[oldValue]?.isOnScreen = false
    }
  }

  /// Creates the tabs and shows the selected one.
  ///
  /// - Parameters:
  ///   - selection: The tab selected first.
  ///   - tabs: Each tab's value (unique, T1), the navigation of its story and its stack's root
  ///     module, in the tab bar's order.
  public init(
    selection: Tab,
    _ tabs: [(tab: Tab, navigation: ScreenNavigation, root: any Presentable)]
  ) {
    var stacks: [Tab: HeadlessScreenStack] = [:]
    for entry in tabs {
      precondition(stacks[entry.tab] == nil, "\(entry.tab) names two tabs: tab values are unique")
      stacks[entry.tab] = HeadlessScreenStack(
        navigation: entry.navigation, root: entry.root, presentationsOnly: false,
        isOnScreen: entry.tab == selection)
    }
    precondition(stacks[selection] != nil, "\(selection) is not one of the tabs")
    self.tabs = tabs.map(\.tab)
    self.stacks = stacks
    self.selectedTab = selection
  }

  /// The stack of `tab`.
  public subscript(tab: Tab) -> HeadlessScreenStack {
    guard let stack = stacks[tab] else {
      preconditionFailure("\(tab) is not a tab of this TabView")
    }
    return stack
  }

  /// The user taps `tab` in the tab bar: the selection is written. Ignored while the selected
  /// tab's stack shows a sheet or a full-screen cover, which covers the tab bar.
  ///
  /// - Parameter tab: One of ``tabs``.
  /// - Returns: Whether the selection was written.
  @discardableResult
  public func tapTab(_ tab: Tab) -> Bool {
    let shown = self[selectedTab]
    guard shown.shownSheet == nil, shown.shownFullScreenCover == nil else { return false }
    selectedTab = tab
    return true
  }
}
