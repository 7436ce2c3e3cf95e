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
// first successful wiring of a combination of layer classes keeps the words of the three cast
// results after their objects (as the links keep them, `LinkWords`), and later modules of the same
// classes store their own objects with those words.

/// What a builder recorded for the layer classes it last wired: their dynamic types, and the words
/// of the cast results of its three strong links.
///
/// One per builder type, kept for the life of the process (as many as the app has builders).
/// Main-actor isolated like the builder, which serializes every access.
@MainActor
@usableFromInline
final class WiringMemo {
  // Main-actor isolated and only read or assigned whole, by the builder's wiring and `record`,
  // which call out to nothing that touches them: no access can overlap another. Both are read on
  // every module build, so their runtime exclusivity checks are off (benchmark target
  // `viper-module`: with them on, 8,989 -> 9,158 instructions a module build).
  /// The dynamic types (metadata pointers) of view, presenter, interactor and router the words
  /// were recorded for; zeros until a recording succeeds.
  @usableFromInline @exclusivity(unchecked) var layers: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)
  /// The words of the three cast results after their objects, as the links keep them.
  @usableFromInline @exclusivity(unchecked) var words = (LinkWords(), LinkWords(), LinkWords())

  private init() {}

  // Main-actor isolated, and only accessed by `find` and `memo(for:)`, which do not call out while
  // they access it: no two accesses can overlap, so the runtime exclusivity check, on the path of
  // every module build (`viper-module`), is turned off (measured with it on: +78 instructions a
  // module build, 9,394 -> 9,472, against a 1.5x hand-written target at 1.48x).
  /// Each builder type's memo, by the builder's metadata pointer.
  @exclusivity(unchecked) private static var memos = WordTable<KeyedSlot<WiringMemo>>()

  /// The memo of `builder`, if it wired a module before.
  @usableFromInline
  static func find(_ builder: AnyClass) -> WiringMemo? {
    memos[UInt(bitPattern: ObjectIdentifier(builder))].value
  }

  /// The memo of `builder`.
  @usableFromInline
  static func memo(for builder: AnyClass) -> WiringMemo {
    if let known = find(builder) { return known }
    let memo = WiringMemo()
    _ = memos.insert(KeyedSlot(ObjectIdentifier(builder), memo))
    return memo
  }

  /// Records the three cast results of a module just wired, for layers of the given dynamic
  /// types. Records nothing (and forgets the previous combination) when a result does not fit
  /// `LinkWords` (wider than five words) or does not hold its object in its first word, which a
  /// cast of a class instance to its contract always does.
  @usableFromInline
  func record<A, B, C>(
    _ layers: (UInt, UInt, UInt, UInt), _ first: A, of firstObject: AnyObject, _ second: B,
    of secondObject: AnyObject, _ third: C, of thirdObject: AnyObject
  ) {
    self.layers = (0, 0, 0, 0)
    guard let firstWords = Self.words(of: first, holding: firstObject),
      let secondWords = Self.words(of: second, holding: secondObject),
      let thirdWords = Self.words(of: third, holding: thirdObject)
    else { return }
    words = (firstWords, secondWords, thirdWords)
    self.layers = layers
  }

  /// The words of `value` after its first word, as a link keeps them, if `value` fits `LinkWords`
  /// and its first word is `object`'s reference.
  private static func words<Value>(of value: Value, holding object: AnyObject) -> LinkWords? {
    let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    guard LinkWords.fits(Value.self), LinkWords.firstWord(of: value) == address else { return nil }
    let words = LinkWords(of: value)
    return words.isBoxed ? nil : words
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
