public import ViperNest

/// SwiftUI's side of the headless host: a simulated `NavigationStack(path:)` with a `sheet(item:)`
/// and a `fullScreenCover(item:)`, bound to a ``ScreenNavigation``, with the user's gestures, as
/// strict as SwiftUI (see the notes each member cites).
///
/// The stack shows what the navigation says at each ``update()`` (SwiftUI's next render), which it
/// schedules on the main actor after every change, as SwiftUI does; call it yourself to step
/// deterministically. A screen that leaves is kept until the update after it left, as SwiftUI keeps
/// view values until its next update: check for leaks after it.
///
/// The update that shows a screen makes it appear, and the one that hides it makes it disappear:
/// its presenter's ``ScreenAppearance`` callbacks run there, and its task starts or is cancelled
/// (see ``update()`` for which screens are on screen). A screen still shown when a test ends (the
/// root, at least) keeps its task running: a task that never ends keeps its presenter, and a leak
/// check made after its story closed reports it.
///
/// ```swift
/// let stack = HeadlessScreenStack(navigation: navigation, root: notesModule)
/// try router.showNote(1)
/// stack.update()
/// #expect(stack.tapBack())    // writes the path one shorter; the detail's story closes
/// stack.update()              // the detail's screen value is released now
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class HeadlessScreenStack {
  /// The navigation the stack is bound to.
  public let navigation: ScreenNavigation
  /// The stack's root module's controller, held as the app's scene holds its root view.
  public let root: (any ViewControlling)?
  /// The pushed screens on screen, bottom first.
  public private(set) var shownPath: [ScreenRoute] = []
  /// The sheet on screen.
  public private(set) var shownSheet: ScreenRoute?
  /// The full-screen cover on screen.
  public private(set) var shownFullScreenCover: ScreenRoute?
  /// What happened, oldest first: the navigation's writes, the updates, the user's gestures and
  /// SwiftUI's runtime warnings.
  public private(set) var log: [String] = []
  /// Whether a change waits for the next update.
  public private(set) var hasPendingUpdate = false
  /// Screens that left, kept until the next update.
  private var keptUntilNextUpdate: [ScreenRoute] = []
  /// A sheet the user swiped down whose binding is not written yet.
  private var dismissingSheet: ScreenRoute?
  /// Whether only the navigation's sheet and full-screen cover are bound, not its path.
  public let isPresentationsOnly: Bool
  /// The screens that appeared and have not disappeared, bottom first.
  private var appearedScreens: [any ScreenHosting] = []
  /// Whether the stack is on screen: false in a tab that is not selected (``HeadlessScreenTabs``).
  var isOnScreen: Bool {
    didSet { if isOnScreen != oldValue { updateAppearance() } }
  }

  /// Creates a stack bound to `navigation`, showing `root` below its path, and shows what the
  /// navigation holds.
  ///
  /// With `presentationsOnly`, it is the headless `.screenPresentations(navigation)` on the view
  /// of `root` (a view that is not a stack, such as one holding a `TabView`): it shows the sheet
  /// and the full-screen cover, never the path, which no `NavigationStack` binds. An update that
  /// finds screens in the path shows none of them and logs a warning: they stay in the path, with
  /// their stories open, until the app removes them.
  ///
  /// ```swift
  /// let home = HeadlessScreenStack(
  ///   navigation: homeNavigation, root: homeModule, presentationsOnly: true)
  /// ```
  ///
  /// - Parameters:
  ///   - navigation: The navigation the stack shows (one stack per navigation).
  ///   - root: The stack's root module, if it is kept by the stack.
  ///   - presentationsOnly: Whether only the sheet and the cover are bound (SwiftUI's
  ///     `.screenPresentations(navigation)`). Default: false, the whole `ScreenNavigationStack`.
  public convenience init(
    navigation: ScreenNavigation, root: (any Presentable)? = nil, presentationsOnly: Bool = false
  ) {
    self.init(
      navigation: navigation, root: root, presentationsOnly: presentationsOnly, isOnScreen: true)
  }

  /// Creates the stack, on screen or not (a tab that is not selected).
  init(
    navigation: ScreenNavigation, root: (any Presentable)?, presentationsOnly: Bool,
    isOnScreen: Bool
  ) {
    self.navigation = navigation
    self.root = root?.viewController
    self.isPresentationsOnly = presentationsOnly
    self.isOnScreen = isOnScreen
    if let host = self.root as? any ScreenHosting { host.screenLinks.didShow() }
    navigation.onChange = { [weak self] change in self?.record(change) }
    update()
  }

  // MARK: - Rendering

  /// SwiftUI's next update: releases the screens that left at the previous one, finishes a
  /// swipe-down (writing the sheet's binding, S3), shows the navigation's path in one diff and at
  /// most one presentation (S8: a second sheet at the same level is not shown while one is).
  ///
  /// Then the screens it shows appear and those it no longer shows disappear (their presenters'
  /// ``ScreenAppearance`` callbacks), the ones that appear first: SwiftUI runs `onAppear` before
  /// the first frame that shows a view (doc: swiftui/view/onappear(perform:)) and `onDisappear`
  /// once the view is gone. On screen are the stack's top (its last pushed screen, else its
  /// root), the sheet and the full-screen cover: a push or a pop shows only the new top, so a
  /// path rewritten by several screens in one write makes only its new top appear; a screen
  /// covered by a push disappears and appears again when it is uncovered (N14). A sheet leaves
  /// the screen beneath it on screen (UIKit's page sheet "partially covers the underlying
  /// content", doc: uikit/uimodalpresentationstyle/pagesheet), so it does not disappear; a
  /// full-screen cover hides it (the presenting views "are removed after the presentation
  /// completes", doc: uikit/uimodalpresentationstyle/fullscreen), so it disappears until the
  /// cover goes.
  public func update() {
    hasPendingUpdate = false
    keptUntilNextUpdate = []
    if let dismissed = dismissingSheet {
      // S3: the binding is written at the very end of the dismissal. The module ends now; a
      // presentation requested meanwhile waits for the next update (S9).
      dismissingSheet = nil
      keptUntilNextUpdate.append(dismissed)
      if navigation.sheet == dismissed { navigation.sheet = nil }
      hasPendingUpdate = true
      updateAppearance()
      return
    }
    let path = isPresentationsOnly ? [] : navigation.path
    if isPresentationsOnly, !navigation.path.isEmpty {
      log.append(
        "warning: the path [\(names(navigation.path))] is not shown: no NavigationStack binds "
          + "it (only the sheet and the full-screen cover are bound)")
    }
    if path != shownPath {
      keptUntilNextUpdate += shownPath.filter { !path.contains($0) }
      log.append("update: path [\(names(shownPath))] -> [\(names(path))]")
      shownPath = path
    }
    let sheet = navigation.sheet
    if let shown = shownSheet, shown != sheet {
      keptUntilNextUpdate.append(shown)
      shownSheet = nil
      log.append("update: dismiss sheet \(shown.name)")
    }
    let cover = navigation.fullScreenCover
    if let shown = shownFullScreenCover, shown != cover {
      keptUntilNextUpdate.append(shown)
      shownFullScreenCover = nil
      log.append("update: dismiss full-screen cover \(shown.name)")
    }
    if let sheet, shownSheet == nil { present(sheet, as: "sheet") }
    if let cover, shownFullScreenCover == nil { present(cover, as: "full-screen cover") }
    updateAppearance()
  }

  /// Makes the screens now on screen appear and those no longer on screen disappear (see
  /// ``update()``).
  private func updateAppearance() {
    var onScreen: [any ScreenHosting] = []
    if !isOnScreen {
      // A tab that is not selected: nothing of it is on screen.
    } else if shownFullScreenCover == nil,
      let top = shownPath.last?.host ?? (root as? any ScreenHosting)
    {
      onScreen.append(top)
    }
    if isOnScreen, let sheet = shownSheet { onScreen.append(sheet.host) }
    if isOnScreen, let cover = shownFullScreenCover { onScreen.append(cover.host) }
    let old = appearedScreens
    appearedScreens = onScreen
    for screen in onScreen where !old.contains(where: { $0 === screen }) {
      screen.screenLinks.screenAppeared()
    }
    for screen in old.reversed() where !onScreen.contains(where: { $0 === screen }) {
      screen.screenLinks.screenDisappeared()
    }
  }

  private func present(_ route: ScreenRoute, as kind: String) {
    if let shown = shownSheet ?? shownFullScreenCover {
      log.append(
        "warning: Currently, only presenting a single sheet is supported. The next sheet will be "
          + "presented when the currently presented sheet gets dismissed. (\(route.name) waits for "
          + "\(shown.name))")
      return
    }
    if kind == "sheet" { shownSheet = route } else { shownFullScreenCover = route }
    log.append("update: present \(kind) \(route.name)")
  }

  /// Schedules the next update on the main actor, as SwiftUI renders after a change. The update
  /// holds the stack until it ran, as a render SwiftUI scheduled happens: a test that drops its
  /// stack right after a gesture still sees the screens it removed disappear (their tasks
  /// cancelled) and released.
  private func scheduleUpdate() {
    guard !hasPendingUpdate else { return }
    hasPendingUpdate = true
    Task { @MainActor in
      guard self.hasPendingUpdate else { return }
      self.update()
      // A swipe-down finishes in two updates (the binding write, then the release); a removal
      // shown by this update is released by the next one, which SwiftUI makes on its own.
      if self.hasPendingUpdate || !self.keptUntilNextUpdate.isEmpty {
        self.hasPendingUpdate = false
        self.scheduleUpdate()
      }
    }
  }

  private func record(_ change: ScreenNavigation.Change) {
    switch change {
    case .path(let old, let new):
      log.append("path write: [\(names(old))] -> [\(names(new))]")
    case .sheet(let old, let new):
      log.append("sheet write: \(old?.name ?? "nil") -> \(new?.name ?? "nil")")
    case .fullScreenCover(let old, let new):
      log.append("full-screen cover write: \(old?.name ?? "nil") -> \(new?.name ?? "nil")")
    }
    if hasPendingUpdate { return }
    scheduleUpdate()
  }

  private func names(_ routes: [ScreenRoute]) -> String {
    routes.map(\.name).joined(separator: ", ")
  }

  // MARK: - The user's gestures

  /// The user taps the back button: SwiftUI writes the path one element shorter (N1). Refused when
  /// nothing is pushed (the root's back control is disabled, N1), while a sheet or cover covers
  /// the stack, or while an update is pending (a transition runs, N6).
  ///
  /// - Returns: Whether the path was written.
  @discardableResult
  public func tapBack() -> Bool {
    guard canPop("taps Back") else { return false }
    log.append("user taps Back")
    navigation.path = Array(shownPath.dropLast())
    return true
  }

  /// The user swipes back from the edge. A completed swipe writes the path one shorter; a
  /// cancelled one writes nothing (N3: when the binding is written is not documented; the
  /// strictest model writes only once the pop completes).
  ///
  /// - Parameter completes: Whether the user lets the swipe complete. Default: true.
  /// - Returns: Whether the path was written.
  @discardableResult
  public func swipeBack(completes: Bool = true) -> Bool {
    guard canPop("swipes back") else { return false }
    log.append("user swipes back\(completes ? "" : ", cancelled")")
    guard completes else { return false }
    navigation.path = Array(shownPath.dropLast())
    return true
  }

  /// The user picks an earlier screen in the back button's history menu: SwiftUI writes the path
  /// shorter by several elements in one set (N4).
  ///
  /// - Parameter count: How many screens stay pushed (0: back to the root).
  /// - Returns: Whether the path was written.
  @discardableResult
  public func popWithHistoryMenu(keeping count: Int) -> Bool {
    guard canPop("opens the history menu"), count >= 0, count < shownPath.count else {
      return false
    }
    log.append("user picks screen \(count) in the history menu")
    navigation.path = Array(shownPath.prefix(count))
    return true
  }

  /// The user swipes the sheet down. Refused for a full-screen cover (S6) and for a sheet whose
  /// route disables interactive dismissal (S4). A completed swipe takes the sheet off screen at
  /// once, and SwiftUI writes its binding (nil) at the very end of the dismissal (S3): at the next
  /// update. Its module ends then. The sheet disappears when the swipe completes.
  ///
  /// - Parameter completes: Whether the user lets the swipe complete. Default: true.
  /// - Returns: Whether the sheet was dismissed.
  @discardableResult
  public func swipeDownSheet(completes: Bool = true) -> Bool {
    if !isOnScreen {
      log.append("user swipes down, ignored: the stack's tab is not selected")
      return false
    }
    if let cover = shownFullScreenCover {
      log.append("user swipes down \(cover.name), refused: a full-screen cover cannot be swiped")
      return false
    }
    guard let sheet = shownSheet, dismissingSheet == nil, !hasPendingUpdate else {
      log.append("user swipes down, ignored: no sheet is shown")
      return false
    }
    if sheet.isInteractiveDismissDisabled {
      log.append("user swipes down \(sheet.name), refused: interactiveDismissDisabled")
      return false
    }
    log.append("user swipes down \(sheet.name)\(completes ? "" : ", cancelled")")
    guard completes else { return false }
    shownSheet = nil
    dismissingSheet = sheet
    // The sheet is gone when the swipe ends, before SwiftUI writes its binding (S3): it
    // disappears now.
    updateAppearance()
    scheduleUpdate()
    return true
  }

  private func canPop(_ gesture: String) -> Bool {
    if !isOnScreen {
      log.append("user \(gesture), ignored: the stack's tab is not selected")
      return false
    }
    if shownPath.isEmpty {
      log.append("user \(gesture), ignored: the root cannot be popped")
      return false
    }
    if shownSheet != nil || shownFullScreenCover != nil || dismissingSheet != nil {
      log.append("user \(gesture), ignored: a presentation covers the stack")
      return false
    }
    if hasPendingUpdate {
      log.append("user \(gesture), ignored: an update is pending")
      return false
    }
    return true
  }
}
