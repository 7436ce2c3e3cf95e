// MARK: - Metadata

enum MetadataKind {
  static let `class`: UInt = 0
  static let `struct`: UInt = 0x200
  static let `enum`: UInt = 0x201
  static let optional: UInt = 0x202
  static let foreignClass: UInt = 0x203
  static let opaque: UInt = 0x300
  static let tuple: UInt = 0x301
  static let function: UInt = 0x302
  static let existential: UInt = 0x303
  static let metatype: UInt = 0x304
  static let objcClassWrapper: UInt = 0x305
  static let existentialMetatype: UInt = 0x306
  static let heapLocalVariable: UInt = 0x400
  /// A box the runtime allocates for a value whose layout the compiler does not know (a captured
  /// `var` of a resilient or generic type): `HeapGenericLocalVariable` in the Swift runtime's
  /// include/swift/ABI/MetadataKind.def (0 | MetadataKindIsNonType | MetadataKindIsRuntimePrivate).
  static let heapGenericLocalVariable: UInt = 0x500
}

let pointerSize = MemoryLayout<UnsafeRawPointer>.size

/// Size, alignment and flags of a non-class type, read from its value witness table.
struct ValueLayout {
  let size: Int
  let alignment: Int
  let isPOD: Bool
  let isNonCopyable: Bool

  /// A layout that is neither trivial nor noncopyable (an object reference).
  init(size: Int, alignment: Int) {
    self.size = size
    self.alignment = alignment
    isPOD = false
    isNonCopyable = false
  }

  init(of type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let witnesses = metadata.load(fromByteOffset: -pointerSize, as: UnsafeRawPointer.self)
    // Eight witness functions, then size, stride, flags (32 bits), extra inhabitant count.
    size = witnesses.load(fromByteOffset: 8 * pointerSize, as: Int.self)
    let flags = witnesses.load(fromByteOffset: 10 * pointerSize, as: UInt32.self)
    alignment = Int(flags & 0xFF) + 1
    isPOD = flags & 0x0001_0000 == 0
    isNonCopyable = flags & 0x0080_0000 != 0
  }
}

/// Whether an existential type's container is an object reference followed by witness tables
/// (existential type metadata: kind word, then 32-bit flags).
func isClassBoundExistential(_ type: Any.Type) -> Bool {
  let flags = unsafeBitCast(type, to: UnsafeRawPointer.self)
    .load(fromByteOffset: pointerSize, as: UInt32.self)
  return flags & 0x8000_0000 == 0
}

func isClassKind(_ kind: UInt) -> Bool {
  kind == MetadataKind.class || kind == MetadataKind.objcClassWrapper
    || kind == MetadataKind.foreignClass
}

/// True for storage classes of the standard library (array, dictionary, string buffers): they keep
/// their elements in tail-allocated memory that field metadata does not describe.
func isStandardLibraryStorage(_ object: AnyObject) -> Bool {
  _typeName(type(of: object), qualified: true).hasPrefix("Swift.")
}

// MARK: - Type facts

/// What the walker needs to know about a type, read from its metadata once per process: the
/// metadata kind, the value witness layout, the container and optional conformances (dynamic
/// casts) and, for structs and tuples, the strong stored fields (decoding each field's mangled
/// type name). Types are never unloaded, so the facts stay valid.
final class TypeFacts: Sendable {
  let type: Any.Type
  let kind: UInt
  let isClass: Bool
  /// Meaningless for classes.
  let layout: ValueLayout
  let optional: (any ReflectableOptional.Type)?
  /// For an `Optional` of a native class or a class-bound existential: the wrapped type.
  let optionalObject: TypeFacts?
  /// For other `Optional`s: the wrapped type.
  let optionalWrapped: TypeFacts?
  /// An enum with a custom mirror (its `Mirror` would run user code).
  let isCustomReflectableEnum: Bool
  let container: (any ReflectableContainer.Type)?
  /// The facts of a container's only element type.
  let elementFacts: TypeFacts?
  /// `String`, `Substring` or `Character`: holds no objects the walker reports.
  let isText: Bool
  /// Strong stored fields of a struct or tuple, in declaration order.
  let strongFields: [ReflectedField]
  /// The facts of `strongFields`' types, in the same order (a value cannot contain itself, so
  /// this recursion ends).
  let strongFieldFacts: [TypeFacts]
  /// A struct without field metadata whose descriptor declares fields.
  let isFieldMetadataStripped: Bool
  /// A visit of this type counts and returns: a trivial value, or text.
  let isInert: Bool
  /// Set when no value of this type can hold a reference the walker reports or a place it
  /// cannot inspect, so a visit can skip it (see ``ReferenceFree``).
  let referenceFree: ReferenceFree?

  /// What a walk of a value that holds no references costs: the walker skips such a value,
  /// charging its visit budget as the walk would, when the walk would not run out of budget or
  /// depth on the way.
  struct ReferenceFree {
    /// The visits a walk of one value makes (containers: besides their elements).
    let visits: Int
    /// Visits per element of a container; 0 for other types.
    let perElement: Int
    /// How much deeper than the value itself the walk goes.
    let nesting: Int
    /// False when `visits` is only an upper bound (the walk depends on an enum's case).
    let isExact: Bool
  }

  private init(_ type: Any.Type) {
    self.type = type
    kind = runtimeMetadataKind(type)
    isClass = isClassKind(kind)
    layout =
      isClass ? ValueLayout(size: pointerSize, alignment: pointerSize) : ValueLayout(of: type)
    optional = kind == MetadataKind.optional ? type as? any ReflectableOptional.Type : nil
    // An optional object reference is one word, zero for nil (checked once on a real `nil`), so
    // it is read in place instead of copied out through the generic `withWrapped`.
    if let optional, optional.noneFirstWord == 0 {
      let wrapped = optional.wrappedType
      let wrappedKind = runtimeMetadataKind(wrapped)
      let isObject =
        wrappedKind == MetadataKind.class
        || (wrappedKind == MetadataKind.existential && isClassBoundExistential(wrapped))
      optionalObject = isObject ? TypeFacts.of(wrapped) : nil
    } else {
      optionalObject = nil
    }
    optionalWrapped =
      optionalObject == nil ? optional.map { TypeFacts.of($0.wrappedType) } : nil
    isCustomReflectableEnum =
      (kind == MetadataKind.enum || kind == MetadataKind.optional)
      && type is any CustomReflectable.Type
    let isStruct = kind == MetadataKind.struct
    container = isStruct ? type as? any ReflectableContainer.Type : nil
    if let elementTypes = container?.elementTypes, elementTypes.count == 1 {
      elementFacts = TypeFacts.of(elementTypes[0])
    } else {
      elementFacts = nil
    }
    isText = isStruct && (type == String.self || type == Substring.self || type == Character.self)
    if !isClass, !layout.isPOD,
      (isStruct && container == nil && !isText)
        || kind == MetadataKind.tuple
    {
      let fields = SwiftRuntimeReflection.valueFields(of: type)
      strongFields = fields.filter { $0.ownership == .strong }
      strongFieldFacts = strongFields.map { TypeFacts.of($0.type) }
      isFieldMetadataStripped =
        isStruct && fields.isEmpty
        && (SwiftRuntimeReflection.declaredFieldCount(of: type) ?? 0) > 0
    } else {
      strongFields = []
      strongFieldFacts = []
      isFieldMetadataStripped = false
    }
    isInert = !isClass && (layout.isPOD || (isText && !layout.isNonCopyable))
    referenceFree = Self.referenceFree(
      isInert: isInert, kind: kind, layout: layout, container: container, optional: optional,
      optionalObject: optionalObject, optionalWrapped: optionalWrapped,
      isFieldMetadataStripped: isFieldMetadataStripped, fieldFacts: strongFieldFacts,
      isCustomReflectableEnum: isCustomReflectableEnum, type: type)
  }

  /// Whether a walk of any value of this type records nothing and finds nothing uninspected
  /// (given enough budget and depth), and what it costs; mirrors `ReferenceWalker.visitValue`.
  private static func referenceFree(
    isInert: Bool, kind: UInt, layout: ValueLayout, container: (any ReflectableContainer.Type)?,
    optional: (any ReflectableOptional.Type)?, optionalObject: TypeFacts?,
    optionalWrapped: TypeFacts?, isFieldMetadataStripped: Bool, fieldFacts: [TypeFacts],
    isCustomReflectableEnum: Bool, type: Any.Type
  ) -> ReferenceFree? {
    if isInert { return ReferenceFree(visits: 1, perElement: 0, nesting: 0, isExact: true) }
    if isClassKind(kind) || layout.isNonCopyable { return nil }
    /// Fixed-cost parts visited one level deeper than the value.
    func sum(_ parts: [TypeFacts]) -> (visits: Int, nesting: Int, isExact: Bool)? {
      var visits = 0
      var nesting = 0
      var isExact = true
      for part in parts {
        guard let free = part.referenceFree, free.perElement == 0 else { return nil }
        visits += free.visits
        nesting = max(nesting, free.nesting + 1)
        isExact = isExact && free.isExact
      }
      return (visits, nesting, isExact)
    }
    switch kind {
    case MetadataKind.struct, MetadataKind.tuple:
      if let container {
        guard let elements = sum(container.elementTypes.map { TypeFacts.of($0) }) else {
          return nil
        }
        return ReferenceFree(
          visits: 1, perElement: elements.visits, nesting: elements.nesting,
          isExact: elements.isExact)
      }
      guard !isFieldMetadataStripped, let fields = sum(fieldFacts) else { return nil }
      return ReferenceFree(
        visits: 1 + fields.visits, perElement: 0, nesting: fields.nesting,
        isExact: fields.isExact)
    case MetadataKind.optional:
      guard optional != nil, optionalObject == nil, let optionalWrapped,
        let wrapped = sum([optionalWrapped])
      else { return nil }
      // Nil visits the optional alone.
      return ReferenceFree(
        visits: 1 + wrapped.visits, perElement: 0, nesting: wrapped.nesting, isExact: false)
    case MetadataKind.enum:
      // The walk reads the case's payload as a mirror child, one level deeper.
      guard !isCustomReflectableEnum,
        let payloads = SwiftRuntimeReflection.enumPayloadTypes(of: type)
      else { return nil }
      var visits = 0
      var nesting = 0
      for payload in payloads {
        guard let free = sum([TypeFacts.of(payload)]) else { return nil }
        visits = max(visits, free.visits)
        nesting = max(nesting, free.nesting)
      }
      // One more level of slack in case the runtime presents a payload one level deeper.
      return ReferenceFree(
        visits: 1 + visits, perElement: 0, nesting: nesting + 1, isExact: false)
    case MetadataKind.metatype, MetadataKind.existentialMetatype, MetadataKind.opaque:
      return ReferenceFree(visits: 1, perElement: 0, nesting: 0, isExact: true)
    default:
      return nil
    }
  }

  private static let cache = LeakLock<[ObjectIdentifier: TypeFacts]>([:])

  /// The facts of `type`, computed outside the cache's lock the first time.
  static func of(_ type: Any.Type) -> TypeFacts {
    let key = ObjectIdentifier(type)
    if let known = cache.withLock({ $0[key] }) {
      return known
    }
    let facts = TypeFacts(type)
    return cache.withLock { cache in
      if let raced = cache[key] { return raced }
      cache[key] = facts
      return facts
    }
  }
}
