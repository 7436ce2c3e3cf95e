extension Registrar {
  /// Registers `type`, built from one runtime argument and cached per argument value: resolving
  /// it again with an equal argument returns the same instance, for as long as `lifetime` keeps
  /// it (Factory's `scopeOnParameters`).
  ///
  /// The instances live in the story the lifetime names, as a cached registration's instance
  /// does: `.app` keeps them for the app, `.story(S)` per open story of type `S` (released when
  /// it closes). The factory resolves from that story, and
  /// runs with no lock held; if two threads ask for the same new argument at once, both may
  /// build, the first stored wins and both get it.
  ///
  /// ```swift
  /// r.register(ConversationStore.self, lifetime: .app, cachedBy: Int.self) { r, id in
  ///   ConversationStore(id: id, api: try r.resolve())
  /// }
  /// let store = try app.resolve(ConversationStore.self, arguments: 7)  // the same for 7
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: Where the per-argument instances live: `.app` or `.story(S)`. Any other is
  ///     refused by `install` (``ViperNestError/Code/invalidRegistration``).
  ///   - argument: The type of the runtime argument; equal values share an instance.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - factory: Builds the instance for one argument value.
  public func register<T, A: Hashable & Sendable>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime,
    cachedBy argument: A.Type, file: String = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver, A) throws -> T
  ) {
    let cacheName = HiddenHolderName(name: ServiceName(name), file: file, line: line)
    // The public registration: resolved with the argument, it finds its story's cache.
    let entry = Entry(
      T.self, arguments: (A, Void).self,
      qualifier: KeyQualifier(
        name: ServiceName(name), arguments: ObjectIdentifier(A.self), argumentTypes: [A.self]),
      lifetime: .transient, dependencies: nil, isMainActor: false, site: site(file), line: line,
      factory: { r, arguments in
        let cache = try r.resolve(ArgumentCache<A, T>.self, name: cacheName)
        return try cache.value(for: arguments.0) { try factory(cache.resolver, arguments.0) }
      })
    recordWithHiddenHolder(
      entry, lifetime: lifetime, file: file, line: line, holderName: cacheName,
      reason: "instances cached per argument need a lifetime that keeps them, not `\(lifetime)`",
      fix: "use `.app` or `.story(S.self)`, or register it with `arguments:` to build a new "
        + "instance each time",
      holder: ArgumentCache<A, T>.init(resolver:))
  }
}

/// The instances of one registration cached per argument, in the story its lifetime names.
final class ArgumentCache<A: Hashable & Sendable, T>: @unchecked Sendable {
  // Invariant that makes this Sendable: `values` is only read or written while holding `lock`,
  // which is never held while a factory runs; `resolver` is immutable and Sendable. Instances
  // cross threads as any cached registration's instances do.
  /// Resolves from the story that owns the cache (its requester is that story too, so the cache
  /// keeps no deeper story alive).
  let resolver: Resolver
  private let lock = ConditionLock()
  private var values: [A: T] = [:]

  init(resolver: Resolver) { self.resolver = resolver }

  /// The instance for `argument`, built by `make` (no lock held) the first time.
  func value(for argument: A, _ make: () throws -> T) throws -> T {
    if let value = lock.withLock({ values[argument] }) { return value }
    let built = try make()
    return lock.withLock {
      if let value = values[argument] { return value }
      values[argument] = built
      return built
    }
  }
}
