import Testing
import ViperNest
import ViperNestHeadless

/// The headless host is as strict as UIKit: each flow UIKit refuses, leaves hanging or ends
/// differently does the same here. Sources: Apple's documentation of `UIViewController`
/// (`present(_:animated:completion:)`, `dismiss(animated:completion:)`, `presentedViewController`,
/// `presentingViewController`, `definesPresentationContext`, `addChild(_:)`), of
/// `UINavigationController.pushViewController(_:animated:)`, and the observed behaviour collected
/// in ../shared/notes/uikit-behaviour.md.
@MainActor
struct HeadlessFidelityTests {
  let host = HeadlessHost(timing: .strict)

  /// A window whose root is a navigation container around a plain controller.
  private func screen() throws -> (HeadlessWindow, HeadlessNavigationController, PlainController) {
    let window = host.makeWindow()
    let root = PlainController(host: host)
    host.setName("List", of: root)
    let navigation = try #require(
      host.makeNavigationContainer(root: root) as? HeadlessNavigationController)
    try window.setRootController(navigation)
    return (window, navigation, root)
  }

  /// Dismisses what the window's root (or any controller below it) presents, as an app must:
  /// a presentation keeps its presenter alive (both stay in memory otherwise, as in UIKit).
  private func tearDown(_ window: HeadlessWindow) {
    host.finishTransitions()
    var controller: HeadlessViewController? = window.root
    while let current = controller {
      if current.presentedController != nil {
        current.dismissPresentedController(animated: false, completion: nil)
        break
      }
      controller = (current as? HeadlessNavigationController)?.topController
    }
    host.finishTransitions()
  }

  private func plain(_ name: String) -> PlainController {
    let controller = PlainController(host: host)
    host.setName(name, of: controller)
    return controller
  }

  // MARK: - Transitions in flight (strict timing)

  @Test func aDismissalInFlightStillPresentsAndRefusesAnotherPresentation() throws {
    let (window, _, list) = try screen()
    let sheet = plain("Sheet")
    var completed = false
    try list.presentController(sheet, style: .pageSheet, animated: true) { completed = true }
    #expect(!completed, "the completion waits for the animation")
    host.finishTransitions()
    #expect(completed)

    list.dismissPresentedController(animated: true, completion: nil)
    #expect(list.presentedController === sheet, "still presented while the dismissal animates")
    let error = try #require(throws: TransitionError.self) {
      try list.presentController(plain("Other"), style: .pageSheet, animated: true, completion: nil)
    }
    #expect(error.code == .transitionInFlight)
    #expect(
      error.summary
        == "List cannot present Other: the dismissal of Sheet in its presentation context "
        + "Navigation(List) is still animating.")

    host.finishTransitions()
    #expect(list.presentedController == nil)
    try list.presentController(plain("Other"), style: .pageSheet, animated: false, completion: nil)
    tearDown(window)
  }

  @Test func presentingRightAfterAnAnimatedDismissalIsRefusedUntilItEnds() throws {
    // A router that dismisses and presents at once: UIKit refuses the second presentation.
    let (window, _, list) = try screen()
    let first = PresentTransition(from: list, to: plain("First"))
    try first.perform()
    host.finishTransitions()
    try first.reverse()
    let error = try #require(throws: TransitionError.self) {
      try PresentTransition(from: list, to: plain("Second")).perform()
    }
    #expect(error.code == .alreadyPresenting)
    host.finishTransitions()
    try PresentTransition(from: list, to: plain("Second")).perform()
    tearDown(window)
  }

  @Test func aDismissalAskedWhileThePresentationAnimatesWaitsForIt() throws {
    // As ViperNest's UIKit adapter does (it waits on the transition coordinator); raw UIKit would
    // drop the dismissal and never call its completion.
    let (window, _, list) = try screen()
    let sheet = plain("Sheet")
    try list.presentController(sheet, style: .pageSheet, animated: true, completion: nil)
    var dismissed = false
    list.dismissPresentedController(animated: true) { dismissed = true }
    #expect(list.presentedController === sheet)
    host.finishTransitions()
    #expect(dismissed)
    #expect(list.presentedController == nil)
    _ = window
  }

  @Test func aStackThatAnimatesRefusesAnotherPush() throws {
    let (window, navigation, _) = try screen()
    try navigation.pushController(plain("A"), animated: true, completion: nil)
    let error = try #require(throws: TransitionError.self) {
      try navigation.pushController(plain("B"), animated: true, completion: nil)
    }
    #expect(error.code == .transitionInFlight)
    host.finishTransitions()
    try navigation.pushController(plain("B"), animated: true, completion: nil)
    #expect(host.hasTransitionsInFlight)
    host.finishTransitions()
    #expect(navigation.controllers.map(\.description) == ["List", "A", "B"])
    _ = window
  }

  @Test func theUsersBackGesturesWhileTheStackAnimatesThrow() throws {
    let (window, navigation, _) = try screen()
    try navigation.pushController(plain("A"), animated: true, completion: nil)
    let tap = try #require(throws: TransitionError.self) { try host.tapBack(in: navigation) }
    #expect(tap.code == .transitionInFlight)
    let swipe = try #require(throws: TransitionError.self) { try host.swipeBack(in: navigation) }
    #expect(swipe.code == .transitionInFlight)
    host.finishTransitions()
    #expect(try host.tapBack(in: navigation))
    host.finishTransitions()
    #expect(navigation.controllers.map(\.description) == ["List"])
    _ = window
  }

  @Test func aPoppedModuleEndsWhenThePopAnimationEnds() throws {
    let (window, navigation, _) = try screen()
    let pushed = plain("Detail")
    let transition = PushTransition(from: navigation, to: pushed)
    try transition.perform()
    host.finishTransitions()
    try host.tapBack(in: navigation)
    #expect(navigation.controllers.count == 1, "UIKit updates viewControllers at once")
    #expect(transition.isShown, "the module ends with viewDidDisappear, when the pop ends")
    host.finishTransitions()
    #expect(!transition.isShown)
    _ = window
  }

  // MARK: - Presentation context

  @Test func presentationIsRoutedToThePresentationContext() throws {
    let (window, navigation, list) = try screen()
    try list.presentController(plain("Sheet"), style: .pageSheet, animated: false, completion: nil)
    let sheet = try #require(navigation.presentedController as? HeadlessViewController)
    #expect(sheet.presentingController === navigation)
    #expect(list.presentedController === sheet, "a child reports its ancestor's presentation")

    let pushed = plain("Pushed")
    try navigation.pushController(pushed, animated: false, completion: nil)
    let error = try #require(throws: TransitionError.self) {
      try pushed.presentController(
        plain("Other"), style: .pageSheet, animated: false, completion: nil)
    }
    #expect(error.code == .alreadyPresenting)
    #expect(
      error.summary
        == "Pushed cannot present Other: its presentation context Navigation(List) already "
        + "presents Sheet.")
    tearDown(window)
  }

  @Test func aContextPresentationStopsAtTheControllerThatDefinesTheContext() throws {
    let (window, navigation, list) = try screen()
    navigation.definesPresentationContext = false
    list.definesPresentationContext = true
    let over = plain("Over")
    try list.presentController(over, style: .overCurrentContext, animated: false, completion: nil)
    #expect(over.presentingController === list)
    tearDown(window)
  }

  @Test func presentingFromAControllerOutsideAWindowIsRefused() throws {
    let loose = plain("Loose")
    let error = try #require(throws: TransitionError.self) {
      try loose.presentController(
        plain("Sheet"), style: .pageSheet, animated: false, completion: nil)
    }
    #expect(error.code == .notInWindow)
  }

  // MARK: - Ownership

  @Test func dismissingAControllerDismissesTheChainAboveIt() throws {
    let (window, _, list) = try screen()
    let middle = plain("Middle")
    var top: PlainController? = plain("Top")
    let topRef = WeakRef(top)
    try list.presentController(middle, style: .pageSheet, animated: false, completion: nil)
    try middle.presentController(top!, style: .pageSheet, animated: false, completion: nil)
    top = nil

    list.dismissPresentedController(animated: false, completion: nil)

    #expect(list.presentedController == nil)
    #expect(middle.presentedController == nil)
    #expect(topRef.object == nil)
    _ = window
  }

  @Test func aPresentingControllerStaysAliveUntilItsPresentationIsDismissed() throws {
    let window = host.makeWindow()
    var root: PlainController? = plain("Root")
    let rootRef = WeakRef(root)
    let sheet = plain("Sheet")
    try window.setRootController(root)
    try root!.presentController(sheet, style: .pageSheet, animated: false, completion: nil)
    root = nil

    // UIKit does not dismiss what a replaced root presents; the presentation keeps the old root.
    try window.setRootController(plain("New"))
    #expect(rootRef.object != nil)
    #expect(window.leftBehindPresentations.map(\.description) == ["Sheet"])
    #expect(host.log.last == .leftBehind("Sheet", window: "Window"))

    sheet.dismiss(animated: false)
    #expect(window.leftBehindPresentations.isEmpty)
    #expect(rootRef.object == nil)
  }

  @Test func aWindowRootTransitionDismissesWhatTheOldRootPresents() throws {
    let window = host.makeWindow()
    let root = plain("Root")
    try window.setRootController(root)
    let sheet: WeakRef
    do {
      let presented = plain("Sheet")
      sheet = WeakRef(presented)
      try root.presentController(presented, style: .pageSheet, animated: false, completion: nil)
    }
    try WindowRootTransition(window: window, root: plain("New")).perform()
    #expect(window.leftBehindPresentations.isEmpty)
    #expect(sheet.object == nil)
  }

  @Test func embeddingAControllerThatHasAParentMovesIt() throws {
    let (window, _, list) = try screen()
    let child = plain("Child")
    try list.embedController(child, in: list.area("top"))
    let other = plain("Other")
    try other.embedController(child, in: other.area("main"))
    #expect(list.children.isEmpty)
    #expect(child.parentController === other)
    _ = window
  }

  @Test func pushingWhatUIKitRefusesThrows() throws {
    let (window, navigation, list) = try screen()
    let nested = try host.makeNavigationContainer(root: plain("Inner"))
    let pushNavigation = try #require(throws: TransitionError.self) {
      try navigation.pushController(nested, animated: false, completion: nil)
    }
    #expect(pushNavigation.code == .incompatibleController)
    let pushAgain = try #require(throws: TransitionError.self) {
      try navigation.pushController(list, animated: false, completion: nil)
    }
    #expect(pushAgain.code == .alreadyShown)
    let presentChild = try #require(throws: TransitionError.self) {
      try navigation.presentController(list, style: .pageSheet, animated: false, completion: nil)
    }
    #expect(presentChild.code == .alreadyShown)
    _ = window
  }
}
