import Foundation
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
        ViperNest found 3 leaked objects, from 1 root cause:
        - ContactListPresenter (presenter of module ContactList) is still alive
            retain cycle: ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter
            also kept alive: ContactListInteractor (interactor), by ContactListPresenter.interactor
            also kept alive: ContactListRouter (router), by ContactListPresenter.router
        """)
    #expect(
      report?.verboseDescription == """
        ViperNest found 3 leaked objects:
        - ContactListPresenter (presenter of module ContactList) is still alive
            retain cycle: ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter
        - ContactListInteractor (interactor of module ContactList) is still alive
            retained by a leaked object: ContactListPresenter.interactor -> ContactListInteractor (strong)
        - ContactListRouter (router of module ContactList) is still alive
            retained by a leaked object: ContactListPresenter.router -> ContactListRouter (strong)
        """)
  }

  @Test func objectsOnTheCycleOfAnEarlierLeakAreFoldedUnderIt() async {
    let report = await dismissAndCheck { StrongPresenterToView.present(detector: $0) }
    #expect(report?.rootCauses.map(\.typeName) == ["ContactListView"])
    #expect(report?.leaks.map(\.keptAliveBy) == [nil, 0, 0, 0])
    #expect(
      report?.description.hasPrefix(
        """
        ViperNest found 4 leaked objects, from 1 root cause:
        - ContactListView (view of module ContactList) is still alive
            retain cycle: ContactListView.presenter -> ContactListPresenter.view -> ContactListView (strong)
            also kept alive: ContactListPresenter (presenter), in the cycle above
            also kept alive: ContactListInteractor (interactor), by ContactListPresenter.interactor
            also kept alive: ContactListRouter (router), by ContactListPresenter.router
        ViperNest found 1 ownership rule violation:
        """) == true)
  }

  @Test func theSummaryNamesEachRootCauseOnOneLine() async {
    let report = await dismissAndCheck { StrongPresenterToView.present(detector: $0) }
    #expect(
      report?.summary == """
        4 leaked objects, from 1 root cause
        ContactListView (view of ContactList): ContactListView.presenter -> ContactListPresenter.view -> ContactListView (strong)
        1 ownership rule violation
        """)
  }

  @Test func theSummaryShowsThreeRootCausesAtMost() {
    let leaks = (1...5).map {
      LeakReport.Leak(
        typeName: "Service\($0)", role: .storyService, module: nil, story: "Contacts",
        cause: .heldFromOutside)
    }
    let lines = LeakReport(leaks: leaks).summary.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "5 leaked objects", "Service1 (storyService): held from outside",
        "Service2 (storyService): held from outside", "Service3 (storyService): held from outside",
        "… and 2 more root causes",
      ])
  }

  @Test func rootCausesComeFirstCyclesBeforeObjectsHeldFromOutside() {
    let report = LeakReport(leaks: [
      LeakReport.Leak(
        typeName: "Held", role: .view, module: "A", story: nil, cause: .heldFromOutside),
      LeakReport.Leak(
        typeName: "Looped", role: .presenter, module: "B", story: nil, cause: .retainCycle,
        retainCycles: [
          RetainPath(
            steps: [.init(typeName: "Looped", property: "me", isClosureCapture: false)],
            targetTypeName: "Looped")
        ]),
      LeakReport.Leak(
        typeName: "Owned", role: .router, module: "B", story: nil,
        cause: .retainedByLeakedObject,
        retainedBy: RetainPath(
          steps: [.init(typeName: "Looped", property: "router", isClosureCapture: false)],
          targetTypeName: "Owned"),
        keptAliveBy: 1),
    ])
    #expect(report.rootCauses.map(\.typeName) == ["Looped", "Held"])
    #expect(report.keptAlive(by: report.leaks[1]).map(\.typeName) == ["Owned"])
    let lines = report.description.split(separator: "\n").map(String.init)
    #expect(lines.first == "ViperNest found 3 leaked objects, from 2 root causes:")
    #expect(lines[1].hasPrefix("- Looped"))
    #expect(lines[3] == "    also kept alive: Owned (router), by Looped.router")
    #expect(lines[4].hasPrefix("- Held"))
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
            held from outside: nothing ViperNest tracks holds it
            look for: an unfinished Task or escaping closure capturing it strongly (capture \
        [weak self]); a global or static property storing it (a `shared` singleton's property); \
        an observer, timer or subscription that retains it
        - ContactsStoryService (storyService of story Contacts) is still alive
            leaked, path unavailable (reflection metadata stripped)
        ViperNest found 1 ownership rule violation:
        - ContactListPresenter.view is strong; VIPER requires weak: declare it `weak var view`
        """)
  }

  // MARK: - JSON

  private static let jsonReport = LeakReport(
    leaks: [
      LeakReport.Leak(
        typeName: "ContactListPresenter", role: .presenter, module: "ContactList",
        story: "App > Contacts", cause: .retainCycle,
        retainCycles: [
          RetainPath(
            steps: [
              .init(typeName: "ContactListPresenter", property: "onUpdate", isClosureCapture: true)
            ], targetTypeName: "ContactListPresenter")
        ]),
      LeakReport.Leak(
        typeName: "ContactListRouter", role: .router, module: "ContactList", story: nil,
        cause: .retainedByLeakedObject,
        retainedBy: RetainPath(
          steps: [
            .init(typeName: "ContactListPresenter", property: "links", isClosureCapture: false),
            .init(
              typeName: "PresenterLinks<V, I, R>", property: "storedRouter",
              isClosureCapture: false),
          ], targetTypeName: "ContactListRouter"),
        keptAliveBy: 0),
    ],
    ownershipViolations: [
      OwnershipViolation(
        typeName: "ContactListPresenter", property: "view", ownerRole: .presenter,
        targetRole: .view)
    ])

  @Test func aReportEncodesToTheDocumentedJSON() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(Self.jsonReport), as: UTF8.self)
    #expect(
      json
        == #"{"leaks":[{"cause":"retainCycle","module":"ContactList","retainCycles":[{"steps":[{"#
        + #""isClosureCapture":true,"property":"onUpdate","typeName":"ContactListPresenter"}],"#
        + #""targetTypeName":"ContactListPresenter","text":"ContactListPresenter.onUpdate (closure "#
        + #"captures) -> ContactListPresenter","verboseText":"ContactListPresenter.onUpdate "#
        + #"(closure captures) -> ContactListPresenter"}],"role":"presenter","story":"App > "#
        + #"Contacts","typeName":"ContactListPresenter","uninspected":[]},{"cause":"#
        + #""retainedByLeakedObject","keptAliveBy":0,"module":"ContactList","retainCycles":[],"#
        + #""retainedBy":{"steps":[{"isClosureCapture":false,"property":"links","typeName":"#
        + #""ContactListPresenter"},{"isClosureCapture":false,"property":"storedRouter","#
        + #""typeName":"PresenterLinks<V, I, R>"}],"targetTypeName":"ContactListRouter","text":"#
        + #""ContactListPresenter.router -> ContactListRouter (strong)","verboseText":"#
        + #""ContactListPresenter.links -> PresenterLinks<V, I, R>.storedRouter -> "#
        + #"ContactListRouter (strong)"},"role":"router","typeName":"ContactListRouter","#
        + #""uninspected":[]}],"ownershipViolations":[{"ownerRole":"presenter","property":"view","#
        + #""targetRole":"view","typeName":"ContactListPresenter"}],"schemaVersion":1}"#)
  }

  @Test func aReportDecodesBackToTheSameReport() throws {
    let data = try JSONEncoder().encode(Self.jsonReport)
    let decoded = try JSONDecoder().decode(LeakReport.self, from: data)
    #expect(decoded.leaks == Self.jsonReport.leaks)
    #expect(decoded.ownershipViolations == Self.jsonReport.ownershipViolations)
    #expect(decoded.description == Self.jsonReport.description)
  }

  @Test func aNewerSchemaVersionIsRefusedWithAReadableError() {
    let json = #"{"schemaVersion": 2, "leaks": [], "ownershipViolations": []}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(LeakReport.self, from: Data(json.utf8))
    }
  }

  // MARK: - Paths in the user's words

  @Test func linkStorageRendersAsTheRoleWithGenericArgumentsElided() {
    let path = RetainPath(
      steps: [
        .init(typeName: "AddContactView", property: "links", isClosureCapture: false),
        .init(
          typeName: "ViewLinks<AddContactViewOutput>", property: "storedPresenter",
          isClosureCapture: false),
        .init(
          typeName: "LeakyAddContactPresenter", property: "links", isClosureCapture: false),
        .init(
          typeName: "PresenterLinks<AddContactView, AddContactInteractor, AddContactRouter>",
          property: "storedInteractor", isClosureCapture: false),
        .init(typeName: "Cache<Array<Int>>", property: "onChange", isClosureCapture: true),
      ], targetTypeName: "Store<Int>")
    #expect(
      path.description
        == "AddContactView.presenter -> LeakyAddContactPresenter.interactor -> "
        + "Cache<…>.onChange (closure captures) -> Store<…>")
    #expect(
      path.verboseDescription
        == "AddContactView.links -> ViewLinks<AddContactViewOutput>.storedPresenter -> "
        + "LeakyAddContactPresenter.links -> PresenterLinks<AddContactView, AddContactInteractor, "
        + "AddContactRouter>.storedInteractor -> Cache<Array<Int>>.onChange (closure captures) -> "
        + "Store<Int>")
    #expect(path.steps.count == 5)
    #expect(path.lastReference == "Cache<…>.onChange")
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
