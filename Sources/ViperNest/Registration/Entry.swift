/// Where a registration was written, for messages such as "first registered at
/// ContactsAssembly.swift:12".
struct Origin: Sendable, CustomStringConvertible {
  let fileID: String
  let line: UInt
  let assembly: String?

  var description: String {
    let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
    if let assembly { return "\(file):\(line) in \(assembly)" }
    return "\(file):\(line)"
  }
}

/// A dependency an autowired registration declares through its initializer's parameter types.
struct Dependency: Sendable {
  let type: Any.Type
  let key: ServiceKey
  /// `Provider<T>`: resolved later, so it does not take part in cycles or captive checks.
  let isDeferred: Bool
  /// `Resolver` / `Provider`: supplied by the registry itself, nothing to look up.
  let isBuiltIn: Bool
}

/// One registration, type-erased. Immutable once the registry has started, apart from `id` and
/// `slot`, which `Graph` assigns before the graph is published to any other thread.
///
/// `@usableFromInline` members are read by the inlinable resolution fast path, which is
/// specialized in the caller's module (see `Resolving.resolve(_:name:)`).
@usableFromInline
class AnyEntry: @unchecked Sendable {
  // Invariant that makes this Sendable: every stored property is a `let` except `id` and `slot`,
  // which are written only by `Graph.init` before the graph (and so the entry) becomes reachable
  // from any story, and never after.
  let key: ServiceKey
  let serviceType: Any.Type
  let argumentTypes: [Any.Type]
  @usableFromInline let lifetime: Lifetime
  /// The declared dependencies, or nil for a closure factory (opaque to validation).
  let dependencies: [Dependency]?
  @usableFromInline let isMainActor: Bool
  /// Whether building it can resolve anything else (a closure, or an initializer with parameters).
  @usableFromInline let mayResolveNested: Bool
  let origin: Origin
  /// The story whose subtree this registration is local to; nil for a root registration.
  let localStory: StoryKind?
  let isOverride: Bool
  /// The concrete type the factory builds, when the registration says (autowiring does).
  let implementationType: Any.Type?

  // Written only by `Graph.init`, before the entry is reachable from any story (see above), so no
  // access ever overlaps a write: the runtime exclusivity check (a visible part of every cached
  // hit) is turned off for these two.
  @exclusivity(unchecked) var id = -1
  @usableFromInline @exclusivity(unchecked) var slot = -1

  init(
    key: ServiceKey, serviceType: Any.Type, argumentTypes: [Any.Type], lifetime: Lifetime,
    dependencies: [Dependency]?, isMainActor: Bool, origin: Origin, localStory: StoryKind?,
    isOverride: Bool, implementationType: Any.Type?
  ) {
    self.key = key
    self.serviceType = serviceType
    self.argumentTypes = argumentTypes
    self.lifetime = lifetime
    self.dependencies = dependencies
    self.mayResolveNested = dependencies.map { !$0.isEmpty } ?? true
    self.isMainActor = isMainActor
    self.origin = origin
    self.localStory = localStory
    self.isOverride = isOverride
    self.implementationType = implementationType
  }

  /// `ContactStore`, `PaymentGateway["card"]`, `ContactDetailPresenting(Contact)`.
  var keyDescription: String { describeKey(serviceType, key.name, argumentTypes) }

  /// `ContactStore (story(Contacts))`.
  var labeledDescription: String { "\(keyDescription) (\(lifetime))" }

  /// Where it lives: `root` or `story Contacts`.
  var scopeDescription: String { localStory.map { "story \($0.name)" } ?? "the root registry" }

}

func describeKey(_ type: Any.Type, _ name: ServiceName?, _ arguments: [Any.Type]) -> String {
  var text = typeName(type)
  if let name { text += "[\(name)]" }
  if !arguments.isEmpty { text += "(" + arguments.map(typeName).joined(separator: ", ") + ")" }
  return text
}

/// A registration of `T` built from arguments `Args` (`Void` when it takes none).
@usableFromInline
final class Entry<T, Args>: AnyEntry, @unchecked Sendable {
  // Invariant: as for `AnyEntry`; `factory` is an immutable `@Sendable` closure.
  @usableFromInline let factory: @Sendable (Resolver, Args) throws -> T

  init(
    key: ServiceKey, argumentTypes: [Any.Type], lifetime: Lifetime, dependencies: [Dependency]?,
    isMainActor: Bool, origin: Origin, localStory: StoryKind?, isOverride: Bool,
    implementationType: Any.Type?, factory: @escaping @Sendable (Resolver, Args) throws -> T
  ) {
    self.factory = factory
    super.init(
      key: key, serviceType: T.self, argumentTypes: argumentTypes, lifetime: lifetime,
      dependencies: dependencies, isMainActor: isMainActor, origin: origin,
      localStory: localStory, isOverride: isOverride, implementationType: implementationType)
  }
}
