// MARK: - Walker

/// Walks one value and collects the strong references it holds.
///
/// The path of the value being visited is kept as a stack of components and turned into text
/// only when a reference or an uninspected place is recorded.
final class ReferenceWalker {
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
    let kind = runtimeMetadataKind(Self.type(atMetadata: metadata))
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
    if kind == MetadataKind.heapGenericLocalVariable {
      // A closure whose only capture is a `var` of a type without a fixed layout uses that
      // variable's box as its context.
      visitGenericBox(context, expecting: nil, depth: depth)
      return
    }
    guard kind == MetadataKind.heapLocalVariable else {
      uninspected("closure context of an unsupported kind")
      return
    }
    // Heap local variable metadata: kind word, 32-bit offset to the first capture, then a
    // pointer to the capture descriptor (null when reflection metadata is stripped). The offset
    // is 0 when the first element has no fixed offset (a value of a type whose layout the
    // compiler does not know, such as a resilient struct captured by value): then every
    // element from it on follows the previous one at its type's run-time alignment, the first
    // after the object header (IRGen's `buildPrivateMetadata` and `HeapNonFixedOffsets`,
    // lib/IRGen/GenHeap.cpp), as the loop below computes.
    let recordedFirstCapture = Int(metadata.load(fromByteOffset: pointerSize, as: UInt32.self))
    let firstCapture = recordedFirstCapture == 0 ? 2 * pointerSize : recordedFirstCapture
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
      firstCapture >= 2 * pointerSize, firstCapture <= 4096,
      // Bindings are a fixed first element: with them, the first offset is never 0.
      recordedFirstCapture != 0 || bindingCount == 0
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

      if name.hasSuffix("XX") {
        // A captured `var` of a generic type: a generic SIL box (`<fields> <arguments>
        // <signature> XX`), one reference. The runtime allocates it when the type has no fixed
        // layout (`convertBoxType`, lib/IRGen/GenHeap.cpp), and then its metadata names the
        // type, which is a formal value type (weak and unowned storage have a fixed layout, so
        // their boxes never are generic); the name alone cannot.
        offset = (offset + pointerSize - 1) & ~(pointerSize - 1)
        if let box = context.load(fromByteOffset: offset, as: UnsafeRawPointer?.self) {
          if isGenericBox(box) {
            visitGenericBox(box, expecting: nil, depth: depth)
          } else if !name.tail.containsReferenceOwnership {
            uninspected("closure capturing a variable of a generic type in a box of fixed layout")
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
    let kind = runtimeMetadataKind(Self.type(atMetadata: metadata))
    if kind == MetadataKind.heapGenericLocalVariable {
      visitGenericBox(box, expecting: type, depth: depth)
      return
    }
    guard kind == MetadataKind.heapLocalVariable else {
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

  private func isGenericBox(_ box: UnsafeRawPointer) -> Bool {
    runtimeMetadataKind(Self.type(atMetadata: box.load(as: UnsafeRawPointer.self)))
      == MetadataKind.heapGenericLocalVariable
  }

  /// The type whose metadata is at `metadata`: a heap object's first word, a box's `BoxedType`,
  /// a context's bound generic argument.
  ///
  /// The one bit cast from a metadata pointer in the walker. Sound because an `Any.Type` (a
  /// thick metatype of any type) is represented by its metadata pointer, and every caller reads
  /// the pointer from a word the Swift ABI defines as a metadata reference
  /// (include/swift/ABI/Metadata.h). No benchmark target: this is reflection, which has no plain
  /// version (`Mirror` shows neither closure contexts nor boxes).
  private static func type(atMetadata metadata: UnsafeRawPointer) -> Any.Type {
    unsafeBitCast(metadata, to: Any.Type.self)
  }

  /// Visits the value inside a box the runtime allocated for a captured `var` whose layout the
  /// compiler does not know (a resilient type such as Foundation's `Date` on Apple platforms, or
  /// a generic one): `swift_allocBox` (stdlib/public/runtime/HeapObject.cpp) gives it
  /// `GenericBoxHeapMetadata` (include/swift/ABI/Metadata.h): the kind word, the 32-bit offset of
  /// the value (the object header rounded up to the value's alignment), then the boxed type's
  /// metadata. `expected` is the type the capture descriptor names, if any.
  private func visitGenericBox(_ box: UnsafeRawPointer, expecting expected: Any.Type?, depth: Int) {
    let metadata = box.load(as: UnsafeRawPointer.self)
    let valueOffset = Int(metadata.load(fromByteOffset: pointerSize, as: UInt32.self))
    guard
      let boxedMetadata = metadata.load(fromByteOffset: 2 * pointerSize, as: UnsafeRawPointer?.self)
    else {
      uninspected("closure capturing a variable in a generic box without its type")
      return
    }
    let boxed = Self.type(atMetadata: boxedMetadata)
    let name = _typeName(boxed, qualified: true)
    if let expected, ObjectIdentifier(expected) != ObjectIdentifier(boxed) {
      uninspected(
        "closure capturing a variable of type \(_typeName(expected, qualified: true)) in a "
          + "generic box of \(name), not followed")
      return
    }
    let alignment =
      isClassKind(runtimeMetadataKind(boxed)) ? pointerSize : ValueLayout(of: boxed).alignment
    guard alignment > 0, alignment & (alignment - 1) == 0,
      valueOffset == (2 * pointerSize + alignment - 1) & ~(alignment - 1)
    else {
      uninspected(
        "closure capturing a variable of type \(name) in a generic box with an unexpected "
          + "layout, not followed")
      return
    }
    visit(box + valueOffset, boxed, closure: true, direct: false, depth: depth + 1)
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
      return metadata.map { Self.type(atMetadata: $0) }
    }
    return nil
  }
}

extension [UInt8] {
  /// Whether a mangled name's characters mark a `weak`, `unowned` or `unowned(unsafe)` storage
  /// anywhere (`Xw`, `Xo`, `Xu`).
  fileprivate var containsReferenceOwnership: Bool {
    indices.dropLast().contains { index in
      self[index] == UInt8(ascii: "X")
        && [UInt8(ascii: "w"), UInt8(ascii: "o"), UInt8(ascii: "u")].contains(self[index + 1])
    }
  }
}
