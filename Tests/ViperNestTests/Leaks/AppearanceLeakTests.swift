import Testing
import ViperNest
import ViperNestHeadless

/// A leak started on the appearance path (an observer registered in `viewWillAppear`, the classic
/// one) is reported with no manual replay: the headless host calls `viewWillAppear` as UIKit does.
/// (In this folder: the deliberate leak is listed in .ci/lsan-suppressions.txt.)
@MainActor
struct AppearanceLeakTests {
  let host = HeadlessHost(timing: .strict)
  let window: HeadlessWindow

  init() { window = host.makeWindow() }

  @Test func aLeakStartedInViewWillAppearIsReportedWithoutReplayingAppearance() async throws {
    final class Observers {
      var all: [() -> Void] = []
    }
    final class Observing: HeadlessViewController {
      let observers: Observers
      required init(host: HeadlessHost) {
        observers = Observers()
        super.init(host: host)
      }
      override func viewWillAppear(_ animated: Bool) {
        observers.all.append { _ = self }  // the classic: a closure that captures self
      }
    }
    let detector = LeakDetector(timeout: .milliseconds(50))
    try detector.withTracking {
      let list = HeadlessViewController(host: host)
      let navigation = try #require(
        try host.makeNavigationContainer(root: list) as? HeadlessNavigationController)
      try window.setRootController(navigation)
      try PushTransition(from: list, to: Observing(host: host)).perform(animated: false)
      try host.tapBack(in: navigation)
      host.finishTransitions()
    }
    let report = await detector.check()
    let text = try #require(report?.description)
    #expect(text.contains("Observing"), "the screen that leaked on appearance is reported")
    #expect(text.contains("observers"), "with the path that holds it")
  }
}
