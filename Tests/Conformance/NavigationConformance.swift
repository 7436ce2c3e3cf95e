import ViperNest

private struct ConformanceStory: UserStory {}

/// Navigation scenarios written once against ViperNest's toolkit protocols: user dismissals end
/// modules, and what UIKit refuses is refused with a ``TransitionError``.
///
/// `swift test` runs them on the headless host (strict timing); Tests/UIKitConformanceTests runs
/// them against UIKit in an iOS simulator (docs/Navigation.md, "One suite, two toolkits").
@MainActor
public enum NavigationConformance {
  /// Every scenario, by name.
  public nonisolated static let scenarios:
    [(
      name: String, run: @MainActor @Sendable (any NavigationConformanceDriver) async throws -> Void
    )] = [
      ("backTapEndsThePushedModule", backTapEndsThePushedModule),
      ("pushingOnTopEndsNothing", pushingOnTopEndsNothing),
      ("swipeDownEndsThePresentedModule", swipeDownEndsThePresentedModule),
      ("dismissingAPresenterEndsTheChainAboveIt", dismissingAPresenterEndsTheChainAboveIt),
      ("replacingTheWindowRootEndsItsModules", replacingTheWindowRootEndsItsModules),
      ("presentingFromABusyContextIsRefused", presentingFromABusyContextIsRefused),
      ("presentingRightAfterADismissalIsRefused", presentingRightAfterADismissalIsRefused),
      ("presentingOutsideAWindowIsRefused", presentingOutsideAWindowIsRefused),
      ("pushingWhatUIKitRaisesForIsRefused", pushingWhatUIKitRaisesForIsRefused),
      ("pushAndPopCallAppearanceInUIKitsOrder", pushAndPopCallAppearanceInUIKitsOrder),
      ("aSheetLeavesItsPresenterOnScreen", aSheetLeavesItsPresenterOnScreen),
      ("aFullScreenPresentationHidesItsPresenter", aFullScreenPresentationHidesItsPresenter),
      ("selectingATabMovesAppearance", selectingATabMovesAppearance),
      ("replacingTheWindowRootMovesAppearance", replacingTheWindowRootMovesAppearance),
    ]

  /// A window showing a navigation container around a screen named `List`.
  private static func showList(_ driver: any NavigationConformanceDriver) async throws
    -> (navigation: any NavigationControlling, list: any ViewControlling)
  {
    let list = driver.makeScreen("List")
    try WindowRootTransition(window: driver.window, root: list, embedIn: .navigationController)
      .perform(animated: false)
    await driver.finishTransitions()
    let navigation = try unwrap(list.navigationContainer, line: #line)
    return (navigation, list)
  }

  /// An app story (close it) and a story opened in it for the module under test.
  private static func openStory() throws -> (app: Story, story: Story) {
    let app = try Registry().start()
    return (app, try app.open(ConformanceStory.self))
  }

  /// Back button: the pushed screen's transition counts as reversed and its story closes.
  public static func backTapEndsThePushedModule(_ driver: any NavigationConformanceDriver)
    async throws
  {
    let (navigation, list) = try await showList(driver)
    let (app, story) = try openStory()
    defer { app.close() }
    let push = PushTransition(from: list, to: driver.makeScreen("Detail"), story: story)
    try push.perform(animated: true)
    await driver.finishTransitions()
    try await driver.userTapsBack(in: navigation)
    await driver.finishTransitions()
    try require(await driver.eventually { story.isClosed }, "the popped module's story closes")
    try require(!push.isShown, "the push counts as reversed")
  }

  /// Another screen pushed on top is a temporary disappearance: nothing ends.
  public static func pushingOnTopEndsNothing(_ driver: any NavigationConformanceDriver)
    async throws
  {
    let (_, list) = try await showList(driver)
    let (app, story) = try openStory()
    defer { app.close() }
    let detail = driver.makeScreen("Detail")
    let push = PushTransition(from: list, to: detail, story: story)
    try push.perform(animated: false)
    try PushTransition(from: detail, to: driver.makeScreen("More")).perform(animated: false)
    await driver.finishTransitions()
    try require(push.isShown && !story.isClosed, "a screen covered by a push stays shown")
  }

  /// Swipe-down of a sheet: its module ends and its story closes.
  public static func swipeDownEndsThePresentedModule(_ driver: any NavigationConformanceDriver)
    async throws
  {
    let (_, list) = try await showList(driver)
    let (app, story) = try openStory()
    defer { app.close() }
    let present = PresentTransition(
      from: list, to: driver.makeScreen("Sheet"), embedIn: .navigationController,
      appearance: .init(style: .pageSheet), story: story)
    try present.perform(animated: true)
    await driver.finishTransitions()
    let sheet = try unwrap(list.presentedController, line: #line)
    try await driver.userSwipesDown(sheet)
    await driver.finishTransitions()
    try require(await driver.eventually { story.isClosed }, "the swiped-down module's story closes")
    try require(!present.isShown, "the presentation counts as reversed")
  }

  /// Dismissing a presenter dismisses, and ends, everything presented above it.
  public static func dismissingAPresenterEndsTheChainAboveIt(
    _ driver: any NavigationConformanceDriver
  ) async throws {
    let (_, list) = try await showList(driver)
    let first = driver.makeScreen("First")
    try PresentTransition(from: list, to: first).perform(animated: false)
    let (app, story) = try openStory()
    defer { app.close() }
    let top = PresentTransition(from: first, to: driver.makeScreen("Top"), story: story)
    try top.perform(animated: false)
    await driver.finishTransitions()
    list.dismissPresentedController(animated: false, completion: nil)
    await driver.finishTransitions()
    try require(
      await driver.eventually { story.isClosed }, "the top of the dismissed chain ends too")
    try require(list.presentedController == nil, "nothing is presented any more")
  }

  /// A window's root replaced: every module it showed ends.
  public static func replacingTheWindowRootEndsItsModules(
    _ driver: any NavigationConformanceDriver
  ) async throws {
    let (_, list) = try await showList(driver)
    let (app, story) = try openStory()
    defer { app.close() }
    try PushTransition(from: list, to: driver.makeScreen("Detail"), story: story)
      .perform(animated: false)
    await driver.finishTransitions()
    try WindowRootTransition(window: driver.window, root: driver.makeScreen("Other"))
      .perform(animated: false)
    await driver.finishTransitions()
    try require(await driver.eventually { story.isClosed }, "the replaced root's modules end")
  }

  /// A presentation context that already presents refuses a second presentation, also when it is
  /// asked through a child (UIKit routes presentation to the context).
  public static func presentingFromABusyContextIsRefused(
    _ driver: any NavigationConformanceDriver
  ) async throws {
    let (navigation, list) = try await showList(driver)
    try PresentTransition(from: list, to: driver.makeScreen("Sheet")).perform(animated: false)
    await driver.finishTransitions()
    try navigation.pushController(driver.makeScreen("Pushed"), animated: false, completion: nil)
    await driver.finishTransitions()
    let pushed = try unwrap(navigation.stack.last, line: #line)
    try expectRefusal(.alreadyPresenting) {
      try PresentTransition(from: pushed, to: driver.makeScreen("Other")).perform(animated: false)
    }
    await dismissEverything(driver)
  }

  /// A presentation right after an animated dismissal, before it ends, is refused.
  public static func presentingRightAfterADismissalIsRefused(
    _ driver: any NavigationConformanceDriver
  ) async throws {
    let (_, list) = try await showList(driver)
    let first = PresentTransition(from: list, to: driver.makeScreen("First"))
    try first.perform(animated: false)
    await driver.finishTransitions()
    try first.reverse(animated: true)
    try expectRefusal(.alreadyPresenting, .transitionInFlight) {
      try PresentTransition(from: list, to: driver.makeScreen("Second")).perform(animated: true)
    }
    await driver.finishTransitions()
    try PresentTransition(from: list, to: driver.makeScreen("Second")).perform(animated: false)
    await dismissEverything(driver)
  }

  /// Presenting from a controller that is in no window is refused.
  public static func presentingOutsideAWindowIsRefused(_ driver: any NavigationConformanceDriver)
    async throws
  {
    let loose = driver.makeScreen("Loose")
    try expectRefusal(.notInWindow) {
      try loose.presentController(
        driver.makeScreen("Sheet"), style: .pageSheet, animated: false, completion: nil)
    }
  }

  /// Pushing a navigation container, or a controller already in the stack, is refused.
  public static func pushingWhatUIKitRaisesForIsRefused(_ driver: any NavigationConformanceDriver)
    async throws
  {
    let (navigation, list) = try await showList(driver)
    let nested = try list.toolkit.makeNavigationContainer(root: driver.makeScreen("Inner"))
    try expectRefusal(.incompatibleController) {
      try navigation.pushController(nested, animated: false, completion: nil)
    }
    try expectRefusal(.alreadyShown) {
      try navigation.pushController(list, animated: false, completion: nil)
    }
  }

  // MARK: - Appearance (viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear)

  /// A push hides the top and shows the pushed screen; Back reverses it. Order: what hides
  /// "will", what shows "will", then the same "did"s (wangling.me, "The inconsistent order of view
  /// transition events"; ../shared/notes/uikit-behaviour.md).
  public static func pushAndPopCallAppearanceInUIKitsOrder(
    _ driver: any NavigationConformanceDriver
  ) async throws {
    let (navigation, list) = try await showList(driver)
    driver.appearanceLog = []
    try PushTransition(from: list, to: driver.makeScreen("Detail")).perform(animated: true)
    await driver.finishTransitions()
    try require(
      driver.appearanceLog == [
        "List willDisappear", "Detail willAppear", "List didDisappear", "Detail didAppear",
      ], "push: \(driver.appearanceLog)")
    driver.appearanceLog = []
    try await driver.userTapsBack(in: navigation)
    await driver.finishTransitions()
    try require(
      driver.appearanceLog == [
        "Detail willDisappear", "List willAppear", "Detail didDisappear", "List didAppear",
      ], "pop: \(driver.appearanceLog)")
  }

  /// A sheet leaves its presenter's views in place: the presenter gets no callback.
  public static func aSheetLeavesItsPresenterOnScreen(_ driver: any NavigationConformanceDriver)
    async throws
  {
    let (_, list) = try await showList(driver)
    driver.appearanceLog = []
    let sheet = PresentTransition(
      from: list, to: driver.makeScreen("Sheet"), appearance: .init(style: .pageSheet))
    try sheet.perform(animated: true)
    await driver.finishTransitions()
    try require(
      driver.appearanceLog == ["Sheet willAppear", "Sheet didAppear"],
      "sheet: \(driver.appearanceLog)")
    driver.appearanceLog = []
    try sheet.reverse(animated: true)
    await driver.finishTransitions()
    try require(
      driver.appearanceLog == ["Sheet willDisappear", "Sheet didDisappear"],
      "sheet dismissed: \(driver.appearanceLog)")
  }

  /// A full-screen presentation removes its presenter's views: the presenter disappears, and
  /// appears again when the presentation is dismissed.
  public static func aFullScreenPresentationHidesItsPresenter(
    _ driver: any NavigationConformanceDriver
  ) async throws {
    let (_, list) = try await showList(driver)
    driver.appearanceLog = []
    let cover = PresentTransition(
      from: list, to: driver.makeScreen("Cover"), appearance: .init(style: .fullScreen))
    try cover.perform(animated: true)
    await driver.finishTransitions()
    try require(
      Set(driver.appearanceLog) == [
        "List willDisappear", "Cover willAppear", "List didDisappear", "Cover didAppear",
      ] && driver.appearanceLog.first == "List willDisappear",
      "full-screen: \(driver.appearanceLog)")
    driver.appearanceLog = []
    try cover.reverse(animated: true)
    await driver.finishTransitions()
    try require(
      Set(driver.appearanceLog) == [
        "Cover willDisappear", "List willAppear", "Cover didDisappear", "List didAppear",
      ] && driver.appearanceLog.first == "Cover willDisappear",
      "full-screen dismissed: \(driver.appearanceLog)")
  }

  /// Selecting a tab hides the old tab and shows the new one; only the selected tab ever appears.
  public static func selectingATabMovesAppearance(_ driver: any NavigationConformanceDriver)
    async throws
  {
    let tabs = try driver.window.toolkit.makeTabContainer()
    try TabTransition(
      container: tabs, tabs: [driver.makeScreen("Home"), driver.makeScreen("Cart")]
    )
    .perform(animated: false)
    try WindowRootTransition(window: driver.window, root: tabs).perform(animated: false)
    await driver.finishTransitions()
    try require(
      driver.appearanceLog == ["Home willAppear", "Home didAppear"],
      "first tab: \(driver.appearanceLog)")
    driver.appearanceLog = []
    tabs.selectedTabIndex = 1
    await driver.finishTransitions()
    try require(
      Set(driver.appearanceLog) == [
        "Home willDisappear", "Cart willAppear", "Home didDisappear", "Cart didAppear",
      ], "tab switch: \(driver.appearanceLog)")
  }

  /// A window root replaced: the old root disappears, the new one appears.
  public static func replacingTheWindowRootMovesAppearance(
    _ driver: any NavigationConformanceDriver
  ) async throws {
    try WindowRootTransition(window: driver.window, root: driver.makeScreen("Login"))
      .perform(animated: false)
    await driver.finishTransitions()
    driver.appearanceLog = []
    try WindowRootTransition(window: driver.window, root: driver.makeScreen("Home"))
      .perform(animated: false)
    await driver.finishTransitions()
    try require(
      Set(driver.appearanceLog) == [
        "Login willDisappear", "Home willAppear", "Login didDisappear", "Home didAppear",
      ], "root switch: \(driver.appearanceLog)")
  }

  /// Dismisses what the window shows presented, as an app must before it lets a screen go: a
  /// presentation keeps its presenter alive, on UIKit as headless.
  private static func dismissEverything(_ driver: any NavigationConformanceDriver) async {
    await driver.finishTransitions()
    var controller = driver.window.rootController
    while let current = controller {
      if current.presentedController != nil {
        current.dismissPresentedController(animated: false, completion: nil)
        break
      }
      controller = (current as? any NavigationControlling)?.stack.last
    }
    await driver.finishTransitions()
  }

  private static func expectRefusal(
    _ codes: TransitionError.Code..., line: Int = #line, _ body: () throws -> Void
  ) throws {
    do {
      try body()
    } catch let error as TransitionError where codes.contains(error.code) {
      return
    }
    throw ConformanceFailure(
      description: "NavigationConformance.swift:\(line): expected a TransitionError "
        + "\(codes.map(\.description).joined(separator: " or ")); nothing was refused")
  }
}

/// `value`, or a failure naming the line.
@MainActor
private func unwrap<T>(_ value: T?, line: Int) throws -> T {
  guard let value else {
    throw ConformanceFailure(description: "NavigationConformance.swift:\(line): unexpected nil")
  }
  return value
}
