// The strong links (`ViewLinks.storedPresenter`, `PresenterLinks.storedInteractor` and
// `storedRouter`) hold a contract value whose type is a generic parameter of the link class. Stored
// as `Contract?`, its destruction in the class's deinitializer (which is never specialized: the
// runtime calls it through the class metadata) asks the runtime for the metadata of
// `Optional<Contract>`, about 450 instructions per link and so 1,350 per module, in every module
// built with these links, by the builder or by hand.
//
// So each strong link is stored as two fields whose types do not depend on the generic
// parameters: the object, `AnyObject?`, which owns it (the only reference the deinitializer
// releases, with no metadata), and one word standing for the value's other words, trivial
// (`LinkWords`). A contract value of a class instance (a class, a class existential `any P` with
// `P: AnyObject`, an opaque existential `any P` holding the instance in its buffer, `AnyObject`)
// is the reference in its first word followed by words that hold no reference: witness tables,
// the existential's type metadata, the unused rest of its buffer. The same fact makes the builder's `WiringMemo` safe
// (docs/Architecture.md, "Unchecked casts"). Any other value (a struct mock in a unit test) is kept
// boxed as `AnyObject` and cast back when read.
//
// The object field keeps its old name, so retain paths and ownership checks, which read stored
// properties by reflection, see the same strong `storedPresenter`/`storedInteractor`/`storedRouter`.

/// The words of a strong link's contract value after its object reference: how the links store a
/// value of a generic contract type without a field of that type (see above).
///
/// One word, whatever the contract (benchmark target `memory-300`, live modules: the words
/// themselves took five, 48 bytes more per strong link): a two-word value (a class existential of
/// one protocol, the usual contract) keeps its second word, a witness table or metadata pointer;
/// a wider one keeps the address of a record of its words interned for the life of the process
/// (one per distinct value: as many as the (contract, dynamic type) pairs wired this way).
@usableFromInline
struct LinkWords {
  /// By the contract's size: one word (a class, `AnyObject`), `1`; two words, the value's second
  /// word (never zero); wider, the address of the interned record of the value's words after the
  /// first (`capacity - 8` bytes, zero-padded). Zero when the link's object is the value boxed by
  /// `as AnyObject` (not a class instance), or the link is unwired.
  @usableFromInline var word: UInt

  @inlinable
  init() { word = 0 }

  /// The words of `value`, a class instance's contract value of a type that `fits`; unset
  /// (`isBoxed`) for a two-word value whose second word is zero, which no such value has.
  @inlinable
  init<Contract>(of value: Contract) {
    switch MemoryLayout<Contract>.size {
    case MemoryLayout<UInt>.size: word = 1
    case 2 * MemoryLayout<UInt>.size:
      word = withUnsafeBytes(of: value) {
        $0.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
      }
    default:
      word = withUnsafeBytes(of: value) {
        UInt(bitPattern: Self.intern($0, of: Contract.self))
      }
    }
  }

  /// True when the link's object is the value boxed by `as AnyObject` (not a class instance).
  @inlinable
  var isBoxed: Bool { word == 0 }

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
        self = LinkWords(of: value)
        if !isBoxed {
          return withUnsafeBytes(of: value) { bytes in
            Unmanaged<AnyObject>.fromOpaque(bytes.load(as: UnsafeRawPointer.self))
              .takeUnretainedValue()
          }
        }
      } else {
        let object = value as AnyObject
        // `value as Any`: `type(of:)` of a generic value gives its static type, the existential.
        if ObjectIdentifier(type(of: object)) == ObjectIdentifier(type(of: value as Any)),
          Self.firstWord(of: value)
            == UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        {
          self = LinkWords(of: value)
          if !isBoxed { return object }
        }
      }
    }
    word = 0
    return value as AnyObject
  }

  /// Whether every value of `type` is a class instance, its reference in the first word: a
  /// class, or an existential whose protocols are class-bound.
  @usableFromInline
  static func holdsObject(_ type: Any.Type) -> Bool {
    let kind = runtimeMetadataKind(type)
    return isClassKind(kind) || (kind == MetadataKind.existential && isClassBoundExistential(type))
  }

  /// The records interned so far, by their words. Never freed: links anywhere may point to them.
  private static let records = Protected<[Words: UnsafeRawPointer]>([:])

  /// A record's words, as a dictionary key.
  private struct Words: Hashable {
    var first: UInt = 0
    var second: UInt = 0
    var third: UInt = 0
    var fourth: UInt = 0
  }

  /// The record holding `value`'s bytes after its first word (a value wider than two words, of a
  /// class instance, of type `type`), created when no link stored those words before.
  @usableFromInline
  static func intern(_ value: UnsafeRawBufferPointer, of type: Any.Type) -> UnsafeRawPointer {
    var words = Words()
    withUnsafeMutableBytes(of: &words) { destination in
      destination.baseAddress.unsafelyUnwrapped.copyMemory(
        from: value.baseAddress.unsafelyUnwrapped + MemoryLayout<UInt>.size,
        byteCount: value.count - MemoryLayout<UInt>.size)
    }
    if runtimeMetadataKind(type) == MetadataKind.existential && !isClassBoundExistential(type) {
      // An opaque existential (or `Any`) holding a class instance keeps the reference in the
      // first word of its three-word inline buffer; the buffer's other two words are unused and
      // may hold stale bytes, which would intern one record per stale pattern.
      words.first = 0
      words.second = 0
    }
    return records.withLock { records in
      if let known = records[words] { return known }
      let record = UnsafeMutableRawPointer.allocate(
        byteCount: MemoryLayout<Words>.size, alignment: MemoryLayout<UInt>.alignment)
      record.storeBytes(of: words, as: Words.self)
      records[words] = UnsafeRawPointer(record)
      return UnsafeRawPointer(record)
    }
  }

  /// Keeps `words`, recorded for a contract value of `object` (by `WiringMemo`), and returns
  /// `object` (+1) for the link to store.
  @inlinable
  mutating func store(_ object: AnyObject, words: LinkWords) -> AnyObject {
    self = words
    return object
  }

  /// The contract value whose object is `object` (a copy: it holds its own reference).
  @inlinable
  func load<Contract>(_ object: AnyObject, as _: Contract.Type) -> Contract {
    if isBoxed { return object as! Contract }
    let first = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    // `load` copies, so the result holds a reference of its own, as the link keeps its own.
    switch MemoryLayout<Contract>.size {
    case MemoryLayout<UInt>.size:
      return withUnsafeBytes(of: first) { $0.load(as: Contract.self) }
    case 2 * MemoryLayout<UInt>.size:
      return withUnsafeBytes(of: (first, word)) { $0.load(as: Contract.self) }
    default:
      let words = UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped.load(
        as: (UInt, UInt, UInt, UInt).self)
      return withUnsafeBytes(of: (first, words.0, words.1, words.2, words.3)) {
        $0.load(as: Contract.self)
      }
    }
  }

  @inlinable
  static func firstWord<Contract>(of value: Contract) -> UInt {
    withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
  }
}
