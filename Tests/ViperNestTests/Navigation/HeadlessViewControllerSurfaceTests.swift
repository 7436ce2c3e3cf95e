import Testing
import ViperNest
import ViperNestHeadless

/// What VIPER views use of `UIViewController` beyond presentation: `title`, `navigationItem`,
/// `loadView()`, and presentation methods a test spy can override, each as UIKit documents it.
@MainActor
struct HeadlessViewControllerSurfaceTests {
  final class Screen: HeadlessViewController {
    var calls: [String] = []
    override func loadView() { calls.append("loadView") }
    override func viewDidLoad() { calls.append("viewDidLoad") }
  }

  /// A view-controller spy as apps write them: it records presentations and dismissals and lets
  /// them happen.
  final class PresentationSpy: HeadlessViewController {
    var presented: [String] = []
    var dismissals = 0

    override func presentController(
      _ controller: any ViewControlling, style: PresentationStyle, animated: Bool,
      completion: (@MainActor () -> Void)?
    ) throws {
      presented.append((controller as? HeadlessViewController)?.description ?? "?")
      try super.presentController(
        controller, style: style, animated: animated, completion: completion)
    }

    override func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
      dismissals += 1
      super.dismiss(animated: animated, completion: completion)
    }
  }

  // MARK: - title and navigationItem

  /// UIKit's `title`: "If the view controller has a valid navigation item …, assigning a value to
  /// this property updates the title text of those objects."
  /// (developer.apple.com/documentation/uikit/uiviewcontroller/title)
  @Test func settingTheTitleSetsTheNavigationItemsTitle() {
    let screen = HeadlessViewController(host: HeadlessHost())
    #expect(screen.title == nil)
    #expect(screen.navigationItem.title == nil)

    screen.title = "Contacts"
    #expect(screen.navigationItem.title == "Contacts")

    screen.navigationItem.title = "All contacts"
    #expect(screen.title == "Contacts", "the navigation item's title is its own once set")
  }

  @Test func aScreenThatHidesItsBackButtonCannotBeLeftByTheUser() throws {
    let host = HeadlessHost()
    let window = host.makeWindow()
    let list = HeadlessViewController(host: host)
    let navigation = try #require(
      try host.makeNavigationContainer(root: list) as? HeadlessNavigationController)
    try window.setRootController(navigation)
    let detail = HeadlessViewController(host: host)
    detail.navigationItem.setHidesBackButton(true, animated: false)
    try navigation.pushController(detail, animated: false, completion: nil)

    #expect(try !host.tapBack(in: navigation))
    #expect(try !host.swipeBack(in: navigation))
    #expect(navigation.topController === detail)

    detail.navigationItem.hidesBackButton = false
    #expect(try host.tapBack(in: navigation))
    host.finishTransitions()
    #expect(navigation.topController === list)
  }

  // MARK: - loadView

  /// UIKit calls `loadView()` when the view is first needed, then `viewDidLoad()`.
  /// (developer.apple.com/documentation/uikit/uiviewcontroller/loadview)
  @Test func loadViewRunsOnceBeforeViewDidLoad() throws {
    let host = HeadlessHost()
    let screen = Screen(host: host)
    #expect(screen.calls.isEmpty, "nothing is loaded before the screen is shown")

    let window = host.makeWindow()
    try window.setRootController(screen)
    #expect(screen.calls == ["loadView", "viewDidLoad"], "shown as the window's root")
    screen.loadViewIfNeeded()
    #expect(screen.calls == ["loadView", "viewDidLoad"], "loaded once")
  }

  // MARK: - Overridable presentation

  @Test func aSpySubclassSeesPresentationsAndDismissalsAndLetsThemHappen() throws {
    let host = HeadlessHost()
    let spy = PresentationSpy(host: host)
    let window = host.makeWindow()
    try window.setRootController(spy)
    let sheet = HeadlessViewController(host: host)
    host.setName("Sheet", of: sheet)

    try spy.presentController(sheet, style: .pageSheet, animated: false, completion: nil)
    #expect(spy.presented == ["Sheet"])
    #expect(spy.presentedController === sheet)

    spy.dismiss(animated: false)
    #expect(spy.dismissals == 1)
    #expect(spy.presentedController == nil)
  }
}
