import Testing
import ViperNestTesting

@testable import ViperNest

struct DetectsLeaksTraitTests {
  // MARK: - The trait in use

  @Test(.detectsLeaks)
  func cleanModulePassesUnderTheTrait() {
    let detector = LeakDetector.current
    #expect(detector != nil)
    if let detector {
      CleanModule.present(detector: detector).dismiss()
    }
  }

  @Test(.detectsLeaks, arguments: [1, 2])
  func eachTestCaseGetsItsOwnDetector(_ value: Int) async {
    let detector = LeakDetector.current
    #expect(detector != nil)
    #expect(detector !== LeakDetector.shared)
    await expectNoLeaks()
  }

  // MARK: - Failures

  @Test func traitFailsTheTestWithTheFullReport() async throws {
    let test = try #require(Test.current)
    try await withKnownIssue {
      try await DetectsLeaksTrait(timeout: .milliseconds(50)).provideScope(
        for: test, testCase: nil
      ) {
        if let detector = LeakDetector.current {
          ClosureCapturingSelf.present(detector: detector).dismiss()
        }
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation == test.sourceLocation
        && text.contains("ViperNest found 3 leaked objects, from 1 root cause:")
        && text.contains(
          "retain cycle: ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter")
    }
  }

  @Test func traitChecksEvenWhenTheTestThrows() async throws {
    struct Failure: Error {}
    let test = try #require(Test.current)
    let sawLeak = LeakLock(false)
    try await withKnownIssue {
      try await DetectsLeaksTrait(timeout: .milliseconds(50)).provideScope(
        for: test, testCase: nil
      ) {
        if let detector = LeakDetector.current {
          StrongPresenterToView.present(detector: detector).dismiss()
        }
        throw Failure()
      }
    } matching: { issue in
      if issue.comments.map(\.rawValue).joined().contains("ContactListPresenter.view") {
        sawLeak.withLock { $0 = true }
        return true
      }
      return issue.error is Failure
    }
    #expect(sawLeak.withLock { $0 })
  }

  @Test func expectNoLeaksRecordsAtTheCaller() async {
    let location = #_sourceLocation
    await withKnownIssue {
      await expectNoLeaks(timeout: .milliseconds(50), sourceLocation: location) {
        if let detector = LeakDetector.current {
          ClosureInStructAndArray.present(detector: detector).dismiss()
        }
      }
    } matching: { issue in
      issue.sourceLocation == location
        && issue.comments.map(\.rawValue).joined().contains(
          "ContactListPresenter.observers[0] (closure captures) -> ContactListPresenter")
    }
  }

  @Test func aMidTestCheckSaysTheTestsOwnLocalsMayHoldWhatNothingTrackedHolds() async {
    final class Screen {}
    let detector = LeakDetector(timeout: .milliseconds(20))
    await detector.withTracking {
      // The test still holds the screen in a local when it checks.
      let screen = Screen()
      detector.track(screen, role: .view)
      await withKnownIssue {
        await expectNoLeaks()
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.hasPrefix("Checked in the middle of the test: its local variables still hold")
          && text.contains("- Screen (view) is still alive")
      }
      _ = screen
    }
  }

  @Test func expectNoLeaksWithoutADetectorExplainsTheFix() async {
    await LeakDetector(isEnabled: false).withTracking {
      await withKnownIssue {
        await expectNoLeaks()
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("add the `.detectsLeaks` trait")
      }
    }
  }

  @Test func expectReleasedPassesWhenObjectsAreReleased() async {
    let report = await expectReleased {
      let screen = CleanModule.present(detector: LeakDetector.current!)
      let view = screen.view!
      screen.dismiss()
      return [view]
    }
    #expect(report == nil)
  }

  @Test func expectReleasedReportsTheCycle() async {
    await withKnownIssue {
      await expectReleased(timeout: .milliseconds(50)) {
        let view = CleanModule.ContactListView()
        let presenter = ClosureCapturingSelf.ContactListPresenter()
        presenter.attach(
          view: view, interactor: CleanModule.ContactListInteractor(),
          router: CleanModule.ContactListRouter())
        return [presenter, view]
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter")
    }
  }
}
