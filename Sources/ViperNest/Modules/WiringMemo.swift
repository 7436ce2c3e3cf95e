// A builder's strong links store contract values (`View.ViewOutput`, `Presenter.Interactor`,
// `Presenter.Router`), so wiring a module casts three layers to their contracts. Swift cannot state
// "the presenter conforms to the view's output protocol" as a generic constraint, so these are
// dynamic casts, and each one hashes into the runtime's conformance cache (about 320 instructions
// per cast, a third of what the builder adds to hand-written wiring).
//
// A cast of an object to a contract yields the same value for every object of the same dynamic
// type, except for the object reference itself: an existential of a class instance holds the
// reference in its first word (a class existential `[object, witness tables…]`, or an opaque one
// whose inline buffer starts with it), a class or `AnyObject` contract is the reference. So the
// first successful wiring of a combination of layer classes keeps the three cast results as bytes
// (templates), and later modules of the same classes copy a template and put their own object in
// its first word.

/// What a builder recorded for the layer classes it last wired: their dynamic types, and the cast
/// results of its three strong links as templates.
///
/// One per builder type, kept for the life of the process (as many as the app has builders), and
/// so is its `storage`.
/// Main-actor isolated like the builder, which serializes every access.
@MainActor
@usableFromInline
final class WiringMemo {
  // Main-actor isolated and only read or assigned whole, by the builder's wiring and `record`,
  // which call out to nothing that touches them: no access can overlap another.
  /// The dynamic types (metadata pointers) of view, presenter, interactor and router the
  /// templates were recorded for; zeros until a recording succeeds.
  @usableFromInline @exclusivity(unchecked) var layers: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)
  /// The three templates, at offsets 0, `second` and `third`: raw bytes copied from real cast
  /// results, whose first word (a stale object reference) is never read.
  @usableFromInline let storage: UnsafeMutableRawPointer
  @usableFromInline let second: Int
  @usableFromInline let third: Int
  /// The sizes of the three contracts.
  private let sizes: (Int, Int, Int)

  private init(sizes: (Int, Int, Int)) {
    self.sizes = sizes
    func rounded(_ size: Int) -> Int { (size + 15) & ~15 }
    second = rounded(sizes.0)
    third = second + rounded(sizes.1)
    storage = .allocate(byteCount: max(third + sizes.2, 16), alignment: 16)
  }

  // Main-actor isolated, and only accessed by `find` and `memo(for:sizes:)`, which do not call out
  // while they access it: no two accesses can overlap, so the runtime exclusivity check, on the
  // path of every module build (`viper-module`), is turned off (measured with it on: +78
  // instructions a module build, 9,394 -> 9,472, against a 1.5x hand-written target at 1.48x).
  /// Each builder type's memo, by the builder's metadata pointer.
  @exclusivity(unchecked) private static var memos = WordTable<KeyedSlot<WiringMemo>>()

  /// The memo of `builder`, if it wired a module before.
  @usableFromInline
  static func find(_ builder: AnyClass) -> WiringMemo? {
    memos[UInt(bitPattern: ObjectIdentifier(builder))].value
  }

  /// The memo of `builder`, created with room for templates of the given sizes.
  @usableFromInline
  static func memo(for builder: AnyClass, sizes: (Int, Int, Int)) -> WiringMemo {
    if let known = find(builder) { return known }
    let memo = WiringMemo(sizes: sizes)
    _ = memos.insert(KeyedSlot(ObjectIdentifier(builder), memo))
    return memo
  }

  /// Records the three cast results of a module just wired, for layers of the given dynamic
  /// types. Records nothing (and forgets the previous combination) when a result is not of its
  /// contract's size or does not hold its object in its first word, which a cast of a class
  /// instance to its contract always does.
  @usableFromInline
  func record<A, B, C>(
    _ layers: (UInt, UInt, UInt, UInt), _ first: A, of firstObject: AnyObject, _ second: B,
    of secondObject: AnyObject, _ third: C, of thirdObject: AnyObject
  ) {
    self.layers = (0, 0, 0, 0)
    guard MemoryLayout<A>.size == sizes.0, MemoryLayout<B>.size == sizes.1,
      MemoryLayout<C>.size == sizes.2,
      Self.copy(first, of: firstObject, to: storage),
      Self.copy(second, of: secondObject, to: storage + self.second),
      Self.copy(third, of: thirdObject, to: storage + self.third)
    else { return }
    self.layers = layers
  }

  /// Copies `value`'s bytes to `destination` if its first word is `object`'s reference.
  private static func copy<Value>(
    _ value: Value, of object: AnyObject, to destination: UnsafeMutableRawPointer
  ) -> Bool {
    withUnsafeBytes(of: value) { bytes in
      guard bytes.count >= MemoryLayout<UnsafeRawPointer>.size,
        bytes.load(as: UnsafeRawPointer.self)
          == UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      else { return false }
      destination.copyMemory(from: bytes.baseAddress.unsafelyUnwrapped, byteCount: bytes.count)
      return true
    }
  }

  /// The dynamic types of four layers, as `layers` stores them.
  @inlinable
  static func types(
    _ view: AnyObject, _ presenter: AnyObject, _ interactor: AnyObject, _ router: AnyObject
  ) -> (UInt, UInt, UInt, UInt) {
    func id(_ object: AnyObject) -> UInt { UInt(bitPattern: ObjectIdentifier(type(of: object))) }
    return (id(view), id(presenter), id(interactor), id(router))
  }

  /// The dynamic types of the layers of a module that may lack an interactor or a router (zero
  /// for a missing one), as `layers` stores them.
  static func types(
    _ view: AnyObject, _ presenter: AnyObject, _ interactor: AnyObject?, _ router: AnyObject?
  ) -> (UInt, UInt, UInt, UInt) {
    // No closure (`object.map { … }`): a closure here is main-actor isolated, like this class,
    // and one passed to `map` checks its executor on entry: four runtime checks per tracked
    // module build (about 900 instructions, `leak-tracking`).
    func id(_ object: AnyObject?) -> UInt {
      guard let object else { return 0 }
      return UInt(bitPattern: ObjectIdentifier(type(of: object)))
    }
    return (id(view), id(presenter), id(interactor), id(router))
  }
}

/// `object` as a `Contract`, from a template recorded by ``WiringMemo``: what `object as! Contract`
/// returns for an object of the dynamic type the template was recorded for, without the runtime's
/// conformance lookup. The result holds one strong reference to `object`, as a cast's does.
///
/// Not isolated, so that its temporary allocation's closure carries no isolation check.
@inlinable
func contractValue<Contract>(
  of object: AnyObject, from template: UnsafeRawPointer, as _: Contract.Type
) -> Contract {
  withUnsafeTemporaryAllocation(of: Contract.self, capacity: 1) { buffer in
    let typed = buffer.baseAddress.unsafelyUnwrapped
    let raw = UnsafeMutableRawPointer(typed)
    raw.copyMemory(from: template, byteCount: MemoryLayout<Contract>.size)
    raw.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
    return typed.move()
  }
}
