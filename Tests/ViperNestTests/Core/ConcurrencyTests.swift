import Dispatch
import Foundation
import Testing
import ViperNest

struct ConcurrencyTests {
  final class Expensive: @unchecked Sendable {
    // Invariant: immutable after init.
    init(counter: CreationCounter) {
      counter.increment()
      // Widen the race window without sleeping: burn a little CPU.
      var x = 0
      for i in 0..<20_000 { x &+= i }
      precondition(x != -1)
    }
  }

  @Test func appSingletonIsCreatedExactlyOnceUnderRacingFirstAccess() throws {
    for _ in 0..<20 {
      let counter = CreationCounter()
      let app = try start { r in
        r.register(Expensive.self, lifetime: .app) { _ in Expensive(counter: counter) }
      }
      let results = ResultBox<ObjectIdentifier>()
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        if let value = try? app.resolve(Expensive.self) { results.append(ObjectIdentifier(value)) }
      }
      #expect(counter.count == 1)
      #expect(Set(results.all).count == 1)
      #expect(results.all.count == 8)
      app.close()
    }
  }

  @Test func storySingletonIsCreatedOncePerStoryUnderRacingAccess() throws {
    let counter = CreationCounter()
    let app = try start { r in
      r.register(Expensive.self, lifetime: .story(ContactsStory.self)) { _ in
        Expensive(counter: counter)
      }
    }
    let stories = try (0..<4).map { _ in try app.open(ContactsStory.self) }
    let results = ResultBox<(Int, ObjectIdentifier)>()
    DispatchQueue.concurrentPerform(iterations: 32) { index in
      let story = stories[index % 4]
      if let value = try? story.resolve(Expensive.self) {
        results.append((index % 4, ObjectIdentifier(value)))
      }
    }
    #expect(counter.count == 4)
    for storyIndex in 0..<4 {
      #expect(Set(results.all.filter { $0.0 == storyIndex }.map(\.1)).count == 1)
    }
    for story in stories { story.close() }
  }

  @Test func noLockIsHeldWhileAFactoryRuns() throws {
    // The slow factory blocks until another thread has resolved something else from the same
    // story; with a registry-wide lock held during factories this would never finish.
    final class Gate: @unchecked Sendable {
      // Invariant: the semaphore is thread-safe.
      let semaphore = DispatchSemaphore(value: 0)
    }
    final class Slow: @unchecked Sendable {
      // Invariant: immutable after init.
      init(gate: Gate) { _ = gate.semaphore.wait(timeout: .now() + 10) }
    }
    let gate = Gate()
    let app = try start { r in
      r.register(Gate.self, lifetime: .app) { _ in gate }
      r.register(Slow.self, lifetime: .app, Slow.init(gate:))
      r.register(Leaf.self, lifetime: .app, Leaf.init)
    }
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = try? app.resolve(Slow.self)
      done.signal()
    }
    // Resolve other services while the factory runs, then release it.
    var resolved = 0
    for _ in 0..<100 where (try? app.resolve(Leaf.self)) != nil { resolved += 1 }
    gate.semaphore.signal()
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(resolved == 100)
    app.close()
  }

  @Test func singletonsWaitingForEachOtherAcrossThreadsReportACycleInsteadOfDeadlocking() throws {
    final class Left: @unchecked Sendable {
      // Invariant: immutable after init.
      init(right: Provider<Right>, gate: Rendezvous) {
        gate.arrive()
        _ = try? right()
      }
    }
    final class Right: @unchecked Sendable {
      // Invariant: immutable after init.
      init(left: Provider<Left>, gate: Rendezvous) {
        gate.arrive()
        _ = try? left()
      }
    }
    let gate = Rendezvous(parties: 2)
    let app = try start { r in
      r.register(Rendezvous.self, lifetime: .app) { _ in gate }
      r.register(Left.self, lifetime: .app, Left.init(right:gate:))
      r.register(Right.self, lifetime: .app, Right.init(left:gate:))
    }
    let group = DispatchGroup()
    let outcomes = ResultBox<String>()
    for resolveLeft in [true, false] {
      DispatchQueue.global().async(group: group) {
        do {
          if resolveLeft { _ = try app.resolve(Left.self) } else { _ = try app.resolve(Right.self) }
          outcomes.append("ok")
        } catch let error as ViperNestError {
          outcomes.append("\(error.code)")
        } catch {
          outcomes.append("other")
        }
      }
    }
    #expect(group.wait(timeout: .now() + 20) == .success, "threads deadlocked")
    #expect(outcomes.all.count == 2)
    app.close()
  }

  @Test func concurrentResolveOpenAndCloseKeepCountsRight() throws {
    let counter = CreationCounter()
    let app = try start { r in
      registerContacts(r)
      r.register(Expensive.self, lifetime: .app) { _ in Expensive(counter: counter) }
      r.register(Draft.self, lifetime: .story(AddContactStory.self), Draft.init)
    }
    let failures = ResultBox<String>()
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for round in 0..<200 {
        do {
          let contacts = try app.open(ContactsStory.self)
          let add = try contacts.open(AddContactStory.self)
          let presenter = try add.resolve((any ContactListPresenting).self)
          let again = try contacts.resolve((any ContactListPresenting).self)
          if presenter.interactor.store !== again.interactor.store {
            failures.append("store not shared in story (worker \(worker), round \(round))")
          }
          _ = try add.resolve(Expensive.self)
          _ = try add.resolve(Draft.self)
          if round.isMultiple(of: 2) { add.close() }
          contacts.close()
          if !add.isClosed { failures.append("child left open") }
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    #expect(counter.count == 1)
    #expect(app.tree.children.isEmpty)
    #expect(app.tree.instances == ["Expensive (app)"])
    app.close()
  }
}

/// Collects values from any thread.
final class ResultBox<Value>: @unchecked Sendable {
  // Invariant: `values` is only touched while holding `lock`.
  private let lock = NSLock()
  private var values: [Value] = []
  func append(_ value: Value) { lock.withLock { values.append(value) } }
  var all: [Value] { lock.withLock { values } }
}

/// Lets `parties` threads wait until all of them have arrived (bounded, so a bug cannot hang).
final class Rendezvous: @unchecked Sendable {
  // Invariant: `arrived` is only touched while holding `condition`'s lock.
  private let condition = NSCondition()
  private var arrived = 0
  private let parties: Int
  init(parties: Int) { self.parties = parties }
  func arrive() {
    condition.lock()
    arrived += 1
    condition.broadcast()
    let deadline = Date().addingTimeInterval(5)
    while arrived < parties, condition.wait(until: deadline) {}
    condition.unlock()
  }
}
