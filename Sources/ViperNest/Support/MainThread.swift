#if canImport(Darwin)
  import Darwin
#else
  import Foundation
#endif

/// Whether the calling thread is the main thread, where `@MainActor` code runs.
@inline(__always)
func isMainThread() -> Bool {
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    return Thread.isMainThread
  #endif
}

/// Carries a value out of `MainActor.assumeIsolated`, which only returns `Sendable` values.
struct MainActorHandOff<Value>: @unchecked Sendable {
  // Invariant: created and consumed on the main thread within one synchronous call
  // (`MainActor.assumeIsolated` runs its body inline on the calling thread), so the value never
  // crosses threads.
  let value: Value
}
