import Dispatch
import Testing

@testable import ViperNest

/// Building a report keeps alive only the leaked objects it explains: an object the report
/// reaches, or a tracked holder of another group, is released as soon as its last owner lets go,
/// even while the report is being built on another thread. With Apple platforms' tracking
/// (`VIPERNEST_APPLE_TRACKING`), it holds them until the report is built, then releases them.
struct LeakExplainerLifetimeTests {
  final class Leaked {
    var cycle: Leaked?
    var helper: Helper?
  }

  final class Helper {
    let pause = Pause()
  }

  /// Scanning one stops the report's thread until the test lets it go on.
  final class Pause {}

  /// State handed between the test's thread and the report's thread.
  final class Handoff: @unchecked Sendable {
    // Invariant: `leaked`, `holders` and `leaks` are written by one thread before a semaphore
    // signal and read by the other only after the matching wait; semaphores are thread-safe.
    var leaked: [LeakCandidate] = []
    var holders: [HolderCandidate] = []
    var leaks: [LeakReport.Leak] = []
    let reachedPause = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
  }

  @Test func objectsReachedByAReportInProgressAreReleasedWhenTheirLastOwnerLetsGo() {
    let handoff = Handoff()
    var leaked: Leaked? = Leaked()
    leaked?.cycle = leaked
    var helper: Helper? = Helper()
    leaked?.helper = helper
    weak let weakHelper = helper
    // A tracked object of a group still open: the report may use it, not keep it.
    var holder: Helper? = Helper()
    weak let weakHolder = holder
    handoff.leaked = [LeakCandidate(object: leaked!, role: .presenter, module: nil, story: nil)]
    handoff.holders = [HolderCandidate(object: holder!, description: "holder")]
    holder = nil

    DispatchQueue.global().async {
      let leaked = handoff.leaked
      let holders = handoff.holders
      handoff.leaked = []
      handoff.holders = []
      let leaks = LeakExplainer.explain(leaked, holders: holders) { object in
        if object is Pause {
          // The report has met the leaked object, its helper and the helper's pause.
          handoff.reachedPause.signal()
          _ = handoff.resume.wait(timeout: .now() + 30)
        }
        return SwiftRuntimeReflection.strongReferences(of: object)
      }
      handoff.leaks = leaks
      handoff.finished.signal()
    }

    #expect(handoff.reachedPause.wait(timeout: .now() + 30) == .success)
    // While the report is paused, the helper's owners let go: the leaked object drops it and so
    // does this test. Deinitialization is synchronous.
    leaked?.helper = nil
    helper = nil
    #if VIPERNEST_APPLE_TRACKING
      // Apple platforms: the report's graph holds what it met strongly for its one pass (a weak
      // reference to an object that is deallocating aborts there), and releases it at the end.
      #expect(weakHelper != nil)
      handoff.resume.signal()
      #expect(handoff.finished.wait(timeout: .now() + 30) == .success)
      #expect(weakHelper == nil)
      #expect(weakHolder == nil)
    #else
      #expect(weakHelper == nil)
      #expect(weakHolder == nil)
      handoff.resume.signal()
      #expect(handoff.finished.wait(timeout: .now() + 30) == .success)
    #endif

    // The report is still complete.
    #expect(handoff.leaks.count == 1)
    #expect(handoff.leaks.first?.cause == .retainCycle)
    #expect(handoff.leaks.first?.retainCycles.count == 1)
    leaked?.cycle = nil
    leaked = nil
  }
}
