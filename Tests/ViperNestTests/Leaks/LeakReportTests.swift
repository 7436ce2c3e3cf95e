import Testing

@testable import ViperNest

private final class Stripped {
  var peer: AnyObject?
}

private final class Visible {
  var peer: AnyObject?
}

struct LeakReportTests {
  // MARK: - Text

  @Test func retainPathsRenderPropertiesAndOwnership() {
    let strong = RetainPath(
      steps: [
        .init(typeName: "ContactListPresenter", property: "view", isClosureCapture: false),
        .init(typeName: "ContactListView", property: "presenter", isClosureCapture: false),
      ], targetTypeName: "ContactListPresenter")
    #expect(
      strong.description
        == "ContactListPresenter.view -> ContactListView.presenter -> ContactListPresenter (strong)"
    )
    let closure = RetainPath(
      steps: [
        .init(typeName: "ContactListPresenter", property: "onUpdate", isClosureCapture: true)
      ],
      targetTypeName: "ContactListPresenter")
    #expect(
      closure.description
        == "ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter"
    )
  }

  @Test func reportNamesEachObjectWithRoleModuleStoryAndCause() async {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let story = FixtureStory("Contacts", detector: detector)
    ClosureCapturingSelf.present(detector: detector).dismiss()
    _ = story
    let report = await detector.check()
    #expect(
      report?.description == """
        ViperNest found 3 leaked objects:
        - ContactListPresenter (presenter of module ContactList) is still alive
            retain cycle: ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter
        - ContactListInteractor (interactor of module ContactList) is still alive
            retained by a leaked object: ContactListPresenter.interactor -> ContactListInteractor (strong)
        - ContactListRouter (router of module ContactList) is still alive
            retained by a leaked object: ContactListPresenter.router -> ContactListRouter (strong)
        """)
  }

  @Test func reportTextCoversOutsideHoldersStoriesAndViolations() {
    let report = LeakReport(
      leaks: [
        LeakReport.Leak(
          typeName: "ContactListView", role: .view, module: "ContactList", story: "Main > Contacts",
          cause: .heldFromOutside),
        LeakReport.Leak(
          typeName: "ContactsStoryService", role: .storyService, module: nil, story: "Contacts",
          cause: .pathUnavailable),
      ],
      ownershipViolations: [
        OwnershipViolation(
          typeName: "ContactListPresenter", property: "view", ownerRole: .presenter,
          targetRole: .view)
      ])
    #expect(
      report.description == """
        ViperNest found 2 leaked objects:
        - ContactListView (view of module ContactList, story Main > Contacts) is still alive
            held from outside the module: an app singleton, a global, a still-open story, or an \
        unfinished Task
        - ContactsStoryService (storyService of story Contacts) is still alive
            leaked, path unavailable (reflection metadata stripped)
        ViperNest found 1 ownership rule violation(s):
        - ContactListPresenter.view is strong; VIPER requires weak: declare it `weak var view`
        """)
  }

  // MARK: - Degrading without metadata

  @Test func strippedMetadataGivesPathUnavailableNeverAWrongPath() {
    let stripped = Stripped()
    let visible = Visible()
    stripped.peer = visible
    visible.peer = stripped
    // Simulate a binary built without field metadata for `Stripped`.
    let scanner: RetainGraph.Scanner = { object in
      if object is Stripped {
        var scan = ReferenceScan()
        scan.isMetadataStripped = true
        return scan
      }
      return SwiftRuntimeReflection.strongReferences(of: object)
    }
    let leaks = LeakExplainer.explain(
      [
        LeakCandidate(object: stripped, role: .presenter, module: "M", story: nil),
        LeakCandidate(object: visible, role: .view, module: "M", story: nil),
      ], holders: [], scanner: scanner)
    #expect(leaks.map(\.cause) == [.retainedByLeakedObject, .pathUnavailable])
    #expect(leaks[0].retainedBy?.description == "Visible.peer -> Stripped (strong)")
    #expect(leaks[1].retainCycles.isEmpty)
    stripped.peer = nil
  }

  @Test func uninspectedReferencesAreListed() {
    let object = Visible()
    let scanner: RetainGraph.Scanner = { _ in
      var scan = ReferenceScan()
      scan.uninspected = ["onEvent (block)"]
      return scan
    }
    let leaks = LeakExplainer.explain(
      [LeakCandidate(object: object, role: .view, module: nil, story: nil)], holders: [],
      scanner: scanner)
    #expect(leaks.first?.cause == .heldFromOutside)
    #expect(leaks.first?.uninspected == ["Visible.onEvent (block)"])
    #expect(leaks.first?.description.contains("not inspected: Visible.onEvent (block)") == true)
  }
}

/// Compiles only if the public leak-detection types are `Sendable`.
struct LeakSendabilityTests {
  private func requireSendable<Value: Sendable>(_: Value.Type) {}

  @Test func publicTypesAreSendable() {
    requireSendable(LeakDetector.self)
    requireSendable(LeakReport.self)
    requireSendable(LeakReport.Leak.self)
    requireSendable(LeakReport.Cause.self)
    requireSendable(RetainPath.self)
    requireSendable(LeakRole.self)
    requireSendable(LeakHandler.self)
    requireSendable(OwnershipViolation.self)
  }
}
