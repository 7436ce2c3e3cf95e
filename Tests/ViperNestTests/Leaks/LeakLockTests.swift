import Foundation
import Testing

@testable import ViperNest

/// The leak engine's lock gives one thread at a time the state, however many contend for it.
struct LeakLockTests {
  @Test func concurrentUpdatesUnderTheLockAreNeverLost() async {
    let lock = LeakLock(0)
    let threads = 4
    let updates = 20_000
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<threads {
        group.addTask {
          for _ in 0..<updates {
            lock.withLock { $0 += 1 }
          }
        }
      }
    }
    #expect(lock.withLock { $0 } == threads * updates)
  }

  @Test func aValueReturnedFromTheLockedSectionIsTheStateItSaw() {
    let lock = LeakLock([1, 2, 3])
    let removed = lock.withLock { $0.removeLast() }
    #expect(removed == 3)
    #expect(lock.withLock { $0 } == [1, 2])
  }
}
