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

/// The factory of a `mainActor:` autowired registration: resolves the initializer's parameters and
/// calls it. ``construct`` clears every main-actor factory for the main actor before calling it
/// (`checkMainThread`: the main thread, or a thread running main-actor code).
///
/// Debug builds also make the runtime confirm it with `MainActor.assumeIsolated`, which traps on a
/// lie such as an explicit wrong `isolation:` argument; release builds call the initializer
/// directly: the check cost about 280 instructions and a closure context per layer of every
/// module built.
@inlinable
func mainActorFactory<T, each D>(
  _ initializer: @escaping @MainActor @Sendable (repeat each D) throws -> T
) -> Entry.Make {
  #if DEBUG
    return { r, _, result in
      result.initializeMemory(
        as: T.self,
        to: try MainActor.assumeIsolated {
          MainActorHandOff(value: try initializer(repeat try r.dependency((each D).self)))
        }.value)
    }
  #else
    // Safe by `construct`'s `checkMainThread`, run before any main-actor factory: the factory runs
    // on the main actor, so calling it directly is what `assumeIsolated` does after checking. A
    // `@MainActor` synchronous function and a plain one have the same representation. The cast is
    // of the factory's own concrete function type, so the variadic initializer needs no wrapper
    // struct to be cast in. Benchmark target: `viper-module` (`assumeIsolated` cost about 280
    // instructions and a closure context per layer built).
    let isolated:
      @MainActor @Sendable (Resolver, UnsafeRawPointer, UnsafeMutableRawPointer)
        throws -> Void = { r, _, result in
          result.initializeMemory(
            as: T.self, to: try initializer(repeat try r.dependency((each D).self)))
        }
    return unsafeBitCast(isolated, to: Entry.Make.self)
  #endif
}

/// The factory of a `mainActor:` closure registration (see the autowired form above).
@inlinable
func mainActorFactory<T>(
  _ factory: @escaping @MainActor @Sendable (Resolver) throws -> T
) -> Entry.Make {
  #if DEBUG
    return { r, _, result in
      result.initializeMemory(
        as: T.self,
        to: try MainActor.assumeIsolated { MainActorHandOff(value: try factory(r)) }.value)
    }
  #else
    // Safe for the same reason as the autowired form.
    let plain = unsafeBitCast(factory, to: (@Sendable (Resolver) throws -> T).self)
    return { r, _, result in result.initializeMemory(as: T.self, to: try plain(r)) }
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
