// The strong links (`ViewLinks.storedPresenter`, `PresenterLinks.storedInteractor` and
// `storedRouter`) hold a contract value whose type is a generic parameter of the link class. Stored
// as `Contract?`, its destruction in the class's deinitializer (which is never specialized: the
// runtime calls it through the class metadata) asks the runtime for the metadata of
// `Optional<Contract>`, about 450 instructions per link and so 1,350 per module, in every module
// built with these links, by the builder or by hand.
//
// So each strong link is stored as two fields whose types do not depend on the generic
// parameters: the object, `AnyObject?`, which owns it (the only reference the deinitializer
// releases, with no metadata), and the value's other words, trivial (`LinkWords`). A contract
// value of a class instance (a class, a class existential `any P` with `P: AnyObject`, an opaque
// existential `any P` holding the instance in its buffer, `AnyObject`) is the reference in its
// first word followed by words that hold no reference: witness tables, the existential's type
// metadata, the unused rest of its buffer. The same fact makes the builder's `WiringMemo` safe
// (docs/Architecture.md, "Unchecked casts"). Any other value (a struct mock in a unit test) is kept
// boxed as `AnyObject` and cast back when read.
//
// The object field keeps its old name, so retain paths and ownership checks, which read stored
// properties by reflection, see the same strong `storedPresenter`/`storedInteractor`/`storedRouter`.

/// The words of a strong link's contract value after its object reference: how the links store a
/// value of a generic contract type without a field of that type (see above).
@usableFromInline
struct LinkWords {
  /// Bytes 8..<40 of the value; only the first `MemoryLayout<Contract>.size - 8` are meaningful.
  @usableFromInline var words: (UInt, UInt, UInt, UInt)
  /// True when the link's object is the value boxed by `as AnyObject` (not a class instance).
  @usableFromInline var isBoxed: Bool

  @inlinable
  init() {
    words = (0, 0, 0, 0)
    isBoxed = false
  }

  /// The size of the largest value kept unboxed: five words, an opaque existential.
  @inlinable
  static var capacity: Int { 5 * MemoryLayout<UInt>.size }

  /// Whether values of type `Contract` fit the object-and-words layout, when they hold a class
  /// instance.
  @inlinable
  static func fits<Contract>(_: Contract.Type) -> Bool {
    MemoryLayout<Contract>.size >= MemoryLayout<UInt>.size
      && MemoryLayout<Contract>.size <= capacity
      && MemoryLayout<Contract>.alignment <= MemoryLayout<UInt>.alignment
  }

  /// Takes `value` apart: keeps its words here and returns the object the link stores strongly
  /// (+1), the instance itself or, for a value that is not a class instance, a box.
  ///
  /// A contract that is a class or a class-bound existential always holds a class instance (read
  /// from the type's metadata, no cast). A value of any other contract counts as one when
  /// `as AnyObject` yields an object of the value's own dynamic type whose address is the value's
  /// first word (an opaque existential holding an object); a bridged value (an array, a string)
  /// yields an object of another type and is boxed.
  @inlinable
  mutating func store<Contract>(_ value: Contract) -> AnyObject {
    if Self.fits(Contract.self) {
      if Self.holdsObject(Contract.self) {
        return keep(value)
      }
      let object = value as AnyObject
      // `value as Any`: `type(of:)` of a generic value gives its static type, the existential.
      if ObjectIdentifier(type(of: object)) == ObjectIdentifier(type(of: value as Any)),
        Self.firstWord(of: value) == UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
      {
        _ = keep(value)
        return object
      }
    }
    isBoxed = true
    return value as AnyObject
  }

  /// Keeps the words of `value`, a class instance's contract value, and returns its object.
  @inlinable
  mutating func keep<Contract>(_ value: Contract) -> AnyObject {
    isBoxed = false
    return withUnsafeBytes(of: value) { bytes in
      withUnsafeMutableBytes(of: &words) { destination in
        destination.baseAddress.unsafelyUnwrapped.copyMemory(
          from: bytes.baseAddress.unsafelyUnwrapped + MemoryLayout<UInt>.size,
          byteCount: MemoryLayout<Contract>.size - MemoryLayout<UInt>.size)
      }
      return Unmanaged<AnyObject>.fromOpaque(bytes.load(as: UnsafeRawPointer.self))
        .takeUnretainedValue()
    }
  }

  /// Whether every value of `type` is a class instance, its reference in the first word: a
  /// class, or an existential whose protocols are class-bound.
  @usableFromInline
  static func holdsObject(_ type: Any.Type) -> Bool {
    let kind = runtimeMetadataKind(type)
    return isClassKind(kind) || (kind == MetadataKind.existential && isClassBoundExistential(type))
  }

  /// Keeps the words of a contract value of `object` recorded by the builder (`template`: a
  /// `WiringMemo` template, whose first word is not read), and returns `object` (+1) for the link
  /// to store.
  @inlinable
  mutating func store<Contract>(
    _ object: AnyObject, template: UnsafeRawPointer, as _: Contract.Type
  ) -> AnyObject {
    withUnsafeMutableBytes(of: &words) { destination in
      destination.baseAddress.unsafelyUnwrapped.copyMemory(
        from: template + MemoryLayout<UInt>.size,
        byteCount: MemoryLayout<Contract>.size - MemoryLayout<UInt>.size)
    }
    isBoxed = false
    return object
  }

  /// The contract value whose object is `object` (a copy: it holds its own reference).
  @inlinable
  func load<Contract>(_ object: AnyObject, as _: Contract.Type) -> Contract {
    if isBoxed { return object as! Contract }
    var value = (
      UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), words.0, words.1, words.2,
      words.3
    )
    // `load` copies, so the result holds a reference of its own, as the link keeps its own.
    return withUnsafeBytes(of: &value) { $0.load(as: Contract.self) }
  }

  @inlinable
  static func firstWord<Contract>(of value: Contract) -> UInt {
    withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
  }
}
