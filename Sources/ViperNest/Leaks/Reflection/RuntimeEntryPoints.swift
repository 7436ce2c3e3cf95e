// The Swift runtime's internal entry points that ViperNest's leak engine calls: reflection
// (the same ones the standard library's `Mirror` and `_forEachField` use) and reference counting.
//
// Everything here reads metadata the Swift runtime itself uses for `Mirror`: stored-field
// descriptors (name, offset, type, ownership), value witness tables (size, alignment, POD-ness)
// and closure-context capture descriptors. These layouts are ABI on Apple platforms and identical
// on Linux, but the entry points are not public API, so every read is guarded: when a layout is
// not what this code expects, it reports the spot as "not inspected" instead of guessing. It never
// produces an edge it cannot prove, and it only dereferences memory reached through a live object
// it holds a strong reference to, through a field offset the runtime reported, or through a
// metadata record the runtime emitted.
//
// The files of this folder are the only ones of ViperNest that use Swift runtime internals.

import SwiftShims

// MARK: - Runtime entry points

// All of them are exported by libswiftCore with the Swift calling convention; the standard library's
// own reflection (`_forEachField`, `Mirror`) declares them the same way.

@_silgen_name("swift_reflectionMirror_recursiveCount")
func runtimeRecursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
func runtimeRecursiveFieldMetadata(
  _ type: Any.Type,
  index: Int,
  fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
func runtimeRecursiveFieldOffset(_ type: Any.Type, index: Int) -> Int

@_silgen_name("swift_reflectionMirror_count")
func runtimeChildCount<T>(_: T, type: Any.Type) -> Int

typealias NameFreeFunction = @convention(c) (UnsafePointer<CChar>?) -> Void

@_silgen_name("swift_reflectionMirror_subscript")
func runtimeChild<T>(
  of: T,
  type: Any.Type,
  index: Int,
  outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<NameFreeFunction?>
) -> Any

@_silgen_name("swift_getMetadataKind")
func runtimeMetadataKind(_ type: Any.Type) -> UInt

@_silgen_name("swift_getTypeContextDescriptor")
func runtimeTypeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?

// The reference-counting entry points tracked references use (`swift_unownedRetain`,
// `swift_unownedRelease`, `swift_tryRetain`, `swift_isDeallocating`) have the C calling
// convention: they are declared in `CViperNestRefCounting.h` and called directly.
