/// `T?` as an autowired dependency or a resolved type: `T`'s instance, or nil when nothing
/// visible registers `T`.
protocol OptionalDependency {
  static var optionalWrappedType: Any.Type { get }
  static func resolveIfRegistered(from resolver: Resolver) throws -> Self
}

extension Optional: OptionalDependency {
  static var optionalWrappedType: Any.Type { Wrapped.self }

  static func resolveIfRegistered(from resolver: Resolver) throws -> Wrapped? {
    try resolver.resolveIfRegistered(Wrapped.self)
  }
}

extension Resolving {
  /// Whether `type` (optionally by `name`) is registered where this story can see it: in its
  /// own registrations, an enclosing story's or the root's.
  ///
  /// ```swift
  /// if app.hasRegistration((any Analytics).self) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it would be registered as.
  ///   - name: The typed name it would be registered under, if any.
  /// - Returns: True when resolving it would find a registration. It says nothing about whether
  ///   building it succeeds, nor about registrations with runtime arguments.
  public func hasRegistration<T>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil
  ) -> Bool {
    resolver.node.lookup(ServiceKey(T.self, name: ServiceName(name))) != nil
  }

  /// Resolves `type` (optionally by `name`) when it is registered where this story can see it,
  /// else returns nil: Swinject's `resolve` without the force-unwrap. An autowired `T?` parameter
  /// is resolved the same way, and ``Registry/validate()`` does not report it missing.
  ///
  /// ```swift
  /// let analytics = try app.resolveIfRegistered((any Analytics).self)
  /// analytics?.track("opened")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it would be registered as.
  ///   - name: The typed name it would be registered under, if any.
  ///   - isolation: The caller's actor, filled in by the compiler.
  /// - Returns: The instance, or nil when nothing visible registers `type`.
  /// - Throws: What ``resolve(_:name:isolation:)`` throws when it is registered (a failing
  ///   factory is an error, not nil).
  public func resolveIfRegistered<T>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil,
    isolation: (any Actor)? = #isolation
  ) throws -> T? {
    guard hasRegistration(T.self, name: name) else {
      let node = resolver.node
      if let trace = node.graph.trace {
        trace(
          .make(
            describeKey(T.self, ServiceName(name), []), onStack: false, in: node,
            outcome: .optionalNil))
      }
      return nil
    }
    return try resolve(T.self, name: name, isolation: isolation)
  }
}
