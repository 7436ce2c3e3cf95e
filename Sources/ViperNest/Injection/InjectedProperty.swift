/// A property a registration injects through a wrapper (``Injected``, ``LazyInjected``,
/// ``WeakLazyInjected``), declared so that ``Registry/validate()`` can check it like an initializer
/// parameter.
///
/// `.eager` properties are dependencies like initializer parameters: validation reports them
/// missing, circular or captive. `.lazy` properties are resolved on first access, like a
/// ``Provider``: validation only checks that they are registered.
///
/// ```swift
/// r.register(
///   ProfileViewModel.self,
///   injecting: [.eager((any ContactStore).self), .lazy((any Analytics).self)],
///   ProfileViewModel.init)
/// ```
public struct InjectedProperty: Sendable {
  let dependency: Dependency
  let isLazy: Bool
  let typeName: String
  let name: ServiceName?

  /// A property wrapped in ``Injected``: resolved while the object is initialized.
  ///
  /// - Parameters:
  ///   - type: The property's type, as it is registered.
  ///   - name: The typed name the property asks for, if any.
  /// - Returns: The declaration.
  public static func eager<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil
  ) -> InjectedProperty {
    InjectedProperty(T.self, name: ServiceName(name), isLazy: false)
  }

  /// A property wrapped in ``LazyInjected`` or ``WeakLazyInjected``: resolved on first access.
  ///
  /// - Parameters:
  ///   - type: The property's type, as it is registered.
  ///   - name: The typed name the property asks for, if any.
  /// - Returns: The declaration.
  public static func lazy<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil
  ) -> InjectedProperty {
    InjectedProperty(T.self, name: ServiceName(name), isLazy: true)
  }

  private init(_ type: Any.Type, name: ServiceName?, isLazy: Bool) {
    self.dependency = Dependency(
      type: type, key: ServiceKey(type, name: name), isDeferred: isLazy, isBuiltIn: false)
    self.isLazy = isLazy
    self.typeName = ViperNest.typeName(type)
    self.name = name
  }

  /// How a registration declares a property of `type` and `name`: `.eager(Store.self)`.
  static func declaration(_ type: Any.Type, name: ServiceName?, isLazy: Bool) -> String {
    "\(isLazy ? ".lazy" : ".eager")(\(ViperNest.typeName(type)).self"
      + (name.map { ", name: \($0)" } ?? "") + ")"
  }
}

/// The story a property-injecting factory is building an object in: set (task-locally) while the
/// object's initializer runs, read by the wrappers' initializers.
final class InjectionContext: Sendable {
  @TaskLocal static var current: InjectionContext?

  let resolver: Resolver
  /// What the registration declares; nil when nothing is checked
  /// (``Resolving/withPropertyInjection(_:)``).
  let declared: [InjectedProperty]?
  /// The first failure of an `@Injected` property, thrown once the initializer returns.
  private let failure = Protected<(any Error)?>(nil)

  init(resolver: Resolver, declared: [InjectedProperty]?) {
    self.resolver = resolver
    self.declared = declared
  }

  /// Runs `body` (an initializer) with a context for `resolver`, then throws the first failure of
  /// an eager property, if any.
  static func building<T>(
    resolver: Resolver, declared: [InjectedProperty]?, _ body: () throws -> T
  ) throws -> T {
    let context = InjectionContext(resolver: resolver, declared: declared)
    let value = try $current.withValue(context) { try body() }
    if let failure = context.failure.withLock({ $0 }) { throw failure }
    return value
  }

  /// Runs `body` with no context: what a nested resolution builds sees only its own.
  static func withoutContext<R>(_ body: () throws -> R) rethrows -> R {
    try $current.withValue(nil) { try body() }
  }

  /// The resolver for a wrapper of `type`, after checking that the registration declares it.
  static func resolver(
    for type: Any.Type, name: ServiceName?, isLazy: Bool, wrapper: String
  ) -> Result<Resolver, InjectionError> {
    let key = describeKey(type, name, [])
    let declaration = InjectedProperty.declaration(type, name: name, isLazy: isLazy)
    guard let context = current else {
      return .failure(
        InjectionError(
          .outsideResolution, key: key, wrapper: wrapper, declaration: declaration))
    }
    if let declared = context.declared {
      let wanted = ServiceKey(type, name: name)
      // A lazy property may be declared eager (checked more strictly than needed), not the reverse.
      guard declared.contains(where: { $0.dependency.key == wanted && (isLazy || !$0.isLazy) })
      else {
        let error = InjectionError(
          .undeclaredProperty, key: key, wrapper: wrapper, declaration: declaration)
        context.record(error)
        return .failure(error)
      }
    }
    // A later, lazy resolution must not find this resolution's requester: resolve as the story.
    return .success(Resolver(node: context.resolver.node, requester: context.resolver.node))
  }

  /// Resolves an eager property now, recording a failure for `building` to throw.
  static func resolveNow<T>(
    _ type: T.Type, name: ServiceName?, wrapper: String
  ) -> Result<T, any Error> {
    switch resolver(for: T.self, name: name, isLazy: false, wrapper: wrapper) {
    case .failure(let error): return .failure(error)
    case .success:
      let context = current!
      do {
        let value = try withoutContext { try context.resolver.resolveInjected(T.self, name: name) }
        return .success(value)
      } catch {
        context.record(error)
        return .failure(error)
      }
    }
  }

  private func record(_ error: any Error) {
    failure.withLock { if $0 == nil { $0 = error } }
  }
}

extension Resolver {
  /// Resolves a property's value: a nested resolution of the factory that builds its object, or,
  /// for a lazy property read later, an outermost one (refused once the story closed).
  func resolveInjected<T>(_ type: T.Type, name: ServiceName?, later: Bool = false) throws -> T {
    if later, name == nil { return try resolvePlain(T.self) }
    guard let name else { return try dependency(T.self) }
    return try resolveEntry(ServiceKey(T.self, name: name), T.self, (), argumentTypes: [])
  }
}

// MARK: - Registration

extension Registrar {
  /// Registers a class whose properties are injected by ``Injected``, ``LazyInjected`` and
  /// ``WeakLazyInjected`` wrappers (code written for Factory), built by an initializer whose
  /// parameters are resolved from the registry.
  ///
  /// While the initializer runs, the wrappers resolve from the story that builds the object (the
  /// one that owns it for a cached lifetime). `injecting` declares the wrapped properties, so
  /// ``Registry/validate()`` checks them like initializer parameters; a wrapper that is not
  /// declared fails the resolution with ``InjectionError/Code/undeclaredProperty``. A failing
  /// `@Injected` property fails the resolution that builds the object.
  ///
  /// ```swift
  /// final class ProfileViewModel {
  ///   @Injected var store: any ContactStore
  ///   @LazyInjected var analytics: any Analytics
  /// }
  /// r.register(
  ///   ProfileViewModel.self,
  ///   injecting: [.eager((any ContactStore).self), .lazy((any Analytics).self)],
  ///   ProfileViewModel.init)
  /// ```
  ///
  /// Prefer initializer parameters in new code: they are checked by the compiler, cost nothing at
  /// run time, and keep the object usable outside ViperNest.
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - properties: The wrapped properties of the class, as `.eager(T.self)` or `.lazy(T.self)`.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - initializer: A function (usually `Type.init`) whose parameters are dependencies.
  public func register<T, each D>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    injecting properties: [InjectedProperty], file: String = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each D) throws -> T
  ) {
    record(
      Entry(
        T.self, arguments: Void.self, qualifier: .named(name), lifetime: lifetime,
        dependencies: injectingDependencies(properties, repeat (each D).self),
        isMainActor: false, site: site(file), line: line,
        factory: { r, _ in
          let arguments = (repeat try r.dependency((each D).self))
          return try InjectionContext.building(resolver: r, declared: properties) {
            try initializer(repeat each arguments)
          }
        }))
  }

  /// Registers a `@MainActor` class (a view model, a view controller) whose properties are injected
  /// by wrappers, as ``register(_:name:lifetime:injecting:file:line:_:)``. It must be resolved on
  /// the main actor.
  ///
  /// ```swift
  /// r.register(
  ///   SettingsViewModel.self, injecting: [.eager((any ContactStore).self)],
  ///   mainActor: SettingsViewModel.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - properties: The wrapped properties of the class, as `.eager(T.self)` or `.lazy(T.self)`.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - initializer: A `@MainActor` function whose parameters are dependencies.
  public func register<T, each D>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    injecting properties: [InjectedProperty], file: String = #fileID, line: UInt = #line,
    mainActor initializer: @escaping @MainActor @Sendable (repeat each D) throws -> T
  ) {
    let build = mainActorFactory { (r: Resolver) -> T in
      let arguments = (repeat try r.dependency((each D).self))
      return try InjectionContext.building(resolver: r, declared: properties) {
        try initializer(repeat each arguments)
      }
    }
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: lifetime,
        dependencies: injectingDependencies(properties, repeat (each D).self),
        isMainActor: true, site: site(file), line: line, make: build))
  }

  private func injectingDependencies<each D>(
    _ properties: [InjectedProperty], _ parameters: repeat (each D).Type
  ) -> [Dependency]? {
    var types: [Any.Type] = []
    for parameter in repeat each parameters { types.append(parameter) }
    guard let declared = Dependency.declared(types: types) else { return nil }
    return declared + properties.map(\.dependency)
  }
}

// MARK: - Objects built outside the registry

extension Resolving {
  /// Runs `body` with this story as the source of its wrapped properties (``Injected``,
  /// ``LazyInjected``, ``WeakLazyInjected``): for objects you build yourself, such as one a test
  /// creates with its initializer.
  ///
  /// Nothing is declared, so nothing is validated: prefer a registration with `injecting:`.
  ///
  /// ```swift
  /// let model = try app.withPropertyInjection { ProfileViewModel() }
  /// ```
  ///
  /// - Parameter body: Builds the object.
  /// - Returns: What `body` returns.
  /// - Throws: The first error of an `@Injected` property (a ``ViperNestError``), or what `body`
  ///   throws.
  public func withPropertyInjection<R>(_ body: () throws -> R) throws -> R {
    try InjectionContext.building(resolver: resolver, declared: nil, body)
  }
}
