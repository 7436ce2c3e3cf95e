/// A dependency the registry supplies itself instead of looking it up: `Resolver`, `Provider<T>`,
/// `AsyncProvider<T>` and `Lazy<T>`. A new conforming type must also join
/// `SpecialDependency.builtInDescriptors`, or registrations will not see it as built in.
protocol BuiltInDependency {
  /// The type a deferred dependency resolves later (`T` for `Provider<T>`), nil for `Resolver`.
  static var deferredTarget: Any.Type? { get }
  /// Whether the deferred target is awaited (`AsyncProvider<T>`); see `Dependency+Async.swift`.
  static var isAsyncDeferred: Bool { get }
  static func make(from resolver: Resolver) -> Self
}

extension Dependency {
  init(_ type: Any.Type) {
    switch SpecialDependency.classify(type) {
    case .builtIn(let builtIn):
      let target = builtIn.deferredTarget
      self.init(
        type: target ?? type, key: ServiceKey(target ?? type), isDeferred: target != nil,
        isBuiltIn: true)
      isAsyncDeferred = builtIn.isAsyncDeferred
    case .optional(let optional):
      let wrapped = optional.optionalWrappedType
      self.init(
        type: wrapped, key: ServiceKey(wrapped), isDeferred: false, isBuiltIn: false,
        isOptional: true)
    case .none:
      self.init(type: type, key: ServiceKey(type), isDeferred: false, isBuiltIn: false)
    }
  }

  /// The dependency list of an autowired registration, or nil (opaque) when it takes a `Resolver`,
  /// which can resolve anything.
  static func declared(_ dependencies: [Dependency]) -> [Dependency]? {
    dependencies.contains { $0.isBuiltIn && !$0.isDeferred } ? nil : dependencies
  }

  /// `declared(_:)` for the parameter types of an initializer; no work for one without any.
  @usableFromInline
  static func declared(types: [Any.Type]) -> [Dependency]? {
    types.isEmpty ? [] : declared(types.map(Dependency.init))
  }
}

/// What kind of dependency a parameter type is, decided without asking the runtime whether an
/// arbitrary type conforms to a protocol.
///
/// A conformance check (`type as? any BuiltInDependency.Type`) scans every conformance record
/// in the process the first time it sees a type: registering an app of 300 modules (about 3,000
/// dependency types) spent 90% of its launch there (docs/Performance.md, "At app scale"). Only
/// `Optional` and ViperNest's own structs (`Resolver`, `Provider`, `AsyncProvider`, `Lazy`) can
/// be special, so the metadata kind and the nominal type descriptor (both read through the
/// runtime's own entry points) rule out every other type first; the conformance is only asked
/// of those few.
enum SpecialDependency {
  case builtIn(any BuiltInDependency.Type)
  case optional(any OptionalDependency.Type)
  case none

  /// The type descriptors of the structs that conform to `BuiltInDependency` (one generic
  /// instance each stands for all). `builtInTypesAreKnown` in the tests keeps this list whole.
  static let builtInDescriptors: [UInt] = [
    Resolver.self, Provider<Never>.self, AsyncProvider<Never>.self, Lazy<Never>.self,
  ].map { UInt(bitPattern: runtimeTypeContextDescriptor($0)) }

  static func classify(_ type: Any.Type) -> SpecialDependency {
    switch runtimeMetadataKind(type) {
    case MetadataKind.optional:
      return (type as? any OptionalDependency.Type).map(SpecialDependency.optional) ?? .none
    case MetadataKind.struct:
      let descriptor = UInt(bitPattern: runtimeTypeContextDescriptor(type))
      guard builtInDescriptors.contains(descriptor) else { return .none }
      return (type as? any BuiltInDependency.Type).map(SpecialDependency.builtIn) ?? .none
    default:
      return .none
    }
  }
}
