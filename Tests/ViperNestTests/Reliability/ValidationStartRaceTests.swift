import Foundation
import Synchronization
import Testing

@testable import ViperNest

// `validate()` reads the registrations' ids outside the registry's lock while `start()` may be
// freezing the same registrations on another thread. Run under ThreadSanitizer to see the race
// this guards against (`TSAN_OPTIONS=halt_on_error=1 swift test --sanitize=thread
// --filter ValidationStartRaceTests`): a `start()` that wrote the ids again (the same values) was
// a data race with every validation in flight.

private final class RaceLogger: Sendable {}
private final class RaceStore: Sendable { init(logger: RaceLogger) {} }
private final class RaceDraft: Sendable { init(store: RaceStore) {} }
private final class RaceCheckout: Sendable { init(draft: RaceDraft, logger: RaceLogger) {} }
private struct RaceStory: UserStory {}
private struct RaceInnerStory: UserStory {}

/// Orders the two threads without telling ThreadSanitizer (relaxed atomics are no
/// synchronization to it): a lock, a condition or a thread join would order the accesses it is
/// meant to check.
private final class Phase: Sendable {
  private let value = Atomic<Int>(0)

  func set(_ phase: Int) { value.store(phase, ordering: .relaxed) }

  func wait(for phase: Int) {
    while value.load(ordering: .relaxed) != phase {}
  }
}

struct ValidationStartRaceTests {
  private func makeRegistry() throws -> Registry {
    try Registry(
      AnyAssembly("Race") { r in
        r.register(RaceLogger.self, lifetime: .app, RaceLogger.init)
        r.register(RaceStore.self, lifetime: .app, RaceStore.init(logger:))
        r.story(RaceStory.self) { r in
          r.register(RaceDraft.self, lifetime: .story(RaceStory.self), RaceDraft.init(store:))
        }
        r.story(RaceInnerStory.self, in: RaceStory.self) { r in
          r.register(RaceCheckout.self, RaceCheckout.init(draft:logger:))
        }
      })
  }

  /// The validation graph is taken first (under the lock); then `start()` freezes the same
  /// registrations on another thread, before (even rounds: it waits for the validation to finish)
  /// or after (odd rounds: the validation waits for it) a validation that reads their ids without
  /// the lock. (Swift's runtime takes locks of its own, which ThreadSanitizer counts as ordering,
  /// so the last ids are read right before the hand-over, as the validator reads them.)
  @Test func validationRunningWhileAnotherThreadStartsTheRegistryReadsNoIdBeingWritten() throws {
    let alone = try makeRegistry().validate().description

    for round in 0..<20 {
      let registry = try makeRegistry()
      let graph = registry.validationGraph()
      let phase = Phase()
      let startsAfterValidating = round.isMultiple(of: 2)
      let thread = Thread {
        if startsAfterValidating { phase.wait(for: 1) }
        (try? registry.start(quiet))?.close()
        phase.set(2)
      }
      thread.start()
      if !startsAfterValidating { phase.wait(for: 2) }
      var validator = Validator(graph: graph)
      let report = validator.run()
      var idSum = 0
      for entry in graph.entries { idSum += entry.id }
      if startsAfterValidating {
        phase.set(1)
        phase.wait(for: 2)
      }
      #expect(idSum == (0..<graph.entries.count).reduce(0, +))
      #expect(report.description == alone)
      #expect(registry.validate().description == alone, "validating the started registry")
    }
  }
}
