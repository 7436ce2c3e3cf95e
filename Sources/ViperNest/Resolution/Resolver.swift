/// Resolves services from one story: its own registrations first, then its ancestors'.
///
/// Factories receive one; ``Story`` is one too. A `Resolver` can be stored (a router keeps one to
/// resolve the next module later) and used from any thread: it keeps its story's node alive, but
/// resolving after the story closed throws ``ViperNestError/Code/storyClosed``.
///
/// ```swift
/// r.register(ContactListRouting.self) { r in ContactListRouter(resolver: r) }
/// // later, in the router:
/// let addContact = try resolver.resolve(AddContactModule.self)
/// ```
public struct Resolver: Resolving {
  @usableFromInline let node: StoryNode
  /// Where the outermost resolution was asked (for captive-dependency messages).
  @usableFromInline let requester: StoryNode

  @usableFromInline
  init(node: StoryNode, requester: StoryNode) {
    self.node = node
    self.requester = requester
  }

  @inlinable
  public var resolver: Resolver { self }

  /// Resolves an autowired dependency: a registration, or one the registry supplies itself
  /// (`Resolver`, `Provider<T>`).
  @inlinable
  func dependency<D>(_ type: D.Type) throws -> D {
    // The common case (no story-local registrations in the chain) borrows the entry from the
    // frozen table: no reference counting.
    if !node.chainHasLocals,
      let entry = node.graph.root.unmanagedEntry(for: ObjectIdentifier(D.self))
    {
      return try entry._withUnsafeGuaranteedRef {
        try node.instance(
          of: $0, (), home: nil, requester: requester)
      }
    }
    if let (entry, home) = node.lookup(ObjectIdentifier(D.self)) {
      return try node.instance(
        of: entry, (), home: home, requester: requester)
    }
    return try unregistered(D.self)
  }

  /// Resolves a plain key (no name, no arguments): the common case, specialized in the caller.
  /// `isolation`: the caller's actor, when it is isolated (see `StoryNode.instance`).
  @inlinable
  func resolvePlain<T>(_ type: T.Type, isolation: ObjectIdentifier? = nil) throws -> T {
    if !node.chainHasLocals,
      let entry = node.graph.root.unmanagedEntry(for: ObjectIdentifier(T.self))
    {
      return try entry._withUnsafeGuaranteedRef {
        try node.instance(
          of: $0, (), home: nil, requester: requester,
          isOutermost: true, isolation: isolation)
      }
    }
    guard let (entry, home) = node.lookup(ObjectIdentifier(T.self)) else {
      return try unregistered(T.self)
    }
    return try node.instance(
      of: entry, (), home: home, requester: requester,
      isOutermost: true, isolation: isolation)
  }

  /// A plain key nothing registers: one the registry supplies itself, or a missing registration.
  @usableFromInline
  func unregistered<T>(_ type: T.Type) throws -> T {
    if let optional = T.self as? any OptionalDependency.Type {
      return try optional.resolveIfRegistered(from: self) as! T
    }
    if let builtIn = T.self as? any BuiltInDependency.Type {
      return builtIn.make(from: Resolver(node: node, requester: node)) as! T
    }
    let error = ViperNestError.missing(
      ServiceKey(T.self), type: T.self, arguments: [], resolver: self)
    node.traceFailure(typeName(T.self), error)
    throw error
  }

  /// Resolves `type` by `name`: a plain key inline, a named one out of line.
  @inlinable
  func resolve<T>(_ type: T.Type, named name: (any Hashable & Sendable)?) throws -> T {
    if name == nil { return try resolvePlain(T.self) }
    return try resolveNamed(T.self, name: name)
  }

  /// Resolves a named key (not inlined: names are the uncommon case).
  @usableFromInline
  func resolveNamed<T>(_ type: T.Type, name: (any Hashable & Sendable)?) throws -> T {
    try resolveEntry(ServiceKey(T.self, name: ServiceName(name)), T.self, (), argumentTypes: [])
  }

  @inline(__always)
  func resolveEntry<T, Args>(
    _ key: ServiceKey, _ type: T.Type, _ arguments: Args,
    argumentTypes: @autoclosure () -> [Any.Type]
  ) throws -> T {
    guard let (entry, home) = node.lookup(key) else {
      if Args.self == Void.self, key.isPlain, let builtIn = T.self as? any BuiltInDependency.Type {
        return builtIn.make(from: Resolver(node: node, requester: node)) as! T
      }
      let error = ViperNestError.missing(
        key, type: T.self, arguments: argumentTypes(), resolver: self)
      node.traceFailure(describeKey(T.self, key.name, argumentTypes()), error)
      throw error
    }
    return try node.instance(
      of: entry, arguments, home: home,
      requester: requester, isOutermost: true)
  }
}

/// Runs `body` with this thread marked as running main-actor-isolated code.
///
/// Inlinable, so that it is specialized with `body` (a generic, unspecialized call here cost more
/// than the resolution it wraps); the thread state is reached through the two calls below.
@inlinable
func onMainActor<R>(_ body: () throws -> R) rethrows -> R {
  let previous = enterMainActor()
  defer { exitMainActor(restoring: previous) }
  return try body()
}

/// Marks this thread as running main-actor-isolated code; returns the previous mark.
@usableFromInline
func enterMainActor() -> Bool {
  let previous = ThreadResolutionState.onMainActor
  ThreadResolutionState.onMainActor = true
  return previous
}

@usableFromInline
func exitMainActor(restoring previous: Bool) {
  ThreadResolutionState.onMainActor = previous
}

/// The main actor, read once: `MainActor.shared` is a runtime call at every use.
private let mainActorInstance = MainActor.shared

/// Marks this thread as running main-actor-isolated code when `isolation` is the main actor.
/// Returns what `exitMainActor(_:)` restores: 0 when nothing was marked (another actor), else
/// 1 + the previous mark.
@usableFromInline
func enterMainActor(ifIsolatedTo isolation: (any Actor)?) -> UInt8 {
  guard isolation === mainActorInstance else { return 0 }
  let previous = ThreadResolutionState.onMainActor
  ThreadResolutionState.onMainActor = true
  return previous ? 2 : 1
}

/// The same for an actor given by its identity.
@usableFromInline
func enterMainActor(ifIdentifiedAs isolation: ObjectIdentifier) -> UInt8 {
  guard isolation == ObjectIdentifier(mainActorInstance) else { return 0 }
  let previous = ThreadResolutionState.onMainActor
  ThreadResolutionState.onMainActor = true
  return previous ? 2 : 1
}

@usableFromInline
func exitMainActor(_ entered: UInt8) {
  if entered != 0 { ThreadResolutionState.onMainActor = entered == 2 }
}

/// Something that resolves services and opens stories: a ``Story`` or a ``Resolver``.
public protocol Resolving: Sendable {
  /// The resolver for this story.
  var resolver: Resolver { get }
}

extension Resolving {
  /// Resolves `type` (optionally by `name`).
  ///
  /// ```swift
  /// let presenter = try contacts.resolve(ContactListPresenting.self)
  /// let card = try app.resolve(PaymentGateway.self, name: Gateway.card)
  /// let store: ContactStore = try r.resolve()
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it was registered as. Inferred when omitted.
  ///   - name: The typed name it was registered under, if any.
  ///   - isolation: The caller's actor, filled in by the compiler; lets `@MainActor` factories run
  ///     when you resolve from main-actor code.
  /// - Returns: The instance, shared or new according to the registration's ``Lifetime``.
  /// - Throws: ``ViperNestError`` naming the key, the resolution path and the story chain:
  ///   ``ViperNestError/Code/missingRegistration`` (with near misses),
  ///   ``ViperNestError/Code/circularDependency``, ``ViperNestError/Code/captiveDependency``,
  ///   ``ViperNestError/Code/storyNotOpen``, ``ViperNestError/Code/storyClosed``,
  ///   ``ViperNestError/Code/mainActorRequired``, or ``ViperNestError/Code/factoryFailed`` wrapping
  ///   what a factory threw. A failed resolution caches nothing; the next one retries.
  @inlinable
  public func resolve<T>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil,
    isolation: (any Actor)? = #isolation
  ) throws -> T {
    // Non-isolated callers pay one comparison. An isolated caller's plain key passes its actor
    // down: if a factory runs, the thread is marked as running main-actor code while it runs (when
    // that actor is the main actor), so `@MainActor` factories may run; a cached hit runs none and
    // costs what it costs elsewhere. Named keys mark the thread around the whole resolution.
    if isolation == nil { return try resolver.resolve(T.self, named: name) }
    if name == nil {
      return try resolver.resolvePlain(T.self, isolation: isolation.map { ObjectIdentifier($0) })
    }
    let entered = enterMainActor(ifIsolatedTo: isolation)
    defer { exitMainActor(entered) }
    return try resolver.resolve(T.self, named: name)
  }

  /// Resolves `type` registered with runtime arguments, passing them to its factory.
  ///
  /// ```swift
  /// let detail = try contacts.resolve(ContactDetailPresenting.self, arguments: contact)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it was registered as.
  ///   - name: The typed name it was registered under, if any.
  ///   - first: The first runtime argument, of the type it was registered with.
  ///   - rest: The other runtime arguments, in order.
  ///   - isolation: The caller's actor, filled in by the compiler.
  /// - Returns: A new instance.
  /// - Throws: As ``resolve(_:name:isolation:)``; a registration with other argument types is
  ///   reported as a near miss.
  public func resolve<T, First, each Rest>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil, arguments first: First,
    _ rest: repeat each Rest, isolation: (any Actor)? = #isolation
  ) throws -> T {
    let key = ServiceKey(
      T.self, name: ServiceName(name), arguments: (First, repeat each Rest).self)
    let arguments = (first, (repeat each rest))
    let resolve = {
      try resolver.resolveEntry(
        key, T.self, arguments,
        argumentTypes: argumentTypeList(First.self, repeat (each Rest).self))
    }
    return isolation === MainActor.shared ? try onMainActor(resolve) : try resolve()
  }

  /// Opens a story of type `story` inside this one, or inside one of the stories this one is open
  /// in.
  ///
  /// By default the new story opens here, and closes with this story. Name an enclosing story type
  /// as `ancestor` to open it there instead, beside the current flow rather than inside it: the
  /// new story then outlives this one. A router whose screen is about to be replaced opens the next
  /// screen's story that way, at the app level (`AppStory`), so that replacing its own screen (and
  /// closing its own story) does not close the story of the screen that replaces it.
  ///
  /// ```swift
  /// let addContact = try contacts.open(AddContactStory.self)
  /// defer { addContact.close() }
  ///
  /// // In the login screen's router, whose story is App > Auth: the session outlives the login.
  /// let session = try resolver.open(SessionStory.self, in: AppStory.self)  // App > Session
  /// ```
  ///
  /// - Parameters:
  ///   - story: The story type.
  ///   - ancestor: The story type to open it in: the nearest open story of that type, this one or
  ///     one it is open in (`AppStory.self`: the app story). Default: this story.
  /// - Returns: The open story. Close it when the flow ends; releasing it without closing closes
  ///   it too and reports a diagnostic.
  /// - Throws: ``ViperNestError/Code/storyClosed`` when the story to open it in is closed,
  ///   ``ViperNestError/Code/storyNotOpen`` when no story of type `ancestor` is open here, or
  ///   ``ViperNestError/Code/storyOpenedOutsideParent`` when `story` was declared to open only inside
  ///   other stories and none of them is open where it would open.
  public func open<S: UserStory>(_ story: S.Type, in ancestor: (any UserStory.Type)? = nil)
    throws -> Story
  {
    Story(node: try resolver.node.openChild(story, in: ancestor))
  }

  /// Opens a story of type `story`, runs `body` in it, and closes it, even when `body` throws.
  ///
  /// ```swift
  /// try app.withStory(CheckoutStory.self) { checkout in
  ///   try checkout.resolve(CheckoutFlow.self).run()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - story: The story type.
  ///   - body: Runs with the open story.
  /// - Returns: What `body` returns.
  /// - Throws: What ``open(_:in:)`` or `body` throws.
  public func withStory<S: UserStory, R>(_ story: S.Type, _ body: (Story) throws -> R) throws -> R {
    let opened = try open(story)
    defer { opened.close() }
    return try body(opened)
  }

  /// A provider that resolves `type` (optionally by `name`) from this story each time it is
  /// called.
  ///
  /// ```swift
  /// let card = app.provider(PaymentGateway.self, name: Gateway.card)
  /// let gateway = try card()
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve later.
  ///   - name: The typed name it was registered under, if any.
  /// - Returns: A provider; calling it resolves, and throws what resolving throws.
  public func provider<T>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil
  ) -> Provider<T> {
    Provider(resolver: resolver, name: name)
  }
}

/// Resolves `T` later, from the story it was injected in: the way to depend on something you need
/// only on demand (the next module a router shows) or that would otherwise form a cycle.
///
/// ```swift
/// final class ContactListRouter {
///   let addContact: Provider<AddContactModule>
///   init(addContact: Provider<AddContactModule>) { self.addContact = addContact }
///   func showAddContact() throws { let module = try addContact() }
/// }
/// r.register(ContactListRouting.self, ContactListRouter.init(addContact:))
/// ```
public struct Provider<T>: Sendable {
  @usableFromInline let resolver: Resolver
  /// The typed name it resolves `T` by (``Resolving/provider(_:name:)``); nil when autowired.
  @usableFromInline let name: (any Hashable & Sendable)?

  init(resolver: Resolver, name: (any Hashable & Sendable)? = nil) {
    self.resolver = resolver
    self.name = name
  }

  /// Resolves `T`.
  ///
  /// - Throws: As ``Resolving/resolve(_:name:isolation:)``.
  @inlinable
  public func callAsFunction() throws -> T {
    try resolver.resolve(T.self, name: name)
  }
}

extension Provider: BuiltInDependency {
  static var deferredTarget: Any.Type? { T.self }
  static func make(from resolver: Resolver) -> Provider<T> { Provider(resolver: resolver) }
}

extension Resolver: BuiltInDependency {
  static var deferredTarget: Any.Type? { nil }
  static func make(from resolver: Resolver) -> Resolver { resolver }
}
