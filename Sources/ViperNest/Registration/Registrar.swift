/// Records registrations for the registry: services by the type (usually a protocol) they are
/// resolved as, with a lifetime, a factory, an optional typed name and typed runtime arguments.
///
/// You get one in ``Assembly/assemble(_:)`` or ``Registry/install(file:line:_:)``. Nothing takes
/// effect until the whole assembly has been checked; a mistake (a duplicate key, an override of
/// nothing) is thrown by `install` and leaves the registry unchanged.
///
/// ```swift
/// r.register(ContactStore.self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
/// r.register(ContactListPresenting.self, ContactListPresenter.init(interactor:router:))
/// r.register(ContactListView.self, mainActor: ContactListView.init(presenter:))
/// r.register(ContactDetailPresenting.self, arguments: Contact.self) { r, contact in
///   ContactDetailPresenter(contact: contact, store: try r.resolve())
/// }
/// r.story(AddContactStory.self, in: ContactsStory.self) { r in
///   r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
/// }
/// r.overriding.register(Clock.self, lifetime: .app, FixedClock.init)
/// ```
public final class Registrar {
  final class Buffer {
    // Appended to by `record` only, which runs no user code while it does (so no access can
    // overlap): the runtime exclusivity check, a visible part of each registration, is off.
    @exclusivity(unchecked) var entries: [AnyEntry] = []
    var storyParents: [(story: StoryKind, parent: StoryKind)] = []
    var problems: [ViperNestError] = []
    var routes: [LinkRoute] = []
    /// `decorate` calls, applied by `Registry.install` once the buffer's entries are in place.
    var decorations: [AnyDecoration] = []
    /// Assemblies composed with `Registrar.install(_:)`, told `loaded(_:)` after the install.
    var composed: [any Assembly] = []
    /// The story kinds asked for so far, by story type.
    private var storyKinds: [ObjectIdentifier: StoryKind] = [:]

    /// `StoryKind.of(type)`, asked of the shared table (a lock and a lookup) once per install and
    /// story type: every module of a story names it again (benchmark target `launch-300`).
    func storyKind(_ type: any UserStory.Type) -> StoryKind {
      if let known = storyKinds[ObjectIdentifier(type)] { return known }
      let kind = StoryKind.of(type)
      storyKinds[ObjectIdentifier(type)] = kind
      return kind
    }
  }

  let buffer: Buffer
  let assemblyName: String?
  let localStory: StoryKind?
  let isOverriding: Bool
  /// The site of the last registration, reused while registrations come from the same file.
  /// Only `site(_:)` touches it, without running user code: no exclusivity check needed.
  @exclusivity(unchecked) private var lastSite: RegistrationSite?

  init(buffer: Buffer, assemblyName: String?, localStory: StoryKind?, isOverriding: Bool) {
    self.buffer = buffer
    self.assemblyName = assemblyName
    self.localStory = localStory
    self.isOverriding = isOverriding
  }

  /// A registrar whose registrations replace existing ones with the same key (in the same scope, or,
  /// inside ``story(_:in:body:)``, the parent's for that story's subtree only).
  ///
  /// Overriding a key that is not registered is an error: it usually means a typo or a missing
  /// assembly.
  ///
  /// ```swift
  /// r.overriding.register(ContactListInteracting.self, MockContactListInteractor.init)
  /// ```
  public var overriding: Registrar {
    Registrar(
      buffer: buffer, assemblyName: assemblyName, localStory: localStory, isOverriding: true)
  }

  /// Registers services that exist only inside stories of type `story` and their nested stories.
  ///
  /// A story-local registration may override a parent's (use `r.overriding` inside `body`) for that
  /// subtree only. Naming `parents` declares where the story opens: ``Resolving/open(_:in:)``
  /// then refuses to open it anywhere else, and ``Registry/validate()`` checks it in exactly those
  /// places.
  ///
  /// ```swift
  /// r.story(AddContactStory.self, in: ContactsStory.self) { r in
  ///   r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - story: The story type whose subtree sees the registrations.
  ///   - parents: Story types `story` is opened inside (any of them, at any depth). None: anywhere.
  ///   - body: Adds the story-local registrations.
  public func story<S: UserStory>(
    _ story: S.Type, in parents: any UserStory.Type..., body: (Registrar) -> Void = { _ in }
  ) {
    let kind = buffer.storyKind(story)
    for parent in parents { buffer.storyParents.append((kind, buffer.storyKind(parent))) }
    body(
      Registrar(
        buffer: buffer, assemblyName: assemblyName, localStory: kind, isOverriding: isOverriding))
  }

  // MARK: - Deep links

  /// Declares a deep link's route: a URL pattern and the steps that open it, each a module shown
  /// in its story. ``LinkNavigator/open(_:animated:)`` opens links that match it, and
  /// ``Registry/validate()`` checks it before anything runs.
  ///
  /// The pattern is a path whose `:name` segments capture parameters, and an optional query
  /// listing the query items it captures: `/payments/transfer/:account?amount`. For a custom
  /// scheme the link's host is the first segment (`bank://payments/transfer/2`); for http and
  /// https the host is left out.
  ///
  /// ```swift
  /// r.route(
  ///   "/payments/transfer/:account",
  ///   .selectTab(1, showing: PaymentsModule.self, in: PaymentsStory.self),
  ///   .show(TransferModule.self, in: TransferStory.self, .push(), LinkParameter<Int>("account")) {
  ///     link, account in link.input.prefill(account: account)
  ///   })
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: The URL pattern.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - steps: The steps, from the app's root (a window root or a tab) to the last module.
  public func route(
    _ pattern: String, file: String = #fileID, line: UInt = #line, _ steps: LinkStep...
  ) {
    buffer.routes.append(LinkRoute(pattern: pattern, steps: steps, site: "\(file):\(line)"))
  }

  // MARK: - Autowiring

  /// Registers `type`, built by an initializer whose parameters are resolved from the registry.
  ///
  /// The parameter types are the registration's dependencies: the registry knows them without
  /// running anything, so ``Registry/validate()`` can check the whole graph at start-up.
  ///
  /// ```swift
  /// r.register(ContactListPresenting.self, ContactListPresenter.init(interactor:router:))
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as, usually a protocol.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - initializer: A function (usually `Type.init`) whose parameters are dependencies.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T, each D>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable (repeat each D) throws -> T
  ) {
    // Not inlinable: a registration puts one call into the app's module, not a specialized
    // factory with the resolver inlined into it (benchmark targets `build-300`, `size-300`: that
    // made a 300-module app's release build 5× hand-written wiring's). The resolution site is
    // specialized instead (`resolve` is inlinable). The entry is not generic (no metadata to
    // instantiate per registered type); the closure is built directly in the type-erased form the
    // entry stores, which writes the instance where the resolution site asks (see `Entry.build`).
    // `name` is `consuming` in every registration of this file: the registration destroys it, so
    // the caller's code has no destroy of the optional existential after each call (benchmark
    // target `size-300`).
    // Built at its size (benchmark target `launch-300`: appending to an empty list regrew it, and
    // mapping a list of types made a second one, about 900 instructions per registration).
    var count = 0
    for _ in repeat (each D).self { count += 1 }
    var dependencies: [Dependency] = []
    dependencies.reserveCapacity(count)
    for dependency in repeat (each D).self { dependencies.append(Dependency(dependency)) }
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: lifetime,
        dependencies: Dependency.declared(dependencies), isMainActor: false,
        site: site(file), line: line,
        make: { r, _, result in
          result.initializeMemory(
            as: T.self, to: try initializer(repeat try r.dependency((each D).self)))
        }))
  }

  /// Registers a `@MainActor` type (a view, a view controller), built by an initializer whose
  /// parameters are resolved from the registry. It must be resolved on the main actor.
  ///
  /// ```swift
  /// r.register(ContactListView.self, mainActor: ContactListView.init(presenter:))
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - initializer: A `@MainActor` function whose parameters are dependencies.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T, each D>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    mainActor initializer: @escaping @MainActor @Sendable (repeat each D) throws -> T
  ) {
    // Built at its size (benchmark target `launch-300`: appending to an empty list regrew it, and
    // mapping a list of types made a second one, about 900 instructions per registration).
    var count = 0
    for _ in repeat (each D).self { count += 1 }
    var dependencies: [Dependency] = []
    dependencies.reserveCapacity(count)
    for dependency in repeat (each D).self { dependencies.append(Dependency(dependency)) }
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: lifetime,
        dependencies: Dependency.declared(dependencies), isMainActor: true,
        site: site(file), line: line, make: mainActorFactory(initializer)))
  }

  /// Registers `type`, built by an initializer without parameters.
  ///
  /// ```swift
  /// r.register(ContactFormatter.self, ContactFormatter.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as, usually a protocol.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - initializer: A function without parameters (usually `Type.init`).
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    _ initializer: @escaping @Sendable () throws -> T
  ) {
    // The common leaf (a formatter, a router): without a parameter pack, the unspecialized
    // factory costs a call and a value-witness move (benchmark target `transient-leaf`: the
    // pack's expansion cost ~120 instructions per resolution).
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: lifetime, dependencies: [],
        isMainActor: false, site: site(file), line: line,
        make: { _, _, result in result.initializeMemory(as: T.self, to: try initializer()) }))
  }

  /// Registers a `@MainActor` type built by an initializer without parameters. It must be
  /// resolved on the main actor.
  ///
  /// ```swift
  /// r.register(ContactListRouter.self, mainActor: ContactListRouter.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - initializer: A `@MainActor` function without parameters.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    mainActor initializer: @escaping @MainActor @Sendable () throws -> T
  ) {
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: lifetime, dependencies: [],
        isMainActor: true, site: site(file), line: line,
        make: mainActorFactory { (_: Resolver) in try initializer() }))
  }

  // MARK: - Closure factories

  /// Registers `type`, built by a closure that resolves what it needs.
  ///
  /// The registry cannot see inside a closure, so ``Registry/validate()`` reports such a
  /// registration as opaque. Prefer autowiring where an initializer fits.
  ///
  /// ```swift
  /// r.register(ContactStore.self, lifetime: .app) { r in
  ///   FileContactStore(directory: try r.resolve(StorageDirectory.self).url)
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
  public func register<T>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> T
  ) {
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: lifetime, dependencies: nil,
        isMainActor: false, site: site(file), line: line,
        make: { r, _, result in
          result.initializeMemory(as: T.self, to: try factory(r))
        }))
  }

  /// Registers a `@MainActor` type built by a closure. It must be resolved on the main actor.
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: How long an instance lives. Default: ``Lifetime/transient``.
  ///   - factory: Builds the instance on the main actor.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    lifetime: Lifetime = .transient,
    file: String = #fileID, line: UInt = #line,
    mainActor factory: @escaping @MainActor @Sendable (Resolver) throws -> T
  ) {
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: lifetime, dependencies: nil,
        isMainActor: true, site: site(file), line: line, make: mainActorFactory(factory)))
  }

  // MARK: - Existing instances

  /// Registers an instance that exists already (a shared client, a test's fake): every resolve
  /// returns it. The registry shares it but does not own it, so the leak detector never reports
  /// it when the app story closes.
  ///
  /// ```swift
  /// r.register((any Analytics).self, instance: Analytics.shared)
  /// r.register(Clock.self, instance: FixedClock(now: .distantPast))
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - instance: The instance; the registry keeps a reference to it while it lives.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T: Sendable>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    instance: T,
    file: String = #fileID, line: UInt = #line
  ) {
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: .app, dependencies: [],
        isMainActor: false, site: site(file), line: line, isOwned: false,
        make: { _, _, result in result.initializeMemory(as: T.self, to: instance) }))
  }

  /// Registers a `@MainActor` instance that exists already, such as the UIKit toolkit: every
  /// resolve returns it, and it must be resolved on the main actor. `instance` is evaluated on
  /// the main actor at the first resolve. The registry shares it but does not own it, so the
  /// leak detector never reports it when the app story closes.
  ///
  /// ```swift
  /// r.register((any UIToolkit).self, mainActorInstance: UIKitToolkit.shared)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as, usually a protocol.
  ///   - name: A typed name when several registrations share `type`.
  ///   - instance: The existing instance, read on the main actor at the first resolve.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil,
    mainActorInstance instance: @autoclosure @escaping @MainActor @Sendable () -> T,
    file: String = #fileID, line: UInt = #line
  ) {
    record(
      Entry(
        type: T.self, qualifier: .named(name), lifetime: .app, dependencies: [],
        isMainActor: true, site: site(file), line: line, isOwned: false,
        make: mainActorFactory { _ in instance() }))
  }

  // MARK: - Runtime arguments

  /// Registers `type`, built from typed runtime arguments that the caller passes to `resolve`.
  ///
  /// A registration with arguments is always transient: each call may pass different arguments.
  ///
  /// ```swift
  /// r.register(ContactDetailPresenting.self, arguments: Contact.self) { r, contact in
  ///   ContactDetailPresenter(contact: contact, store: try r.resolve())
  /// }
  /// let presenter = try story.resolve(ContactDetailPresenting.self, arguments: contact)
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
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    arguments first: First.Type,
    _ rest: repeat (each Rest).Type, file: String = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver, First, repeat each Rest) throws -> T
  ) {
    record(
      Entry(
        T.self, arguments: (First, (repeat each Rest)).self,
        qualifier: KeyQualifier(
          name: ServiceName(name), arguments: ObjectIdentifier((First, repeat each Rest).self),
          argumentTypes: argumentTypeList(First.self, repeat (each Rest).self)),
        lifetime: .transient, dependencies: nil, isMainActor: false, site: site(file), line: line,
        factory: { r, arguments in try factory(r, arguments.0, repeat each arguments.1) }))
  }

  /// Registers a `@MainActor` type built from typed runtime arguments.
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - first: The type of the first runtime argument.
  ///   - rest: The types of the other runtime arguments, in order.
  ///   - factory: Builds the instance on the main actor.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<T, First, each Rest>(
    _ type: T.Type, name: consuming (any Hashable & Sendable)? = nil,
    arguments first: First.Type,
    _ rest: repeat (each Rest).Type, file: String = #fileID, line: UInt = #line,
    mainActor factory:
      @escaping @MainActor @Sendable (Resolver, First, repeat each Rest) throws -> T
  ) {
    record(
      Entry(
        T.self, arguments: (First, (repeat each Rest)).self,
        qualifier: KeyQualifier(
          name: ServiceName(name), arguments: ObjectIdentifier((First, repeat each Rest).self),
          argumentTypes: argumentTypeList(First.self, repeat (each Rest).self)),
        lifetime: .transient, dependencies: nil, isMainActor: true, site: site(file), line: line,
        factory: { r, arguments in
          let handOff = MainActorHandOff(value: arguments)
          return try MainActor.assumeIsolated {
            MainActorHandOff(value: try factory(r, handOff.value.0, repeat each handOff.value.1))
          }.value
        }))
  }

  // MARK: - Recording

  /// The site for a registration written in `file`: the previous one when it came from the same
  /// file (the usual case, a literal compared by its bits), else a new one.
  @usableFromInline
  func site(_ file: String) -> RegistrationSite {
    if let lastSite, lastSite.fileID == file { return lastSite }
    let site = RegistrationSite(
      fileID: file, assembly: assemblyName, localStory: localStory, isOverriding: isOverriding)
    lastSite = site
    return site
  }

  /// Records a registration (the `register` overloads build it).
  @usableFromInline
  func record(_ entry: AnyEntry) {
    if entry.localStory != nil, case .app = entry.lifetime.kind {
      buffer.problems.append(
        ViperNestError(
          .invalidRegistration,
          .invalidRegistration(
            entry,
            reason:
              "an `app` instance cannot be local to story \(entry.localStory!.name): the app "
              + "outlives it",
            fix:
              "use `.story(\(entry.localStory!.typeName).self)` to share it inside the story, or "
              + "register it outside `r.story(...)`")))
      return
    }
    buffer.entries.append(entry)
  }
}

/// The argument types of a registration with runtime arguments, in order.
func argumentTypeList<each A>(_ types: repeat (each A).Type) -> [Any.Type] {
  var list: [Any.Type] = []
  for type in repeat each types { list.append(type) }
  return list
}
