import SwiftShims

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
      if !walker.needsExactWalk {
        var scan = walker.scan
        if let objectiveC = plan.objectiveC {
          // Apple platforms: the Objective-C classes' strong instance variables (a controller's
          // view, child and presented controllers) are followed, and what is not is said.
          objectiveC.scan(object, into: &scan, isOnMainActor: isMainThread())
        } else if let opaque = plan.opaqueSuperclass {
          // Said, never silently skipped: a cycle can run through the superclass's state (a
          // controller's view, its subviews' closures, child or presented controllers).
          scan.uninspected.append(opaqueSuperclassNote(opaque))
        }
        return scan
      }
      exact = true
    }
  }

  /// A class's strong stored fields and how to read each, decoded once per class.
  private final class ScanPlan: Sendable {
    let fields: [ReflectedField]
    let facts: [TypeFacts]
    let isMetadataStripped: Bool
    /// See `ReflectedLayout.opaqueSuperclass`.
    let opaqueSuperclass: String?
    /// The Objective-C classes of the hierarchy and their strong instance variables.
    let objectiveC: ObjectiveCHierarchy?
    /// The positions in `fields` that may hold references.
    let walkedFields: [Int]
    /// The visits of the other fields (see `TypeFacts.ReferenceFree`).
    let referenceFreeVisits: Int

    init(
      fields: [ReflectedField], facts: [TypeFacts], isMetadataStripped: Bool,
      opaqueSuperclass: String?, objectiveC: ObjectiveCHierarchy?
    ) {
      self.fields = fields
      self.facts = facts
      self.isMetadataStripped = isMetadataStripped
      self.opaqueSuperclass = opaqueSuperclass
      self.objectiveC = objectiveC
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
      isMetadataStripped: layout.isMetadataStripped, opaqueSuperclass: layout.opaqueSuperclass,
      objectiveC: layout.opaqueSuperclass == nil ? nil : ObjectiveCHierarchy.of(type))
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
    return ReflectedLayout(
      fields: fields, isMetadataStripped: isStripped,
      opaqueSuperclass: opaqueSuperclass(in: chain, isOpaque: isOpaqueClass))
  }

  /// Whether reflection cannot read a class's own state: it has no Swift type descriptor, as an
  /// Objective-C class has none (`swift_getTypeContextDescriptor` answers only for Swift type
  /// metadata). Every class on Linux has one.
  static func isOpaqueClass(_ type: AnyClass) -> Bool {
    runtimeTypeContextDescriptor(type) == nil
  }

  /// What a scan lists as not inspected for an object whose superclass `name` is opaque and no
  /// Objective-C runtime reads it (see `ObjectiveCHierarchy` for the note where one does).
  static func opaqueSuperclassNote(_ name: String) -> String {
    "\(name) state (an Objective-C superclass: its view, subviews, child and presented "
      + "controllers are not followed)"
  }

  /// The most derived class of `chain` (root first) whose state reflection cannot read, other
  /// than the roots that hold nothing a leak runs through (`NSObject`, Swift's own root).
  static func opaqueSuperclass(in chain: [AnyClass], isOpaque: (AnyClass) -> Bool) -> String? {
    for level in chain.reversed() where isOpaque(level) {
      let name = _typeName(level, qualified: false)
      if name == "NSObject" || name.hasSuffix("SwiftObject") { continue }
      return name
    }
    return nil
  }

  /// Fields of a struct or tuple type (not cached: structs are walked rarely and cheaply).
  static func valueFields(of type: Any.Type) -> [ReflectedField] {
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
  static func declaredFieldCount(of type: Any.Type) -> Int? {
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

  /// The names of a class's stored properties, superclasses first, each with the class that
  /// declares it, read from the field records alone: no field type is resolved, so nothing is
  /// instantiated and little is allocated (benchmark targets `launch-300` and `memory-300`: the
  /// module builder's shadowing check reads them on the first build of each layer class, and
  /// `storedFields(of:)` resolves every field's type). A class without field records (an
  /// Objective-C class, stripped metadata) contributes nothing.
  static func declaredFieldNames(of type: AnyClass) -> [(name: String, declaringType: AnyClass)] {
    var chain: [AnyClass] = [type]
    while let superclass = _getSuperclass(chain[chain.count - 1]), chain.count < 64 {
      chain.append(superclass)
    }
    var names: [(name: String, declaringType: AnyClass)] = []
    for level in chain.reversed() {
      for record in fieldRecords(of: level) {
        guard let name = record.name else { continue }
        names.append((displayName(ofField: name), level))
      }
    }
    return names
  }

  /// A class's own field records, in declaration order: each one's name and the address of its
  /// mangled type name. Empty when the class has no Swift field descriptor.
  ///
  /// Read by the Swift ABI's layout (a class context descriptor's field descriptor at offset 16;
  /// `FieldDescriptor`: 16 bytes, then records of `FieldRecordSize` bytes, each `Flags`,
  /// `MangledTypeName`, `FieldName`, relative pointers). Invariant that makes the reads sound: a
  /// field name is a NUL-terminated UTF-8 string in the binary's reflection metadata, which lives
  /// as long as the process.
  private static func fieldRecords(
    of type: AnyClass
  ) -> [(name: String?, mangledTypeName: UnsafeRawPointer?)] {
    guard let descriptor = runtimeTypeContextDescriptor(type),
      descriptor.load(as: UInt32.self) & 0x1F == ContextDescriptorKind.class,
      let fieldDescriptor = relativePointer(at: descriptor + 16)
    else { return [] }
    let recordSize = Int(fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12 else { return [] }
    return (0..<recordCount).map { index in
      let record = fieldDescriptor + 16 + index * recordSize
      let name = relativePointer(at: record + 8).map {
        String(cString: $0.assumingMemoryBound(to: CChar.self))
      }
      return (name, relativePointer(at: record + 4))
    }
  }

  /// Tells `weak`, `unowned` and `unowned(unsafe)` apart from the suffix of the field's mangled
  /// type name (`Xw`, `Xo`, `Xu`). Nil when the descriptor cannot be read or does not match.
  private static func nonStrongOwnership(
    of type: AnyClass, fieldIndex: Int, name: String
  ) -> ReferenceOwnership? {
    let records = fieldRecords(of: type)
    guard fieldIndex < records.count, records[fieldIndex].name == name,
      let typeNamePointer = records[fieldIndex].mangledTypeName,
      let mangled = MangledName(at: typeNamePointer)
    else { return nil }
    if mangled.hasSuffix("Xw") { return .weak }
    if mangled.hasSuffix("Xo") { return .unowned }
    if mangled.hasSuffix("Xu") { return .unownedUnsafe }
    return nil
  }

  /// The payload types of a non-generic enum without indirect cases, from its field records;
  /// nil when they cannot all be read.
  static func enumPayloadTypes(of type: Any.Type) -> [Any.Type]? {
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
  static func relativePointer(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
  }
}

/// Probe for `SwiftRuntimeReflection.isReflectionAvailable`.
final class ReflectionProbe {
  var strongProbe: AnyObject?
  weak var weakProbe: AnyObject?
}
