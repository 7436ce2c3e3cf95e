extension Registrar {
  /// Registers `type`, built by an initializer whose parameters are resolved from the registry,
  /// then completed by post-initialisation hooks once the whole graph of the resolution is built
  /// (Swinject's `initCompleted`): the way to a child that points back at its parent.
  ///
  /// Only `.graph` and `.transient` registrations take hooks; any other lifetime is refused by
  /// `install` (``ViperNestError/Code/invalidRegistration``). See ``PostInitialization`` for when
  /// hooks run and how their references are checked.
  ///
  /// ```swift
  /// r.register(Parent.self, lifetime: .graph, Parent.init(child:))
  /// r.register(
  ///   Child.self, lifetime: .graph,
  ///   postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: `.graph` (one instance per resolution, the usual choice for a cycle) or
  ///     `.transient`.
  ///   - hooks: What to hand the instance after the graph is built, in order.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - initializer: A function (usually `Type.init`) whose parameters are dependencies.
  public func register<T, each D>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime,
    postInit hooks: [PostInitialization<T>], file: String = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each D) throws -> T
  ) {
    var dependencyTypes: [Any.Type] = []
    for dependency in repeat (each D).self { dependencyTypes.append(dependency) }
    recordWithHooks(
      PostInitEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime,
        dependencies: Dependency.declared(types: dependencyTypes), site: site(file), line: line,
        hooks: hooks,
        factory: { r, _ in try initializer(repeat try r.dependency((each D).self)) }))
  }

  /// Registers `type`, built by a closure, then completed by post-initialisation hooks once the
  /// whole graph of the resolution is built (see
  /// ``register(_:name:lifetime:postInit:file:line:_:)``).
  ///
  /// The registry cannot see inside the closure, but it sees the hooks' targets:
  /// ``Registry/validate()`` checks those.
  ///
  /// ```swift
  /// r.register(
  ///   Child.self, lifetime: .graph,
  ///   postInit: [.weak(Parent.self) { child, parent in child.parent = parent }]
  /// ) { _ in Child() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: `.graph` or `.transient`.
  ///   - hooks: What to hand the instance after the graph is built, in order.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - factory: Builds the instance; it may throw, and nothing is cached when it does.
  public func register<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime,
    postInit hooks: [PostInitialization<T>], file: String = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> T
  ) {
    recordWithHooks(
      PostInitEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime, dependencies: nil, site: site(file),
        line: line, hooks: hooks, factory: { r, _ in try factory(r) }))
  }

  /// Records a registration with hooks, or an `invalidRegistration` problem when its lifetime
  /// caches the instance (a cached instance is shared beyond one graph, so "after the graph is
  /// built" means nothing for it).
  func recordWithHooks(_ entry: AnyEntry) {
    switch entry.lifetime.kind {
    case .graph, .transient:
      record(entry)
    case .app, .story, .weak:
      buffer.problems.append(
        ViperNestError(
          .invalidRegistration,
          .invalidRegistration(
            entry,
            reason:
              "a post-initialisation hook completes an instance after the graph of one "
              + "resolution is built; a `\(entry.lifetime)` instance outlives that graph",
            fix:
              "register it `.graph` (or `.transient`) with the hook, or inject the back-reference "
              + "with `Provider<T>` / `Lazy<T>`")))
    }
  }
}

/// A registration whose instances are completed by post-initialisation hooks. Its factory builds
/// the instance, then records the hooks on this thread (`PostInitialization.record`); the engine
/// runs them once the graph is complete.
final class PostInitEntry<T, Args>: Entry, @unchecked Sendable {
  // Invariant that makes this Sendable (restated, as Swift requires of a subclass of an
  // `@unchecked Sendable` class): as for `Entry`; `hooks` is an immutable array of
  // `Sendable` values, `factory` an immutable `@Sendable` closure.
  let hooks: [PostInitialization<T>]
  /// The typed factory `make` calls (hooks recorded), which a decorated copy wraps.
  let factory: @Sendable (Resolver, Args) throws -> T

  /// `recordsHooks` false: `factory` records them already (a decorated copy's).
  init(
    qualifier: KeyQualifier?, lifetime: Lifetime, dependencies: [Dependency]?,
    site: RegistrationSite, line: UInt, hooks: [PostInitialization<T>], recordsHooks: Bool = true,
    factory: @escaping @Sendable (Resolver, Args) throws -> T
  ) {
    self.hooks = hooks
    let build: @Sendable (Resolver, Args) throws -> T
    if recordsHooks {
      build = { resolver, arguments in
        let instance = try factory(resolver, arguments)
        for hook in hooks { hook.record(for: instance, resolver: resolver) }
        return instance
      }
    } else {
      build = factory
    }
    self.factory = build
    super.init(
      type: T.self, qualifier: qualifier, lifetime: lifetime, dependencies: dependencies,
      isMainActor: false, site: site, line: line, resolvesAfterwards: true,
      make: erasedFactory(build))
  }

  /// The hooks' targets: checked by validation (missing, captive), never a construction cycle.
  override var postInitDependencies: [Dependency] { hooks.map(\.dependency) }

  /// A copy whose instances pass through `decoration`; the hooks complete the instance the
  /// factory built, before decoration.
  override func decorated(by decoration: AnyObject) -> AnyEntry? {
    guard let decoration = decoration as? Decoration<T> else { return nil }
    let (factory, decorate) = (self.factory, decoration.body)
    return PostInitEntry(
      qualifier: qualifier, lifetime: lifetime, dependencies: dependencies, site: site,
      line: UInt(line), hooks: hooks, recordsHooks: false,
      factory: { resolver, arguments in try decorate(try factory(resolver, arguments)) })
  }
}
