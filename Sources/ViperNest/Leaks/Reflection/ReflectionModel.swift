// What the reflection of this folder reports: fields, layouts and the references found.

// MARK: - Model

/// How a stored property or a closure capture holds its value.
enum ReferenceOwnership: Sendable, Hashable, CustomStringConvertible {
  /// An owning reference: it keeps the referenced object alive.
  case strong
  /// `weak`: never keeps the object alive.
  case weak
  /// `unowned` (safe): never keeps the object alive.
  case unowned
  /// `unowned(unsafe)`: never keeps the object alive.
  case unownedUnsafe

  var description: String {
    switch self {
    case .strong: "strong"
    case .weak: "weak"
    case .unowned: "unowned"
    case .unownedUnsafe: "unowned(unsafe)"
    }
  }
}

/// One stored property of a type; for classes, inherited properties are included.
struct ReflectedField: Sendable {
  /// The property name as written in source (`lazy` storage shows under the property's name).
  let name: String
  /// The property's type; for `weak` and `unowned` properties, the referenced type.
  let type: Any.Type
  /// Byte offset of the property inside the instance.
  let offset: Int
  /// How the property holds its value.
  let ownership: ReferenceOwnership
  /// The class (or struct) that declares the property.
  let declaringType: Any.Type
}

/// The stored properties of a type, superclass properties first.
struct ReflectedLayout: Sendable {
  /// Stored properties in declaration order, superclasses first.
  let fields: [ReflectedField]
  /// True when a type in the hierarchy declares stored properties but its field metadata is
  /// missing (built with `-disable-reflection-metadata` or similar).
  let isMetadataStripped: Bool
  /// The nearest class of the hierarchy whose state has no Swift field metadata (an Objective-C
  /// class such as `UIViewController`, whose view and child controllers are instance variables
  /// the Swift runtime does not describe); nil when every class is a Swift class or the root is
  /// `NSObject`.
  var opaqueSuperclass: String? = nil
}

/// A strong reference to a class instance found inside another value.
struct ReflectedReference {
  /// Where the reference sits, relative to the scanned object, e.g. `items[2].handler`.
  let path: String
  /// The referenced object.
  let target: AnyObject
  /// True when the reference is captured by a closure stored at `path`.
  let throughClosure: Bool
  /// True when the stored property itself holds the target (possibly through an `Optional` or an
  /// existential), not through a collection, a struct or a closure.
  let isDirect: Bool
}

/// The strong references found in one object or value.
struct ReferenceScan {
  /// Strong references, in property order.
  var references: [ReflectedReference] = []
  /// Places that may hold references but could not be inspected, e.g. `onEvent (closure)`.
  var uninspected: [String] = []
  /// True when the scanned object's class hierarchy has stripped field metadata.
  var isMetadataStripped = false
}
