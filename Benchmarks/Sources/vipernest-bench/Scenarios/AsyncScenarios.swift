import Dispatch
import Synchronization
import ViperNest

// Issue 13's async resolution, side by side with what it is measured against.

/// How many times a factory ran (construction counting).
final class BuildCount: Sendable {
  let value = Atomic<Int>(0)
  func record() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

/// An app singleton built by an async factory.
final class AsyncConfiguration: Sendable {
  let retries = 3
  init() async {}
}

/// A transient built by an async initializer that does not suspend (the cost measured is the
/// container's, not a suspension's).
final class AsyncLeaf: Sendable {
  init() async {}
}

/// Awaits `AsyncLeaf()` by hand, not inlined (as `HandWiring.makeLeaf` is for `Leaf`).
@inline(never)
func makeAsyncLeafByHand() async -> AsyncLeaf { await AsyncLeaf() }

/// A nonisolated async call that does not suspend, opaque to the optimizer: what an initializer
/// that awaits something (a keychain read, a file load) does at the least.
@inline(never)
func awaitedStep() async -> Int { 1 }

/// A transient whose async initializer awaits a nonisolated call, as a real one does. Unlike
/// `AsyncLeaf`'s empty body, it keeps the initializer's executor switch in the hand-written call
/// too (Swift removes the switch of an `async` body that awaits nothing).
final class AwaitingAsyncLeaf: Sendable {
  let steps: Int
  init() async { steps = await awaitedStep() }
}

/// Awaits `AwaitingAsyncLeaf()` by hand, not inlined.
@inline(never)
func makeAwaitingAsyncLeafByHand() async -> AwaitingAsyncLeaf { await AwaitingAsyncLeaf() }

/// Runs `batch` to completion on the cooperative pool and returns its result, blocking the
/// calling thread (the harness's contenders are synchronous). One task per timed batch: its
/// creation is spread over the batch's iterations.
func awaitBatch(_ batch: @escaping @Sendable () async throws -> UInt) throws -> UInt {
  final class Outcome: @unchecked Sendable {
    // Invariant: written by the task before it signals, read after the wait returns.
    var result: Result<UInt, any Error> = .success(0)
  }
  let outcome = Outcome()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    do { outcome.result = .success(try await batch()) } catch { outcome.result = .failure(error) }
    done.signal()
  }
  done.wait()
  return try outcome.result.get()
}

/// An actor-isolated caller, the way an app awaits the container: a router or presenter on the
/// main actor awaiting the next module. The harness's main thread is busy timing (it blocks on
/// each batch), so the main actor cannot run these batches; an actor's executor stands in for
/// it: every hop off the caller's actor and back is a real suspension and re-enqueue, as it is
/// on the main actor.
actor IsolatedCaller {
  /// Runs `batch` isolated to this actor.
  func run(
    _ batch: @Sendable (isolated IsolatedCaller) async throws -> UInt
  ) async rethrows -> UInt {
    try await batch(self)
  }
}

/// `async-hit`: await a cached async app singleton, against `app-hit` (a synchronous cached hit)
/// in the same rounds.
enum AsyncHitScenario {
  static let id = "async-hit"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let builds = BuildCount()
    let app = try OursWiring.startApp { r in
      r.register(AsyncConfiguration.self, lifetime: .app) { _ in
        builds.record()
        return await AsyncConfiguration()
      }
    }
    defer { app.close() }
    try require(
      try awaitBatch {
        let first = try await app.resolveAsync(AsyncConfiguration.self)
        let second = try await app.resolveAsync(AsyncConfiguration.self)
        return first === second ? 1 : 0
      } == 1, "ViperNest async singleton is shared")
    let measurement = try runner.measure([
      Contender("ours") { n in
        try awaitBatch {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(try await app.resolveAsync(AsyncConfiguration.self)) }
          return sum
        }
      },
      Contender("ours-actor") { n in
        let caller = IsolatedCaller()
        return try awaitBatch {
          try await caller.run { _ in
            var sum: UInt = 0
            for _ in 0..<n { sum &+= digest(try await app.resolveAsync(AsyncConfiguration.self)) }
            return sum
          }
        }
      },
      Contender("app-hit") { n in
        var sum: UInt = 0
        for _ in 0..<n { sum &+= digest(try app.resolve(AppConfiguration.self)) }
        return sum
      },
    ])
    try require(builds.count == 1, "the async singleton was built once, for every round")
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.checks = [
      .ratio(measurement, "ours", over: "app-hit", atMost: 2, "≤ 2× app-hit in the same rounds"),
      .ratio(
        measurement, "ours-actor", over: "app-hit", atMost: 2,
        "≤ 2× app-hit, awaited from an actor"),
    ]
    result.notes = [
      "app-hit in the same rounds: \(Format.duration(measurement.median("app-hit"))); awaited "
        + "from an actor (as a main-actor router would): "
        + "\(Format.duration(measurement.median("ours-actor"))). Each batch of awaits runs in "
        + "one detached task (its creation spread over the batch)."
    ]
    return result
  }
}

/// `async-transient`: await an async transient, against awaiting its initializer by hand.
enum AsyncTransientScenario {
  static let id = "async-transient"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let app = try OursWiring.startApp { r in
      r.register(AsyncLeaf.self, AsyncLeaf.init)
      r.register(AwaitingAsyncLeaf.self, AwaitingAsyncLeaf.init)
    }
    defer { app.close() }
    try require(
      try awaitBatch {
        let first = try await app.resolveAsync(AsyncLeaf.self)
        let second = try await app.resolveAsync(AsyncLeaf.self)
        return first !== second ? 1 : 0
      } == 1, "ViperNest async leaf is transient")
    try require(
      try awaitBatch {
        let first = try await app.resolveAsync(AwaitingAsyncLeaf.self)
        let second = try await app.resolveAsync(AwaitingAsyncLeaf.self)
        return first !== second ? 1 : 0
      } == 1, "ViperNest awaiting async leaf is transient")
    let measurement = try runner.measure([
      Contender("ours") { n in
        try awaitBatch {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(try await app.resolveAsync(AsyncLeaf.self)) }
          return sum
        }
      },
      Contender("handwired") { n in
        try awaitBatch {
          var sum: UInt = 0
          for _ in 0..<n { sum &+= digest(await makeAsyncLeafByHand()) }
          return sum
        }
      },
      Contender("ours-actor") { n in
        let caller = IsolatedCaller()
        return try awaitBatch {
          try await caller.run { _ in
            var sum: UInt = 0
            for _ in 0..<n { sum &+= digest(try await app.resolveAsync(AsyncLeaf.self)) }
            return sum
          }
        }
      },
      Contender("handwired-actor") { n in
        let caller = IsolatedCaller()
        return try awaitBatch {
          await caller.run { _ in
            var sum: UInt = 0
            for _ in 0..<n { sum &+= digest(await makeAsyncLeafByHand()) }
            return sum
          }
        }
      },
      // Reported alongside, no target: an initializer that awaits something, from an actor.
      Contender("ours-awaiting-actor") { n in
        let caller = IsolatedCaller()
        return try awaitBatch {
          try await caller.run { _ in
            var sum: UInt = 0
            for _ in 0..<n { sum &+= digest(try await app.resolveAsync(AwaitingAsyncLeaf.self)) }
            return sum
          }
        }
      },
      Contender("handwired-awaiting-actor") { n in
        let caller = IsolatedCaller()
        return try awaitBatch {
          await caller.run { _ in
            var sum: UInt = 0
            for _ in 0..<n { sum &+= digest(await makeAwaitingAsyncLeafByHand()) }
            return sum
          }
        }
      },
    ])
    var result = ScenarioResult(id: id)
    result.rounds = runner.settings.rounds
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    result.checks = [
      .ratio(measurement, "ours", over: "handwired", atMost: 1.5, "≤ 1.5× awaiting it by hand"),
      .ratio(
        measurement, "ours-actor", over: "handwired-actor", atMost: 1.5,
        "≤ 1.5× awaiting it by hand, both from an actor"),
    ]
    result.notes = [
      "Hand-written = `await AsyncLeaf()` in a non-inlined async function, in the same kind of "
        + "detached task per batch. From an actor (as a main-actor router would): ours "
        + "\(Format.duration(measurement.median("ours-actor"))), by hand "
        + "\(Format.duration(measurement.median("handwired-actor"))). Neither leaves the actor: "
        + "the empty nonisolated initializer depends on no executor, so the optimizer drops its "
        + "hop in both.",
      "With an initializer that awaits a nonisolated call (as a real one does), from an actor, no "
        + "target: ours \(Format.duration(measurement.median("ours-awaiting-actor"))), by hand "
        + "\(Format.duration(measurement.median("handwired-awaiting-actor"))), "
        + "\(Format.ratio(measurement.ratio("ours-awaiting-actor", over: "handwired-awaiting-actor")))"
        + "; both hop off the actor and back.",
    ]
    return result
  }
}
