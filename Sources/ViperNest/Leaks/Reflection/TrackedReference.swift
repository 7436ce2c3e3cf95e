#if !canImport(ObjectiveC)
  internal import CViperNestAtomics
#endif

// MARK: - Tracked references

/// A reference that never keeps its object alive and never runs the object's code when checked.
///
/// Native Swift objects are held by their unowned reference count (`swift_unownedRetain`): no
/// side table is allocated, unlike `weak`, and the object's memory stays valid after it deinits
/// until ``release()``, so ``isAlive(keeping:)`` can ask the runtime (`swift_isDeallocating`)
/// without retaining. Objects that may not be native (Objective-C platforms) fall back to a `weak`
/// reference in a box.
///
/// One word: the object's address, or the retained box's address with the low bit set (both are
/// at least pointer-aligned), so a list of references copies as plain words.
struct TrackedReference {
  // Trivial, so copying a tracked reference never touches reference counts; `release()` balances
  // the retain taken in `init`.
  private let bits: UnsafeMutableRawPointer

  /// Starts tracking `object`.
  ///
  /// - Parameters:
  ///   - object: The object; not retained.
  ///   - preferWeak: Use a `weak` box even where unowned counting is available (for tests).
  @inline(__always)
  init(_ object: AnyObject, preferWeak: Bool = false) {
    #if canImport(ObjectiveC) || VIPERNEST_APPLE_TRACKING
      bits = Self.boxed(object)
    #else
      if preferWeak {
        bits = Self.boxed(object)
      } else {
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        _ = swift_unownedRetain(pointer)
        bits = pointer
      }
    #endif
  }

  private static func boxed(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(WeakBox(object)).toOpaque() + 1
  }

  /// The `weak` box, when this reference uses one.
  private var box: WeakBox? {
    guard UInt(bitPattern: bits) & 1 != 0 else { return nil }
    return Unmanaged<WeakBox>.fromOpaque(bits - 1).takeUnretainedValue()
  }

  /// Whether the object has not started deinitializing.
  ///
  /// - Parameter sink: Receives any strong reference the check had to create (only the `weak`
  ///   fallback does); release it after unlocking, so no deinit runs under a lock.
  @inline(__always)
  func isAlive(keeping sink: inout [AnyObject]) -> Bool {
    #if !canImport(ObjectiveC) && !VIPERNEST_APPLE_TRACKING
      if UInt(bitPattern: bits) & 1 == 0 { return !swift_isDeallocating(bits) }
    #endif
    return isAliveInBox(keeping: &sink)
  }

  private func isAliveInBox(keeping sink: inout [AnyObject]) -> Bool {
    guard let object = box.unsafelyUnwrapped.object else { return false }
    sink.append(object)
    return true
  }

  /// A strong reference to the object, or nil once it started deinitializing.
  func load() -> AnyObject? {
    #if !canImport(ObjectiveC) && !VIPERNEST_APPLE_TRACKING
      if UInt(bitPattern: bits) & 1 == 0 {
        guard swift_tryRetain(bits) != nil else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(bits).takeRetainedValue()
      }
    #endif
    return box.unsafelyUnwrapped.object
  }

  /// Whether this references `object` (which the caller holds strongly). With an unowned
  /// reference the object's memory stays reserved until ``release()``, so its address is
  /// enough; a `weak` reference compares the object it still holds.
  func refers(to object: AnyObject) -> Bool {
    if let box { return box.object === object }
    return bits == Unmanaged.passUnretained(object).toOpaque()
  }

  /// Gives the reference up. Call exactly once, and never use the reference afterwards.
  @inline(__always)
  func release() {
    #if !canImport(ObjectiveC) && !VIPERNEST_APPLE_TRACKING
      if UInt(bitPattern: bits) & 1 == 0 {
        swift_unownedRelease(bits)
        return
      }
    #endif
    Unmanaged<WeakBox>.fromOpaque(bits - 1).release()
  }

  /// The `weak` fallback.
  final class WeakBox {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
      self.object = object
    }
  }
}
