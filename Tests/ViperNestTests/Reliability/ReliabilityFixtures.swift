import Dispatch
import Foundation
import Testing
import ViperNest

// Helpers shared by the reliability suites: instance census, bounded waits, seeded randomness.

/// Counts instances by label as they are created and deinitialized, from any thread.
final class Census: @unchecked Sendable {
  // Invariant: `created` and `alive` are only touched while holding `lock`.
  private let lock = NSLock()
  private var created: [String: Int] = [:]
  private var alive: [String: Int] = [:]

  func born(_ label: String) {
    lock.withLock {
      created[label, default: 0] += 1
      alive[label, default: 0] += 1
    }
  }

  func died(_ label: String) { lock.withLock { alive[label, default: 0] -= 1 } }

  func created(_ label: String) -> Int { lock.withLock { created[label] ?? 0 } }
  func alive(_ label: String) -> Int { lock.withLock { alive[label] ?? 0 } }

  /// Live instances of every label.
  var totalAlive: Int { lock.withLock { alive.values.reduce(0, +) } }

  /// Live instances per label, for failure messages.
  var aliveByLabel: [String: Int] { lock.withLock { alive.filter { $0.value != 0 } } }
}

/// An instance the census counts: born in `init`, dead in `deinit`.
class Counted: @unchecked Sendable {
  // Invariant: every stored property is a `let` of a Sendable type.
  let census: Census
  let label: String

  init(_ census: Census, _ label: String) {
    self.census = census
    self.label = label
    census.born(label)
  }

  deinit { census.died(label) }
}

/// A thread-safe counter keyed by owner, for "created exactly once per owner" assertions.
final class PerOwnerCounter: @unchecked Sendable {
  // Invariant: `counts` is only touched while holding `lock`.
  private let lock = NSLock()
  private var counts: [ObjectIdentifier: Int] = [:]

  func increment(_ owner: ObjectIdentifier) { lock.withLock { counts[owner, default: 0] += 1 } }
  var all: [ObjectIdentifier: Int] { lock.withLock { counts } }
}

/// A one-shot flag that threads can wait for, with a deadline (never an unbounded wait).
final class Signal: @unchecked Sendable {
  // Invariant: `isSet` is only touched while holding `condition`'s lock.
  private let condition = NSCondition()
  private var isSet = false

  func fire() {
    condition.withLock {
      isSet = true
      condition.broadcast()
    }
  }

  /// Waits until fired or until `seconds` pass; returns whether it fired.
  @discardableResult
  func wait(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    return condition.withLock {
      while !isSet, condition.wait(until: deadline) {}
      return isSet
    }
  }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
  // Invariant: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock { try body(&value) }
  }

  var current: Value { lock.withLock { value } }
}

/// Runs `body(worker)` on `count` new threads at once and waits until every one has returned, up
/// to `seconds`. Returns false, and records an issue naming the workers still running, when they
/// do not all finish in time: that is a deadlock (or a livelock), never a slow machine, given how
/// generous the bound is.
@discardableResult
func runThreads(
  _ count: Int, within seconds: Double, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
  let finished = Locked(Set<Int>())
  let group = DispatchGroup()
  for worker in 0..<count {
    group.enter()
    let thread = Thread {
      body(worker)
      finished.withLock { _ = $0.insert(worker) }
      group.leave()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
  if group.wait(timeout: .now() + seconds) == .success { return true }
  let stuck = Set(0..<count).subtracting(finished.current).sorted()
  Issue.record(
    "Deadlock: workers \(stuck) of \(count) did not finish within \(Int(seconds)) s",
    sourceLocation: sourceLocation)
  return false
}

/// SplitMix64: a small, fast, seedable generator, so a failing case reproduces from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}

/// An integer from the environment (for reproducing a failing seed or running more cases).
func environmentInteger(_ name: String) -> UInt64? {
  guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
  return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
}

/// Asserts that `body` throws a ``ViperNestError`` with `code` whose message contains every one of
/// `fragments`, and returns it.
@discardableResult
func expectError<R>(
  _ code: ViperNestError.Code, containing fragments: [String] = [],
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) -> ViperNestError? {
  do {
    _ = try body()
    Issue.record("Expected \(code), but it succeeded", sourceLocation: sourceLocation)
    return nil
  } catch let error as ViperNestError {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(
        error.description.contains(fragment), "missing \"\(fragment)\" in:\n\(error)",
        sourceLocation: sourceLocation)
    }
    return error
  } catch {
    Issue.record("Expected ViperNestError \(code), got \(error)", sourceLocation: sourceLocation)
    return nil
  }
}
