#if canImport(os)
  import os
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

/// A small lock around a value, usable on every deployment target of the package.
///
/// `Synchronization.Mutex` needs iOS 18 / macOS 15; the package supports iOS 16 / macOS 13, so
/// the leak engine carries its own lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t`
/// elsewhere. State and primitive live in one allocation (a `ManagedBuffer`), so locking costs no
/// allocation and no dynamic exclusivity check, and the primitive's address never changes.
struct LeakLock<State>: @unchecked Sendable {
  // Safe because the state is only reached through `withLock`, which holds the primitive for the
  // whole access; the buffer is a class, so every copy of this struct shares one primitive.
  #if canImport(os)
    fileprivate typealias Primitive = os_unfair_lock
  #else
    fileprivate typealias Primitive = pthread_mutex_t
  #endif

  private let buffer: LeakLockBuffer<State>

  init(_ initialState: State) {
    buffer =
      LeakLockBuffer.create(minimumCapacity: 1) { _ in initialState }
      as! LeakLockBuffer<State>
    buffer.withUnsafeMutablePointerToElements { primitive in
      #if canImport(os)
        primitive.initialize(to: os_unfair_lock())
      #else
        primitive.initialize(to: pthread_mutex_t())
        pthread_mutex_init(primitive, nil)
      #endif
    }
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, primitive in
      #if canImport(os)
        os_unfair_lock_lock(primitive)
        defer { os_unfair_lock_unlock(primitive) }
      #else
        pthread_mutex_lock(primitive)
        defer { pthread_mutex_unlock(primitive) }
      #endif
      return try body(&state.pointee)
    }
  }
}

private final class LeakLockBuffer<State>: ManagedBuffer<State, LeakLock<State>.Primitive> {
  // The header (the state) is destroyed by `ManagedBuffer`; the element (the primitive) is ours.
  deinit {
    withUnsafeMutablePointerToElements { primitive in
      #if !canImport(os)
        pthread_mutex_destroy(primitive)
      #endif
      _ = primitive.deinitialize(count: 1)
    }
  }
}
