import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

/// A controller that writes its appearance callbacks, with UIKit's flags, to a shared log.
final class AppearanceRecorder: HeadlessViewController {
  final class Log {
    var lines: [String] = []
  }

  var log = Log()
  /// Whether lines say which of UIKit's flags were set (the conformance suite's log does not).
  var showsFlags = true
  private var label: String { host.name(of: self) }

  override func viewWillAppear(_ animated: Bool) {
    var line = "\(label) willAppear"
    if showsFlags, isBeingPresented { line += " (presented)" }
    if showsFlags, isMovingToParent { line += " (moving to parent)" }
    log.lines.append(line)
  }
  override func viewDidAppear(_ animated: Bool) { log.lines.append("\(label) didAppear") }
  override func viewWillDisappear(_ animated: Bool) {
    var line = "\(label) willDisappear"
    if showsFlags, isBeingDismissed { line += " (dismissed)" }
    if showsFlags, isMovingFromParent { line += " (moving from parent)" }
    log.lines.append(line)
  }
  override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(label) didDisappear") }
}

/// The headless host calls UIKit's four appearance methods at UIKit's moments and in UIKit's
/// order: `viewWillDisappear` of what hides, then `viewWillAppear` of what shows, when a
/// transition starts; their `did` counterparts when it ends. Sources: Apple's
/// `viewWillAppear(_:)`/`viewDidAppear(_:)` pages; `UIModalPresentationStyle` (only a full-screen
/// presentation removes the presenter's views); Stack Overflow q. 18927878 (an interactive pop
/// that is cancelled); ../shared/notes/uikit-behaviour.md.
@MainActor
struct HeadlessAppearanceTests {
  let host: HeadlessHost
  let window: HeadlessWindow
  let log = AppearanceRecorder.Log()

  init() {
    host = HeadlessHost(timing: .strict)
    window = host.makeWindow()
  }

  func screen(_ name: String) -> AppearanceRecorder {
    let screen = AppearanceRecorder(host: host)
    screen.log = log
    host.setName(name, of: screen)
    return screen
  }

  /// A window showing List in a navigation container, its appearance already logged and cleared.
  func showList() throws -> (HeadlessNavigationController, AppearanceRecorder) {
    let list = screen("List")
    let navigation = try #require(
      try host.makeNavigationContainer(root: list) as? HeadlessNavigationController)
    try window.setRootController(navigation)
    #expect(log.lines == ["List willAppear", "List didAppear"])
    log.lines = []
    return (navigation, list)
  }

  // MARK: - Navigation stacks

  @Test func aPushHidesTheTopAndShowsThePushedScreenWhenItsAnimationEnds() throws {
    let (navigation, _) = try showList()
    try navigation.pushController(screen("Detail"), animated: true, completion: nil)
    #expect(log.lines == ["List willDisappear", "Detail willAppear (moving to parent)"])
    host.finishTransitions()
    #expect(
      log.lines == [
        "List willDisappear", "Detail willAppear (moving to parent)", "List didDisappear",
        "Detail didAppear",
      ])
  }

  @Test func theBackButtonHidesThePoppedScreenAndShowsTheOneBelow() throws {
    let (navigation, _) = try showList()
    try navigation.pushController(screen("Detail"), animated: false, completion: nil)
    log.lines = []
    try host.tapBack(in: navigation)
    host.finishTransitions()
    #expect(
      log.lines == [
        "Detail willDisappear (moving from parent)", "List willAppear", "Detail didDisappear",
        "List didAppear",
      ])
  }

  @Test func aCancelledSwipeBackReversesTheCallsItBeganAndPopsNothing() throws {
    let (navigation, _) = try showList()
    try navigation.pushController(screen("Detail"), animated: false, completion: nil)
    log.lines = []
    #expect(try host.swipeBack(in: navigation, completes: false) == false)
    #expect(
      log.lines == [
        "Detail willDisappear (moving from parent)", "List willAppear",
        "List willDisappear", "List didDisappear", "Detail willAppear", "Detail didAppear",
      ])
    #expect(navigation.controllers.count == 2)
  }

  @Test func aCompletedSwipeBackCallsWillAtItsStartAndDidAtItsEnd() throws {
    let (navigation, _) = try showList()
    try navigation.pushController(screen("Detail"), animated: false, completion: nil)
    log.lines = []
    #expect(try host.swipeBack(in: navigation))
    #expect(log.lines == ["Detail willDisappear (moving from parent)", "List willAppear"])
    host.finishTransitions()
    #expect(log.lines.suffix(2) == ["Detail didDisappear", "List didAppear"])
  }

  @Test func aPushOntoAStackThatIsNotOnScreenCallsNothingUntilTheStackAppears() throws {
    let list = screen("List")
    let navigation = try #require(
      try host.makeNavigationContainer(root: list) as? HeadlessNavigationController)
    try navigation.pushController(screen("Detail"), animated: false, completion: nil)
    #expect(log.lines.isEmpty)
    try window.setRootController(navigation)
    #expect(log.lines == ["Detail willAppear", "Detail didAppear"], "only the top is shown")
  }

  // MARK: - Presentations

  @Test func aSheetLeavesItsPresenterOnScreen() throws {
    let (_, list) = try showList()
    try list.presentController(
      screen("Sheet"), style: .pageSheet, animated: true, completion: nil)
    host.finishTransitions()
    #expect(log.lines == ["Sheet willAppear (presented)", "Sheet didAppear"])
    log.lines = []
    list.dismiss(animated: true)
    host.finishTransitions()
    #expect(log.lines == ["Sheet willDisappear (dismissed)", "Sheet didDisappear"])
  }

  @Test func aFullScreenPresentationHidesItsPresenterAndItsDismissalShowsItAgain() throws {
    let (_, list) = try showList()
    try list.presentController(screen("Cover"), style: .fullScreen, animated: true) {
      log.lines.append("completion")
    }
    host.finishTransitions()
    // The presentation context is the navigation container, which forwards to its top.
    #expect(
      log.lines == [
        "List willDisappear", "Cover willAppear (presented)", "List didDisappear",
        "Cover didAppear", "completion",
      ])
    log.lines = []
    list.dismiss(animated: true)
    host.finishTransitions()
    #expect(
      log.lines == [
        "Cover willDisappear (dismissed)", "List willAppear", "Cover didDisappear",
        "List didAppear",
      ])
  }

  @Test func dismissingAPresenterHidesEveryPresentedControllerOnScreenAboveIt() throws {
    let (_, list) = try showList()
    let first = screen("First")
    try list.presentController(first, style: .pageSheet, animated: false, completion: nil)
    try first.presentController(
      screen("Second"), style: .pageSheet, animated: false, completion: nil)
    log.lines = []
    list.dismiss(animated: false)
    #expect(
      log.lines == [
        "Second willDisappear (dismissed)", "First willDisappear (dismissed)",
        "Second didDisappear", "First didDisappear",
      ])
  }

  // MARK: - Tabs, windows, children

  @Test func selectingATabHidesTheOldTabAndShowsTheNewOne() throws {
    let tabs = HeadlessTabController(host: host)
    try tabs.setTabRoots([screen("Home"), screen("Settings")], animated: false)
    try window.setRootController(tabs)
    #expect(log.lines == ["Home willAppear", "Home didAppear"], "only the selected tab shows")
    log.lines = []
    try host.selectTab(1, in: tabs)
    #expect(
      log.lines == [
        "Home willDisappear", "Settings willAppear", "Home didDisappear", "Settings didAppear",
      ])
  }

  @Test func removingTheSelectedTabShowsTheTabThatTakesItsPlace() throws {
    let tabs = HeadlessTabController(host: host)
    try tabs.setTabRoots([screen("Home"), screen("Settings")], animated: false)
    try window.setRootController(tabs)
    log.lines = []
    tabs.removeTab(at: 0)
    #expect(
      log.lines == [
        "Home willDisappear (moving from parent)", "Settings willAppear (moving to parent)",
        "Home didDisappear", "Settings didAppear",
      ])
  }

  @Test func replacingTheWindowRootHidesTheOldRootAndShowsTheNewOne() throws {
    try window.setRootController(screen("Login"))
    log.lines = []
    try window.setRootController(screen("Home"))
    #expect(
      log.lines == [
        "Login willDisappear", "Home willAppear", "Login didDisappear", "Home didAppear",
      ]
    )
  }

  @Test func aChildEmbeddedInAParentOnScreenAppearsAndDisappearsWhenRemoved() throws {
    let parent = screen("Parent")
    try window.setRootController(parent)
    log.lines = []
    let child = screen("Child")
    try parent.embedController(child, in: parent.area("header"))
    #expect(log.lines == ["Child willAppear (moving to parent)", "Child didAppear"])
    log.lines = []
    child.removeFromParentController()
    #expect(log.lines == ["Child willDisappear (moving from parent)", "Child didDisappear"])
  }

  @Test func aParentForwardsItsAppearanceToItsChildren() throws {
    let parent = screen("Parent")
    try parent.embedController(screen("Child"), in: parent.area("header"))
    #expect(log.lines.isEmpty, "nothing appears off screen")
    try window.setRootController(parent)
    #expect(
      log.lines == ["Parent willAppear", "Child willAppear", "Parent didAppear", "Child didAppear"])
  }

  @Test func viewDidLoadRunsBeforeTheFirstViewWillAppear() throws {
    final class Loading: HeadlessViewController {
      var calls: [String] = []
      override func viewDidLoad() { calls.append("viewDidLoad") }
      override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
    }
    let screen = Loading(host: host)
    try window.setRootController(screen)
    #expect(screen.calls == ["viewDidLoad", "viewWillAppear"])
  }
}

/// UIKit's shape: no member UIKit lacks, containers that can be subclassed, and the ways up the
/// hierarchy UIKit gives.
@MainActor
struct HeadlessControllerShapeTests {
  @Test func aSubclassCanHaveAPropertyNamedName() throws {
    final class Profile: HeadlessViewController {
      var name = "Ada"  // an app's own property; UIViewController has no `name`
    }
    let host = HeadlessHost()
    let profile = Profile(host: host)
    host.setName("ProfileScreen", of: profile)
    #expect(profile.name == "Ada")
    #expect(host.name(of: profile) == "ProfileScreen")
    #expect(HeadlessHost().name(of: Profile(host: host)) == "Profile", "default: the type name")
  }

  @Test func containersCanBeSubclassedAndReachedFromTheirChildren() throws {
    final class ShopTabs: HeadlessTabController {}
    final class ShopNavigation: HeadlessNavigationController {}
    let host = HeadlessHost()
    let window = host.makeWindow()
    let home = HeadlessViewController(host: host)
    let navigation = ShopNavigation(host: host)
    try navigation.pushController(home, animated: false, completion: nil)
    let tabs = ShopTabs(host: host)
    try tabs.setTabRoots([navigation], animated: false)
    try window.setRootController(tabs)
    #expect(home.navigationController === navigation)
    #expect(home.tabBarController === tabs)
    #expect(home.parent === navigation)
    #expect(tabs.tabBarController == nil, "a container is not inside itself")

    let sheet = HeadlessViewController(host: host)
    try home.presentController(sheet, style: .pageSheet, animated: false, completion: nil)
    #expect(sheet.presentingViewController === tabs, "the presentation context: the outermost")
    #expect(home.presentedViewController === sheet)
    home.dismiss(animated: false)  // a presentation holds its presenter until it is dismissed
  }
}
