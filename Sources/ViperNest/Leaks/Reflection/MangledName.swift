// MARK: - Mangled names

/// A mangled type name in reflection metadata. Bytes 0x01–0x17 start a 4-byte relative symbolic
/// reference and 0x18–0x1F a pointer-sized absolute one; those bytes are never read as text.
struct MangledName {
  let start: UnsafeRawPointer
  /// Length in bytes, symbolic references included.
  let length: Int
  /// The plain characters after the last symbolic reference.
  let tail: [UInt8]
  /// True when the name contains no symbolic reference.
  let isPlain: Bool

  init?(at start: UnsafeRawPointer) {
    var cursor = 0
    var tail: [UInt8] = []
    var isPlain = true
    while cursor < 4096 {
      let byte = start.load(fromByteOffset: cursor, as: UInt8.self)
      switch byte {
      case 0:
        self.start = start
        self.length = cursor
        self.tail = tail
        self.isPlain = isPlain
        return
      case 0x01...0x17:
        cursor += 5
        tail.removeAll(keepingCapacity: true)
        isPlain = false
      case 0x18...0x1F:
        cursor += 1 + MemoryLayout<UnsafeRawPointer>.size
        tail.removeAll(keepingCapacity: true)
        isPlain = false
      default:
        tail.append(byte)
        cursor += 1
      }
    }
    return nil
  }

  func hasSuffix(_ suffix: String) -> Bool {
    tail.count >= suffix.utf8.count && tail.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
  }

  /// Resolves the name (or its first `length - dropLast` bytes) to type metadata.
  func resolve(droppingLast dropLast: Int = 0) -> Any.Type? {
    guard length - dropLast > 0 else { return nil }
    return _getTypeByMangledNameInContext(
      start.assumingMemoryBound(to: UInt8.self), UInt(length - dropLast),
      genericContext: nil, genericArguments: nil)
  }

  /// What a SIL function type in a capture list (reabstraction thunks capture the original
  /// closure this way) looks like: nil when this is not such a type.
  var implFunction: ImplFunction? {
    var attributes = tail[...]
    var isOptional = false
    if attributes.count > 2, attributes.suffix(2).elementsEqual("Sg".utf8) {
      attributes = attributes.dropLast(2)
      isOptional = true
    }
    guard attributes.last == UInt8(ascii: "_"),
      let marker = attributes.lastIndex(of: UInt8(ascii: "I"))
    else { return nil }
    var rest = attributes[(marker + 1)...].dropLast()
    // PATTERN-SUBS, INVOCATION-SUBS, PSEUDO-GENERIC, CALLEE-ESCAPE.
    for optionalMarker in "sIPe".utf8 where rest.first == optionalMarker {
      rest = rest.dropFirst()
    }
    guard let callee = rest.first else { return nil }
    let representation = rest.dropFirst().first
    switch callee {
    case UInt8(ascii: "g"), UInt8(ascii: "x"), UInt8(ascii: "y"):
      // Thick Swift function (function pointer + context), unless a C, block or Objective-C
      // representation follows.
      if let representation, "BCJz".utf8.contains(representation) { return nil }
      return ImplFunction(isThick: true, isOptional: isOptional)
    case UInt8(ascii: "t"):
      return ImplFunction(isThick: false, isOptional: isOptional)
    default:
      // `A` (@isolated(any)), differentiability kinds and anything unknown.
      return nil
    }
  }

  struct ImplFunction {
    let isThick: Bool
    let isOptional: Bool
  }
}
