import Dispatch
import Foundation
import Testing
import ViperNest

// Resolving from Swift concurrency: many tasks, main-actor code, and cancellation.

@MainActor final class StressScreen {
  let presenter: StressPresenter
  init(presenter: StressPresenter) { self.presenter = presenter }
}

struct TaskResolutionTests {
  @Test(.timeLimit(.minutes(2)))
  func manyTasksAndMainActorCodeResolvingAtOnceShareEverySingleton() async throws {
    let census = Census()
    let flows = PerOwnerCounter()
    let app = try Registry(
      AnyAssembly { r in
        registerStressGraph(r, census: census, flows: flows)
        r.register(StressScreen.self, mainActor: StressScreen.init(presenter:))
      }
    ).start(quiet)
    let flow = try app.open(StressFlowStory.self)

    enum Seen: Sendable, Hashable {
      case analytics(ObjectIdentifier)
      case flow(ObjectIdentifier)
      case screen
    }
    let seen = try await withThrowingTaskGroup(of: [Seen].self) { group in
      for index in 0..<400 {
        if index.isMultiple(of: 4) {
          group.addTask { @MainActor in
            let screen = try flow.resolve(StressScreen.self)
            return [.screen, .flow(ObjectIdentifier(screen.presenter.interactor.flow))]
          }
        } else {
          group.addTask {
            let analytics = try flow.resolve(StressAnalytics.self)
            let presenter = try flow.resolve(StressPresenter.self)
            try flow.withStory(StressStepStory.self) { step in
              _ = try step.resolve(StepState.self)
            }
            return [
              .analytics(ObjectIdentifier(analytics)),
              .flow(ObjectIdentifier(presenter.interactor.flow)),
            ]
          }
        }
      }
      return try await group.reduce(into: [Seen]()) { $0.append(contentsOf: $1) }
    }
    #expect(seen.filter { $0 == .screen }.count == 100)
    #expect(Set(seen.filter { if case .analytics = $0 { true } else { false } }).count == 1)
    #expect(Set(seen.filter { if case .flow = $0 { true } else { false } }).count == 1)
    #expect(census.created("app") == 3)
    #expect(census.created("flow") == 1)
    #expect(census.created("step") == 300)
    flow.close()
    #expect(census.totalAlive == 3, "\(census.aliveByLabel)")
    app.close()
    #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
  }

  /// A factory that, on its first run, waits until the task resolving it is cancelled and then
  /// throws `CancellationError`, as cancellation-aware factories do.
  final class CancellableFactory: @unchecked Sendable {
    // Invariant: `attempts` is only touched while holding `lock`; the signals are thread-safe.
    let entered = Signal()
    let cancelled = Signal()
    private let lock = NSLock()
    private var attempts = 0

    func build(census: Census) throws -> StressClock {
      let attempt = lock.withLock {
        attempts += 1
        return attempts
      }
      if attempt == 1 {
        entered.fire()
        cancelled.wait(seconds: 60)
        try Task.checkCancellation()
      }
      return StressClock(census: census)
    }

    var attemptCount: Int { lock.withLock { attempts } }
  }

  @Test(.timeLimit(.minutes(2)))
  func cancellingATaskMidResolveLeavesNoHalfCreatedSingleton() async throws {
    let census = Census()
    let factory = CancellableFactory()
    let app = try start { r in
      r.register(StressClock.self, lifetime: .app) { _ in try factory.build(census: census) }
    }
    let task = Task { try app.resolve(StressClock.self) }
    // Cancel from a plain thread (no cooperative thread is blocked on it), once the factory runs;
    // then let another thread ask for the same singleton while the first attempt is unwinding.
    let other = Locked<Result<ObjectIdentifier, any Error>?>(nil)
    let helperDone = Signal()
    Thread {
      guard factory.entered.wait(seconds: 60) else { return helperDone.fire() }
      task.cancel()
      factory.cancelled.fire()
      other.withLock { $0 = Result { ObjectIdentifier(try app.resolve(StressClock.self)) } }
      helperDone.fire()
    }.start()

    let error = await #expect(throws: ViperNestError.self) { try await task.value }
    #expect(error?.code == .factoryFailed)
    #expect(error?.underlyingError is CancellationError)
    #expect(error?.description.contains("nothing was cached, the next resolve retries") == true)
    #expect(helperDone.wait(seconds: 60))

    // The other thread built it (or it is built now), exactly once, and it is the cached one.
    let clock = ObjectIdentifier(try app.resolve(StressClock.self))
    if case .success(let identifier)? = other.current {
      #expect(identifier == clock)
    } else {
      Issue.record("the other thread failed: \(String(describing: other.current))")
    }
    #expect(census.created("app") == 1)
    #expect(factory.attemptCount == 2)
    #expect(app.tree.instances == ["StressClock (app)"])
    app.close()
    #expect(census.totalAlive == 0)
  }

  @Test func cancelledTaskWhoseFactoryIgnoresCancellationCachesACompleteSingleton() async throws {
    let census = Census()
    let app = try start { r in
      r.register(StressClock.self, lifetime: .app) { _ in StressClock(census: census) }
    }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return ObjectIdentifier(try app.resolve(StressClock.self))
    }
    let identifier = try await task.value
    #expect(identifier == ObjectIdentifier(try app.resolve(StressClock.self)))
    #expect(census.created("app") == 1)
    app.close()
    #expect(census.totalAlive == 0)
  }
}
