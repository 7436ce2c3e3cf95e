import Foundation
import Synchronization
import Testing
import ViperNest

/// Counts the instances built, and records whether each was built on the main thread.
private final class Builds: Sendable {
  let count = Atomic<Int>(0)
  let onMainThread = Atomic<Int>(0)

  func record() {
    count.add(1, ordering: .relaxed)
    if Thread.isMainThread { onMainThread.add(1, ordering: .relaxed) }
  }
}

private let leafBuilds = Builds()

/// A transient with a parameterless `async` initializer (the `async-transient` benchmark's kind).
private final class Ticket: Sendable {
  init() async {
    await Task.yield()
    leafBuilds.record()
  }
}

/// The same initializer on a value type, and a class resolved as a protocol: neither is a class
/// type `T`, so `resolveAsync` awaits the generic form of the initializer.
private struct TicketStub: Sendable {
  init() async {
    await Task.yield()
    leafBuilds.record()
  }
}

/// A class registered as its superclass with a parameterless `async` initializer.
private class BaseTicket: @unchecked Sendable {
  // Invariant: no stored state.
  init() async {}
}

private final class ExpressTicket: BaseTicket, @unchecked Sendable {
  // Invariant: no stored state.
}

private protocol TicketIssuing: Sendable {}

extension Ticket: TicketIssuing {}

/// A class-bound protocol: its existential is a reference plus a witness table (two words), so
/// it must not take the class form, which hands the instance back as one word.
private protocol TicketPrinting: AnyObject, Sendable {}

extension Ticket: TicketPrinting {}

private struct TicketRefused: Error {}

private final class RefusedTicket: Sendable {
  init() async throws { throw TicketRefused() }
}

private final class StampedTicket: Sendable {
  let stamps = Atomic<Int>(0)
  init() async {}
}

@StorageActor private final class LedgerEntry {
  init() {}
}

private let ledgerOnActor = Atomic<Int>(0)

private struct TicketAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(Ticket.self, Ticket.init)
    r.register(RefusedTicket.self, RefusedTicket.init)
    r.register(TicketStub.self, TicketStub.init)
    r.register(BaseTicket.self, ExpressTicket.init)
    r.register((any TicketIssuing).self, Ticket.init)
    r.register((any TicketPrinting).self, Ticket.init)
    r.register(StampedTicket.self, StampedTicket.init)
    r.decorate(StampedTicket.self) { ticket in
      ticket.stamps.add(1, ordering: .relaxed)
      return ticket
    }
    r.register(LedgerEntry.self) { @StorageActor () async in
      StorageActor.shared.assertIsolated()
      ledgerOnActor.add(1, ordering: .relaxed)
      return LedgerEntry()
    }
  }
}

private struct SharedTicketAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(Ticket.self, lifetime: .app, Ticket.init)
  }
}

private enum TicketStory: UserStory {}

/// A parameterless `async` initializer (`r.register(T.self, T.init)` with `init() async`) is kept as
/// it is, and `resolveAsync` awaits it directly for a transient. These tests pin down that the
/// shortcut behaves exactly as the general async path: a new instance each time, the same errors,
/// decorators applied, the same isolation as a hand-written `await T()`.
@Suite(.serialized) struct AsyncParameterlessInitializerTests {
  @Test func parameterlessAsyncInitializerBuildsANewTransientEachTime() async throws {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let before = leafBuilds.count.load(ordering: .relaxed)
    let first = try await app.resolveAsync(Ticket.self)
    let second = try await app.resolveAsync(Ticket.self)
    #expect(first !== second)
    #expect(leafBuilds.count.load(ordering: .relaxed) - before == 2)
  }

  @Test func parameterlessAsyncInitializerOfAValueTypeBuildsANewOneEachTime() async throws {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let before = leafBuilds.count.load(ordering: .relaxed)
    _ = try await app.resolveAsync(TicketStub.self)
    _ = try await app.resolveAsync(TicketStub.self)
    #expect(leafBuilds.count.load(ordering: .relaxed) - before == 2)
  }

  @Test func parameterlessAsyncInitializerRegisteredAsAProtocolBuildsANewInstanceEachTime()
    async throws
  {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let first = try await app.resolveAsync((any TicketIssuing).self)
    let second = try await app.resolveAsync((any TicketIssuing).self)
    let (firstTicket, secondTicket) = (
      try #require(first as? Ticket), try #require(second as? Ticket)
    )
    #expect(firstTicket !== secondTicket)
  }

  @Test func parameterlessAsyncInitializerRegisteredAsAClassBoundProtocolResolvesItsInstance()
    async throws
  {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let first = try await app.resolveAsync((any TicketPrinting).self)
    let second = try await app.resolveAsync((any TicketPrinting).self)
    let (firstTicket, secondTicket) = (
      try #require(first as? Ticket), try #require(second as? Ticket)
    )
    #expect(firstTicket !== secondTicket)
  }

  @Test func parameterlessSubclassInitializerRegisteredAsItsSuperclassResolvesTheSubclass()
    async throws
  {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let first = try await app.resolveAsync(BaseTicket.self)
    let second = try await app.resolveAsync(BaseTicket.self)
    #expect(first is ExpressTicket)
    #expect(second is ExpressTicket)
    #expect(first !== second)
  }

  @Test func parameterlessAsyncInitializerOnACachedLifetimeIsBuiltOnce() async throws {
    let app = try Registry(SharedTicketAssembly()).start()
    defer { app.close() }
    let first = try await app.resolveAsync(Ticket.self)
    let second = try await app.resolveAsync(Ticket.self)
    #expect(first === second)
  }

  @Test func throwingParameterlessInitializerIsReportedAsFactoryFailedWithItsKey() async throws {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let error = await #expect(throws: ViperNestError.self) {
      try await app.resolveAsync(RefusedTicket.self)
    }
    #expect(error?.code == .factoryFailed)
    #expect(error?.key?.contains("RefusedTicket") == true)
    #expect(error?.underlyingError is TicketRefused)
  }

  @Test func parameterlessAsyncTransientFromAClosedStoryIsRefused() async throws {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let story = try app.open(TicketStory.self)
    story.close()
    let error = await #expect(throws: ViperNestError.self) {
      try await story.resolveAsync(Ticket.self)
    }
    #expect(error?.code == .storyClosed)
  }

  @Test func synchronousResolutionOfAParameterlessAsyncInitializerAsksToAwaitIt() throws {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let error = #expect(throws: ViperNestError.self) { try app.resolve(Ticket.self) }
    #expect(error?.code == .awaitRequired)
  }

  @Test func decoratedParameterlessTransientIsDecoratedEachTime() async throws {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let first = try await app.resolveAsync(StampedTicket.self)
    let second = try await app.resolveAsync(StampedTicket.self)
    #expect(first !== second)
    #expect(first.stamps.load(ordering: .relaxed) == 1)
    #expect(second.stamps.load(ordering: .relaxed) == 1)
  }

  @Test func parameterlessGlobalActorClosureRunsOnItsActor() async throws {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let before = ledgerOnActor.load(ordering: .relaxed)
    _ = try await app.resolveAsync(LedgerEntry.self)
    #expect(ledgerOnActor.load(ordering: .relaxed) - before == 1)
  }

  /// A nonisolated `async` initializer runs off the caller's actor, as it does when awaited by
  /// hand: resolving it from the main actor makes the same hop and no other.
  @MainActor
  @Test func nonisolatedInitializerAwaitedFromTheMainActorRunsWhereAHandWrittenAwaitRuns()
    async throws
  {
    let app = try Registry(TicketAssembly()).start()
    defer { app.close() }
    let before = leafBuilds.onMainThread.load(ordering: .relaxed)
    _ = await Ticket()
    let byHand = leafBuilds.onMainThread.load(ordering: .relaxed) - before
    _ = try await app.resolveAsync(Ticket.self)
    let resolved = leafBuilds.onMainThread.load(ordering: .relaxed) - before - byHand
    #expect(byHand == 0)
    #expect(resolved == byHand)
  }
}
