import Testing
import ViperNest
import ViperNestHeadless

final class PlainController: HeadlessViewController {
  private(set) var loads = 0
  override func viewDidLoad() { loads += 1 }
}

@MainActor
struct HeadlessHostTests {
  let host = HeadlessHost()

  // MARK: - UIKit's ownership rules

  @Test func aPresenterHoldsWhatItPresentsUntilItDismissesIt() throws {
    let window = host.makeWindow()
    let presenter = PlainController(host: host)
    try window.setRootController(presenter)
    var presented: PlainController? = PlainController(host: host)
    let ref = WeakRef(presented)
    try presenter.presentController(
      presented!, style: .pageSheet, animated: false, completion: nil)
    presented = nil
    #expect(ref.object != nil)
    #expect((ref.object as? PlainController)?.presentingController === presenter)
    presenter.dismissPresentedController(animated: false, completion: nil)
    #expect(ref.object == nil)
  }

  @Test func aStackHoldsItsControllersUntilTheyArePopped() throws {
    let root = PlainController(host: host)
    let navigation = try host.makeNavigationContainer(root: root)
    var pushed: PlainController? = PlainController(host: host)
    let ref = WeakRef(pushed)
    try navigation.pushController(pushed!, animated: false, completion: nil)
    #expect(pushed?.navigationContainer === navigation)
    #expect(pushed?.parentController === navigation)
    pushed = nil
    #expect(ref.object != nil)
    try navigation.popController(navigation.stack[1], animated: false, completion: nil)
    #expect(ref.object == nil)
  }

  @Test func aWindowHoldsItsRootAndATabContainerItsTabs() throws {
    let window = host.makeWindow(name: "Main")
    let tabRef: WeakRef
    let containerRef: WeakRef
    do {
      let tabs = host.makeTabContainer()
      let tab = PlainController(host: host)
      (tabRef, containerRef) = (WeakRef(tab), WeakRef(tabs))
      try tabs.setTabRoots([tab], animated: false)
      try window.setRootController(tabs)
    }
    #expect(tabRef.object != nil)
    try window.setRootController(nil)
    #expect(containerRef.object == nil)
    #expect(tabRef.object == nil)
  }

  @Test func aChildControllerIsReleasedWhenRemovedFromItsParent() throws {
    let parent = PlainController(host: host)
    var child: PlainController? = PlainController(host: host)
    let ref = WeakRef(child)
    try parent.embedController(child!, in: parent.area("main"))
    child = nil
    #expect(ref.object != nil)
    (ref.object as? PlainController)?.removeFromParentController()
    #expect(ref.object == nil)
    #expect(parent.children.isEmpty)
  }

  // MARK: - Loading and recording

  @Test func viewDidLoadRunsOnceWhenTheControllerIsFirstShown() throws {
    let window = host.makeWindow()
    let controller = PlainController(host: host)
    #expect(controller.loads == 0)
    try window.setRootController(controller)
    try window.setRootController(nil)
    try window.setRootController(controller)
    #expect(controller.loads == 1)
  }

  @Test func theTranscriptTellsWhatHappened() throws {
    let window = host.makeWindow()
    let root = PlainController(host: host)
    host.setName("Home", of: root)
    let detail = PlainController(host: host)
    host.setName("Detail", of: detail)
    let sheet = PlainController(host: host)
    host.setName("Sheet", of: sheet)
    try root.attachToWindow(window, withNavigationController: true)
    try PushTransition(from: root, to: detail).perform()
    try PresentTransition(from: detail, to: sheet, appearance: .init(style: .pageSheet)).perform()
    detail.dismissPresentedController(animated: true, completion: nil)
    try root.navigationContainer?.popController(detail, animated: true, completion: nil)
    #expect(
      host.transcript == """
        root of Window: Navigation(Home)
        push Detail onto Navigation(Home)
        present Sheet from Detail (pageSheet)
        dismiss Sheet from Detail
        pop Detail from Navigation(Home)
        """)
  }

  @Test func aControllerOfAnotherHostIsRefused() throws {
    let other = HeadlessHost()
    let error = try #require(throws: TransitionError.self) {
      try PlainController(host: host).presentController(
        PlainController(host: other), style: .automatic, animated: false, completion: nil)
    }
    #expect(error.code == .incompatibleController)
    #expect(
      error.summary
        == "PlainController cannot be shown by HeadlessHost: it is not a HeadlessViewController of "
        + "the same HeadlessHost.")
  }

  @Test func onlyHeadlessControllersCanBeLoaded() throws {
    let error = try #require(throws: ModuleError.self) {
      try host.loadView(NotHeadless.self, from: .code)
    }
    #expect(error.code == .viewLoadFailed)
    #expect(
      error.problems == [
        "HeadlessHost creates HeadlessViewController subclasses; NotHeadless is not one"
      ])
  }

  @Test func anUndeclaredNibIsReportedOnceNibsAreDeclared() throws {
    host.declareNib("Contacts")
    #expect(
      try host.loadView(PlainController.self, from: .nib(name: "Contacts")).loadedFrom
        == .nib(name: "Contacts"))
    let error = try #require(throws: ModuleError.self) {
      try host.loadView(PlainController.self, from: .nib(name: "Contact"))
    }
    #expect(error.problems == ["there is no nib named Contact"])
  }
}

/// A controller of no known toolkit.
final class NotHeadless: ViewControlling {
  var toolkit: any UIToolkit { HeadlessHost() }
  var presentedController: (any ViewControlling)? { nil }
  var presentingController: (any ViewControlling)? { nil }
  var parentController: (any ViewControlling)? { nil }
  var navigationContainer: (any NavigationControlling)? { nil }
  func presentController(
    _ controller: any ViewControlling, style: PresentationStyle, animated: Bool,
    completion: (@MainActor () -> Void)?
  ) throws {}
  func presentOverlay(
    _ controller: any ViewControlling, appearance: OverlayAppearance, animated: Bool,
    completion: (@MainActor () -> Void)?
  ) throws {}
  func dismissPresentedController(animated: Bool, completion: (@MainActor () -> Void)?) {}
  func embedController(_ child: any ViewControlling, in area: any ContainerArea) throws {}
  func removeFromParentController() {}
  func applyNavigationBarAppearance(_ appearance: NavigationBarAppearance) {}
  func applyTabItem(_ item: TabItem) {}
}
