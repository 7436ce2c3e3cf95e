// swift-format-ignore-file
// (C names, as the SDK spells them.)

// A stub of exactly the `os` API that ViperNest's `#if canImport(os)` branches use (the leak
// engine's lock; the logger and signposter of SystemLog), so that Linux CI type-checks them
// (.ci/typecheck-apple.sh). Declarations have the shape the Swift importer gives the SDK's
// <os/lock.h> (inside `OS_ASSUME_NONNULL_BEGIN`, so its pointers import as non-optional), and the
// shape of the Swift overlay's Logger and OSSignposter. Nothing here runs.

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

// MARK: - Logging and signposts (SystemLog): the shapes of the SDK's Swift overlay, os/Logger.swift
// and os/OSSignposter.swift (iOS 14 / iOS 15). `OSLogMessage` is built by string interpolation.

/// `public enum OSLogPrivacy` (a struct in the SDK; only `.public` is used).
public struct OSLogPrivacy: Sendable {
  public static let `public` = OSLogPrivacy()
  public static let `private` = OSLogPrivacy()
  public static let auto = OSLogPrivacy()
}

/// `public struct OSLogInterpolation: StringInterpolationProtocol`
public struct OSLogInterpolation: StringInterpolationProtocol {
  public init(literalCapacity: Int, interpolationCount: Int) {}
  public mutating func appendLiteral(_ literal: String) {}
  /// `mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String,
  ///   align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto)`
  public mutating func appendInterpolation(
    _ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .auto
  ) {}
}

/// `public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral`
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
  public init(stringInterpolation: OSLogInterpolation) {}
  public init(stringLiteral value: String) {}
}

/// `@available(iOS 14.0, macOS 11.0, *) public struct Logger: @unchecked Sendable`
public struct Logger: @unchecked Sendable {
  /// `public init(subsystem: String, category: String)`
  public init(subsystem: String, category: String) {}
  /// `public func warning(_ message: OSLogMessage)`
  public func warning(_ message: OSLogMessage) {}
}

/// `@available(iOS 15.0, macOS 12.0, *) public struct OSSignpostID: Sendable`
public struct OSSignpostID: Sendable {}

/// `@available(iOS 15.0, macOS 12.0, *) public final class OSSignpostIntervalState: Codable, Sendable`
public final class OSSignpostIntervalState: Sendable {}

/// `@available(iOS 15.0, macOS 12.0, *) public struct OSSignposter: @unchecked Sendable`
public struct OSSignposter: @unchecked Sendable {
  /// `public init(subsystem: String, category: String)`
  public init(subsystem: String, category: String) {}
  /// `public var isEnabled: Bool { get }`
  public var isEnabled: Bool { false }
  /// `public func makeSignpostID() -> OSSignpostID`
  public func makeSignpostID() -> OSSignpostID { OSSignpostID() }
  /// `public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive,
  ///   _ message: OSLogMessage) -> OSSignpostIntervalState`
  public func beginInterval(
    _ name: StaticString, id: OSSignpostID, _ message: OSLogMessage
  ) -> OSSignpostIntervalState { OSSignpostIntervalState() }
  /// `public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState)`
  public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {}
}
