// Types of a module built with library evolution (`-enable-library-evolution`), as Foundation and
// the SDK's other modules are on Apple platforms: a client knows neither their size nor their
// fields' offsets at compile time and reads both from runtime metadata. ViperNestTests uses them
// to check that the leak detector's reflection follows references through them.

/// An open class whose stored properties a subclass in another module sits after: the subclass's
/// field offsets are known only at run time.
open class ResilientBase {
  /// A strong reference the base class holds.
  public var anchor: AnyObject?
  /// Text after the reference, so the base class's stored properties are wider than one word.
  public var label = "base"

  /// Creates a base holding no reference.
  public init() {}
}

/// A resilient struct holding a strong reference: outside this module its layout is known only at
/// run time, so a captured `var` of it lives in a box the runtime allocates for its type
/// (`swift_allocBox`), not one the compiler laid out.
public struct Stamp {
  /// A strong reference the stamp holds.
  public var holder: AnyObject?
  /// Text after the reference, so the struct is wider than one word.
  public var note: String

  /// Creates a stamp holding `holder`.
  public init(holder: AnyObject?, note: String = "stamp") {
    self.holder = holder
    self.note = note
  }
}
