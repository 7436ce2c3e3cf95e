#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

// MARK: - Tracked references

/// A reference that never keeps its object alive and never runs the object's code when checked.
///
/// Native Swift objects are held by their unowned reference count (`swift_unownedRetain`): no
/// side table is allocated, unlike `weak`, and the object's memory stays valid after it deinits
/// until ``release()``, so ``isAlive(keeping:)`` can ask the runtime (`swift_isDeallocating`)
/// without retaining. Objects that may not be native (Objective-C platforms) and runtimes that do
/// not export these functions fall back to a `weak` reference in a box.
struct TrackedReference {
  // Both payloads are trivial, so copying a tracked reference never touches reference counts;
  // `release()` balances the retain taken in `init`.
  private enum Storage {
    case unowned(UnsafeMutableRawPointer)
    case weak(Unmanaged<WeakBox>)
  }

  private let storage: Storage

  /// Starts tracking `object`.
  ///
  /// - Parameters:
  ///   - object: The object; not retained.
  ///   - preferWeak: Use a `weak` box even where unowned counting is available (for tests).
  init(_ object: AnyObject, preferWeak: Bool = false) {
    #if canImport(ObjectiveC)
      storage = .weak(.passRetained(WeakBox(object)))
    #else
      if !preferWeak, let functions = RefCounting.functions {
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        _ = functions.unownedRetain(pointer)
        storage = .unowned(pointer)
      } else {
        storage = .weak(.passRetained(WeakBox(object)))
      }
    #endif
  }

  /// Whether the object has not started deinitializing.
  ///
  /// - Parameter sink: Receives any strong reference the check had to create (only the `weak`
  ///   fallback does); release it after unlocking, so no deinit runs under a lock.
  func isAlive(keeping sink: inout [AnyObject]) -> Bool {
    switch storage {
    case .unowned(let pointer):
      return !RefCounting.functions.unsafelyUnwrapped.isDeallocating(pointer)
    case .weak(let box):
      guard let object = box.takeUnretainedValue().object else { return false }
      sink.append(object)
      return true
    }
  }

  /// A strong reference to the object, or nil once it started deinitializing.
  func load() -> AnyObject? {
    switch storage {
    case .unowned(let pointer):
      guard RefCounting.functions.unsafelyUnwrapped.tryRetain(pointer) != nil else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue()
    case .weak(let box):
      return box.takeUnretainedValue().object
    }
  }

  /// Whether references hold their objects by the unowned count, which keeps an object's memory,
  /// and so its address, reserved until ``release()``.
  static var reservesMemory: Bool {
    #if canImport(ObjectiveC)
      return false
    #else
      return RefCounting.functions != nil
    #endif
  }

  /// Whether this references `object` (which the caller holds strongly). With an unowned
  /// reference the object's memory stays reserved until ``release()``, so its address is
  /// enough; a `weak` reference compares the object it still holds.
  func refers(to object: AnyObject) -> Bool {
    switch storage {
    case .unowned(let pointer):
      return pointer == Unmanaged.passUnretained(object).toOpaque()
    case .weak(let box):
      return box.takeUnretainedValue().object === object
    }
  }

  /// Gives the reference up. Call exactly once, and never use the reference afterwards.
  func release() {
    switch storage {
    case .unowned(let pointer):
      RefCounting.functions.unsafelyUnwrapped.unownedRelease(pointer)
    case .weak(let box):
      box.release()
    }
  }

  /// The `weak` fallback.
  final class WeakBox {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
      self.object = object
    }
  }
}
