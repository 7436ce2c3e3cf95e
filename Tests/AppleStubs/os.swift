// swift-format-ignore-file
// (C names, as the SDK spells them.)

// A stub of exactly the `os` API that ViperNest's `#if canImport(os)` branches use (the leak
// engine's lock), so that Linux CI type-checks them (.ci/typecheck-apple.sh). Declarations have the
// shape the Swift importer gives the SDK's <os/lock.h> (inside `OS_ASSUME_NONNULL_BEGIN`, so its
// pointers import as non-optional). Nothing here runs.

/// `typedef struct os_unfair_lock_s { uint32_t _os_unfair_lock_opaque; } os_unfair_lock, *os_unfair_lock_t;`
public struct os_unfair_lock_s {
  public var _os_unfair_lock_opaque: UInt32

  public init() { _os_unfair_lock_opaque = 0 }
}

/// `os_unfair_lock`
public typealias os_unfair_lock = os_unfair_lock_s

/// `os_unfair_lock_t`
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>

/// `void os_unfair_lock_lock(os_unfair_lock_t lock);`
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) {}

/// `void os_unfair_lock_unlock(os_unfair_lock_t lock);`
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) {}
