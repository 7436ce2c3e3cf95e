/// A registration of `T` built by an `async` factory. Its synchronous factory (`make`) refuses to run
/// (see ``AwaitRequired``): synchronous resolution reports ``ViperNestError/Code/awaitRequired``
/// with the path, `resolveAsync` awaits `asyncFactory`.
@usableFromInline
final class AsyncEntry<T, Args>: Entry, @unchecked Sendable {
  // Invariant that makes this Sendable (restated, as Swift requires of a subclass of an
  // `@unchecked Sendable` class): as for `Entry`; `asyncFactory`, `leaf` and
  // `transientObjectLeaf` are immutable `@Sendable` closures.
  @usableFromInline let asyncFactory: @Sendable (Resolver, Args) async throws -> T
  /// The user's initializer itself, when it has no parameters (`AsyncLeaf.init`): `resolveAsync`
  /// awaits it directly for a transient, with no wrapper closure (and its async frame and
  /// executor switch) in between. `asyncFactory` calls the same initializer. Nil for every other
  /// registration, and for a decorated copy (the decoration must run).
  @usableFromInline let leaf: (@Sendable () async throws -> T)?
  /// The user's parameterless initializer of a class type registered as a transient
  /// (`r.register(AsyncLeaf.self, AsyncLeaf.init)`), as the caller's module made it: returning
  /// its single reference directly. `resolveAsync` awaits it with nothing in between. Nil for
  /// every other registration (a cached lifetime, a value or existential type, a decorated copy).
  ///
  /// Why not `leaf`: a function value returning a generic `T` returns it indirectly, and the
  /// store into that indirect result keeps the nonisolated initializer's hop to the generic
  /// executor, which a hand-written `await AsyncLeaf()` does not make when the initializer does
  /// nothing that depends on its executor. With the result returned directly, the same
  /// optimization applies as to the hand-written call: the hop stays exactly when the
  /// initializer's body needs it.
  @usableFromInline let transientObjectLeaf: (@Sendable () async throws -> AnyObject)?

  @usableFromInline
  init(
    qualifier: KeyQualifier?, lifetime: Lifetime, dependencies: [Dependency]?,
    site: RegistrationSite, line: UInt, leaf: (@Sendable () async throws -> T)? = nil,
    objectLeaf: (@Sendable () async throws -> AnyObject)? = nil,
    asyncFactory: @escaping @Sendable (Resolver, Args) async throws -> T
  ) {
    self.asyncFactory = asyncFactory
    self.leaf = leaf
    if case .transient = lifetime.kind {
      self.transientObjectLeaf = objectLeaf
    } else {
      self.transientObjectLeaf = nil
    }
    super.init(
      type: T.self, qualifier: qualifier, lifetime: lifetime, dependencies: dependencies,
      isMainActor: false, site: site, line: line, isAsync: true,
      make: { _, _, _ in throw AwaitRequired() })
  }

  /// A decorated copy that stays async: the decoration runs on what the async factory built (the
  /// copy has no `leaf`, so every resolution goes through the decoration).
  override func decorated(by decoration: AnyObject) -> AnyEntry? {
    guard let decoration = decoration as? Decoration<T> else { return nil }
    let (factory, decorate) = (asyncFactory, decoration.body)
    return AsyncEntry(
      qualifier: qualifier, lifetime: lifetime, dependencies: dependencies, site: site,
      line: UInt(line),
      asyncFactory: { resolver, arguments in try decorate(try await factory(resolver, arguments)) })
  }
}

/// What an async registration's synchronous factory throws; the engine turns it into
/// ``ViperNestError/Code/awaitRequired`` with the entry and the resolution path.
struct AwaitRequired: Error {}

/// Runs `body` on the main actor and hands its result back: the `mainActor:` async factories.
@MainActor
@usableFromInline
func onMainActorAsync<T>(
  _ body: @MainActor () async throws -> T
) async throws -> MainActorResult<T> {
  MainActorResult(value: try await body())
}

/// A main-actor factory's result handed back to the resolution that awaited it.
@usableFromInline
struct MainActorResult<Value>: @unchecked Sendable {
  // Invariant: created on the main actor by `onMainActorAsync` and only read by the resolution
  // that awaited that call, after it returned: the value is never accessed from two places at
  // once. (The registry shares the instances it builds across threads, as the synchronous
  // `mainActor:` registrations do.)
  @usableFromInline let value: Value

  @usableFromInline
  init(value: Value) { self.value = value }
}
