/// A dependency the registry supplies itself instead of looking it up: `Resolver` and
/// `Provider<T>`.
protocol BuiltInDependency {
  /// The type a deferred dependency resolves later (`T` for `Provider<T>`), nil for `Resolver`.
  static var deferredTarget: Any.Type? { get }
  static func make(from resolver: Resolver) -> Self
}

extension Dependency {
  init(_ type: Any.Type) {
    if let builtIn = type as? any BuiltInDependency.Type {
      let target = builtIn.deferredTarget
      self.init(
        type: target ?? type, key: ServiceKey(target ?? type), isDeferred: target != nil,
        isBuiltIn: true)
    } else if let optional = type as? any OptionalDependency.Type {
      let wrapped = optional.optionalWrappedType
      self.init(
        type: wrapped, key: ServiceKey(wrapped), isDeferred: false, isBuiltIn: false,
        isOptional: true)
    } else {
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
