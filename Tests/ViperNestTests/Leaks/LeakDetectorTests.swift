import Testing

@testable import ViperNest

private final class Widget {
  var peer: Widget?
  var onTap: (() -> Void)?
}

private final class Holder {
  var widget: Widget?
}

/// Collects what a handler receives.
private final class ReportInbox: Sendable {
  let reports: AsyncStream<LeakReport>
  private let continuation: AsyncStream<LeakReport>.Continuation

  init() {
    (reports, continuation) = AsyncStream.makeStream()
  }

  var handler: LeakHandler {
    LeakHandler { [continuation] report in continuation.yield(report) }
  }

  func first() async -> LeakReport? {
    for await report in reports {
      return report
    }
    return nil
  }
}

struct LeakDetectorTests {
  // MARK: - Choosing the detector

  @Test func boundDetectorIsCurrentOnlyInsideItsScope() async {
    let outer = LeakDetector()
    let inner = LeakDetector()
    await outer.withTracking {
      #expect(LeakDetector.current === outer)
      inner.withTracking {
        #expect(LeakDetector.current === inner)
      }
      await Task {
        #expect(LeakDetector.current === outer)
      }.value
    }
    #expect(LeakDetector.current !== outer)
  }

  @Test func disabledDetectorTurnsTrackingOff() {
    let detector = LeakDetector(isEnabled: false)
    detector.withTracking {
      #expect(LeakDetector.current == nil)
    }
    detector.isEnabled = true
    detector.withTracking {
      #expect(LeakDetector.current === detector)
    }
  }

  @Test func sharedDetectorIsOffUntilTheAppTurnsItOn() {
    #expect(!LeakDetector.shared.isEnabled)
    #expect(LeakDetector.current == nil)
    #if DEBUG
      #expect(LeakDetector.shared.handler != nil)
    #else
      #expect(LeakDetector.shared.handler == nil)
    #endif
  }

  // MARK: - Owner groups

  @Test func endingAReleasedOwnerReportsReleasedAtOnce() {
    let detector = LeakDetector()
    let owner = detector.beginOwner(.module, name: "Widget")
    do {
      let widget = Widget()
      owner.track(widget, role: .view)
    }
    #expect(owner.end())
    #expect(detector.checkNow() == nil)
  }

  @Test func objectsOfOpenOwnersAreNeverReported() async {
    let detector = LeakDetector(timeout: .milliseconds(20))
    let owner = detector.beginOwner(.story, name: "Open")
    let widget = Widget()
    owner.track(widget, role: .storyService)
    #expect(detector.checkNow() == nil)
    #expect(await detector.check() == nil)
    withExtendedLifetime(widget) {}
  }

  @Test func endingAnOwnerWithLiveObjectsReportsThemOnce() {
    let detector = LeakDetector()
    let owner = detector.beginOwner(.module, name: "Widget")
    let widget = Widget()
    owner.track(widget, role: .presenter)
    #expect(!owner.end())
    #expect(detector.checkNow()?.leaks.map(\.typeName) == ["Widget"])
    #expect(detector.checkNow() == nil)
    withExtendedLifetime(widget) {}
  }

  @Test func releasedOwnerObjectEndsItsGroup() {
    let detector = LeakDetector()
    let widget = Widget()
    do {
      let module = Holder()
      let owner = detector.beginOwner(.module, name: "Widget", owner: module)
      owner.track(widget, role: .view)
      #expect(detector.checkNow() == nil)
    }
    #expect(detector.checkNow()?.leaks.map(\.typeName) == ["Widget"])
    withExtendedLifetime(widget) {}
  }

  @Test func trackingIntoAnotherDetectorsGroupGoesToThatDetector() {
    let first = LeakDetector()
    let second = LeakDetector()
    let owner = first.beginOwner(.module, name: "Widget")
    let widget = Widget()
    second.track(widget, role: .view, in: owner)
    second.ownerEnded(owner)
    #expect(second.checkNow() == nil)
    #expect(first.checkNow()?.leaks.map(\.module) == ["Widget"])
    withExtendedLifetime(widget) {}
  }

  @Test func droppedDetectorIsReleasedEvenWithOpenGroups() {
    weak var released: LeakDetector?
    let story: LeakOwnerToken
    let service = Widget()
    do {
      let detector = LeakDetector()
      released = detector
      story = detector.beginOwner(.story, name: "Open")
      story.track(service, role: .storyService)
    }
    #expect(released == nil)
    #expect(story.end())
  }

  @Test func manyReleasedGroupsAreForgotten() {
    let detector = LeakDetector()
    for index in 0..<1_000 {
      let owner = detector.beginOwner(.module, name: "M\(index)", owner: Holder())
      owner.track(Widget(), role: .view)
    }
    #expect(detector.core.state.withLock { $0.groups.count } < 600)
    #expect(detector.checkNow() == nil)
    #expect(detector.core.state.withLock { $0.groups.isEmpty })
  }

  @Test func aFewEndedGroupsWhoseObjectsAreReleasedAreForgottenWithoutAReport() {
    let detector = LeakDetector()
    let open = detector.beginOwner(.story, name: "Open")
    let service = Widget()
    open.track(service, role: .storyService)
    for index in 0..<3 {
      let owner = detector.beginOwner(.module, name: "M\(index)", owner: Holder())
      owner.track(Widget(), role: .view)
    }
    #expect(detector.checkNow() == nil)
    #expect(detector.core.state.withLock { $0.groups.count } == 1)
    withExtendedLifetime(service) {}
  }

  @Test func aLeakAmongEndedGroupsWhoseObjectsAreReleasedIsReported() {
    let detector = LeakDetector()
    for index in 0..<3 {
      let owner = detector.beginOwner(.module, name: "M\(index)", owner: Holder())
      owner.track(Widget(), role: .view)
    }
    let kept = Widget()
    let leaking = detector.beginOwner(.module, name: "Leaking")
    leaking.track(kept, role: .presenter)
    leaking.end()
    let report = detector.checkNow()
    #expect(report?.leaks.map(\.module) == ["Leaking"])
    #expect(detector.core.state.withLock { $0.groups.isEmpty })
  }

  // MARK: - Tracking by hand

  @Test func objectsTrackedByHandAreCheckedAtTheNextCheck() async {
    let detector = LeakDetector(timeout: .milliseconds(20))
    let kept = Widget()
    do {
      let released = Widget()
      detector.track(released, role: .custom("released"))
    }
    detector.track(kept, role: .custom("kept"), module: "Gallery")
    let report = await detector.check()
    #expect(report?.leaks.map(\.role) == [.custom("kept")])
    #expect(report?.leaks.first?.module == "Gallery")
    #expect(report?.leaks.first?.cause == .heldFromOutside)
    withExtendedLifetime(kept) {}
  }

  // MARK: - Polling against a deadline

  @Test func checkWaitsForAsynchronousTeardown() async {
    let detector = LeakDetector(timeout: .seconds(30))
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    do {
      let widget = Widget()
      detector.track(widget)
      let keeper = UncheckedBox(widget)
      Task {
        for await _ in stream {}
        _ = keeper
      }
    }
    continuation.finish()
    #expect(await detector.check() == nil)
  }

  @Test func checkGivesUpAtTheDeadline() async {
    let detector = LeakDetector(timeout: .seconds(30))
    let widget = Widget()
    detector.track(widget)
    let report = await detector.check(timeout: .milliseconds(30))
    #expect(report?.leaks.count == 1)
    withExtendedLifetime(widget) {}
  }

  // MARK: - Handler

  @Test func handlerReceivesTheReportAfterAnOwnerEnds() async {
    let inbox = ReportInbox()
    let detector = LeakDetector(timeout: .milliseconds(20), handler: inbox.handler)
    let owner = detector.beginOwner(.module, name: "Widget")
    let widget = Widget()
    widget.onTap = { widget.peer = nil }
    owner.track(widget, role: .presenter)
    owner.end()
    let report = await inbox.first()
    #expect(
      report?.leaks.first?.retainCycles.map(\.description) == [
        "Widget.onTap (closure captures) -> Widget"
      ])
    widget.onTap = nil
  }

  @Test func handlerReceivesOwnershipViolationsAtBuildTime() async {
    let inbox = ReportInbox()
    let detector = LeakDetector(handler: inbox.handler)
    let view = Widget()
    let presenter = Holder()
    presenter.widget = view
    let violations = detector.checkOwnership(view: view, presenter: presenter)
    #expect(
      violations.map(\.description) == [
        "Holder.widget is strong; VIPER requires weak: declare it `weak var widget`"
      ])
    #expect(await inbox.first()?.ownershipViolations == violations)
    #expect(detector.checkNow() == nil)
  }

  @Test func ownershipViolationsAreReportedOncePerModuleTypes() {
    let detector = LeakDetector()
    for _ in 0..<3 {
      let view = Widget()
      let presenter = Holder()
      presenter.widget = view
      #expect(detector.checkOwnership(view: view, presenter: presenter).count == 1)
    }
    #expect(detector.checkNow()?.ownershipViolations.count == 1)
  }

  @Test func ownershipViolationsWithoutHandlerGoIntoTheNextReport() {
    let detector = LeakDetector()
    let view = Widget()
    let presenter = Holder()
    presenter.widget = view
    detector.checkOwnership(view: view, presenter: presenter)
    #expect(detector.checkNow()?.ownershipViolations.map(\.property) == ["widget"])
    #expect(detector.checkNow() == nil)
  }
}

/// Lets a test hand a non-Sendable object to a task that only keeps it alive.
private struct UncheckedBox: @unchecked Sendable {
  // Safe because the task holding the box never touches `value`; it only keeps it alive.
  let value: AnyObject
  init(_ value: AnyObject) { self.value = value }
}
