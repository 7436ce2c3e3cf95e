import Foundation
import Testing

@testable import ViperNest

// Cached instances are read without the story's lock once built (a published pointer, guarded by
// an atomic reader count that `close()` waits out before releasing anything). These tests race
// such reads against `close()` and against each other; under ThreadSanitizer and AddressSanitizer
// in CI, a read of a released instance or an unordered access aborts the run.

enum LockFreeFlowStory: UserStory {}
enum LockFreeStepStory: UserStory {}

final class LockFreeSession: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "session") }
}

final class LockFreeClock: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "clock") }
}

struct LockFreeHitTests {
  private func makeRegistry(_ census: Census) throws -> Registry {
    try Registry(
      AnyAssembly { r in
        r.register(LockFreeClock.self, lifetime: .app) { _ in LockFreeClock(census: census) }
        r.register(LockFreeSession.self, lifetime: .story(LockFreeFlowStory.self)) { _ in
          LockFreeSession(census: census)
        }
      })
  }

  // MARK: - Racing close

  @Test func hitsRacingACloseGetTheStorysInstanceOrStoryClosedAndNeverAReleasedOne() throws {
    let census = Census()
    let app = try makeRegistry(census).start(quiet)
    defer { app.close() }
    let readers = 3
    for round in 0..<200 {
      let flow = try app.open(LockFreeFlowStory.self)
      // Built and published before the readers start: every hit below is a lock-free read.
      let expected = ObjectIdentifier(try flow.resolve(LockFreeSession.self))
      let started = Locked(0)
      let outcomes = Locked<[String]>([])
      let finished = runThreads(readers + 1, within: 60) { worker in
        if worker == readers {
          // The closer: waits until every reader is hitting the story, then closes it.
          while started.current < readers { sched_yield() }
          for _ in 0..<(round % 7) { sched_yield() }
          flow.close()
          return
        }
        started.withLock { $0 += 1 }
        var hits = 0
        while true {
          do {
            let session = try flow.resolve(LockFreeSession.self)
            // The instance is alive and the story's own: the census counts it and the
            // identity matches (a released one would fail here, or abort under the sanitizers).
            if ObjectIdentifier(session) != expected || session.label != "session" {
              outcomes.withLock { $0.append("wrong instance") }
              return
            }
            hits += 1
          } catch let error as ViperNestError {
            outcomes.withLock {
              $0.append(error.code == .storyClosed ? "closed" : "unexpected \(error.code)")
            }
            return
          } catch {
            outcomes.withLock { $0.append("unexpected \(error)") }
            return
          }
        }
      }
      try #require(finished)
      #expect(outcomes.current == Array(repeating: "closed", count: readers), "round \(round)")
      #expect(census.alive("session") == 0, "round \(round): the story's instance is released")
    }
    #expect(census.created("session") == 200, "one instance per story, never rebuilt by a hit")
  }

  @Test func hitsOnAnEnclosingStorysInstanceAreRefusedOnceItCloses() throws {
    let census = Census()
    let app = try makeRegistry(census).start(quiet)
    defer { app.close() }
    let flow = try app.open(LockFreeFlowStory.self)
    let step = try flow.open(LockFreeStepStory.self)
    let fromStep = try step.resolve(LockFreeSession.self)
    let fromFlow = try flow.resolve(LockFreeSession.self)
    #expect(fromStep === fromFlow, "the step sees the flow's")
    flow.close()
    #expect(step.isClosed, "closing the flow closed the step")
    expectError(.storyClosed) { try step.resolve(LockFreeSession.self) }
    expectError(.storyClosed) { try flow.resolve(LockFreeSession.self) }
    // An app singleton was cached by the app story, still open, but the step is closed.
    expectError(.storyClosed) { try step.resolve(LockFreeClock.self) }
    #expect(census.alive("session") == 1, "only the local references keep it")
    withExtendedLifetime((fromStep, fromFlow)) {}
  }

  @Test func concurrentHitsOnOneSingletonShareOneInstance() throws {
    let census = Census()
    let app = try makeRegistry(census).start(quiet)
    defer { app.close() }
    let seen = Locked(Set<ObjectIdentifier>())
    let finished = runThreads(4, within: 60) { _ in
      var local = Set<ObjectIdentifier>()
      for _ in 0..<5_000 {
        guard let clock = try? app.resolve(LockFreeClock.self) else { return }
        local.insert(ObjectIdentifier(clock))
      }
      seen.withLock { $0.formUnion(local) }
    }
    try #require(finished)
    #expect(seen.current.count == 1, "one app singleton, whoever built it")
    #expect(census.created("clock") == 1)
  }

  // MARK: - Children

  @Test func childrenClosedInAnyOrderLeaveTheParentWithExactlyTheOpenOnes() throws {
    let census = Census()
    let app = try makeRegistry(census).start(quiet)
    defer { app.close() }
    let flow = try app.open(LockFreeFlowStory.self)
    var generator = SeededGenerator(seed: 7)
    var open: [Story] = []
    for step in 0..<300 {
      if open.isEmpty || Int.random(in: 0..<3, using: &generator) != 0 {
        open.append(try flow.open(LockFreeStepStory.self))
      } else {
        open.remove(at: Int.random(in: 0..<open.count, using: &generator)).close()
      }
      #expect(flow.tree.children.count == open.count, "step \(step)")
    }
    flow.close()
    let stillOpen = open.filter { !$0.isClosed }
    #expect(stillOpen.isEmpty, "closing the parent closed every child still open")
    #expect(app.tree.children.isEmpty)
  }
}
