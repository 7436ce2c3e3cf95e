import Foundation
import ViperNest

/// A latch async factories wait on, so a test controls when a creation finishes, and learns when
/// it has started. Thread-safe.
final class Gate: @unchecked Sendable {
  // Invariant: every stored property is only touched while holding `lock`.
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var entered = 0
  private var enteredWaiters: [(Int, CheckedContinuation<Void, Never>)] = []

  /// Called by a factory: records that it started, then suspends until `open()`.
  func pass() async {
    let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      entered += 1
      let ready = enteredWaiters.filter { $0.0 <= entered }.map(\.1)
      enteredWaiters.removeAll { $0.0 <= entered }
      return ready
    }
    for continuation in ready { continuation.resume() }
    await withCheckedContinuation { continuation in
      let resumeNow = lock.withLock {
        if isOpen { return true }
        waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Lets every factory waiting (and every later one) through.
  func open() {
    let all = lock.withLock {
      isOpen = true
      defer { waiters = [] }
      return waiters
    }
    for continuation in all { continuation.resume() }
  }

  /// Returns once `count` factories have reached the gate.
  func waitUntilEntered(_ count: Int = 1) async {
    await withCheckedContinuation { continuation in
      let now = lock.withLock {
        if entered >= count { return true }
        enteredWaiters.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }
}

/// Async-built services used by the async tests.
final class Session: Sendable {
  let token: String
  init(token: String) { self.token = token }
}

final class Keychain: Sendable {
  init() async { await Task.yield() }
}

final class AsyncC: Sendable {
  init() async { await Task.yield() }
}
final class AsyncB: Sendable {
  let c: AsyncC
  init(c: AsyncC) async {
    await Task.yield()
    self.c = c
  }
}
final class AsyncA: Sendable {
  let b: AsyncB
  init(b: AsyncB) async {
    await Task.yield()
    self.b = b
  }
}

/// A synchronous service that (wrongly) takes an async-built one.
final class SessionBadge: Sendable {
  let session: Session
  init(session: Session) { self.session = session }
}

enum SessionStory: UserStory {}

/// Awaits resolutions isolated to itself, as a main-actor router would.
actor AwaitingActor {
  func resolve<T: Sendable>(_ type: T.Type, from story: Story) async throws -> T {
    try await story.resolveAsync(type)
  }
}
