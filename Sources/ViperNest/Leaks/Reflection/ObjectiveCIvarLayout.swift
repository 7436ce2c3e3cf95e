// The strong object instance variables of an Objective-C class, chosen from the runtime's own
// description of the class: its instance variables (`class_copyIvarList`, `ivar_getName`,
// `ivar_getOffset`, `ivar_getTypeEncoding`) and its ARC strong ivar layout
// (`class_getIvarLayout`). FBRetainCycleDetector finds an object's strong references the same way
// (FBRetainCycleDetector/Layout/Classes/FBClassStrongLayout.mm: `FBGetStrongReferencesForClass`).
// Nothing here touches the Objective-C runtime, so tests on every platform check it against
// layouts written by hand; ObjectiveCIvars.swift reads a real class and feeds it.

/// One instance variable of an Objective-C class, as `class_copyIvarList` lists it.
struct ObjectiveCIvar: Sendable, Hashable {
  /// `ivar_getName`, e.g. `_view`.
  let name: String
  /// `ivar_getOffset`: bytes from the start of the object.
  let offset: Int
  /// `ivar_getTypeEncoding`, e.g. `@"UIView"`, `@?` (a block), `q`, `{CGRect=…}`.
  let typeEncoding: String
}

/// An instance variable that holds a strong reference.
struct ObjectiveCStrongIvar: Sendable, Hashable {
  /// What a strong instance variable holds, from its type encoding.
  enum Kind: Sendable, Hashable {
    /// `@` or `@"ClassName"`: an object, followed like a stored property.
    case object
    /// `@?`: a block. A block is an object whose captures only the block's own layout describes
    /// (FBRetainCycleDetector reads it by calling the block's dispose helper on a fake object);
    /// the walker does not do that, so a block is reported as not followed, never walked into.
    case block
  }

  let name: String
  let offset: Int
  let kind: Kind
}

/// The strong instance variables of one class, and what could not be decided.
struct ObjectiveCIvarSelection: Sendable, Hashable {
  /// The class's own strong object and block instance variables, in offset order.
  var strong: [ObjectiveCStrongIvar] = []
  /// Object instance variables whose ownership is unknown because the class has no strong
  /// layout (a class compiled without ARC): never read, since one may be unretained.
  var unknownOwnership: [String] = []
}

/// Parses the Objective-C runtime's ivar layouts and selects strong object instance variables.
enum ObjectiveCIvarLayout {
  /// The word indexes a strong ivar layout marks as scanned (strong), in ascending order.
  ///
  /// The format, as objc4 defines it (runtime/objc-layout.mm, "Object Layouts"; read back by
  /// `isScanned` in runtime/objc-class.mm): a byte string ended by a zero byte; each byte's high
  /// nibble is a count of words to skip, its low nibble a count of consecutive scanned words
  /// after them; counts above 15 continue in the next byte with a zero in the other nibble. Word
  /// 0 is the class's first instance variable word (see `strongIvars`). Bytes after the first
  /// zero are not read.
  static func strongWords(in layout: some Sequence<UInt8>) -> [Int] {
    var words: [Int] = []
    var index = 0
    for byte in layout {
      if byte == 0 { break }
      index += Int(byte >> 4)
      let scanned = Int(byte & 0x0F)
      words.append(contentsOf: index..<(index + scanned))
      index += scanned
    }
    return words
  }

  /// The strong object and block instance variables among a class's own `ivars`.
  ///
  /// An instance variable is strong when its type encoding starts with `@` and the word it
  /// occupies is scanned by `layout`. objc4 counts the layout's words from the class's aligned
  /// instance start: "ARC layout bitmaps encode the class's own ivars only. Use
  /// alignedInstanceStart() because unaligned bytes at the start of this class's ivars are not
  /// represented in the layout bitmap" (`_class_lookUpIvar`, runtime/objc-class.mm). The instance
  /// start is the offset of the class's first instance variable (clang's
  /// `CGObjCNonFragileABIMac::GetClassSizeInfo`; objc4's `moveIvars` slides both together), so
  /// word 0 is that offset rounded up to a word. (FBRetainCycleDetector rounds it down, which
  /// differs only when the first instance variable is not word-aligned.) Object instance
  /// variables outside the layout are weak or unretained and are left out; a non-word-aligned one
  /// cannot be strong ("The ivar is assumed to be word-aligned", `_class_lookUpIvar`).
  ///
  /// - Parameters:
  ///   - ivars: The class's own instance variables, superclasses' excluded.
  ///   - layout: `class_getIvarLayout`'s bytes, or nil when the runtime has none for the class.
  ///     Without a layout nothing is strong for sure: the object instance variables are returned
  ///     as `unknownOwnership`.
  ///   - wordSize: The size of a pointer on the platform that laid the class out.
  static func strongIvars(
    _ ivars: [ObjectiveCIvar], layout: [UInt8]?, wordSize: Int = MemoryLayout<UnsafeRawPointer>.size
  ) -> ObjectiveCIvarSelection {
    var selection = ObjectiveCIvarSelection()
    let candidates = ivars.filter { $0.typeEncoding.utf8.first == UInt8(ascii: "@") }
      .sorted { $0.offset < $1.offset }
    guard !candidates.isEmpty, wordSize > 0 else { return selection }
    guard let layout else {
      selection.unknownOwnership = candidates.map(\.name)
      return selection
    }
    guard let firstOffset = ivars.map(\.offset).min() else { return selection }
    let start = (firstOffset + wordSize - 1) / wordSize * wordSize
    let strongWords = Set(strongWords(in: layout))
    for ivar in candidates where ivar.offset >= start && ivar.offset % wordSize == 0 {
      guard strongWords.contains((ivar.offset - start) / wordSize) else { continue }
      let kind: ObjectiveCStrongIvar.Kind = ivar.typeEncoding.hasPrefix("@?") ? .block : .object
      selection.strong.append(
        ObjectiveCStrongIvar(name: ivar.name, offset: ivar.offset, kind: kind))
    }
    return selection
  }
}
