import Dispatch
import Foundation
import Testing
import ViperNest

// The resolution trace (`Registry.Configuration.trace`): what it reports for each way a
// resolution can end, and that tracing changes nothing else (one instance per cache, stories
// still release what they own, concurrent first access builds once).

private final class TraceStore: Sendable {}
private final class TraceInteractor: Sendable {
  let store: TraceStore
  init(store: TraceStore) { self.store = store }
}
private protocol TraceReading: AnyObject, Sendable {}
private final class TraceAccounts: TraceReading {}
private protocol TraceAnalytics: Sendable {}
private final class TraceDraft: Sendable {}
private enum TraceContactsStory: UserStory {}
private struct TraceFailure: Error, CustomStringConvertible {
  var description: String { "the database is locked" }
}

/// Collects the events a trace reports, from any thread. An `NSLock` (pthread-based), not
/// `Synchronization.Mutex`: ThreadSanitizer sees the former's ordering, not the latter's (the
/// standard library is not instrumented), and CI runs this suite under it.
private final class TraceRecorder: @unchecked Sendable {
  // Invariant that makes this Sendable: `recorded` is only touched with `lock` held.
  private let lock = NSLock()
  private var recorded: [ResolutionEvent] = []
  var events: [ResolutionEvent] { lock.withLock { recorded } }
  var lines: [String] { events.map(\.description) }
  func clear() { lock.withLock { recorded.removeAll() } }

  /// A configuration whose trace records here.
  var configuration: Registry.Configuration {
    var configuration = Registry.Configuration()
    configuration.trace = { event in self.lock.withLock { self.recorded.append(event) } }
    return configuration
  }
}

/// Builds and resolved instances counted from many threads (with an `NSLock`, as above).
private final class ConcurrentTally: @unchecked Sendable {
  // Invariant that makes this Sendable: both arrays are only touched with `lock` held.
  private let lock = NSLock()
  private var buildCount = 0
  private var resolved: [ObjectIdentifier?] = []
  var builds: Int { lock.withLock { buildCount } }
  var instances: [ObjectIdentifier?] { lock.withLock { resolved } }
  func countBuild() { lock.withLock { buildCount += 1 } }
  func add(_ instance: ObjectIdentifier?) { lock.withLock { resolved.append(instance) } }
}

struct ResolutionTraceTests {
  // MARK: - Outcomes

  @Test func aCreatedDependencyNamesTheRegistrationThatAskedForIt() throws {
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in
        r.register(TraceStore.self, lifetime: .app, TraceStore.init)
        r.register(TraceInteractor.self, TraceInteractor.init(store:))
      }
    ).start(recorder.configuration)
    _ = try app.resolve(TraceInteractor.self)
    #expect(
      recorder.lines == [
        "resolved TraceStore for TraceInteractor in App: created (app)",
        "resolved TraceInteractor in App: created (transient)",
      ])
    let store = try #require(recorder.events.first)
    #expect(store.path == ["TraceInteractor", "TraceStore"])
    #expect(store.requestedBy == "TraceInteractor")
    #expect(store.depth == 1)
    #expect(store.outcome == .created(.app))
  }

  @Test func aCachedInstanceIsReportedFromCacheEveryTime() throws {
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in
        r.register(TraceStore.self, lifetime: .app, TraceStore.init)
        r.register(TraceInteractor.self, TraceInteractor.init(store:))
      }
    ).start(recorder.configuration)
    let first = try app.resolve(TraceInteractor.self)
    recorder.clear()
    let second = try app.resolve(TraceInteractor.self)
    _ = try app.resolve(TraceStore.self)
    #expect(first.store === second.store)
    #expect(
      recorder.lines == [
        "resolved TraceStore for TraceInteractor in App: from cache (app)",
        "resolved TraceInteractor in App: created (transient)",
        "resolved TraceStore in App: from cache (app)",
      ])
  }

  @Test func aStoryInstanceIsReportedInItsStoryChain() throws {
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in
        r.register(TraceDraft.self, lifetime: .story(TraceContactsStory.self), TraceDraft.init)
      }
    ).start(recorder.configuration)
    let contacts = try app.open(TraceContactsStory.self)
    weak var released: TraceDraft?
    do {
      let draft = try contacts.resolve(TraceDraft.self)
      #expect(try contacts.resolve(TraceDraft.self) === draft)
      released = draft
    }
    #expect(
      recorder.events.map(\.outcome) == [
        .created(.story(TraceContactsStory.self)), .fromCache(.story(TraceContactsStory.self)),
      ])
    #expect(recorder.events.allSatisfy { $0.story == ["App", "TraceContacts"] })
    #expect(
      recorder.lines.last
        == "resolved TraceDraft in App > TraceContacts: from cache (story(TraceContacts))")
    // Tracing does not keep anything alive: closing still releases the story's instance.
    #expect(released != nil)
    contacts.close()
    #expect(released == nil)
  }

  @Test func aWeakInstanceIsReportedFromCacheWhileItIsHeld() throws {
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in r.register(TraceStore.self, lifetime: .weak, TraceStore.init) }
    ).start(recorder.configuration)
    let store = try app.resolve(TraceStore.self)
    #expect(try app.resolve(TraceStore.self) === store)
    #expect(recorder.events.map(\.outcome) == [.created(.weak), .fromCache(.weak)])
  }

  @Test func aGraphInstanceSharedInOneResolutionIsReportedFromCache() throws {
    final class Pair: Sendable {
      let first: TraceStore
      let second: TraceStore
      init(first: TraceStore, second: TraceStore) { (self.first, self.second) = (first, second) }
    }
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in
        r.register(TraceStore.self, lifetime: .graph, TraceStore.init)
        r.register(Pair.self) { r in Pair(first: try r.resolve(), second: try r.resolve()) }
      }
    ).start(recorder.configuration)
    let pair = try app.resolve(Pair.self)
    #expect(pair.first === pair.second)
    #expect(
      recorder.events.map(\.outcome) == [
        .created(.graph), .fromCache(.graph), .created(.transient),
      ])
  }

  @Test func aForwardedTypeNamesTheRegistrationItServes() throws {
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in
        r.register(TraceAccounts.self, lifetime: .app, TraceAccounts.init)
        r.forward((any TraceReading).self, to: TraceAccounts.self) { $0 }
      }
    ).start(recorder.configuration)
    _ = try app.resolve((any TraceReading).self)
    #expect(
      recorder.lines == [
        "resolved TraceAccounts for TraceReading in App: created (app)",
        "resolved TraceReading in App: forwarded to TraceAccounts",
      ])
  }

  @Test func anUnregisteredOptionalIsReportedAsNil() throws {
    final class Screen: Sendable {
      let analytics: (any TraceAnalytics)?
      init(analytics: (any TraceAnalytics)?) { self.analytics = analytics }
    }
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in r.register(Screen.self, Screen.init(analytics:)) }
    ).start(recorder.configuration)
    #expect(try app.resolve(Screen.self).analytics == nil)
    #expect(try app.resolveIfRegistered(TraceStore.self) == nil)
    #expect(
      recorder.lines == [
        "resolved TraceAnalytics for Screen in App: nil (not registered)",
        "resolved Screen in App: created (transient)",
        "resolved TraceStore in App: nil (not registered)",
      ])
  }

  @Test func aMissingRegistrationIsReportedAsFailed() throws {
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in r.register(TraceInteractor.self, TraceInteractor.init(store:)) }
    ).start(recorder.configuration)
    #expect(throws: ViperNestError.self) { try app.resolve(TraceInteractor.self) }
    let outcomes = recorder.events.map(\.outcome)
    try #require(outcomes.count == 2)
    guard case .failed(let missing) = outcomes[0], case .failed = outcomes[1] else {
      Issue.record("expected two failures, got \(outcomes)")
      return
    }
    #expect(missing.contains("TraceStore"))
    #expect(recorder.events[0].path == ["TraceInteractor", "TraceStore"])
    #expect(recorder.lines[0].hasPrefix("resolved TraceStore for TraceInteractor in App: failed: "))
    #expect(!recorder.lines[0].contains("\n"))
  }

  @Test func aThrowingFactoryIsReportedWithItsError() throws {
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in
        r.register(TraceStore.self, lifetime: .app) { _ in throw TraceFailure() }
      }
    ).start(recorder.configuration)
    #expect(throws: ViperNestError.self) { try app.resolve(TraceStore.self) }
    #expect(recorder.lines == ["resolved TraceStore in App: failed: the database is locked"])
  }

  // MARK: - Tracing changes nothing else

  @Test func theFirstStartDecidesTheTraceForEveryAppStory() throws {
    let recorder = TraceRecorder()
    let registry = try Registry(
      AnyAssembly { r in r.register(TraceStore.self, lifetime: .app, TraceStore.init) })
    _ = try registry.start(recorder.configuration)
    var untraced = Registry.Configuration()
    untraced.trace = nil
    let second = try registry.start(untraced)
    _ = try second.resolve(TraceStore.self)
    #expect(recorder.lines == ["resolved TraceStore in App: created (app)"])
  }

  @Test func concurrentFirstAccessBuildsOnceAndReportsEveryHit() throws {
    let tally = ConcurrentTally()
    let recorder = TraceRecorder()
    let app = try Registry(
      AnyAssembly { r in
        r.register(TraceStore.self, lifetime: .app) { _ in
          tally.countBuild()
          return TraceStore()
        }
      }
    ).start(recorder.configuration)
    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      let store = try? app.resolve(TraceStore.self)
      tally.add(store.map(ObjectIdentifier.init))
    }
    #expect(tally.builds == 1)
    #expect(tally.instances.count == 64)
    #expect(Set(tally.instances).count == 1)
    let outcomes = recorder.events.map(\.outcome)
    #expect(outcomes.count == 64)
    #expect(outcomes.filter { $0 == .created(.app) }.count == 1)
    #expect(outcomes.filter { $0 == .fromCache(.app) }.count == 63)
  }
}
