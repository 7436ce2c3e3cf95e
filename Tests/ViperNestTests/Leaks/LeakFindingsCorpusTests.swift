import Testing
import ViperNest
import ViperNestHeadless

/// The fixture-corpus cases of LeakFixturesFindings.swift with their known answers.
@Suite(.serialized)
struct ExistingInstanceTests {
  typealias Fixture = ExistingInstance

  private func openAndClose(plainFactory: Bool, parkCache: Bool) async throws -> LeakReport? {
    let detector = LeakDetector(timeout: .milliseconds(100))
    return try await detector.withTracking { () async throws -> LeakReport? in
      let app = try Registry(Fixture.assembly(plainFactory: plainFactory)).start()
      #expect(
        try app.resolve(Fixture.AnalyticsClient.self, name: "instance")
          === Fixture.AnalyticsClient.shared)
      #expect(
        try app.resolve(Fixture.AnalyticsClient.self, name: "marked")
          === Fixture.AnalyticsClient.sdk)
      if plainFactory {
        _ = try app.resolve(Fixture.AnalyticsClient.self, name: "captured")
        #expect(
          try app.resolve(Fixture.AnalyticsClient.self, name: "plain")
            === Fixture.AnalyticsClient.legacy)
      }
      do {
        let cache = try app.resolve(Fixture.ImageCache.self)
        if parkCache { Fixture.Parking.shared.cache = cache }
      }
      app.close()
      return await detector.check()
    }
  }

  @Test func instancesTheRegistryDidNotCreateAreNotReportedAfterTheAppCloses() async throws {
    let report = try await openAndClose(plainFactory: false, parkCache: false)
    #expect(report == nil)
  }

  @Test func anAppSingletonTheAppStoryCreatedIsStillReported() async throws {
    defer { Fixture.Parking.shared.cache = nil }
    let report = try await openAndClose(plainFactory: false, parkCache: true)
    #expect(report?.leaks.map(\.typeName) == ["ImageCache"])
    #expect(report?.leaks.first?.role == .singleton)
  }

  @Test func plainFactoriesReturningExistingObjectsAreReportedWithTheWayOut() async throws {
    // ViperNest does not guess ownership from global storage (an optimized build places
    // `static let` objects there itself): both plain factories' objects are reported, each with
    // the registration that says the registry did not create it.
    let report = try await openAndClose(plainFactory: true, parkCache: false)
    let leaks = try #require(report?.leaks)
    #expect(leaks.map(\.typeName) == ["AnalyticsClient", "AnalyticsClient"])
    #expect(leaks.allSatisfy { $0.role == .singleton })
    // Whether the static's object shows as held by global storage depends on the build: an
    // optimized one may allocate the `static let` object itself there, with no pointer to find.
    #expect(leaks.allSatisfy { [.heldByGlobalVariable, .heldFromOutside].contains($0.cause) })
    for leak in leaks {
      #expect(
        leak.description.contains(
          "if the registry did not create it, register it with `instance:` or mark it "
            + "LeakDetector.markProcessOwned(_:)"))
    }
  }

  @Test func markingAnObjectProcessOwnedIsRemembered() {
    let object = Fixture.ImageCache()
    #expect(!LeakDetector.isProcessOwned(object))
    LeakDetector.markProcessOwned(object)
    LeakDetector.markProcessOwned(object)
    #expect(LeakDetector.isProcessOwned(object))
    #expect(!LeakDetector.isProcessOwned(Fixture.ImageCache()))
  }
}

/// The headless host's own registrations: every UIKit-style test that closes its app story under
/// `.detectsLeaks` used to see the host reported.
@MainActor
struct HostRegistrationLeakTests {
  @Test func theHeadlessHostIsNotReportedAfterTheAppStoryCloses() async throws {
    let host = HeadlessHost()
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try Registry(host.assembly).start()
      #expect(try app.resolve(HeadlessHost.self) === host)
      #expect(try app.resolve((any UIToolkit).self) === host)
      app.close()
      return await detector.check()
    }
    #expect(report == nil)
  }
}

/// A report never shows a path through the registry's own objects (story nodes, the
/// registration graph, its entries): they belong to the stories the detector tracks itself.
struct RegistryInternalsTests {
  typealias Fixture = RouterReachingTheRegistry

  @Test func aPathThroughStoryNodesAndEntriesIsNeverShown() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try Registry(Fixture.assembly()).start()
      _ = try app.resolve(Fixture.PushClient.self)
      do {
        let router = Fixture.CheckoutRouter(resolver: app.resolver)
        detector.track(router, role: .router, module: "Checkout")
      }
      app.close()
      return await detector.check()
    }
    let leaks = try #require(report?.leaks)
    #expect(leaks.map(\.typeName) == ["PushClient", "CheckoutRouter"])
    // Without the opaque internals, the client was "retained by a leaked object" through
    // `CheckoutRouter.resolver.node -> StoryNode.graph -> Graph.entries[0] -> Entry.make`.
    #expect(leaks[0].cause == .heldFromOutside)
    #expect(leaks[0].retainedBy == nil)
    #expect(leaks[1].cause == .retainCycle)
    let text = try #require(report?.verboseDescription)
    for internals in ["StoryNode", "Graph.", "Entry.make", "Entry<"] {
      #expect(!text.contains(internals))
    }
    #expect(
      leaks[1].retainCycles.map(\.description) == [
        "CheckoutRouter.onDone (closure captures) -> CheckoutRouter"
      ])
  }
}

/// Paths in the user's words: a cycle through ViperNest's links reads as the roles.
@MainActor
struct LinkedModuleTests {
  @Test func aCycleThroughTheLinksReadsAsTheRolesTheUserWrote() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    LinkedModule.present(detector: detector).dismiss()
    let report = try #require(await detector.check())
    #expect(
      report.leaks.map(\.typeName) == [
        "ContactListPresenter", "ContactListInteractor", "ContactListRouter",
      ])
    #expect(
      report.description == """
        ViperNest found 3 leaked objects, from 1 root cause:
        - ContactListPresenter (presenter of module ContactList) is still alive
            retain cycle: ContactListPresenter.interactor -> ContactListInteractor.onChange (closure captures) -> ContactListPresenter
            also kept alive: ContactListInteractor (interactor), in the cycle above
            also kept alive: ContactListRouter (router), by ContactListPresenter.router
        """)
    let cycle = try #require(report.leaks.first?.retainCycles.first)
    #expect(
      cycle.verboseDescription
        == "ContactListPresenter.links -> PresenterLinks<ContactListView, ContactListInteractor, "
        + "ContactListRouter>.storedInteractor -> ContactListInteractor.onChange (closure captures) "
        + "-> ContactListPresenter")
    #expect(cycle.steps.map(\.property) == ["links", "storedInteractor", "onChange"])
  }
}

/// What holds an object no path leads to: the report lists what to look for, a Task first for a
/// module's layer.
struct InteractorHeldByTaskTests {
  @Test func anInteractorHeldByAnUnfinishedTaskListsTheTaskFirst() async {
    let gate = UnfinishedTask.Gate()
    let detector = LeakDetector(timeout: .milliseconds(50))
    let followUp = LeakDetector(timeout: .seconds(30))
    do {
      let screen = InteractorHeldByTask.present(detector: detector, gate: gate)
      if let presenter = (screen.view as? CleanModule.ContactListView)?.presenter,
        let interactor = (presenter as? CleanModule.ContactListPresenter)?.interactor
      {
        followUp.track(interactor, role: .interactor)
      }
      screen.dismiss()
    }
    let report = await detector.check()
    #expect(answers(report) == [LeakAnswer("ContactListInteractor", .interactor, .heldFromOutside)])
    let leak = report?.leaks.first
    #expect(leak?.lookFor.first?.hasPrefix("an unfinished Task or escaping closure") == true)
    #expect(
      leak?.description.contains(
        "    held from outside: nothing ViperNest tracks holds it\n"
          + "    look for: an unfinished Task or escaping closure capturing it strongly") == true)

    gate.open()
    #expect(await followUp.check() == nil)
  }
}

/// A global holding the object itself is decidable (on Linux): the report says so. A global
/// holding it through another object stays undecided (`SingletonFixtureTests`), as does a Task.
@MainActor
struct GlobalVariableTests {
  @Test func aViewKeptInAStaticVariableIsNamedAsHeldByAGlobal() async throws {
    defer { ViewInStaticVariable.lastShown = nil }
    let detector = LeakDetector(timeout: .milliseconds(100))
    ViewInStaticVariable.present(detector: detector).dismiss()
    let report = await detector.check()
    #if os(Linux)
      let expected = LeakReport.Cause.heldByGlobalVariable
    #else
      let expected = LeakReport.Cause.heldFromOutside
    #endif
    #expect(answers(report).first == LeakAnswer("ContactListView", .view, expected))
    #expect(report?.rootCauses.map(\.typeName) == ["ContactListView"])
    #if os(Linux)
      #expect(
        report?.description.contains(
          """
              held by global storage: a global or static variable, or a singleton the compiler placed there (`static let shared`), stores the object itself
              fix: set that variable to nil when the module ends, or declare it weak
          """) == true)
    #endif
  }
}
