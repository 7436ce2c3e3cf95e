// MARK: - Containers

/// Standard-library containers whose elements the walker visits.
protocol ReflectableContainer: SendableMetatype {
  /// Calls `body` with the address, type and path label of each element.
  static func forEachElement(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void)
  /// The types `forEachElement` hands to `body` for each element (`Any` for `AnyHashable`).
  static var elementTypes: [Any.Type] { get }
  /// How many elements the container at `pointer` holds.
  static func elementCount(at pointer: UnsafeRawPointer) -> Int
  /// For contiguous arrays: calls `body` with the address of the first element, the element
  /// count, the element stride and the index of the first element; false for other containers.
  static func withContiguousElements(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Int, Int, Int) -> Void
  ) -> Bool
}

extension ReflectableContainer {
  static func withContiguousElements(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Int, Int, Int) -> Void
  ) -> Bool {
    false
  }
}

/// Where a container element sits, turned into text only when a path needs it.
enum ElementLabel {
  /// The element is the container's value itself (`AnyHashable`).
  case none
  /// `[index]`.
  case index(Int)
  /// `[#position]`.
  case position(Int)
  /// `keys[#position]`.
  case keyPosition(Int)
  /// The label of a dictionary value: `["name"]` for string keys, `[42]` for integer keys,
  /// `[#position]` otherwise; never calls user code. The key (of the given type) is read only
  /// when the label is turned into text, while the container walk that made it is running.
  case valueOfKey(UnsafeRawPointer, Any.Type, position: Int)

  var isEmpty: Bool {
    if case .none = self { return true }
    return false
  }

  var text: String {
    switch self {
    case .none: return ""
    case .index(let index): return "[" + String(index) + "]"
    case .position(let position): return "[#\(position)]"
    case .keyPosition(let position): return "keys[#\(position)]"
    case .valueOfKey(let pointer, let keyType, let position):
      func load<Key>(_: Key.Type) -> Any {
        pointer.assumingMemoryBound(to: Key.self).pointee
      }
      let key = _openExistential(keyType, do: load)
      return switch key {
      case let key as String: "[\"\(key)\"]"
      case let key as Int: "[\(key)]"
      default: "[#\(position)]"
      }
    }
  }
}

/// `Optional`, projected without casting (a value cast would unwrap it).
protocol ReflectableOptional: SendableMetatype {
  /// Whether the optional at `pointer` holds a value; the value then sits at `pointer` too (a
  /// single-payload enum keeps its payload at offset 0).
  static func isSome(at pointer: UnsafeRawPointer) -> Bool
  /// The wrapped type.
  static var wrappedType: Any.Type { get }
  /// The first word of `nil` of this type.
  static var noneFirstWord: UInt { get }
}

extension Optional: ReflectableOptional {
  static func isSome(at pointer: UnsafeRawPointer) -> Bool {
    pointer.assumingMemoryBound(to: Self.self).pointee != nil
  }

  static var wrappedType: Any.Type { Wrapped.self }

  static var noneFirstWord: UInt {
    guard MemoryLayout<Self>.size >= MemoryLayout<UInt>.size else { return 1 }
    var none = Self.none
    return withUnsafeBytes(of: &none) { $0.loadUnaligned(as: UInt.self) }
  }
}

/// The contiguous standard containers (`Array`, `ContiguousArray`, `ArraySlice`): one walk for all
/// three, elements labelled by their index (an `ArraySlice`'s start at its `startIndex`).
protocol ContiguousReflectable: ReflectableContainer {
  associatedtype Element
  var startIndex: Int { get }
  var count: Int { get }
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R
}

extension ContiguousReflectable {
  static var elementTypes: [Any.Type] { [Element.self] }

  static func withContiguousElements(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Int, Int, Int) -> Void
  ) -> Bool {
    let container = pointer.assumingMemoryBound(to: Self.self).pointee
    container.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress {
        body(
          UnsafeRawPointer(base), buffer.count, MemoryLayout<Element>.stride, container.startIndex)
      }
    }
    return true
  }

  static func elementCount(at pointer: UnsafeRawPointer) -> Int {
    pointer.assumingMemoryBound(to: Self.self).pointee.count
  }

  static func forEachElement(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void
  ) {
    let container = pointer.assumingMemoryBound(to: Self.self).pointee
    container.withUnsafeBufferPointer {
      forEachBufferElement($0, firstIndex: container.startIndex, body)
    }
  }
}

extension Array: ContiguousReflectable {}
extension ContiguousArray: ContiguousReflectable {}
extension ArraySlice: ContiguousReflectable {}

/// Hands each element of a contiguous buffer to `body`, labelled `[index]` from `firstIndex`.
func forEachBufferElement<Element>(
  _ buffer: UnsafeBufferPointer<Element>, firstIndex: Int,
  _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void
) {
  guard let base = buffer.baseAddress else { return }
  for offset in buffer.indices {
    body(UnsafeRawPointer(base + offset), Element.self, .index(firstIndex + offset))
  }
}

extension Dictionary: ReflectableContainer {
  static var elementTypes: [Any.Type] { [Key.self, Value.self] }

  static func elementCount(at pointer: UnsafeRawPointer) -> Int {
    pointer.assumingMemoryBound(to: Self.self).pointee.count
  }

  static func forEachElement(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void
  ) {
    // Keys and values by index: no enumerated sequence or element tuple to instantiate.
    let dictionary = pointer.assumingMemoryBound(to: Self.self).pointee
    let keys = dictionary.keys
    let values = dictionary.values
    var index = dictionary.startIndex
    var position = 0
    while index != dictionary.endIndex {
      var key = keys[index]
      var value = values[index]
      withUnsafePointer(to: &key) { keyPointer in
        body(UnsafeRawPointer(keyPointer), Key.self, .keyPosition(position))
        withUnsafePointer(to: &value) {
          body(
            UnsafeRawPointer($0), Value.self,
            .valueOfKey(UnsafeRawPointer(keyPointer), Key.self, position: position))
        }
      }
      dictionary.formIndex(after: &index)
      position += 1
    }
  }

}

extension Set: ReflectableContainer {
  static var elementTypes: [Any.Type] { [Element.self] }

  static func elementCount(at pointer: UnsafeRawPointer) -> Int {
    pointer.assumingMemoryBound(to: Self.self).pointee.count
  }

  static func forEachElement(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void
  ) {
    for (position, element) in pointer.assumingMemoryBound(to: Self.self).pointee.enumerated() {
      var element = element
      withUnsafePointer(to: &element) {
        body(UnsafeRawPointer($0), Element.self, .position(position))
      }
    }
  }
}

extension AnyHashable: ReflectableContainer {
  static var elementTypes: [Any.Type] { [Any.self] }

  static func elementCount(at pointer: UnsafeRawPointer) -> Int { 1 }

  static func forEachElement(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void
  ) {
    var base = pointer.assumingMemoryBound(to: Self.self).pointee.base
    withUnsafePointer(to: &base) { body(UnsafeRawPointer($0), Any.self, .none) }
  }
}
