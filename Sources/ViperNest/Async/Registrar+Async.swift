extension Registrar {
  // MARK: - Async factories

  /// Registers `type`, built by an `async` initializer whose parameters are resolved from the
  /// registry (each awaited when its own registration is async).
  ///
  /// Resolve it with `try await` ``Resolving/resolveAsync(_:name:)``; resolving it
  /// synchronously throws ``ViperNestError/Code/awaitRequired``. Cached lifetimes (`app`, `story`,
  /// `weak`) are created once even when many tasks await them at the same time.
  ///
  /// ```swift
  /// r.register(Session.self, lifetime: .app, Session.init(keychain:))  // init(keychain:) async
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as, usually a protocol.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``. Not
  ///     ``Lifetime/graph``, which is refused for async factories.
  ///   - initializer: An `async` function (usually `Type.init`) whose parameters are dependencies.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @inlinable
  public func register<T, each D>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each D) async throws -> T
  ) {
    var dependencyTypes: [Any.Type] = []
    for dependency in repeat (each D).self { dependencyTypes.append(dependency) }
    recordAsync(
      AsyncEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime,
        dependencies: Dependency.declared(types: dependencyTypes), site: site(file), line: line,
        asyncFactory: { r, _ in
          try await initializer(repeat try await r.dependencyAsync((each D).self))
        }))
  }

  /// Registers `type`, built by an `async` initializer without parameters.
  ///
  /// The same registration as the autowired form with no dependencies, which Swift picks for a
  /// parameterless `async` initializer or closure: it keeps the initializer as it is, so
  /// resolving a transient awaits it directly, with nothing of the registry's in between.
  ///
  /// ```swift
  /// r.register(AsyncLeaf.self, AsyncLeaf.init)  // init() async
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as, usually a protocol.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``. Not
  ///     ``Lifetime/graph``, which is refused for async factories.
  ///   - initializer: An `async` function without parameters (usually `Type.init`).
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @inlinable
  public func register<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable () async throws -> T
  ) {
    recordAsync(
      AsyncEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime, dependencies: [], site: site(file),
        line: line, leaf: initializer, asyncFactory: { _, _ in try await initializer() }))
  }

  /// Registers a class `type`, built by an `async` initializer without parameters.
  ///
  /// The same registration as the form for any type without parameters (Swift picks this one
  /// when `type` is a class): the initializer is kept as a function returning the instance
  /// itself, so awaiting a transient costs what awaiting the initializer by hand costs, executor
  /// switches included.
  ///
  /// ```swift
  /// r.register(AsyncLeaf.self, AsyncLeaf.init)  // final class, init() async
  /// ```
  ///
  /// - Parameters:
  ///   - type: The class it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``. Not
  ///     ``Lifetime/graph``, which is refused for async factories.
  ///   - initializer: An `async` function without parameters (usually `Type.init`).
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @inlinable
  public func register<T: AnyObject>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable () async throws -> T
  ) {
    recordAsync(
      AsyncEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime, dependencies: [], site: site(file),
        line: line, objectLeaf: initializer,
        asyncFactory: { _, _ in try await initializer() }))
  }

  /// Registers a `@MainActor` type built by an `async` initializer that runs on the main actor;
  /// its parameters are resolved (and awaited) first.
  ///
  /// ```swift
  /// r.register(ProfileView.self, mainActor: ProfileView.init(session:))  // @MainActor, async
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - initializer: A `@MainActor` `async` function whose parameters are dependencies.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @inlinable
  public func register<T, each D>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    mainActor initializer: @escaping @MainActor @Sendable (repeat each D) async throws -> T
  ) {
    var dependencyTypes: [Any.Type] = []
    for dependency in repeat (each D).self { dependencyTypes.append(dependency) }
    recordAsync(
      AsyncEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime,
        dependencies: Dependency.declared(types: dependencyTypes), site: site(file), line: line,
        asyncFactory: { r, _ in
          let arguments = MainActorResult(
            value: (repeat try await r.dependencyAsync((each D).self)))
          return try await onMainActorAsync {
            try await initializer(repeat each arguments.value)
          }.value
        }))
  }

  /// Registers `type`, built by an `async` closure that resolves (and awaits) what it needs.
  ///
  /// ```swift
  /// r.register(ContactStore.self, lifetime: .app) { r in
  ///   try await FileContactStore.load(from: try r.resolve(StorageDirectory.self).url)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - factory: Builds the instance; it may throw, and nothing is cached when it does.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @inlinable
  public func register<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) async throws -> T
  ) {
    recordAsync(
      AsyncEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime, dependencies: nil, site: site(file),
        line: line, asyncFactory: { r, _ in try await factory(r) }))
  }

  /// Registers a `@MainActor` type built by an `async` closure that runs on the main actor.
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - factory: Builds the instance on the main actor.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @inlinable
  public func register<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    mainActor factory: @escaping @MainActor @Sendable (Resolver) async throws -> T
  ) {
    recordAsync(
      AsyncEntry<T, Void>(
        qualifier: .named(name), lifetime: lifetime, dependencies: nil, site: site(file),
        line: line,
        asyncFactory: { r, _ in try await onMainActorAsync { try await factory(r) }.value }
      ))
  }

  /// Registers `type`, built by an `async` closure from typed runtime arguments that the caller
  /// passes to ``Resolving/resolveAsync(_:name:arguments:_:)``. Always transient.
  ///
  /// ```swift
  /// r.register(AccountDetails.self, arguments: Int.self) { r, id in
  ///   try await AccountDetails(loading: id, from: r.resolveAsync(AccountService.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - first: The type of the first runtime argument.
  ///   - rest: The types of the other runtime arguments, in order.
  ///   - factory: Builds the instance from the resolver and the arguments.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T, First, each Rest>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, arguments first: First.Type,
    _ rest: repeat (each Rest).Type, file: String = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver, First, repeat each Rest) async throws -> T
  ) {
    recordAsync(
      AsyncEntry<T, (First, (repeat each Rest))>(
        qualifier: KeyQualifier(
          name: ServiceName(name), arguments: ObjectIdentifier((First, repeat each Rest).self),
          argumentTypes: argumentTypeList(First.self, repeat (each Rest).self)),
        lifetime: .transient, dependencies: nil, site: site(file), line: line,
        asyncFactory: { r, arguments in
          try await factory(r, arguments.0, repeat each arguments.1)
        }))
  }

  /// Records an async registration, refusing the `graph` lifetime (its per-resolution cache is
  /// kept per thread, which an `await` may leave).
  @usableFromInline
  func recordAsync(_ entry: AnyEntry) {
    if case .graph = entry.lifetime.kind {
      buffer.problems.append(
        ViperNestError(
          .invalidRegistration,
          .invalidRegistration(
            entry, reason: "an async factory cannot have the `graph` lifetime",
            fix: "use `.transient`, or a cached lifetime (`.app`, `.story(...)`, `.weak`)")))
      return
    }
    record(entry)
  }
}
