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
@usableFromInline
struct Dependency: Sendable {
  let type: Any.Type
  let key: ServiceKey
  /// `Provider<T>`: resolved later, so it does not take part in cycles or captive checks.
  let isDeferred: Bool
  /// `Resolver` / `Provider`: supplied by the registry itself, nothing to look up.
  let isBuiltIn: Bool
  /// `AsyncProvider<T>`: deferred, and awaited when called.
  var isAsyncDeferred = false
  /// `T?`: resolved to nil when nothing registers `T` (`type` and `key` are `T`'s), so validation
  /// does not report it missing.
  var isOptional = false
}

/// What the registrations one ``Registrar`` makes from one file share: the file, the assembly,
/// the story they are local to and whether they override. One per registrar and file, so an entry
/// pays one word for them instead of five.
@usableFromInline
final class RegistrationSite: Sendable {
  let fileID: String
  let assembly: String?
  /// The story whose subtree the registrations are local to; nil for root registrations.
  let localStory: StoryKind?
  let isOverriding: Bool
  /// The builder of a module registration (``Registrar/register(_:builder:in:file:line:module:)``),
  /// read by validation only; nil for every other registration. A module registration has a site
  /// of its own.
  let moduleBuilder: (@Sendable () -> Any.Type)?
  /// Whether each story of `localStory`'s type owns its own instance by design (a story's
  /// navigation, `Registrar.registerOwnedByEachStory(_:in:file:line:make:)`): the registration
  /// shadows the enclosing stories' registrations of its key without `overriding`.
  let isOwnedByEachStory: Bool

  init(
    fileID: String, assembly: String?, localStory: StoryKind?, isOverriding: Bool,
    moduleBuilder: (@Sendable () -> Any.Type)? = nil, isOwnedByEachStory: Bool = false
  ) {
    self.fileID = fileID
    self.assembly = assembly
    self.localStory = localStory
    self.isOverriding = isOverriding
    self.moduleBuilder = moduleBuilder
    self.isOwnedByEachStory = isOwnedByEachStory
  }
}

/// The rarely used parts of a key (a name, runtime arguments), kept out of line so that a plain
/// registration (the common case) does not pay for them.
@usableFromInline
final class KeyQualifier: Sendable {
  let name: ServiceName?
  let arguments: ObjectIdentifier?
  let argumentTypes: [Any.Type]

  init(name: ServiceName?, arguments: ObjectIdentifier?, argumentTypes: [Any.Type]) {
    self.name = name
    self.arguments = arguments
    self.argumentTypes = argumentTypes
  }

  /// A qualifier for `name`, or nil (a plain key) when there is none. Inlinable: the usual nil
  /// is recognized in the caller without copying the existential.
  @inlinable
  static func named(_ name: (any Hashable & Sendable)?) -> KeyQualifier? {
    name == nil ? nil : naming(name)
  }

  @usableFromInline
  static func naming(_ name: (any Hashable & Sendable)?) -> KeyQualifier? {
    guard let name else { return nil }
    return KeyQualifier(name: ServiceName(name), arguments: nil, argumentTypes: [])
  }
}

/// One registration, type-erased. Immutable once the registry has started, apart from `id` and
/// `slot`, which `Graph` assigns before the graph is published to any other thread.
///
/// Kept small (88 bytes with the factory, one 96-byte heap block): what registrations share
/// lives in a `RegistrationSite`, names and arguments in a `KeyQualifier`, ids and slots are
/// 32-bit.
///
/// `@usableFromInline` members are read by the inlinable resolution fast path, which is
/// specialized in the caller's module (see `Resolving.resolve(_:name:)`).
@usableFromInline
class AnyEntry: @unchecked Sendable {
  // Invariant that makes this Sendable: every stored property is a `let` except `storedID` and
  // `storedSlot`, which are written only by `Graph.init` (under the registry's lock), before the
  // graph (and so the entry) becomes reachable from any story, and never after; a graph built
  // later for the same registrations writes neither when its value is unchanged, and the id
  // never changes (see `Graph.init`), so validation may read ids without the lock.

  // Stored properties are laid out in declaration order: words first, then the small fields.
  /// `key.type`: the metadata pointer of the type it is resolved as.
  @usableFromInline let typeID: ObjectIdentifier
  /// Name and runtime arguments; nil for a plain key.
  let qualifier: KeyQualifier?
  @usableFromInline let lifetime: Lifetime
  /// The declared dependencies, or nil for a closure factory (opaque to validation).
  let dependencies: [Dependency]?
  let site: RegistrationSite
  let line: UInt32
  // Written only by `Graph.init`, before the entry is reachable from any story (see above), so no
  // access ever overlaps a write: the runtime exclusivity check (a visible part of every cached
  // hit) is turned off for these two.
  // `final`, like `slot`: `Entry` is not final (for `AsyncEntry`, `PostInitEntry` and
  // `ForwardedEntry`), so without it the fast path, inlined in the caller's module, reads the slot
  // through a vtable call (a virtual getter that a subclass could override): 9 more instructions
  // per cached hit.
  @exclusivity(unchecked) private final var storedID: Int32 = -1
  @usableFromInline @exclusivity(unchecked) final var storedSlot: Int32 = -1
  @usableFromInline let isMainActor: Bool
  /// Whether building it can resolve anything else (a closure, or an initializer with parameters).
  @usableFromInline let mayResolveNested: Bool
  /// False for an instance registered with `instance:`: it existed before the registry, which
  /// shares it but does not own it, so the leak detector never expects it to be released.
  @usableFromInline let isOwned: Bool
  /// Built by an `async` factory (an `AsyncEntry`): resolved only with `resolveAsync`.
  @usableFromInline let isAsync: Bool
  /// Whether its type is a class type, so that its cached instance sits in its story's slot as
  /// itself (see `CachedInstance`). Read by the hit path, which then needs no check of `T`: a
  /// specialized `T.self is AnyClass` still calls `T`'s metadata accessor on every hit (benchmark
  /// targets `app-hit`, `story-hit`).
  @usableFromInline let isClassInstance: Bool

  /// A type-erased factory: reads the `Args` at the first pointer, and initializes the `T` at the
  /// second (uninitialized, and left uninitialized when it throws). Every entry has one, so a
  /// lookup hands the entry it found to the resolution site as it is, with no downcast.
  ///
  /// Raw pointers instead of a typed closure in a generic entry class: the benchmark targets
  /// `launch-300` and `register-10k` need a registration to instantiate no class metadata (a
  /// generic entry cost about 8,700 instructions and 417 bytes per registered type). The
  /// invariant that makes them sound is stated at ``build(_:_:)``.
  @usableFromInline
  typealias Make =
    @Sendable (Resolver, UnsafeRawPointer, UnsafeMutableRawPointer) throws -> Void

  @usableFromInline let make: Make

  @usableFromInline
  init(
    type: Any.Type, qualifier: KeyQualifier?, lifetime: Lifetime, dependencies: [Dependency]?,
    isMainActor: Bool, site: RegistrationSite, line: UInt, isOwned: Bool = true,
    isAsync: Bool = false, resolvesAfterwards: Bool = false, make: @escaping Make
  ) {
    self.make = make
    self.isOwned = isOwned
    self.isAsync = isAsync
    self.typeID = ObjectIdentifier(type)
    self.isClassInstance = type is AnyClass
    self.qualifier = qualifier
    self.lifetime = lifetime
    self.dependencies = dependencies
    self.site = site
    self.line = UInt32(truncatingIfNeeded: line)
    self.isMainActor = isMainActor
    // A post-initialisation hook resolves its targets after the factory: such an entry must be
    // pushed on the resolution stack like one that resolves from its factory.
    self.mayResolveNested = resolvesAfterwards || (dependencies.map { !$0.isEmpty } ?? true)
  }

  /// Runs the factory: builds the `T` that `arguments` make.
  ///
  /// Invariant that makes the raw pointers sound: an entry found under a key of type `T` with
  /// arguments `Args` was registered with exactly `T` and `Args` (its `typeID` is `T`'s metadata,
  /// its key's arguments identify `Args`), so `make` reads an `Args` and initializes a `T`. It is
  /// the invariant the typed downcasts of every lookup relied on when entries were generic;
  /// debug builds check the type.
  @inlinable
  final func build<T, Args>(_ resolver: Resolver, _ arguments: Args) throws -> T {
    internalCheck(typeID == ObjectIdentifier(T.self), "an entry of another type built as \(T.self)")
    // Benchmark target `memory-300` (first build): no `withUnsafeTemporaryAllocation`, which with
    // a throwing body goes through a `Result<T, E>`,
    // whose metadata, where this is not specialized (a generic caller inside the library, such as
    // the module builder), is instantiated and kept for every type built (123 kB in a 100-module
    // app's first build). A local of a fixed, non-generic type holds the usual instance instead
    // (eight words: a class, an existential, a small struct); a larger or over-aligned one goes to
    // the heap. (`withUnsafePointer` calls its body directly.)
    // No arguments (the usual case): no `withUnsafePointer`, which where this is not specialized
    // is an unspecialized generic call (benchmark target `viper-module`, whose builder is not
    // specialized: see `VIPERBuilder.build`). A `Void` is never read: it has no bytes.
    if Args.self == Void.self {
      var nothing: UInt8 = 0
      return try build(resolver, arguments: &nothing)
    }
    return try withUnsafePointer(to: arguments) { try build(resolver, arguments: $0) }
  }

  /// `build(_:_:)` with the arguments at `arguments`.
  @inlinable
  final func build<T>(_ resolver: Resolver, arguments: UnsafeRawPointer) throws -> T {
    typealias Inline = (Int, Int, Int, Int, Int, Int, Int, Int)
    if MemoryLayout<T>.size <= MemoryLayout<Inline>.size,
      MemoryLayout<T>.alignment <= MemoryLayout<Inline>.alignment
    {
      var storage: Inline = (0, 0, 0, 0, 0, 0, 0, 0)
      try make(resolver, arguments, &storage)
      return movedResult(T.self, from: &storage)
    }
    let storage = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    defer { storage.deallocate() }
    try make(resolver, arguments, storage)
    return movedResult(T.self, from: storage)
  }

  /// What a post-initialisation hook resolves after the graph is built (see
  /// `PostInitEntry`); empty for every other registration. Read by validation only.
  var postInitDependencies: [Dependency] { [] }

  var key: ServiceKey {
    guard let qualifier else { return ServiceKey(type: typeID) }
    return ServiceKey(typeID: typeID, name: qualifier.name, arguments: qualifier.arguments)
  }

  /// Whether the key has neither name nor arguments (looked up in the fast table).
  var isPlain: Bool { qualifier == nil }

  /// The type it is resolved as.
  var serviceType: Any.Type {
    // `typeID` is `ObjectIdentifier(type)`, which holds the metadata pointer itself: turning it
    // back is exact (both are one pointer, `ObjectIdentifier.init(_: Any.Type)` is a bit cast).
    unsafeBitCast(typeID, to: Any.Type.self)
  }

  var argumentTypes: [Any.Type] { qualifier?.argumentTypes ?? [] }

  /// The story whose subtree this registration is local to; nil for a root registration.
  var localStory: StoryKind? { site.localStory }
  var isOverride: Bool { site.isOverriding }

  /// Where the registration was written.
  var origin: Origin { Origin(fileID: site.fileID, line: UInt(line), assembly: site.assembly) }

  /// Its index in the graph's registrations, assigned by `Graph.init`.
  var id: Int {
    get { Int(storedID) }
    set { storedID = Int32(newValue) }
  }

  /// Its instance slot in the stories that own its instances, assigned by `Graph.init`.
  @inlinable final var slot: Int {
    get { Int(storedSlot) }
    set { storedSlot = Int32(newValue) }
  }

  /// `ContactStore`, `PaymentGateway["card"]`, `ContactDetailPresenting(Contact)`.
  var keyDescription: String { describeKey(serviceType, qualifier?.name, argumentTypes) }

  /// `ContactStore (story(Contacts))`.
  var labeledDescription: String { "\(keyDescription) (\(lifetime))" }

  /// Where it lives: `root` or `story Contacts`.
  var scopeDescription: String { localStory.map { "story \($0.name)" } ?? "the root registry" }

  /// A copy whose instances pass through `decoration` (a `Decoration<T>` of its own type), or nil
  /// when the decoration is for another type (see `Registrar.decorate`).
  func decorated(by decoration: AnyObject) -> AnyEntry? { nil }

  /// A copy whose factory reports its outcome to `trace` (``Registry/Configuration/trace``), or
  /// nil when it is not traced that way (an async registration).
  func traced(by trace: @escaping @Sendable (ResolutionEvent) -> Void) -> AnyEntry? { nil }
}

func describeKey(_ type: Any.Type, _ name: ServiceName?, _ arguments: [Any.Type]) -> String {
  var text = typeName(type)
  if let name { text += "[\(name)]" }
  if !arguments.isEmpty { text += "(" + arguments.map(typeName).joined(separator: ", ") + ")" }
  return text
}

/// A registration, with its factory type-erased: not a generic class, so that installing one
/// instantiates no per-registration type metadata (a generic `Entry<T, Args>` cost the runtime
/// one class metadata per registered type at launch, and kept it for the life of the process).
/// What knows `T` and `Args` is the code that creates the factory (a `register` call) and the
/// code that calls it (the resolution site, specialized in the caller): see `build`.
///
/// Not final only for the rare kinds that keep typed state (`AsyncEntry`, `PostInitEntry`) and
/// for `ForwardedEntry`.
@usableFromInline
class Entry: AnyEntry, @unchecked Sendable {
  // Invariant: as for `AnyEntry` (whose `make` is an immutable `@Sendable` closure).

  @usableFromInline
  override init(
    type: Any.Type, qualifier: KeyQualifier?, lifetime: Lifetime, dependencies: [Dependency]?,
    isMainActor: Bool, site: RegistrationSite, line: UInt, isOwned: Bool = true,
    isAsync: Bool = false, resolvesAfterwards: Bool = false, make: @escaping Make
  ) {
    super.init(
      type: type, qualifier: qualifier, lifetime: lifetime, dependencies: dependencies,
      isMainActor: isMainActor, site: site, line: line, isOwned: isOwned, isAsync: isAsync,
      resolvesAfterwards: resolvesAfterwards, make: make)
  }

  /// A registration of `T` built by a typed `factory` from arguments `Args` (`Void` when it takes
  /// none): for the uncommon registration kinds, whose factory is one closure call deeper.
  @inlinable
  convenience init<T, Args>(
    _ type: T.Type, arguments: Args.Type, qualifier: KeyQualifier?, lifetime: Lifetime,
    dependencies: [Dependency]?, isMainActor: Bool, site: RegistrationSite, line: UInt,
    isOwned: Bool = true, factory: @escaping @Sendable (Resolver, Args) throws -> T
  ) {
    self.init(
      type: T.self, qualifier: qualifier, lifetime: lifetime, dependencies: dependencies,
      isMainActor: isMainActor, site: site, line: line, isOwned: isOwned,
      make: erasedFactory(factory))
  }

  override func decorated(by decoration: AnyObject) -> AnyEntry? {
    guard let decoration = decoration as? AnyDecoration, decoration.key.type == typeID else {
      return nil
    }
    return Entry(
      type: serviceType, qualifier: qualifier, lifetime: lifetime, dependencies: dependencies,
      isMainActor: isMainActor, site: site, line: UInt(line), isOwned: isOwned,
      make: decoration.decorating(make))
  }

  override func traced(by trace: @escaping @Sendable (ResolutionEvent) -> Void) -> AnyEntry? {
    guard !isAsync else { return nil }
    let make = self.make
    // `construct` pushes an entry that may resolve others on the thread's stack before calling
    // its factory; a leaf is not on it.
    let (service, onStack, lifetime) = (keyDescription, mayResolveNested, lifetime)
    let forwarded = (self as? any ForwardingEntry)?.sourceDescription
    // `resolvesAfterwards`: a hooked registration's copy must still push itself (its factory,
    // captured here, records the hooks that run when it returns).
    return Entry(
      type: serviceType, qualifier: qualifier, lifetime: lifetime, dependencies: dependencies,
      isMainActor: isMainActor, site: site, line: UInt(line), isOwned: isOwned,
      resolvesAfterwards: mayResolveNested,
      make: { resolver, arguments, result in
        do {
          try make(resolver, arguments, result)
        } catch {
          trace(.make(service, onStack: onStack, in: resolver.node, outcome: .failed("\(error)")))
          throw error
        }
        let outcome: ResolutionEvent.Outcome =
          forwarded.map { .forwarded(to: $0) } ?? .created(lifetime)
        trace(.make(service, onStack: onStack, in: resolver.node, outcome: outcome))
      })
  }
}

/// The `T` a factory initialized at `address`, moved out (the memory is left uninitialized).
@inlinable
func movedResult<T>(_ type: T.Type, from address: UnsafeMutableRawPointer) -> T {
  address.assumingMemoryBound(to: T.self).move()
}

/// `factory` as an entry's type-erased factory (see `Entry.Make` and `Entry.build`).
@inlinable
func erasedFactory<T, Args>(
  _ factory: @escaping @Sendable (Resolver, Args) throws -> T
) -> Entry.Make {
  { resolver, arguments, result in
    result.initializeMemory(
      as: T.self, to: try factory(resolver, arguments.assumingMemoryBound(to: Args.self).pointee))
  }
}

/// A forwarding registration (``Registrar/forward(_:name:to:file:line:_:)``), recognized by the
/// resolution trace.
protocol ForwardingEntry {
  /// The registration it serves the instance of.
  var sourceDescription: String { get }
}
