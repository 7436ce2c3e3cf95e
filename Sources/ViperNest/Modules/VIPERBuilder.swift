/// Builds a VIPER module from its four classes and wires it with the ownership VIPER needs:
/// view → presenter strong, presenter → view weak, presenter → interactor and router strong,
/// interactor → presenter weak, router → view controller weak. The module is owned through its
/// view: releasing the view releases everything.
///
/// The presenter, interactor and router (and a view built in code, when registered) are resolved
/// from the story you build in, so they get their services, including story-scoped state, by
/// autowiring:
///
/// ```swift
/// final class ContactsBuilder: VIPERBuilder<
///   ContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter
/// > {
///   override class var defaultViewUIType: ViewUIType { .storyboard(name: "Contacts") }
/// }
///
/// struct ContactsAssembly: Assembly {
///   func assemble(_ r: Registrar) {
///     r.register(ContactsPresenter.self, mainActor: ContactsPresenter.init(formatter:))
///     r.register(ContactsInteractor.self, mainActor: ContactsInteractor.init(book:))
///     r.register(ContactsRouter.self, mainActor: ContactsRouter.init)
///   }
/// }
///
/// let module = try ContactsBuilder.build(in: contactsStory)
/// ```
///
/// A `typealias` builder swaps one layer for a mock in a test:
///
/// ```swift
/// typealias Builder = VIPERBuilder<MockContactsView, ContactsPresenter, ContactsInteractor,
///   ContactsRouter>
/// let module = try Builder.build(in: story)
/// ```
///
/// The builder wires each layer through the contract type its neighbour's links name, so a layer
/// that does not conform is reported when the module is built (``ModuleError/Code/contractMismatch``).
/// A layer reads its neighbours through its links only: one whose own stored property hides a link
/// (`var interactor` in a presenter that declares `links`) is refused
/// (``ModuleError/Code/shadowedLink``).
///
/// A module without an interactor or a router names ``NoInteractor`` or ``NoRouter`` in that
/// position, and in its presenter's links: the builder resolves, creates and tracks no such layer.
@MainActor
open class VIPERBuilder<
  View: VIPERView, Presenter: VIPERPresenter, Interactor: VIPERInteractor, Router: VIPERRouter
> {
  /// How the view's UI is loaded when ``build(in:viewUIType:)`` does not say. Default: ``ViewUIType/code``.
  ///
  /// Override it in a builder subclass:
  ///
  /// ```swift
  /// override class var defaultViewUIType: ViewUIType { .nib(name: "ContactsView") }
  /// ```
  open class var defaultViewUIType: ViewUIType { .code }

  /// The module's name in messages: the view's type name without a trailing `ViewController` or
  /// `View` (`ContactsView` → `Contacts`).
  open class var moduleName: String {
    var name = typeName(View.self)
    for suffix in ["ViewController", "View"] where name.hasSuffix(suffix) && name != suffix {
      name.removeLast(suffix.count)
      break
    }
    return name
  }

  private init() {}

  /// Builds and wires the module in `story`.
  ///
  /// The view is not loaded yet: data you pass to the presenter now reaches it before the view's
  /// `viewDidLoad`.
  ///
  /// ```swift
  /// let module = try ContactsBuilder.build(in: contacts)
  /// let compact = try ContactsBuilder.build(in: contacts, viewUIType: .nib(name: "Compact"))
  /// ```
  ///
  /// - Parameters:
  ///   - story: Where the layers are resolved (a ``Story`` or a factory's ``Resolver``): they get
  ///     its services, and the router resolves the next modules from it.
  ///   - viewUIType: How to load the view's UI. Default: ``defaultViewUIType``.
  /// - Returns: The wired module.
  /// - Throws: ``ViperNestError`` when a layer or a service cannot be resolved (a layer that is not
  ///   registered, for example); ``ModuleError`` when the layers do not fit together or the view
  ///   cannot be loaded.
  public static func build(in story: some Resolving, viewUIType: ViewUIType? = nil) throws
    -> VIPERModule<View, Presenter, Interactor, Router>
  {
    // Not inlinable: see the note above `assemble`.
    try assemble(story.resolver, viewUIType) { try $0.resolvePlain(Presenter.self) }
  }

  /// Builds and wires the module in `story`, passing typed data to the presenter's registration.
  ///
  /// The presenter is registered with runtime arguments and receives them in its initializer,
  /// before anything else of the module exists:
  ///
  /// ```swift
  /// r.register(ContactDetailPresenter.self, arguments: Contact.self, mainActor: { r, contact in
  ///   ContactDetailPresenter(contact: contact, formatter: try r.resolve())
  /// })
  /// let module = try ContactDetailBuilder.build(in: story, passing: contact)
  /// ```
  ///
  /// - Parameters:
  ///   - story: Where the layers are resolved.
  ///   - viewUIType: How to load the view's UI. Default: ``defaultViewUIType``.
  ///   - first: The first argument of the presenter's registration.
  ///   - rest: Its other arguments, in order.
  /// - Returns: The wired module.
  /// - Throws: As ``build(in:viewUIType:)``; a presenter registered with other argument types is
  ///   reported as a near miss.
  public static func build<First, each Rest>(
    in story: some Resolving, viewUIType: ViewUIType? = nil, passing first: First,
    _ rest: repeat each Rest
  ) throws -> VIPERModule<View, Presenter, Interactor, Router> {
    try assemble(story.resolver, viewUIType) {
      try $0.resolve(Presenter.self, arguments: first, repeat each rest)
    }
  }

  // `build` is not inlinable: building a module is one call from the app's module, into code
  // compiled once in this library and not specialized for the module's classes (benchmark
  // targets `build-300` and `size-300`: specialized in every app module, it made a 300-module
  // app's release build 5× hand-written wiring's). It costs `viper-module` about 2,000
  // instructions of generic code (metadata passed, values moved through value witnesses).
  // Failures are reported by the non-inlinable functions below.

  /// Resolves the four layers and wires them. `makePresenter` runs with this thread already
  /// marked as running main-actor code (see below), so it may resolve with `resolvePlain`.
  @inlinable
  static func assemble(
    _ resolver: Resolver, _ viewUIType: ViewUIType?,
    presenter makePresenter: (Resolver) throws -> Presenter
  ) throws -> VIPERModule<View, Presenter, Interactor, Router> {
    let interval = SystemLog.begin("build module", .modules, "\(View.self)")
    defer { SystemLog.end(interval) }
    // Decided at compile time where the builder is specialized: a four-layer module's code has no
    // trace of this branch.
    if hasNoInteractor || hasNoRouter {
      return try assembleWithout(resolver, viewUIType, presenter: makePresenter)
    }
    // The builder is @MainActor: this thread is marked as running main-actor code once for the
    // four resolutions (what `resolve(_:)` does for each one when called from the main actor),
    // so the layers' `mainActor:` factories run.
    // Marked and unmarked by hand rather than by `onMainActor`: its closure would return the four
    // layers as a tuple, whose metadata the unspecialized builder looks up on every build.
    let marked = enterMainActor()
    let presenter: Presenter
    let interactor: Interactor
    let router: Router
    let view: View
    do {
      presenter = try makePresenter(resolver)
      interactor = try resolver.resolvePlain(Interactor.self)
      router = try resolver.resolvePlain(Router.self)
      view = try loadView(viewUIType, resolver)
    } catch {
      exitMainActor(restoring: marked)
      throw error
    }
    exitMainActor(restoring: marked)
    try wire(view, presenter, interactor, router, resolver)
    didBuild(resolver, view, presenter, interactor, router)
    return VIPERModule(view: view, presenter: presenter, interactor: interactor, router: router)
  }

  /// Whether the module has no interactor (``NoInteractor``).
  @inlinable
  nonisolated static var hasNoInteractor: Bool { Interactor.self == NoInteractor.self }

  /// Whether the module has no router (``NoRouter``).
  @inlinable
  nonisolated static var hasNoRouter: Bool { Router.self == NoRouter.self }

  /// ``assemble(_:_:presenter:)`` for a module without an interactor or a router: the layers it
  /// has are resolved and wired, the missing one is neither resolved, created nor tracked.
  @inlinable
  static func assembleWithout(
    _ resolver: Resolver, _ viewUIType: ViewUIType?,
    presenter makePresenter: (Resolver) throws -> Presenter
  ) throws -> VIPERModule<View, Presenter, Interactor, Router> {
    let (presenter, interactor, router, view) = try onMainActor {
      let presenter = try makePresenter(resolver)
      let interactor = hasNoInteractor ? nil : try resolver.resolvePlain(Interactor.self)
      let router = hasNoRouter ? nil : try resolver.resolvePlain(Router.self)
      let view = try loadView(viewUIType, resolver)
      return (presenter, interactor, router, view)
    }
    try wireWithout(view, presenter, interactor, router, resolver)
    didBuild(resolver, view, presenter, interactor, router)
    return VIPERModule(view: view, presenter: presenter, interactor: interactor, router: router)
  }

  /// Wires a module without an interactor or a router by casting its layers to their contracts
  /// (no recorded templates: ``WiringMemo`` keeps the four-layer path's).
  @usableFromInline
  static func wireWithout(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor?, _ router: Router?,
    _ resolver: Resolver
  ) throws {
    if view.links.isWired || presenter.links.isWired || interactor?.links.isWired == true
      || router?.links.isWired == true
    {
      throw alreadyWired(view, presenter, interactor, router)
    }
    // A missing layer needs the presenter's links to name it missing too, and a layer the module
    // has needs them to name a contract it conforms to.
    let presenterHasNoInteractor = Presenter.Interactor.self is NoInteractor.Type
    let presenterHasNoRouter = Presenter.Router.self is NoRouter.Type
    let presenterInteractor = interactor.flatMap { $0 as? Presenter.Interactor }
    let presenterRouter = router.flatMap { $0 as? Presenter.Router }
    guard let viewOutput = presenter as? View.ViewOutput,
      fits(view, Presenter.View.self),
      interactor == nil ? presenterHasNoInteractor : presenterInteractor != nil,
      router == nil ? presenterHasNoRouter : presenterRouter != nil,
      interactor.map({ _ in fits(presenter, Interactor.InteractorOutput.self) }) ?? true
    else {
      throw contractMismatch(view, presenter, interactor, router)
    }
    if let shadowed = shadowedLinks(view, presenter, interactor, router) { throw shadowed }
    view.links.wire(presenter: viewOutput)
    presenter.links.wire(viewObject: view, interactor: presenterInteractor, router: presenterRouter)
    interactor?.links.wire(presenterObject: presenter)
    router?.links.wire(viewController: view, resolver: resolver)
  }

  @usableFromInline
  static func didBuild(
    _ resolver: Resolver, _ view: View, _ presenter: Presenter, _ interactor: AnyObject?,
    _ router: AnyObject?
  ) {
    ModuleLifecycle.didBuild(
      name: moduleName, resolver: resolver, view: view, presenter: presenter,
      interactor: interactor, router: router)
    LeakDetector.withCurrent { leaks in
      // Both links read before the group exists, so it is not kept across a getter call.
      let viewLinks = view.links
      let presenterLinks = presenter.links
      let (group, presenterHold) = leaks.beginModule(
        builtBy: Self.self, name: { moduleName }, parent: resolver.node.leakToken, view: view,
        presenter: presenter, presenterLinks: .passUnretained(presenterLinks),
        interactor: interactor, router: router)
      presenterLinks.hold(presenterHold)
      viewLinks.leakToken = consume group
    }
  }

  /// Loads the view the way `requested` (nil: ``defaultViewUIType``) says: a view built in code
  /// and registered is resolved, anything else is loaded by the UI toolkit. The common case, code,
  /// is matched without copying the UI type.
  @inlinable
  static func loadView(_ requested: ViewUIType?, _ resolver: Resolver) throws -> View {
    switch requested {
    case .some(.code): break
    case .some(let ui): return try loadViewWithToolkit(ui, resolver)
    case .none:
      let ui = defaultViewUIType
      guard case .code = ui else { return try loadViewWithToolkit(ui, resolver) }
    }
    if resolver.node.lookup(ObjectIdentifier(View.self)) != nil {
      return try resolver.resolvePlain(View.self)
    }
    return try loadViewWithToolkit(.code, resolver)
  }

  @usableFromInline
  static func loadViewWithToolkit(_ ui: ViewUIType, _ resolver: Resolver) throws -> View {
    guard resolver.node.lookup(ServiceKey((any UIToolkit).self)) != nil else {
      throw ModuleError(
        .noToolkit, module: moduleName,
        problems: [
          "\(View.self) is loaded from \(ui), which needs a UIToolkit, and none is registered"
        ],
        fix:
          "register one: r.register((any UIToolkit).self, mainActorInstance: UIKitToolkit.shared) "
          + "in an app, or install HeadlessHost's assembly in tests"
          + (ui == .code ? "; or register the view itself: r.register(\(View.self).self, ...)" : "")
      )
    }
    return try resolver.resolve((any UIToolkit).self).loadView(View.self, from: ui)
  }

  @inlinable
  static func wire(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor, _ router: Router,
    _ resolver: Resolver
  ) throws {
    if view.links.isWired || presenter.links.isWired || interactor.links.isWired
      || router.links.isWired
    {
      throw alreadyWired(view, presenter, interactor, router)
    }
    // Layers of the classes this builder wired last time: their contract values come from the
    // recorded casts (see `WiringMemo`), and their weak links' contracts were checked then.
    let types = WiringMemo.types(view, presenter, interactor, router)
    if let memo = WiringMemo.find(Self.self), memo.layers == types {
      link(view, presenter, interactor, router, resolver, recorded: memo)
      return
    }
    try wireChecked(view, presenter, interactor, router, resolver, types)
  }

  /// Wires layers by casting them to their contracts, and records the casts for the next module
  /// of the same classes.
  @usableFromInline
  static func wireChecked(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor, _ router: Router,
    _ resolver: Resolver, _ types: (UInt, UInt, UInt, UInt)
  ) throws {
    // The strong links store their contract's value, so they need the cast; the weak links store
    // the object itself, so their contract is only checked (once per layer type).
    // Plain casts, not `fits`: this path runs once per combination of layer classes (later
    // modules take the recorded one), so remembering the weak links' conformances in
    // `ContractMemo` as well would only keep two arrays per module type for the life of the
    // process (benchmark target `memory-300`, first build: 96 bytes a module).
    guard let viewOutput = presenter as? View.ViewOutput,
      view is Presenter.View,
      let presenterInteractor = interactor as? Presenter.Interactor,
      let presenterRouter = router as? Presenter.Router,
      presenter is Interactor.InteractorOutput
    else {
      throw contractMismatch(view, presenter, interactor, router)
    }
    // Checked here, where the first module of these layer classes is wired, and never on the
    // recorded path: a class whose stored properties hide its links is refused before any link is
    // filled, and no template is recorded for it (see `LinkShadowing`).
    if let shadowed = shadowedLinks(view, presenter, interactor, router) { throw shadowed }
    WiringMemo.memo(for: Self.self).record(
      types, viewOutput, of: presenter, presenterInteractor, of: interactor, presenterRouter,
      of: router)
    link(
      view, presenter, interactor, router, resolver, viewOutput, presenterInteractor,
      presenterRouter)
  }

  /// Fills the links of checked layers.
  @inlinable
  static func link(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor, _ router: Router,
    _ resolver: Resolver, _ viewOutput: View.ViewOutput,
    _ presenterInteractor: Presenter.Interactor,
    _ presenterRouter: Presenter.Router
  ) {
    view.links.wire(presenter: viewOutput)
    presenter.links.wire(
      viewObject: view, interactor: presenterInteractor, router: presenterRouter)
    interactor.links.wire(presenterObject: presenter)
    router.links.wire(viewController: view, resolver: resolver)
  }

  /// Fills the links of layers of the classes `memo` recorded: the strong links take each
  /// layer object and the recorded words of its contract value (see `LinkWords`), without
  /// building the contract values.
  @inlinable
  static func link(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor, _ router: Router,
    _ resolver: Resolver, recorded memo: WiringMemo
  ) {
    view.links.wire(presenterObject: presenter, words: memo.words.0)
    presenter.links.wire(
      viewObject: view, interactorObject: interactor, interactorWords: memo.words.1,
      routerObject: router, routerWords: memo.words.2)
    interactor.links.wire(presenterObject: presenter)
    router.links.wire(viewController: view, resolver: resolver)
  }

  /// Whether `layer` conforms to `contract`, as `layer is Contract` says; the runtime lookup is
  /// made once per layer type and contract, then remembered (see ``ContractMemo``).
  @inlinable
  static func fits<Layer: AnyObject, Contract>(_ layer: Layer, _ contract: Contract.Type) -> Bool {
    let layerType = ObjectIdentifier(type(of: layer))
    let contractType = ObjectIdentifier(Contract.self)
    if ContractMemo.contains(layerType, contractType) { return true }
    guard layer is Contract else { return false }
    ContractMemo.insert(layerType, contractType)
    return true
  }

  /// The layers that already belong to another module.
  @usableFromInline
  static func alreadyWired(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor?, _ router: Router?
  ) -> ModuleError {
    var shared: [String] = []
    if view.links.isWired { shared.append("view \(View.self)") }
    if presenter.links.isWired { shared.append("presenter \(Presenter.self)") }
    if interactor?.links.isWired == true { shared.append("interactor \(Interactor.self)") }
    if router?.links.isWired == true { shared.append("router \(Router.self)") }
    return ModuleError(
      .layerAlreadyWired, module: moduleName,
      problems: shared.map { "the \($0) already belongs to another module" },
      fix: "register module layers with the default lifetime, .transient: each module needs its own"
    )
  }

  /// The layers whose own stored properties hide their links, or nil when none does.
  static func shadowedLinks(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor?, _ router: Router?
  ) -> ModuleError? {
    let shadows =
      LinkShadowing.shadows(in: view, as: .view)
      + LinkShadowing.shadows(in: presenter, as: .presenter)
      + (interactor.map { LinkShadowing.shadows(in: $0, as: .interactor) } ?? [])
      + (router.map { LinkShadowing.shadows(in: $0, as: .router) } ?? [])
    guard !shadows.isEmpty else { return nil }
    return ModuleError(
      .shadowedLink, module: moduleName, problems: shadows.map(LinkShadowing.problem),
      fix: LinkShadowing.fix(shadows))
  }

  /// Every layer that does not conform to the contract its neighbour's links name.
  @usableFromInline
  static func contractMismatch(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor?, _ router: Router?
  ) -> ModuleError {
    var problems: [String] = []
    func expect(
      _ ok: Bool, _ layer: Any.Type, _ contract: Any.Type, _ owner: Any.Type, _ link: String
    ) {
      guard !ok else { return }
      problems.append(
        "\(layer) does not conform to \(contractName(contract)), which \(owner)'s links expect as "
          + "its \(link)")
    }
    expect(
      presenter is View.ViewOutput, Presenter.self, View.ViewOutput.self, View.self, "presenter")
    if Presenter.View.self is NoView.Type {
      problems.append(
        "\(Presenter.self)'s links name NoView: its view is a screen that reads it, built with a "
          + "ScreenBuilder (ViperNestSwiftUI), not with \(Self.self)")
    } else {
      expect(view is Presenter.View, View.self, Presenter.View.self, Presenter.self, "view")
    }
    // A missing layer (NoInteractor, NoRouter) on one side only: the builder and the presenter's
    // links disagree on whether the module has it.
    func expectSameLayers(_ link: String, builderHasNone: Bool, linksHaveNone: Bool, none: String) {
      if builderHasNone && !linksHaveNone {
        problems.append(
          "\(Self.self) builds the module without \(link == "router" ? "a" : "an") \(link) "
            + "(\(none)), and \(Presenter.self)'s links expect one")
      } else if !builderHasNone && linksHaveNone {
        problems.append(
          "\(Presenter.self)'s links name no \(link) (\(none)), and \(Self.self) builds one")
      }
    }
    let linksHaveNoInteractor = Presenter.Interactor.self is NoInteractor.Type
    let linksHaveNoRouter = Presenter.Router.self is NoRouter.Type
    expectSameLayers(
      "interactor", builderHasNone: interactor == nil, linksHaveNone: linksHaveNoInteractor,
      none: "NoInteractor")
    expectSameLayers(
      "router", builderHasNone: router == nil, linksHaveNone: linksHaveNoRouter, none: "NoRouter")
    if let interactor, !linksHaveNoInteractor {
      expect(
        interactor is Presenter.Interactor, Interactor.self, Presenter.Interactor.self,
        Presenter.self, "interactor")
    }
    if let router, !linksHaveNoRouter {
      expect(
        router is Presenter.Router, Router.self, Presenter.Router.self, Presenter.self, "router")
    }
    if interactor != nil {
      expect(
        presenter is Interactor.InteractorOutput, Presenter.self, Interactor.InteractorOutput.self,
        Interactor.self, "presenter")
    }
    return ModuleError(
      .contractMismatch, module: moduleName, problems: problems,
      fix:
        "make each class conform to the contract its neighbour's links name, or change the "
        + "contract in the links declaration; a module without an interactor or a router names "
        + "NoInteractor or NoRouter both in its builder and in its presenter's links")
  }
}

/// `any ContactsViewOutput` → `ContactsViewOutput`.
private func contractName(_ type: Any.Type) -> String {
  let name = typeName(type)
  return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
}

/// The (layer type, contract) pairs a builder has found to conform, so that a module without an
/// interactor or a router (which has no recorded wiring) built again skips the runtime conformance
/// lookup (about 300 instructions each) for the links that store the layer object itself: the
/// weak ones, presenter → view and interactor → presenter. A type's conformances do not change at
/// run time.
///
/// A growable ``WordTable`` from each layer type to the contracts it was found to conform to
/// (one or two: a presenter's view output and interactor output); a pair is only added, never
/// removed, and there are as many as the app has module layers. Main-actor isolated like the
/// builder, which serializes every access.
@MainActor
@usableFromInline
enum ContractMemo {
  /// The contracts of each layer type, by its metadata pointer.
  private static var contracts = WordTable<KeyedSlot<[ObjectIdentifier]>>(minimumCapacity: 48)

  /// Whether `layer` was recorded as conforming to `contract`.
  @usableFromInline
  static func contains(_ layer: ObjectIdentifier, _ contract: ObjectIdentifier) -> Bool {
    contracts[UInt(bitPattern: layer)].value?.contains(contract) ?? false
  }

  /// Records that `layer` conforms to `contract`.
  @usableFromInline
  static func insert(_ layer: ObjectIdentifier, _ contract: ObjectIdentifier) {
    var known = contracts[UInt(bitPattern: layer)].value ?? []
    if known.contains(contract) { return }
    known.append(contract)
    contracts.update(KeyedSlot(layer, known))
  }
}
