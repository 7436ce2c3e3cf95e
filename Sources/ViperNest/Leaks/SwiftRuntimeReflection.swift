// The only file of ViperNest that uses Swift runtime internals.
//
// Everything here reads metadata the Swift runtime itself uses for `Mirror`: stored-field
// descriptors (name, offset, type, ownership), value witness tables (size, alignment, POD-ness)
// and closure-context capture descriptors. These layouts are ABI on Apple platforms and identical
// on Linux, but the entry points are not public API, so every read is guarded: when a layout is
// not what this file expects, it reports the spot as "not inspected" instead of guessing. It never
// produces an edge it cannot prove, and it only dereferences memory reached through a live object
// it holds a strong reference to, through a field offset the runtime reported, or through a
// metadata record the runtime emitted.

import SwiftShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

// MARK: - Runtime entry points

// All of them are exported by libswiftCore with the Swift calling convention; the standard library's
// own reflection (`_forEachField`, `Mirror`) declares them the same way.

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeRecursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeRecursiveFieldMetadata(
  _ type: Any.Type,
  index: Int,
  fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeRecursiveFieldOffset(_ type: Any.Type, index: Int) -> Int

@_silgen_name("swift_reflectionMirror_count")
private func runtimeChildCount<T>(_: T, type: Any.Type) -> Int

private typealias NameFreeFunction = @convention(c) (UnsafePointer<CChar>?) -> Void

@_silgen_name("swift_reflectionMirror_subscript")
private func runtimeChild<T>(
  of: T,
  type: Any.Type,
  index: Int,
  outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<NameFreeFunction?>
) -> Any

@_silgen_name("swift_getMetadataKind")
private func runtimeMetadataKind(_ type: Any.Type) -> UInt

@_silgen_name("swift_getTypeContextDescriptor")
private func runtimeTypeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?

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

// MARK: - Entry points used by the leak engine

/// Reads stored properties and closure captures through Swift runtime metadata.
enum SwiftRuntimeReflection {
  /// Whether this binary carries field reflection metadata at all.
  ///
  /// Probed once on a class of this module with one strong and one weak property; false when the
  /// module was built with reflection metadata stripped.
  static let isReflectionAvailable: Bool = {
    let layout = storedFields(of: ReflectionProbe.self)
    return layout.fields.map(\.name) == ["strongProbe", "weakProbe"]
      && layout.fields.map(\.ownership) == [.strong, .weak]
  }()

  /// The stored properties of a class, superclass properties first.
  static func storedFields(of type: AnyClass) -> ReflectedLayout {
    let key = ObjectIdentifier(type)
    if let cached = layoutCache.withLock({ $0[key] }) {
      return cached
    }
    let layout = computeClassLayout(type)
    layoutCache.withLock { $0[key] = layout }
    return layout
  }

  /// The strong references held by an object's stored properties, including those captured by
  /// closures stored in its properties and those nested in optionals, collections, structs,
  /// tuples, enums and existentials.
  static func strongReferences(of object: AnyObject) -> ReferenceScan {
    let plan = scanPlan(of: type(of: object))
    // A first walk skips values that cannot hold references, charging the visit budget an upper
    // bound for some of them; if the budget then runs out, an exact walk repeats the scan, so
    // the result is always the exact walk's.
    var exact = false
    while true {
      let walker = ReferenceWalker(exact: exact, roots: plan.fields)
      walker.scan.isMetadataStripped = plan.isMetadataStripped
      withExtendedLifetime(object) {
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        if exact {
          for (index, field) in plan.fields.enumerated() {
            walker.rootIndex = index
            walker.visit(
              base + field.offset, plan.facts[index], closure: false, direct: true, depth: 0)
          }
        } else {
          // Fields that hold no references cost their visits up front (so a budget that runs
          // out afterwards asks for the exact walk, which visits in declaration order).
          walker.charge(plan.referenceFreeVisits, isExact: false)
          for index in plan.walkedFields {
            walker.rootIndex = index
            walker.visit(
              base + plan.fields[index].offset, plan.facts[index], closure: false,
              direct: true, depth: 0)
          }
        }
      }
      if !walker.needsExactWalk { return walker.scan }
      exact = true
    }
  }

  /// A class's strong stored fields and how to read each, decoded once per class.
  private final class ScanPlan: Sendable {
    let fields: [ReflectedField]
    let facts: [TypeFacts]
    let isMetadataStripped: Bool
    /// The positions in `fields` that may hold references.
    let walkedFields: [Int]
    /// The visits of the other fields (see `TypeFacts.ReferenceFree`).
    let referenceFreeVisits: Int

    init(fields: [ReflectedField], facts: [TypeFacts], isMetadataStripped: Bool) {
      self.fields = fields
      self.facts = facts
      self.isMetadataStripped = isMetadataStripped
      var walked: [Int] = []
      var visits = 0
      for (index, fieldFacts) in facts.enumerated() {
        if let free = fieldFacts.referenceFree, free.perElement == 0,
          free.nesting < ReferenceWalker.maxDepth
        {
          visits += free.visits
        } else {
          walked.append(index)
        }
      }
      walkedFields = walked
      referenceFreeVisits = visits
    }
  }

  private static let scanPlans = LeakLock<[ObjectIdentifier: ScanPlan]>([:])

  private static func scanPlan(of type: AnyClass) -> ScanPlan {
    let key = ObjectIdentifier(type)
    if let known = scanPlans.withLock({ $0[key] }) {
      return known
    }
    let layout = storedFields(of: type)
    let fields = layout.fields.filter { $0.ownership == .strong }
    let plan = ScanPlan(
      fields: fields, facts: fields.map { TypeFacts.of($0.type) },
      isMetadataStripped: layout.isMetadataStripped)
    scanPlans.withLock { $0[key] = plan }
    return plan
  }

  /// The strong references held by an arbitrary value (the value itself counts when it is an
  /// object). Paths start at the value, e.g. `[1].presenter`.
  static func strongReferences(inValue value: Any) -> ReferenceScan {
    var exact = false
    while true {
      let walker = ReferenceWalker(exact: exact)
      walker.visitAny(value, closure: false, direct: true, depth: 0)
      if !walker.needsExactWalk { return walker.scan }
      exact = true
    }
  }

  /// The type name without module prefix, e.g. `ContactListPresenter` or `Box<Int>`.
  static func typeName(_ type: Any.Type) -> String {
    _typeName(type, qualified: false)
  }

  // MARK: Layout cache

  private static let layoutCache = LeakLock<[ObjectIdentifier: ReflectedLayout]>([:])

  private static func computeClassLayout(_ type: AnyClass) -> ReflectedLayout {
    // Class hierarchy, root first, with each level's own field count.
    var chain: [AnyClass] = [type]
    while let superclass = _getSuperclass(chain[chain.count - 1]), chain.count < 64 {
      chain.append(superclass)
    }
    chain.reverse()

    let total = runtimeRecursiveFieldCount(type)
    var levels: [(type: AnyClass, range: Range<Int>)] = []
    var start = 0
    var isStripped = false
    for level in chain {
      let end = runtimeRecursiveFieldCount(level)
      let own = end - start
      if own == 0, let declared = declaredFieldCount(of: level), declared > 0 {
        isStripped = true
      }
      levels.append((level, start..<max(start, end)))
      start = max(start, end)
    }
    let levelsAreConsistent = start == total

    var fields: [ReflectedField] = []
    fields.reserveCapacity(total)
    for index in 0..<total {
      var metadata = _FieldReflectionMetadata()
      let fieldType = runtimeRecursiveFieldMetadata(type, index: index, fieldMetadata: &metadata)
      let offset = runtimeRecursiveFieldOffset(type, index: index)
      let rawName = metadata.name.map { String(cString: $0) } ?? "#\(index)"
      if let free = metadata.freeFunc, let name = metadata.name {
        free(name)
      }
      var declaringType: AnyClass = type
      var ownership = ReferenceOwnership.strong
      if levelsAreConsistent, let level = levels.first(where: { $0.range.contains(index) }) {
        declaringType = level.type
        if !metadata.isStrong {
          ownership =
            nonStrongOwnership(
              of: level.type, fieldIndex: index - level.range.lowerBound, name: rawName) ?? .weak
        }
      } else if !metadata.isStrong {
        ownership = .weak
      }
      fields.append(
        ReflectedField(
          name: displayName(ofField: rawName), type: fieldType, offset: offset,
          ownership: ownership, declaringType: declaringType))
    }
    return ReflectedLayout(fields: fields, isMetadataStripped: isStripped)
  }

  /// Fields of a struct or tuple type (not cached: structs are walked rarely and cheaply).
  fileprivate static func valueFields(of type: Any.Type) -> [ReflectedField] {
    let count = runtimeRecursiveFieldCount(type)
    var fields: [ReflectedField] = []
    fields.reserveCapacity(count)
    for index in 0..<count {
      var metadata = _FieldReflectionMetadata()
      let fieldType = runtimeRecursiveFieldMetadata(type, index: index, fieldMetadata: &metadata)
      let offset = runtimeRecursiveFieldOffset(type, index: index)
      let rawName = metadata.name.map { String(cString: $0) } ?? "\(index)"
      if let free = metadata.freeFunc, let name = metadata.name {
        free(name)
      }
      fields.append(
        ReflectedField(
          name: displayName(ofField: rawName), type: fieldType, offset: offset,
          ownership: metadata.isStrong ? .strong : .weak, declaringType: type))
    }
    return fields
  }

  private static func displayName(ofField name: String) -> String {
    let lazyPrefix = "$__lazy_storage_$_"
    if name.hasPrefix(lazyPrefix) {
      return String(name.dropFirst(lazyPrefix.count))
    }
    return name
  }

  // MARK: Type context descriptors

  private enum ContextDescriptorKind {
    static let `class`: UInt32 = 16
    static let `struct`: UInt32 = 17
  }

  /// `NumFields` of a class or struct descriptor: part of the type descriptor, so it survives
  /// stripping of reflection metadata. Nil for other kinds.
  fileprivate static func declaredFieldCount(of type: Any.Type) -> Int? {
    guard let descriptor = runtimeTypeContextDescriptor(type) else { return nil }
    let kind = descriptor.load(as: UInt32.self) & 0x1F
    switch kind {
    case ContextDescriptorKind.class:
      return Int(descriptor.load(fromByteOffset: 36, as: UInt32.self))
    case ContextDescriptorKind.struct:
      return Int(descriptor.load(fromByteOffset: 20, as: UInt32.self))
    default:
      return nil
    }
  }

  /// Tells `weak`, `unowned` and `unowned(unsafe)` apart from the suffix of the field's mangled
  /// type name (`Xw`, `Xo`, `Xu`). Nil when the descriptor cannot be read or does not match.
  private static func nonStrongOwnership(
    of type: AnyClass, fieldIndex: Int, name: String
  ) -> ReferenceOwnership? {
    guard let descriptor = runtimeTypeContextDescriptor(type),
      descriptor.load(as: UInt32.self) & 0x1F == ContextDescriptorKind.class,
      let fieldDescriptor = relativePointer(at: descriptor + 16)
    else { return nil }
    let recordSize = Int(fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12, fieldIndex < recordCount else { return nil }
    let record = fieldDescriptor + 16 + fieldIndex * recordSize
    guard let namePointer = relativePointer(at: record + 8),
      String(cString: namePointer.assumingMemoryBound(to: CChar.self)) == name,
      let typeNamePointer = relativePointer(at: record + 4),
      let mangled = MangledName(at: typeNamePointer)
    else { return nil }
    if mangled.hasSuffix("Xw") { return .weak }
    if mangled.hasSuffix("Xo") { return .unowned }
    if mangled.hasSuffix("Xu") { return .unownedUnsafe }
    return nil
  }

  /// The payload types of a non-generic enum without indirect cases, from its field records;
  /// nil when they cannot all be read.
  fileprivate static func enumPayloadTypes(of type: Any.Type) -> [Any.Type]? {
    guard let descriptor = runtimeTypeContextDescriptor(type) else { return nil }
    let flags = descriptor.load(as: UInt32.self)
    // Kind 18 is an enum; flag 0x80 marks a generic context (payload names may then refer to
    // generic parameters, which need the context to resolve).
    guard flags & 0x1F == 18, flags & 0x80 == 0,
      let fieldDescriptor = relativePointer(at: descriptor + 16)
    else { return nil }
    let recordSize = Int(fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12, recordCount <= 4096 else { return nil }
    var payloads: [Any.Type] = []
    for index in 0..<recordCount {
      let record = fieldDescriptor + 16 + index * recordSize
      // Record flags: bit 0 marks an indirect case (its payload is boxed; it may be recursive).
      guard record.load(as: UInt32.self) & 1 == 0 else { return nil }
      guard let typeName = relativePointer(at: record + 4) else { continue }
      guard let mangled = MangledName(at: typeName), let payload = mangled.resolve() else {
        return nil
      }
      payloads.append(payload)
    }
    return payloads
  }

  /// Follows a 32-bit relative pointer; nil for the null (zero) offset.
  fileprivate static func relativePointer(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
  }
}

// MARK: - Tracked references

/// A reference that never keeps its object alive and never runs the object's code when checked.
///
/// Native Swift objects are held by their unowned reference count (`swift_unownedRetain`): no
/// side table is allocated, unlike `weak`, and the object's memory stays valid after it deinits
/// until ``release()``, so ``isAlive(keeping:)`` can ask the runtime (`swift_isDeallocating`)
/// without retaining. Objects that may not be native (Objective-C platforms) and runtimes that do
/// not export these functions fall back to a `weak` reference in a box.
struct TrackedReference {
  // Both payloads are trivial, so copying a tracked reference never touches reference counts;
  // `release()` balances the retain taken in `init`.
  private enum Storage {
    case unowned(UnsafeMutableRawPointer)
    case weak(Unmanaged<WeakBox>)
  }

  private let storage: Storage

  /// Starts tracking `object`.
  ///
  /// - Parameters:
  ///   - object: The object; not retained.
  ///   - preferWeak: Use a `weak` box even where unowned counting is available (for tests).
  init(_ object: AnyObject, preferWeak: Bool = false) {
    #if canImport(ObjectiveC)
      storage = .weak(.passRetained(WeakBox(object)))
    #else
      if !preferWeak, let functions = RefCounting.functions {
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        _ = functions.unownedRetain(pointer)
        storage = .unowned(pointer)
      } else {
        storage = .weak(.passRetained(WeakBox(object)))
      }
    #endif
  }

  /// Whether the object has not started deinitializing.
  ///
  /// - Parameter sink: Receives any strong reference the check had to create (only the `weak`
  ///   fallback does); release it after unlocking, so no deinit runs under a lock.
  func isAlive(keeping sink: inout [AnyObject]) -> Bool {
    switch storage {
    case .unowned(let pointer):
      return !RefCounting.functions.unsafelyUnwrapped.isDeallocating(pointer)
    case .weak(let box):
      guard let object = box.takeUnretainedValue().object else { return false }
      sink.append(object)
      return true
    }
  }

  /// A strong reference to the object, or nil once it started deinitializing.
  func load() -> AnyObject? {
    switch storage {
    case .unowned(let pointer):
      guard RefCounting.functions.unsafelyUnwrapped.tryRetain(pointer) != nil else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue()
    case .weak(let box):
      return box.takeUnretainedValue().object
    }
  }

  /// Whether references hold their objects by the unowned count, which keeps an object's memory,
  /// and so its address, reserved until ``release()``.
  static var reservesMemory: Bool {
    #if canImport(ObjectiveC)
      return false
    #else
      return RefCounting.functions != nil
    #endif
  }

  /// Whether this references `object` (which the caller holds strongly). With an unowned
  /// reference the object's memory stays reserved until ``release()``, so its address is
  /// enough; a `weak` reference compares the object it still holds.
  func refers(to object: AnyObject) -> Bool {
    switch storage {
    case .unowned(let pointer):
      return pointer == Unmanaged.passUnretained(object).toOpaque()
    case .weak(let box):
      return box.takeUnretainedValue().object === object
    }
  }

  /// Gives the reference up. Call exactly once, and never use the reference afterwards.
  func release() {
    switch storage {
    case .unowned(let pointer):
      RefCounting.functions.unsafelyUnwrapped.unownedRelease(pointer)
    case .weak(let box):
      box.release()
    }
  }

  /// The `weak` fallback.
  final class WeakBox {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
      self.object = object
    }
  }
}

/// The runtime's reference-counting entry points, resolved once by name. They use the C calling
/// convention, so they are called through `@convention(c)` pointers, not `@_silgen_name`.
private struct RefCounting: Sendable {
  typealias ObjectFunction = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
  typealias ReleaseFunction = @convention(c) (UnsafeMutableRawPointer) -> Void
  typealias PredicateFunction = @convention(c) (UnsafeMutableRawPointer) -> Bool

  let unownedRetain: ObjectFunction
  let unownedRelease: ReleaseFunction
  let tryRetain: ObjectFunction
  let isDeallocating: PredicateFunction

  /// Nil when a function is missing: tracking then uses `weak` references.
  static let functions: RefCounting? = {
    #if canImport(ObjectiveC)
      return nil
    #else
      guard let unownedRetain = dlsym(nil, "swift_unownedRetain"),
        let unownedRelease = dlsym(nil, "swift_unownedRelease"),
        let tryRetain = dlsym(nil, "swift_tryRetain"),
        let isDeallocating = dlsym(nil, "swift_isDeallocating")
      else { return nil }
      return RefCounting(
        unownedRetain: unsafeBitCast(unownedRetain, to: ObjectFunction.self),
        unownedRelease: unsafeBitCast(unownedRelease, to: ReleaseFunction.self),
        tryRetain: unsafeBitCast(tryRetain, to: ObjectFunction.self),
        isDeallocating: unsafeBitCast(isDeallocating, to: PredicateFunction.self))
    #endif
  }()
}

/// Probe for `SwiftRuntimeReflection.isReflectionAvailable`.
private final class ReflectionProbe {
  var strongProbe: AnyObject?
  weak var weakProbe: AnyObject?
}

// MARK: - Mangled names

/// A mangled type name in reflection metadata. Bytes 0x01–0x17 start a 4-byte relative symbolic
/// reference and 0x18–0x1F a pointer-sized absolute one; those bytes are never read as text.
private struct MangledName {
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

// MARK: - Metadata

private enum MetadataKind {
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
}

private let pointerSize = MemoryLayout<UnsafeRawPointer>.size

/// Size, alignment and flags of a non-class type, read from its value witness table.
private struct ValueLayout {
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
private func isClassBoundExistential(_ type: Any.Type) -> Bool {
  let flags = unsafeBitCast(type, to: UnsafeRawPointer.self)
    .load(fromByteOffset: pointerSize, as: UInt32.self)
  return flags & 0x8000_0000 == 0
}

private func isClassKind(_ kind: UInt) -> Bool {
  kind == MetadataKind.class || kind == MetadataKind.objcClassWrapper
    || kind == MetadataKind.foreignClass
}

/// True for storage classes of the standard library (array, dictionary, string buffers): they keep
/// their elements in tail-allocated memory that field metadata does not describe.
private func isStandardLibraryStorage(_ object: AnyObject) -> Bool {
  _typeName(type(of: object), qualified: true).hasPrefix("Swift.")
}

// MARK: - Containers

/// Standard-library containers whose elements the walker visits.
private protocol ReflectableContainer: SendableMetatype {
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
private enum ElementLabel {
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
private protocol ReflectableOptional: SendableMetatype {
  /// Whether the optional at `pointer` holds a value; the value then sits at `pointer` too (a
  /// single-payload enum keeps its payload at offset 0).
  static func isSome(at pointer: UnsafeRawPointer) -> Bool
  /// The wrapped type.
  static var wrappedType: Any.Type { get }
  /// The first word of `nil` of this type.
  static var noneFirstWord: UInt { get }
}

extension Optional: ReflectableOptional {
  fileprivate static func isSome(at pointer: UnsafeRawPointer) -> Bool {
    pointer.assumingMemoryBound(to: Self.self).pointee != nil
  }

  fileprivate static var wrappedType: Any.Type { Wrapped.self }

  fileprivate static var noneFirstWord: UInt {
    guard MemoryLayout<Self>.size >= MemoryLayout<UInt>.size else { return 1 }
    var none = Self.none
    return withUnsafeBytes(of: &none) { $0.loadUnaligned(as: UInt.self) }
  }
}

/// The contiguous standard containers (`Array`, `ContiguousArray`, `ArraySlice`): one walk for all
/// three, elements labelled by their index (an `ArraySlice`'s start at its `startIndex`).
private protocol ContiguousReflectable: ReflectableContainer {
  associatedtype Element
  var startIndex: Int { get }
  var count: Int { get }
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R
}

extension ContiguousReflectable {
  fileprivate static var elementTypes: [Any.Type] { [Element.self] }

  fileprivate static func withContiguousElements(
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

  fileprivate static func elementCount(at pointer: UnsafeRawPointer) -> Int {
    pointer.assumingMemoryBound(to: Self.self).pointee.count
  }

  fileprivate static func forEachElement(
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
private func forEachBufferElement<Element>(
  _ buffer: UnsafeBufferPointer<Element>, firstIndex: Int,
  _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void
) {
  guard let base = buffer.baseAddress else { return }
  for offset in buffer.indices {
    body(UnsafeRawPointer(base + offset), Element.self, .index(firstIndex + offset))
  }
}

extension Dictionary: ReflectableContainer {
  fileprivate static var elementTypes: [Any.Type] { [Key.self, Value.self] }

  fileprivate static func elementCount(at pointer: UnsafeRawPointer) -> Int {
    pointer.assumingMemoryBound(to: Self.self).pointee.count
  }

  fileprivate static func forEachElement(
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
  fileprivate static var elementTypes: [Any.Type] { [Element.self] }

  fileprivate static func elementCount(at pointer: UnsafeRawPointer) -> Int {
    pointer.assumingMemoryBound(to: Self.self).pointee.count
  }

  fileprivate static func forEachElement(
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
  fileprivate static var elementTypes: [Any.Type] { [Any.self] }

  fileprivate static func elementCount(at pointer: UnsafeRawPointer) -> Int { 1 }

  fileprivate static func forEachElement(
    at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Any.Type, ElementLabel) -> Void
  ) {
    var base = pointer.assumingMemoryBound(to: Self.self).pointee.base
    withUnsafePointer(to: &base) { body(UnsafeRawPointer($0), Any.self, .none) }
  }
}

// MARK: - Type facts

/// What the walker needs to know about a type, read from its metadata once per process: the
/// metadata kind, the value witness layout, the container and optional conformances (dynamic
/// casts) and, for structs and tuples, the strong stored fields (decoding each field's mangled
/// type name). Types are never unloaded, so the facts stay valid.
private final class TypeFacts: Sendable {
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

// MARK: - Walker

/// Walks one value and collects the strong references it holds.
///
/// The path of the value being visited is kept as a stack of components and turned into text
/// only when a reference or an uninspected place is recorded.
private final class ReferenceWalker {
  // The walker is used by one thread for one scan, and no access to its state overlaps another
  // (each is a plain read, write or append), so the runtime's exclusivity checks are skipped.
  @exclusivity(unchecked) var scan = ReferenceScan()
  @exclusivity(unchecked) private var remainingVisits = 4096
  static let maxDepth = 24
  /// Whether values whose walk cost is only bounded (see `TypeFacts.ReferenceFree.isExact`) are
  /// visited instead of skipped.
  private let exact: Bool
  /// Set when a skipped value was charged more visits than its walk makes.
  @exclusivity(unchecked) private var overcharged = false
  /// Set when the budget ran out after an overcharge: this walk may differ from an exact one.
  @exclusivity(unchecked) private(set) var needsExactWalk = false
  /// The fields of the scanned object; empty when walking a value.
  private let roots: [ReflectedField]
  /// The position in `roots` of the field being walked; paths start at its name.
  @exclusivity(unchecked) var rootIndex = -1
  /// Path components below the root, outermost first.
  @exclusivity(unchecked) private var components: [Component] = []

  /// One step of a path below `root`.
  private enum Component {
    /// A field or enum case name (tuple elements: ".0").
    case name(String)
    /// A container element.
    case element(ElementLabel)
  }

  init(exact: Bool, roots: [ReflectedField] = []) {
    self.exact = exact
    self.roots = roots
  }

  /// Charges the visit budget for values skipped without a visit.
  func charge(_ visits: Int, isExact: Bool) {
    guard visits > 0 else { return }
    remainingVisits -= visits
    if !isExact { overcharged = true }
  }

  /// `path` extended by `component`; unlabeled tuple elements are named ".0", ".1" by the
  /// runtime.
  private static func join(_ path: String, _ component: String) -> String {
    let component =
      component.utf8.first == UInt8(ascii: ".") ? String(component.dropFirst()) : component
    if component.isEmpty { return path }
    if path.isEmpty || component.utf8.first == UInt8(ascii: "[") { return path + component }
    return path + "." + component
  }

  /// The path of the value being visited, e.g. `items[2].handler`.
  private var path: String {
    var path = rootIndex >= 0 ? roots[rootIndex].name : ""
    for component in components {
      switch component {
      case .name(let name): path = Self.join(path, name)
      case .element(let label): path = Self.join(path, label.text)
      }
    }
    return path
  }

  /// Runs `body` with `component` appended to the path; inside a closure the path stays the
  /// closure's property, since captures have no names.
  @inline(__always)
  private func descending(_ component: Component, closure: Bool, _ body: () -> Void) {
    if closure {
      body()
      return
    }
    components.append(component)
    body()
    components.removeLast()
  }

  private func record(_ object: AnyObject, closure: Bool, direct: Bool) {
    scan.references.append(
      ReflectedReference(path: path, target: object, throughClosure: closure, isDirect: direct))
  }

  private func uninspected(_ why: String) {
    let path = self.path
    scan.uninspected.append(path.isEmpty ? why : "\(path) (\(why))")
  }

  /// Visits the value of type `type` stored at `pointer`.
  func visit(
    _ pointer: UnsafeRawPointer, _ type: Any.Type, closure: Bool, direct: Bool, depth: Int
  ) {
    visit(pointer, facts(of: type), closure: closure, direct: direct, depth: depth)
  }

  /// Counts the visit of a value that holds no reference (a trivial value or text) without
  /// building its path, when `visit` would neither report it nor run out of budget; false when
  /// the value needs a real visit.
  private func skipInert(_ facts: TypeFacts, depth: Int) -> Bool {
    guard facts.isInert, depth < Self.maxDepth, remainingVisits > 0 else { return false }
    remainingVisits -= 1
    return true
  }

  /// `visit` for a type whose facts are known.
  func visit(
    _ pointer: UnsafeRawPointer, _ facts: TypeFacts, closure: Bool, direct: Bool, depth: Int
  ) {
    guard depth < Self.maxDepth, remainingVisits > 0 else {
      if remainingVisits <= 0, overcharged {
        needsExactWalk = true
      }
      uninspected("too deep or too large")
      return
    }
    if let free = facts.referenceFree, free.isExact || !exact,
      depth + free.nesting < Self.maxDepth
    {
      // The walk would record nothing; charge what it would count, if the budget suffices (a
      // walk that runs out of budget on the way records that, so it must really happen).
      var cost = free.visits
      if free.perElement > 0, let container = facts.container {
        cost += free.perElement * container.elementCount(at: pointer)
      }
      if cost <= remainingVisits {
        remainingVisits -= cost
        if !free.isExact { overcharged = true }
        return
      }
    }
    remainingVisits -= 1
    visitValue(pointer, facts, closure: closure, direct: direct, depth: depth)
  }

  /// The facts of `type`, from the few types this walker met last or from the shared cache.
  private func facts(of type: Any.Type) -> TypeFacts {
    let key = ObjectIdentifier(type)
    for entry in recentFacts where entry.key == key {
      return entry.facts
    }
    let found = TypeFacts.of(type)
    if recentFacts.count < 8 {
      recentFacts.append((key, found))
    } else {
      recentFacts[nextRecent] = (key, found)
      nextRecent = (nextRecent + 1) & 7
    }
    return found
  }

  @exclusivity(unchecked) private var recentFacts: [(key: ObjectIdentifier, facts: TypeFacts)] =
    []
  @exclusivity(unchecked) private var nextRecent = 0

  /// The body of `visit`, once the visit is counted.
  private func visitValue(
    _ pointer: UnsafeRawPointer, _ facts: TypeFacts, closure: Bool, direct: Bool, depth: Int
  ) {
    let type = facts.type
    if facts.isClass {
      guard pointer.load(as: UInt.self) != 0 else { return }
      record(pointer.load(as: AnyObject.self), closure: closure, direct: direct)
      return
    }
    let layout = facts.layout
    if layout.isPOD { return }
    if layout.isNonCopyable {
      uninspected("noncopyable value")
      return
    }
    switch facts.kind {
    case MetadataKind.optional:
      if let wrapped = facts.optionalObject {
        // Nil is a zero first word.
        guard pointer.load(as: UInt.self) != 0 else { return }
        visit(pointer, wrapped, closure: closure, direct: direct, depth: depth + 1)
      } else if let optional = facts.optional, let wrapped = facts.optionalWrapped {
        // The wrapped value is visited in place: no copy, no generic projection.
        guard optional.isSome(at: pointer) else { return }
        visit(pointer, wrapped, closure: closure, direct: direct, depth: depth + 1)
      } else {
        visitEnum(pointer, facts, closure: closure, depth: depth)
      }
    case MetadataKind.struct:
      visitStruct(pointer, facts, closure: closure, depth: depth)
    case MetadataKind.enum:
      visitEnum(pointer, facts, closure: closure, depth: depth)
    case MetadataKind.tuple:
      visitFields(pointer, facts, closure: closure, depth: depth)
    case MetadataKind.function:
      visitFunction(pointer, type, layout: layout, depth: depth)
    case MetadataKind.existential:
      visitExistential(pointer, type, closure: closure, direct: direct, depth: depth)
    case MetadataKind.metatype, MetadataKind.existentialMetatype, MetadataKind.opaque:
      // Metatypes hold no instances; builtin values (task handles, raw storage) are opaque.
      return
    default:
      uninspected("unsupported kind of value")
    }
  }

  /// Visits the strong stored fields of a struct or tuple.
  private func visitFields(
    _ pointer: UnsafeRawPointer, _ facts: TypeFacts, closure: Bool, depth: Int
  ) {
    for (field, fieldFacts) in zip(facts.strongFields, facts.strongFieldFacts) {
      if skipInert(fieldFacts, depth: depth + 1) { continue }
      descending(.name(field.name), closure: closure) {
        visit(
          pointer + field.offset, fieldFacts, closure: closure, direct: false, depth: depth + 1)
      }
    }
  }

  /// Visits the dynamic value inside an `Any`.
  func visitAny(_ value: Any, closure: Bool, direct: Bool, depth: Int) {
    func open<Value>(_ value: Value) {
      var copy = value
      withUnsafePointer(to: &copy) {
        visit(UnsafeRawPointer($0), Value.self, closure: closure, direct: direct, depth: depth + 1)
      }
    }
    _openExistential(value, do: open)
  }

  private func visitStruct(
    _ pointer: UnsafeRawPointer, _ facts: TypeFacts, closure: Bool, depth: Int
  ) {
    if let container = facts.container {
      // Contiguous arrays: the element type's facts once, elements by stride.
      if let elementFacts = facts.elementFacts,
        container.withContiguousElements(
          at: pointer,
          { base, count, stride, firstIndex in
            for offset in 0..<count {
              if skipInert(elementFacts, depth: depth + 1) { continue }
              descending(.element(.index(firstIndex + offset)), closure: closure) {
                visit(
                  base + offset * stride, elementFacts, closure: closure, direct: false,
                  depth: depth + 1)
              }
            }
          })
      {
        return
      }
      container.forEachElement(at: pointer) { elementPointer, elementType, label in
        let elementFacts = self.facts(of: elementType)
        if skipInert(elementFacts, depth: depth + 1) { return }
        descending(.element(label), closure: closure) {
          visit(
            elementPointer, elementFacts, closure: closure, direct: label.isEmpty,
            depth: depth + 1)
        }
      }
      return
    }
    if facts.isText { return }
    if facts.isFieldMetadataStripped {
      uninspected("field metadata stripped")
      return
    }
    visitFields(pointer, facts, closure: closure, depth: depth)
  }

  /// Visits an enum's payload as `Mirror` shows it (one child named after the case, or none),
  /// through the runtime entry points `Mirror` itself uses.
  private func visitEnum(
    _ pointer: UnsafeRawPointer, _ facts: TypeFacts, closure: Bool, depth: Int
  ) {
    // A custom mirror would run user code and may not show the payload.
    if facts.isCustomReflectableEnum {
      uninspected("enum with a custom mirror")
      return
    }
    func visitChildren<Value>(_: Value.Type) {
      let value = pointer.assumingMemoryBound(to: Value.self).pointee
      let count = runtimeChildCount(value, type: Value.self)
      for index in 0..<count {
        var name: UnsafePointer<CChar>? = nil
        var free: NameFreeFunction? = nil
        let child = runtimeChild(
          of: value, type: Value.self, index: index, outName: &name, outFreeFunc: &free)
        let label = name.map { String(cString: $0) } ?? ""
        free?(name)
        descending(.name(label), closure: closure) {
          visitAny(child, closure: closure, direct: false, depth: depth)
        }
      }
    }
    _openExistential(facts.type, do: visitChildren)
  }

  private func visitExistential(
    _ pointer: UnsafeRawPointer, _ type: Any.Type, closure: Bool, direct: Bool, depth: Int
  ) {
    // Existential type metadata: kind word, then 32-bit flags.
    let flags = unsafeBitCast(type, to: UnsafeRawPointer.self)
      .load(fromByteOffset: pointerSize, as: UInt32.self)
    let isClassBound = isClassBoundExistential(type)
    let specialProtocol = (flags & 0x3F00_0000) >> 24
    if isClassBound {
      // Class existential container: the object reference, then witness tables.
      guard pointer.load(as: UInt.self) != 0 else { return }
      record(pointer.load(as: AnyObject.self), closure: closure, direct: direct)
    } else if specialProtocol == 1 {
      // `any Error`: a single boxed reference.
      visitAny(pointer.load(as: (any Error).self), closure: closure, direct: direct, depth: depth)
    } else {
      // Opaque existential container: three-word buffer and the dynamic type, then witness
      // tables; its prefix is exactly an `Any`.
      visitAny(pointer.load(as: Any.self), closure: closure, direct: direct, depth: depth)
    }
  }

  private func visitFunction(
    _ pointer: UnsafeRawPointer, _ type: Any.Type, layout: ValueLayout, depth: Int
  ) {
    // Function type metadata: kind word, then flags; bits 16-23 are the convention (0 = Swift).
    let flags = unsafeBitCast(type, to: UnsafeRawPointer.self)
      .load(fromByteOffset: pointerSize, as: UInt.self)
    let convention = (flags >> 16) & 0xFF
    guard convention == 0, layout.size == 2 * pointerSize else {
      if convention == 1 { uninspected("block") }
      if convention == 0 { uninspected("closure with an unsupported layout") }
      return
    }
    // A thick function is (function pointer, context); the context owns the captures.
    guard let context = pointer.load(fromByteOffset: pointerSize, as: UnsafeRawPointer?.self)
    else { return }
    visitContext(context, depth: depth + 1)
  }

  /// Visits the captures of a closure context.
  private func visitContext(_ context: UnsafeRawPointer, depth: Int) {
    guard depth < Self.maxDepth else {
      uninspected("too deep")
      return
    }
    let metadata = context.load(as: UnsafeRawPointer.self)
    let kind = runtimeMetadataKind(unsafeBitCast(metadata, to: Any.Type.self))
    if kind == MetadataKind.class {
      // A closure whose only capture is one strong reference uses the object as its context.
      let object = Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue()
      if isStandardLibraryStorage(object) {
        uninspected("closure capturing a collection")
      } else {
        record(object, closure: true, direct: false)
      }
      return
    }
    guard kind == MetadataKind.heapLocalVariable else {
      uninspected("closure context of an unsupported kind")
      return
    }
    // Heap local variable metadata: kind word, 32-bit offset to the first capture, then a
    // pointer to the capture descriptor (null when reflection metadata is stripped).
    let firstCapture = Int(metadata.load(fromByteOffset: pointerSize, as: UInt32.self))
    guard
      let descriptor = metadata.load(fromByteOffset: 2 * pointerSize, as: UnsafeRawPointer?.self)
    else {
      uninspected("closure capture metadata unavailable")
      return
    }
    // Capture descriptor: capture count, metadata source count, binding count, then one
    // relative type-name pointer per capture and two relative pointers per metadata source.
    let captureCount = Int(descriptor.load(as: UInt32.self))
    let sourceCount = Int(descriptor.load(fromByteOffset: 4, as: UInt32.self))
    let bindingCount = Int(descriptor.load(fromByteOffset: 8, as: UInt32.self))
    guard captureCount <= 256, sourceCount <= 256, bindingCount <= 256,
      firstCapture >= 2 * pointerSize, firstCapture <= 4096
    else {
      uninspected("closure context with an unexpected layout")
      return
    }
    let captureNames = descriptor + 12
    let sourceRecords = captureNames + 4 * captureCount
    var offset = firstCapture + bindingCount * pointerSize

    for index in 0..<captureCount {
      guard let namePointer = SwiftRuntimeReflection.relativePointer(at: captureNames + 4 * index),
        let name = MangledName(at: namePointer)
      else {
        uninspected("closure capture without a type name")
        return
      }
      let isStrong = !(name.hasSuffix("Xw") || name.hasSuffix("Xo") || name.hasSuffix("Xu"))

      if let function = name.implFunction {
        // A closure captured by a reabstraction thunk: (function pointer, context).
        let size = function.isThick ? 2 * pointerSize : pointerSize
        offset = (offset + pointerSize - 1) & ~(pointerSize - 1)
        if function.isThick,
          !function.isOptional || context.load(fromByteOffset: offset, as: UInt.self) != 0,
          let inner = context.load(fromByteOffset: offset + pointerSize, as: UnsafeRawPointer?.self)
        {
          visitContext(inner, depth: depth + 1)
        }
        offset += size
        continue
      }

      if name.hasSuffix("z_Xx") {
        // A captured `var` (also `[weak x]` captures): a box holding one value, owned unless
        // the boxed value is itself a weak or unowned reference.
        let boxedIsStrong =
          !(name.hasSuffix("Xwz_Xx") || name.hasSuffix("Xoz_Xx")
          || name.hasSuffix("Xuz_Xx"))
        offset = (offset + pointerSize - 1) & ~(pointerSize - 1)
        if boxedIsStrong {
          guard let boxed = name.resolve(droppingLast: 4) else {
            uninspected("closure capturing a variable of an unresolvable type")
            return
          }
          if let box = context.load(fromByteOffset: offset, as: UnsafeRawPointer?.self) {
            visitBox(box, boxed, depth: depth)
          }
        }
        offset += pointerSize
        continue
      }

      let resolved: Any.Type?
      if let binding = genericBinding(
        for: name, sources: sourceRecords, count: sourceCount, in: context,
        firstCapture: firstCapture, bindingCount: bindingCount)
      {
        resolved = binding
      } else {
        resolved = name.resolve(droppingLast: isStrong ? 0 : 2)
      }
      guard let captureType = resolved else {
        // Without the type, the size and therefore the position of later captures is unknown.
        uninspected("closure capture of an unresolvable (generic?) type")
        return
      }
      let kind = runtimeMetadataKind(captureType)
      let (size, alignment): (Int, Int)
      if isClassKind(kind) {
        (size, alignment) = (pointerSize, pointerSize)
      } else {
        let layout = ValueLayout(of: captureType)
        (size, alignment) = (layout.size, layout.alignment)
      }
      guard alignment > 0, alignment & (alignment - 1) == 0, size >= 0, size <= 1 << 20 else {
        uninspected("closure capture with an unexpected layout")
        return
      }
      offset = (offset + alignment - 1) & ~(alignment - 1)
      if isStrong {
        visit(context + offset, captureType, closure: true, direct: false, depth: depth + 1)
      }
      offset += size
    }
  }

  /// Visits the value inside a box that a closure uses for a captured `var`.
  private func visitBox(_ box: UnsafeRawPointer, _ type: Any.Type, depth: Int) {
    let metadata = box.load(as: UnsafeRawPointer.self)
    guard
      runtimeMetadataKind(unsafeBitCast(metadata, to: Any.Type.self))
        == MetadataKind.heapLocalVariable
    else {
      uninspected("closure capturing a variable in an unsupported box")
      return
    }
    let valueOffset = Int(metadata.load(fromByteOffset: pointerSize, as: UInt32.self))
    let alignment =
      isClassKind(runtimeMetadataKind(type)) ? pointerSize : ValueLayout(of: type).alignment
    let expected = (2 * pointerSize + alignment - 1) & ~(alignment - 1)
    guard valueOffset == expected else {
      uninspected("closure capturing a variable in an unexpected box layout")
      return
    }
    visit(box + valueOffset, type, closure: true, direct: false, depth: depth + 1)
  }

  /// The metadata of a capture whose type is exactly a generic parameter bound in the context.
  private func genericBinding(
    for name: MangledName, sources: UnsafeRawPointer, count: Int, in context: UnsafeRawPointer,
    firstCapture: Int, bindingCount: Int
  ) -> Any.Type? {
    guard name.isPlain, count > 0 else { return nil }
    for index in 0..<count {
      let record = sources + 8 * index
      guard let typeName = SwiftRuntimeReflection.relativePointer(at: record),
        let sourceName = SwiftRuntimeReflection.relativePointer(at: record + 4),
        let parameter = MangledName(at: typeName), parameter.isPlain,
        parameter.tail == name.tail,
        let source = MangledName(at: sourceName), source.isPlain,
        source.tail.first == UInt8(ascii: "B"),
        // "B<index>" (optionally "_"-terminated): the index-th binding of the context.
        let binding = Int(
          String(
            decoding: source.tail.dropFirst().prefix { $0 != UInt8(ascii: "_") }, as: UTF8.self)),
        binding >= 0, binding < bindingCount
      else { continue }
      let metadata = context.load(
        fromByteOffset: firstCapture + binding * pointerSize, as: UnsafeRawPointer?.self)
      return metadata.map { unsafeBitCast($0, to: Any.Type.self) }
    }
    return nil
  }
}
