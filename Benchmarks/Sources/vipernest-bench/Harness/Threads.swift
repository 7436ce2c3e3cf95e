import Dispatch
import Foundation
import Synchronization

/// Runs `body(thread)` on `count` new threads at once and returns the wall time from the start
/// signal until the last one finished, with the XOR of their digests.
func runConcurrently(
  threads count: Int, _ body: @escaping @Sendable (Int) -> UInt
) -> (nanoseconds: UInt64, digest: UInt) {
  let ready = DispatchSemaphore(value: 0)
  let go = DispatchSemaphore(value: 0)
  let done = DispatchSemaphore(value: 0)
  let results = DigestBox(count: count)
  for index in 0..<count {
    let thread = Thread {
      ready.signal()
      go.wait()
      results.store(body(index), at: index)
      done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  for _ in 0..<count { ready.wait() }
  let start = monotonicNanoseconds()
  for _ in 0..<count { go.signal() }
  for _ in 0..<count { done.wait() }
  let elapsed = monotonicNanoseconds() - start
  return (elapsed, results.combined())
}

/// Per-thread results.
private final class DigestBox: @unchecked Sendable {
  // Invariant that makes this Sendable: each thread writes only its own slot, once, before
  // signalling `done`; the main thread reads only after waiting for every `done` (the semaphore
  // orders the accesses). Slots are separate memory locations, so the writes never overlap.
  private let values: UnsafeMutablePointer<UInt>
  private let count: Int

  init(count: Int) {
    self.count = count
    values = .allocate(capacity: count)
    values.initialize(repeating: 0, count: count)
  }

  deinit { values.deallocate() }

  func store(_ value: UInt, at index: Int) { values[index] = value }
  func combined() -> UInt { (0..<count).reduce(0) { $0 &+ values[$1] } }
}

/// Counts failures on worker threads.
final class FailureCounter: Sendable {
  private let failures = Atomic<Int>(0)
  init() {}
  func record() { failures.add(1, ordering: .relaxed) }
  var count: Int { failures.load(ordering: .relaxed) }
}
