import Foundation
import Testing
import ViperNest
import ViperNestTesting

struct AsyncResolutionTests {
  // MARK: - Resolving

  @Test func asyncFactoryIsAwaitedByResolveAsync() async throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        await Task.yield()
        return Session(token: "t-1")
      }
    }
    let session = try await app.resolveAsync(Session.self)
    #expect(session.token == "t-1")
    #expect(try await app.resolveAsync(Session.self) === session)
    app.close()
  }

  @Test func resolveAsyncResolvesSynchronousRegistrationsToo() async throws {
    let app = try start { r in
      registerContacts(r)
      r.register((any Clock).self, lifetime: .app, FixedClock.init)
    }
    let contacts = try app.open(ContactsStory.self)
    let presenter = try await contacts.resolveAsync((any ContactListPresenting).self)
    #expect(presenter.interactor.store === (try contacts.resolve((any ContactStore).self)))
    #expect(try await app.resolveAsync((any Clock).self).now == 42)
    app.close()
  }

  @Test func builtAsyncStorySingletonIsSharedWithAwaitsFromAnActorInANestedStory() async throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .story(SessionStory.self)) { _ in
        await Task.yield()
        return Session(token: "s")
      }
    }
    let session = try app.open(SessionStory.self)
    let nested = try session.open(CheckoutStory.self)
    let built = try await session.resolveAsync(Session.self)
    let caller = AwaitingActor()
    #expect(try await caller.resolve(Session.self, from: nested) === built)
    #expect(try await caller.resolve(Session.self, from: session) === built)
    app.close()
  }

  @Test func builtAsyncAppSingletonAwaitedFromAClosedStoryThrowsStoryClosed() async throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        await Task.yield()
        return Session(token: "app")
      }
    }
    _ = try await app.resolveAsync(Session.self)
    let story = try app.open(SessionStory.self)
    story.close()
    let error = await #expect(throws: ViperNestError.self) {
      try await story.resolveAsync(Session.self)
    }
    #expect(error?.code == .storyClosed)
    app.close()
  }

  @Test func asyncTransientIsNewEachTimeAndAutowiresAsyncDependencies() async throws {
    let app = try start { r in
      r.register(AsyncC.self, AsyncC.init)
      r.register(AsyncB.self, AsyncB.init(c:))
    }
    let first = try await app.resolveAsync(AsyncB.self)
    let second = try await app.resolveAsync(AsyncB.self)
    #expect(first !== second)
    #expect(first.c !== second.c)
    app.close()
  }

  @Test func namedAndArgumentFormsAreAwaited() async throws {
    let app = try start { r in
      r.register(Session.self, name: "guest") { _ in
        await Task.yield()
        return Session(token: "guest")
      }
      r.register(Session.self, arguments: String.self, Int.self) { _, user, id in
        await Task.yield()
        return Session(token: "\(user)-\(id)")
      }
    }
    #expect(try await app.resolveAsync(Session.self, name: "guest").token == "guest")
    #expect(try await app.resolveAsync(Session.self, arguments: "ada", 7).token == "ada-7")
    app.close()
  }

  @MainActor @Test func mainActorAsyncFactoryRunsOnTheMainActor() async throws {
    let app = try start { r in
      r.register(
        Session.self, lifetime: .app,
        mainActor: { _ in
          MainActor.assertIsolated()
          await Task.yield()
          return Session(token: "main")
        })
    }
    let session = try await Task.detached { try await app.resolveAsync(Session.self) }.value
    #expect(session.token == "main")
    app.close()
  }

  @Test func asyncProviderResolvesWhenCalled() async throws {
    final class Consumer: Sendable {
      let session: AsyncProvider<Session>
      init(session: AsyncProvider<Session>) { self.session = session }
    }
    let counter = CreationCounter()
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        counter.increment()
        return Session(token: "lazy")
      }
      r.register(Consumer.self, Consumer.init(session:))
    }
    let consumer = try app.resolve(Consumer.self)
    #expect(counter.count == 0)
    #expect(try await consumer.session().token == "lazy")
    #expect(try await app.asyncProvider(Session.self)() === (try await consumer.session()))
    #expect(counter.count == 1)
    app.close()
  }

  // MARK: - Synchronous resolution of async registrations

  @Test func resolvingAnAsyncRegistrationSynchronouslyThrowsAwaitRequired() throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        await Task.yield()  // a closure is async when it awaits
        return Session(token: "x")
      }
      r.register(Keychain.self, Keychain.init)
    }
    for resolve in [{ _ = try app.resolve(Session.self) }, { _ = try app.resolve(Keychain.self) }] {
      let error = try #require(throws: ViperNestError.self) { try resolve() }
      #expect(error.code == .awaitRequired)
      #expect(error.description.contains("has an async factory but was resolved synchronously"))
      #expect(error.description.contains("try await resolveAsync("))
    }
    app.close()
  }

  @Test func synchronousFactoryDependingOnAnAsyncOneNamesThePath() throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        await Task.yield()  // a closure is async when it awaits
        return Session(token: "x")
      }
      r.register(SessionBadge.self, SessionBadge.init(session:))
    }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(SessionBadge.self) }
    #expect(error.code == .awaitRequired)
    #expect(error.resolutionPath == ["SessionBadge", "Session"])
    #expect(error.description.contains("make SessionBadge's factory async"))
    app.close()
  }

  @Test func synchronousResolveReturnsAnAsyncSingletonOnceItIsBuilt() async throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        await Task.yield()  // a closure is async when it awaits
        return Session(token: "x")
      }
    }
    let built = try await app.resolveAsync(Session.self)
    #expect(try app.resolve(Session.self) === built)
    app.close()
  }

  // MARK: - Exactly once

  @Test func eightTasksTimesAThousandAwaitsCreateTheSingletonOnce() async throws {
    let counter = CreationCounter()
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        counter.increment()
        for _ in 0..<10 { await Task.yield() }
        return Session(token: "once")
      }
    }
    let identities = try await withThrowingTaskGroup(of: Set<ObjectIdentifier>.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var seen = Set<ObjectIdentifier>()
          for _ in 0..<1_000 {
            seen.insert(ObjectIdentifier(try await app.resolveAsync(Session.self)))
          }
          return seen
        }
      }
      return try await group.reduce(into: Set()) { $0.formUnion($1) }
    }
    #expect(counter.count == 1)
    #expect(identities.count == 1)
    app.close()
  }

  @Test func chainOfThreeAsyncSingletonsResolvedFromEightTasksIsBuiltOnce() async throws {
    let counters = (a: CreationCounter(), b: CreationCounter(), c: CreationCounter())
    let app = try start { r in
      r.register(AsyncC.self, lifetime: .app) { _ in
        counters.c.increment()
        return await AsyncC()
      }
      r.register(AsyncB.self, lifetime: .app) { r in
        counters.b.increment()
        return await AsyncB(c: try await r.resolveAsync())
      }
      r.register(AsyncA.self, lifetime: .app) { r in
        counters.a.increment()
        return await AsyncA(b: try await r.resolveAsync())
      }
    }
    let roots = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for index in 0..<8 {
        group.addTask {
          // Half start from the top of the chain, half from its middle.
          if index.isMultiple(of: 2) {
            return ObjectIdentifier(try await app.resolveAsync(AsyncA.self).b.c)
          }
          return ObjectIdentifier(try await app.resolveAsync(AsyncB.self).c)
        }
      }
      return try await group.reduce(into: Set()) { $0.insert($1) }
    }
    #expect(roots.count == 1)
    #expect(counters.a.count == 1 && counters.b.count == 1 && counters.c.count == 1)
    app.close()
  }

  @Test func failedCreationIsNotCachedAndTheNextResolutionRetries() async throws {
    let counter = CreationCounter()
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        counter.increment()
        await Task.yield()
        if counter.count == 1 { throw Boom() }
        return Session(token: "second")
      }
    }
    let error = await #expect(throws: ViperNestError.self) {
      try await app.resolveAsync(Session.self)
    }
    #expect(error?.code == .factoryFailed)
    #expect(error?.underlyingError is Boom)
    #expect(try await app.resolveAsync(Session.self).token == "second")
    #expect(counter.count == 2)
    app.close()
  }

  @Test func cancelledWaiterStopsWaitingWhileTheCreationCompletesForTheOthers() async throws {
    let gate = Gate()
    let counter = CreationCounter()
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { _ in
        counter.increment()
        await gate.pass()
        return Session(token: "shared")
      }
    }
    // The first waiter starts the creation, then is cancelled: the creation must go on.
    let cancelled = Task { try await app.resolveAsync(Session.self) }
    await gate.waitUntilEntered()
    let patient = Task { try await app.resolveAsync(Session.self) }
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    gate.open()
    let session = try await patient.value
    #expect(session.token == "shared")
    #expect(try await app.resolveAsync(Session.self) === session)
    #expect(counter.count == 1)
    app.close()
  }

  @Test func storyClosedDuringTheCreationNeverHoldsTheInstance() async throws {
    let gate = Gate()
    let built = WeakHolder()
    let app = try start { r in
      r.register(Session.self, lifetime: .story(SessionStory.self)) { _ in
        await gate.pass()
        let session = Session(token: "late")
        built.object = session
        return session
      }
    }
    let story = try app.open(SessionStory.self)
    let waiting = Task { try await story.resolveAsync(Session.self) }
    await gate.waitUntilEntered()
    story.close()
    gate.open()
    let error = await #expect(throws: ViperNestError.self) { try await waiting.value }
    #expect(error?.code == .storyClosed)
    #expect(built.object == nil)
    #expect(story.tree.instances.isEmpty)
    app.close()
  }

  @Test func asyncFactoryResolvingItselfIsACycleNotADeadlock() async throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .app) { r in
        _ = try await r.resolveAsync(Session.self)
        return Session(token: "never")
      }
    }
    let error = await #expect(throws: ViperNestError.self) {
      try await app.resolveAsync(Session.self)
    }
    #expect(error?.code == .circularDependency)
    app.close()
  }

  @Test func twoCreationsAwaitingEachOtherAreACycleNotADeadlock() async throws {
    let gates = (a: Gate(), c: Gate())
    let app = try start { r in
      r.register(AsyncA.self, lifetime: .app) { r in
        await gates.a.pass()
        _ = try await r.resolveAsync(AsyncC.self)
        return await AsyncA(b: AsyncB(c: AsyncC()))
      }
      r.register(AsyncC.self, lifetime: .app) { r in
        await gates.c.pass()
        _ = try await r.resolveAsync(AsyncA.self)
        return await AsyncC()
      }
    }
    let first = Task { try await app.resolveAsync(AsyncA.self) }
    let second = Task { try await app.resolveAsync(AsyncC.self) }
    await gates.a.waitUntilEntered()
    await gates.c.waitUntilEntered()
    gates.a.open()
    gates.c.open()
    let errors = [
      await #expect(throws: ViperNestError.self) { _ = try await first.value },
      await #expect(throws: ViperNestError.self) { _ = try await second.value },
    ]
    #expect(errors.allSatisfy { $0?.code == .circularDependency })
    app.close()
  }

  @Test func graphLifetimeIsRefusedForAsyncFactories() throws {
    let error = try #require(throws: ViperNestError.self) {
      _ = try start { r in
        r.register(Session.self, lifetime: .graph) { _ in
          await Task.yield()
          return Session(token: "x")
        }
      }
    }
    #expect(error.code == .invalidRegistration)
    #expect(error.description.contains("async factory cannot have the `graph` lifetime"))
  }

  // MARK: - Async stories

  @Test(.detectsLeaks) func openAsyncClosesTheStoryWhenTheBodyThrows() async throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .story(SessionStory.self)) { _ in
        await Task.yield()
        return Session(token: "s")
      }
    }
    await #expect(throws: Boom.self) {
      _ = try await app.openAsync(SessionStory.self) { story in
        _ = try await story.resolveAsync(Session.self)
        throw Boom()
      }
    }
    #expect(app.tree.children.isEmpty)
    app.close()
  }

  @Test(.detectsLeaks) func openAsyncClosesTheStoryWhenItsTaskIsCancelled() async throws {
    let gate = Gate()
    let app = try start { r in
      r.register(Session.self, lifetime: .story(SessionStory.self)) { _ in
        await gate.pass()
        return Session(token: "s")
      }
    }
    let opening = Task {
      try await app.openAsync(SessionStory.self) { try await $0.resolveAsync(Session.self) }
    }
    await gate.waitUntilEntered()
    opening.cancel()
    gate.open()
    await #expect(throws: CancellationError.self) { _ = try await opening.value }
    #expect(app.tree.children.isEmpty)
    app.close()
  }

  @Test func openAsyncReturnsTheOpenStoryAndWhatTheBodyResolved() async throws {
    let app = try start { r in
      r.register(Session.self, lifetime: .story(SessionStory.self)) { _ in
        await Task.yield()
        return Session(token: "s")
      }
    }
    let (story, session) = try await app.openAsync(SessionStory.self) {
      try await $0.resolveAsync(Session.self)
    }
    #expect(try story.resolve(Session.self) === session)
    story.close()
    app.close()
  }
}

/// Holds an object weakly, to check that it was released.
final class WeakHolder: @unchecked Sendable {
  // Invariant: `object` is only touched while holding `lock`.
  private let lock = NSLock()
  private weak var stored: AnyObject?
  var object: AnyObject? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
