/// A post-initialisation hook: after the whole graph of one resolution is built, resolve
/// `Target` and hand it to the new instance (Swinject's `initCompleted`), for the one cycle
/// constructor injection cannot express, a child that points back at its parent.
///
/// The hook declares what it resolves, so ``Registry/validate()`` checks the target like any
/// dependency (missing, captive, `async`) but does not count it as a construction cycle. It also
/// declares the ownership of the reference it sets: ``weak(_:name:_:)`` for a back-reference to
/// an object that owns the instance (the usual case), ``strong(_:name:_:)`` for one that does not.
/// With a leak detector on (``LeakDetector/current``), each hook's reference is checked like a
/// VIPER module's links: a strong back-reference to an object that owns the instance is reported
/// as an ``OwnershipViolation`` with ``OwnershipViolation/backReferenceRole``.
///
/// ```swift
/// r.register(Parent.self, lifetime: .graph, Parent.init(child:))
/// r.register(
///   Child.self, lifetime: .graph,
///   postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
/// ```
///
/// When hooks run: once per instance, after the factory of the outermost resolution on this
/// thread returned (or, for an instance built by a singleton's factory, after that factory
/// returned, before the singleton is stored), in the order the instances were built; a hook's
/// own resolutions run in the same resolution, so `.graph` instances are shared with it.
public struct PostInitialization<T>: Sendable {
  typealias Ownership = PostInitOwnership

  let ownership: Ownership
  let dependency: Dependency
  let targetDescription: String
  /// Resolves the target from the instance's resolver, hands it over, and returns it.
  let body: @Sendable (T, Resolver) throws -> Any

  init(
    _ ownership: Ownership, dependency: Dependency, targetDescription: String,
    body: @escaping @Sendable (T, Resolver) throws -> Any
  ) {
    self.ownership = ownership
    self.dependency = dependency
    self.targetDescription = targetDescription
    self.body = body
  }

  /// A hook that sets a weak back-reference: `Target` owns the instance (directly or through
  /// others), so the instance must not own it back.
  ///
  /// ```swift
  /// .weak(Parent.self) { child, parent in child.parent = parent }
  /// ```
  ///
  /// - Parameters:
  ///   - target: The type resolved after the graph is built, from the instance's story.
  ///   - name: The target's typed name, when it is registered with one.
  ///   - assign: Hands the target to the instance; store it in a `weak var`. What it throws
  ///     fails the resolution (``ViperNestError/Code/factoryFailed``).
  /// - Returns: The hook, to pass as `postInit:`.
  public static func weak<Target>(
    _ target: Target.Type, name: (any Hashable & Sendable)? = nil,
    _ assign: @escaping @Sendable (T, Target) throws -> Void
  ) -> Self {
    make(.weak, target, name: name, assign)
  }

  /// A hook that sets a strong reference: the instance may own `Target`, which must not own
  /// the instance back (the check reports a retain cycle when it does).
  ///
  /// ```swift
  /// .strong(Logger.self) { service, logger in service.logger = logger }
  /// ```
  ///
  /// - Parameters:
  ///   - target: The type resolved after the graph is built, from the instance's story.
  ///   - name: The target's typed name, when it is registered with one.
  ///   - assign: Hands the target to the instance. What it throws fails the resolution
  ///     (``ViperNestError/Code/factoryFailed``).
  /// - Returns: The hook, to pass as `postInit:`.
  public static func strong<Target>(
    _ target: Target.Type, name: (any Hashable & Sendable)? = nil,
    _ assign: @escaping @Sendable (T, Target) throws -> Void
  ) -> Self {
    make(.strong, target, name: name, assign)
  }

  private static func make<Target>(
    _ ownership: Ownership, _ target: Target.Type, name: (any Hashable & Sendable)?,
    _ assign: @escaping @Sendable (T, Target) throws -> Void
  ) -> Self {
    let serviceName = ServiceName(name)
    let dependency = Dependency(
      type: Target.self, key: ServiceKey(Target.self, name: serviceName), isDeferred: false,
      isBuiltIn: false)
    return PostInitialization(
      ownership, dependency: dependency,
      targetDescription: describeKey(Target.self, serviceName, [])
    ) { instance, resolver in
      let resolved = try resolver.resolve(Target.self, named: name)
      do {
        try assign(instance, resolved)
      } catch let error as ViperNestError {
        throw error
      } catch {
        throw PostInitHookFailure(underlying: error)
      }
      return resolved
    }
  }
}

/// Whether the reference a post-initialisation hook sets may own its target.
enum PostInitOwnership: Sendable {
  case weak, strong
}

/// What a hook's `assign` threw, told apart from a failed resolution of its target (which is
/// already a ``ViperNestError`` with its own path).
struct PostInitHookFailure: Error {
  let underlying: any Error
}
