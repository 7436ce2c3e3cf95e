import Dispatch
import Testing

@testable import ViperNest

/// A check takes strong references to what it examines: the leaked objects while their report is
/// built, each object while its stored properties are read (and, on Apple platforms, every `weak`
/// box it loads). When the app lets go of such an object meanwhile, the check makes the last
/// release, so the object's `deinit` runs where the check runs. View controllers and views are
/// `@MainActor` classes whose `deinit` must not run on a background thread: the check runs on the
/// main actor.
struct LeakCheckThreadTests {
  /// State handed between the test, the check and the thread that plays the app.
  final class Handoff: @unchecked Sendable {
    // Invariant: `owner` is written by the test before the app thread starts and by the app
    // thread only after `reachedScan` is signalled; `deinitRanOnMainThread` is written by the
    // object's deinit, which happens before the check returns, and read after it returns.
    var owner: Screen?
    var deinitRanOnMainThread: Bool?
    let reachedScan = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
  }

  /// Stands for a view controller: where its `deinit` runs is what the test records.
  final class Screen {
    let handoff: Handoff
    var retainsItself: Screen?

    init(handoff: Handoff) { self.handoff = handoff }

    deinit { handoff.deinitRanOnMainThread = isMainThread() }
  }

  @Test func anObjectTheAppReleasesWhileItsReportIsBuiltDeinitializesOnTheMainActor() async {
    let handoff = Handoff()
    let detector = LeakDetector(timeout: .milliseconds(20))
    // The report's scan of the screen waits until the app has let go of it.
    detector.core.state.withLock { state in
      state.scanner = { object in
        if object is Screen {
          handoff.reachedScan.signal()
          _ = handoff.resume.wait(timeout: .now() + 30)
        }
        return SwiftRuntimeReflection.strongReferences(of: object)
      }
    }
    handoff.owner = Screen(handoff: handoff)
    detector.track(handoff.owner!, role: .view)
    DispatchQueue.global().async {
      guard handoff.reachedScan.wait(timeout: .now() + 30) == .success else { return }
      // The app drops the screen while the report holds it: the report now releases it last.
      handoff.owner = nil
      handoff.resume.signal()
    }

    let report = await detector.check()

    #expect(report?.leaks.count == 1, "the screen was alive at the deadline")
    #expect(handoff.deinitRanOnMainThread == true)
  }
}
