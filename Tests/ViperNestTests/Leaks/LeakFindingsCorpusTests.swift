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

  @Test func aPlainFactoryReturningAnExistingObjectIsReportedWithTheWayOut() async throws {
    let report = try await openAndClose(plainFactory: true, parkCache: false)
    let leak = try #require(report?.leaks.first)
    #expect(report?.leaks.count == 1)
    #expect(leak.typeName == "AnalyticsClient")
    #expect(
      leak.description.contains(
        "if the registry did not create it, register it with `instance:` or mark it "
          + "LeakDetector.markProcessOwned(_:)"))
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
    // `CheckoutRouter.resolver.node -> StoryNode.graph -> Graph.entries[0] -> Entry<…>.factory`.
    #expect(leaks[0].cause == .heldFromOutside)
    #expect(leaks[1].cause == .retainCycle)
    let text = try #require(report?.verboseDescription)
    for internals in ["StoryNode", "Graph.", "Entry<"] {
      #expect(!text.contains(internals))
    }
    #expect(
      leaks[1].retainCycles.map(\.description) == [
        "CheckoutRouter.onDone (closure captures) -> CheckoutRouter"
      ])
  }
}
