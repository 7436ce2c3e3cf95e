#if canImport(Darwin)
  import Darwin
#else
  import Dispatch
  import Foundation
#endif

/// Whether the calling code runs on the main actor, where `@MainActor` factories may run.
///
/// On Darwin that is the main thread. On Linux the main actor runs on the main dispatch queue,
/// which is drained by another thread once the process has called `dispatchMain()` (as the test
/// runner does), so the check asks for the main queue first: 30–70 ns, where `Thread.isMainThread`
/// costs about 900 ns (measured on Linux x86_64, Swift 6.3.1, release build).
@inline(__always)
func isMainThread() -> Bool {
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    return DispatchQueue.getSpecific(key: mainQueueKey) != nil || Thread.isMainThread
  #endif
}

#if !canImport(Darwin)
  /// A key set on the main dispatch queue, to recognise code running on it from any thread.
  private let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
  }()
#endif

/// Runs `body`, the body of a `mainActor:` factory, which ``construct`` has already cleared for the
/// main actor (`checkMainThread`: the main thread, or a thread running main-actor code).
///
/// Debug builds also make the runtime confirm it with `MainActor.assumeIsolated`, which traps on a
/// lie such as an explicit wrong `isolation:` argument; release builds call `body` directly: the
/// check cost about 280 instructions and a closure context per layer of every module built.
@inlinable
func callMainActorFactory<T>(_ body: @MainActor () throws -> T) rethrows -> T {
  #if DEBUG
    return try MainActor.assumeIsolated { MainActorHandOff(value: try body()) }.value
  #else
    // Safe by `construct`'s `checkMainThread`, run before any main-actor factory: this code runs
    // on the main actor, so calling its synchronous function directly is what `assumeIsolated`
    // does after checking. A `@MainActor` synchronous function and a plain one have the same
    // representation.
    return try withoutActuallyEscaping(body) { body in
      try unsafeBitCast(body, to: (() throws -> T).self)()
    }
  #endif
}

/// Carries a value out of `MainActor.assumeIsolated`, which only returns `Sendable` values.
@usableFromInline
struct MainActorHandOff<Value>: @unchecked Sendable {
  // Invariant: created and consumed on the main thread within one synchronous call
  // (`MainActor.assumeIsolated` runs its body inline on the calling thread), so the value never
  // crosses threads.
  @usableFromInline let value: Value

  @usableFromInline
  init(value: Value) { self.value = value }
}
