import Foundation
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

  @Test func validationRunningWhileAnotherThreadStartsTheRegistryReadsNoIdBeingWritten() throws {
    let registry = try makeRegistry()
    let alone = registry.validate().description

    for _ in 0..<20 {
      let registry = try makeRegistry()
      // The validation graph is taken first (under the lock), then `start()` freezes the same
      // registrations on another thread while this one validates them without the lock.
      let graph = registry.validationGraph()
      let started = Signal()
      let thread = Thread {
        _ = try? registry.start()
        started.fire()
      }
      thread.start()
      var validator = Validator(graph: graph)
      let report = validator.run()
      #expect(started.wait(seconds: 60))
      #expect(report.description == alone)
      #expect(registry.validate().description == alone, "validating the started registry")
    }
  }
}
