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
    var name = String(describing: View.self)
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
  @inlinable
  public static func build(in story: some Resolving, viewUIType: ViewUIType? = nil) throws
    -> VIPERModule<View, Presenter, Interactor, Router>
  {
    try assemble(story.resolver, viewUIType) { try $0.resolve(Presenter.self) }
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

  // The building path is @inlinable: compiled into the app's module, it is specialized for the
  // module's four classes, so resolving and wiring the layers run no unspecialized generic code.
  // Failures are reported by the non-inlinable functions below it.

  @inlinable
  static func assemble(
    _ resolver: Resolver, _ viewUIType: ViewUIType?,
    presenter makePresenter: (Resolver) throws -> Presenter
  ) throws -> VIPERModule<View, Presenter, Interactor, Router> {
    let presenter = try makePresenter(resolver)
    let interactor = try resolver.resolve(Interactor.self)
    let router = try resolver.resolve(Router.self)
    let view = try loadView(viewUIType ?? defaultViewUIType, resolver)
    try wire(view, presenter, interactor, router, resolver)
    didBuild(resolver, view, presenter, interactor, router)
    return VIPERModule(view: view, presenter: presenter, interactor: interactor, router: router)
  }

  @usableFromInline
  static func didBuild(
    _ resolver: Resolver, _ view: View, _ presenter: Presenter, _ interactor: Interactor,
    _ router: Router
  ) {
    ModuleLifecycle.didBuild(
      name: moduleName, resolver: resolver, view: view, presenter: presenter,
      interactor: interactor, router: router)
    if let leaks = LeakDetector.current {
      view.links.leakToken = leaks.beginModule(
        LeakDetector.moduleName(of: Self.self) { moduleName }, parent: resolver.node.leakToken,
        owner: view, view: view,
        presenter: presenter, interactor: interactor, router: router)
      _ = leaks.checkOwnership(
        view: view, presenter: presenter, interactor: interactor, router: router,
        viewController: view)
    }
  }

  @inlinable
  static func loadView(_ ui: ViewUIType, _ resolver: Resolver) throws -> View {
    if case .code = ui, resolver.node.lookup(ObjectIdentifier(View.self)) != nil {
      return try resolver.resolve(View.self)
    }
    return try loadViewWithToolkit(ui, resolver)
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
          "register one: r.register((any UIToolkit).self, lifetime: .app, mainActor: { _ in "
          + "UIKitToolkit.shared }) in an app, or install HeadlessHost's assembly in tests"
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
    guard let viewOutput = presenter as? View.ViewOutput,
      let presenterView = view as? Presenter.View,
      let presenterInteractor = interactor as? Presenter.Interactor,
      let presenterRouter = router as? Presenter.Router,
      let interactorOutput = presenter as? Interactor.InteractorOutput
    else {
      throw contractMismatch(view, presenter, interactor, router)
    }
    view.links.wire(presenter: viewOutput)
    presenter.links.wire(
      view: presenterView, interactor: presenterInteractor, router: presenterRouter)
    interactor.links.wire(presenter: interactorOutput)
    router.links.wire(viewController: view, resolver: resolver)
  }

  /// The layers that already belong to another module.
  @usableFromInline
  static func alreadyWired(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor, _ router: Router
  ) -> ModuleError {
    var shared: [String] = []
    if view.links.isWired { shared.append("view \(View.self)") }
    if presenter.links.isWired { shared.append("presenter \(Presenter.self)") }
    if interactor.links.isWired { shared.append("interactor \(Interactor.self)") }
    if router.links.isWired { shared.append("router \(Router.self)") }
    return ModuleError(
      .layerAlreadyWired, module: moduleName,
      problems: shared.map { "the \($0) already belongs to another module" },
      fix: "register module layers with the default lifetime, .transient: each module needs its own"
    )
  }

  /// Every layer that does not conform to the contract its neighbour's links name.
  @usableFromInline
  static func contractMismatch(
    _ view: View, _ presenter: Presenter, _ interactor: Interactor, _ router: Router
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
    expect(view is Presenter.View, View.self, Presenter.View.self, Presenter.self, "view")
    expect(
      interactor is Presenter.Interactor, Interactor.self, Presenter.Interactor.self,
      Presenter.self, "interactor")
    expect(router is Presenter.Router, Router.self, Presenter.Router.self, Presenter.self, "router")
    expect(
      presenter is Interactor.InteractorOutput, Presenter.self, Interactor.InteractorOutput.self,
      Interactor.self, "presenter")
    return ModuleError(
      .contractMismatch, module: moduleName, problems: problems,
      fix:
        "make each class conform to the contract its neighbour's links name, or change the "
        + "contract in the links declaration")
  }
}

/// `any ContactsViewOutput` → `ContactsViewOutput`.
private func contractName(_ type: Any.Type) -> String {
  let name = String(describing: type)
  return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
}
