import Testing
import ViperNest
import ViperNestHeadless

/// A navigation or tab container that a transition showed is tracked until it leaves the screen.
/// When something still holds it, the report names it as a container, not as the view of a module
/// named after it.
@MainActor
struct ContainerLeakReportTests {
  @Test func aContainerKeptAfterItLeftTheScreenIsReportedAsAContainer() async throws {
    let host = HeadlessHost()
    let window = host.makeWindow()
    let detector = LeakDetector(timeout: .milliseconds(20))
    // What a test's local variable does: it keeps the container after the window dropped it.
    var kept: (any ViewControlling)?
    try detector.withTracking {
      let screen = HeadlessViewController(host: host)
      let navigation = try #require(
        try host.makeNavigationContainer(root: screen) as? HeadlessNavigationController)
      try navigation.attachToWindow(window)
      kept = navigation
      try window.setRootController(nil)
    }

    let report = try #require(await detector.check())
    let container = try #require(report.leaks.first { $0.role == .container })
    #expect(container.typeName == "HeadlessNavigationController")
    #expect(container.module == nil, "a container is no module")
    #expect(
      report.description.contains("- HeadlessNavigationController (container) is still alive"))
    #expect(!report.description.contains("view of module HeadlessNavigation"))
    #expect(kept != nil)
  }

  @Test func aNavigationContainerThatAPresentationBuiltIsTrackedAsAContainer() async throws {
    let host = HeadlessHost()
    let window = host.makeWindow()
    let detector = LeakDetector(timeout: .milliseconds(20))
    var kept: (any ViewControlling)?
    try detector.withTracking {
      let list = HeadlessViewController(host: host)
      try window.setRootController(list)
      let present = PresentTransition(
        from: list, to: HeadlessViewController(host: host), embedIn: .navigationController)
      try present.perform(animated: false)
      kept = present.presented  // kept after its dismissal, as a cycle would
      try present.reverse(animated: false)
    }

    let report = try #require(await detector.check())
    let container = try #require(report.leaks.first { $0.role == .container })
    #expect(container.typeName == "HeadlessNavigationController")
    #expect(kept is HeadlessNavigationController)
  }
}
