// swift-format-ignore-file
// (C names, as the SDK spells them.)

// A stub of exactly the `ObjectiveC` API that ViperNest's `#if canImport(ObjectiveC)` branches
// use, for .ci/typecheck-apple.sh. Most of those branches only choose the Apple-platform path
// (tracked references as `weak` boxes, the detector's enable flag, `os_unfair_lock` instead of
// `Synchronization`); the leak walker reads Objective-C classes' instance variables
// (Leaks/Reflection/ObjectiveCIvars.swift) with the <objc/runtime.h> functions below. Each has the
// shape the Swift importer gives the SDK's declaration (quoted above it; the header annotates
// nullability explicitly). A branch that starts using more Objective-C API must add exactly that
// API here. Nothing here runs: the bodies only satisfy the compiler.

// MARK: - Instance variables (<objc/runtime.h>)

/// `typedef struct objc_ivar *Ivar;` (an incomplete struct, so an opaque pointer)
public typealias Ivar = OpaquePointer

/// `Ivar _Nonnull * _Nullable class_copyIvarList(Class _Nullable cls, unsigned int * _Nullable outCount);`
public func class_copyIvarList(
  _ cls: AnyClass?, _ outCount: UnsafeMutablePointer<UInt32>?
) -> UnsafeMutablePointer<Ivar>? { nil }

/// `const char * _Nullable ivar_getName(Ivar _Nonnull v);`
public func ivar_getName(_ v: Ivar) -> UnsafePointer<CChar>? { nil }

/// `const char * _Nullable ivar_getTypeEncoding(Ivar _Nonnull v);`
public func ivar_getTypeEncoding(_ v: Ivar) -> UnsafePointer<CChar>? { nil }

/// `ptrdiff_t ivar_getOffset(Ivar _Nonnull v);`
public func ivar_getOffset(_ v: Ivar) -> Int { 0 }

/// `const uint8_t * _Nullable class_getIvarLayout(Class _Nullable cls);`
public func class_getIvarLayout(_ cls: AnyClass?) -> UnsafePointer<UInt8>? { nil }
