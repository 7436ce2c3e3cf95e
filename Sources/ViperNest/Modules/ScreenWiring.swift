/// How `ViperNestSwiftUI`'s screen builder wires a screen module: the same resolution, contracts,
/// checks, lifecycle and leak tracking as ``VIPERBuilder``, with a screen that owns the presenter
/// in place of a view controller, hosted by a controller (see `ScreenHosting`).
@MainActor
package enum ScreenWiring {
  /// The layers of a screen module just wired: the host (the module's view) and the layers.
  package struct Wired<Presenter, Interactor, Router> {
    /// The controller that hosts the screen.
    package let host: any ScreenHosting
    /// The presenter.
    package let presenter: Presenter
    /// The interactor, nil for ``NoInteractor``.
    package let interactor: Interactor?
    /// The router, nil for ``NoRouter``.
    package let router: Router?
  }

  /// Resolves the presenter (with `makePresenter`), interactor and router in `resolver`, checks
  /// that they fit, makes the screen and its host with `makeHost`, wires the links (presenter →
  /// interactor and router strong, interactor → presenter weak, router → host weak), and tracks
  /// the module for the lifecycle observer and the current leak detector.
  ///
  /// - Parameters:
  ///   - resolver: Where the layers are resolved.
  ///   - builder: The builder type, for messages.
  ///   - moduleName: The module's name in messages and leak reports.
  ///   - makePresenter: Resolves the presenter; runs with this thread marked as main-actor code.
  ///   - makeHost: Makes the screen (owning the presenter) and its hosting controller, holding
  ///     the links it is given.
  /// - Returns: The wired module.
  /// - Throws: What resolving throws; ``ModuleError`` when the layers do not fit together or a
  ///   layer belongs to another module.
  package static func assemble<
    Presenter: VIPERPresenter, Interactor: VIPERInteractor, Router: VIPERRouter
  >(
    _ resolver: Resolver, builder: AnyClass, moduleName: String,
    presenter makePresenter: (Resolver) throws -> Presenter,
    host makeHost: (Presenter, ScreenLinks) throws -> any ScreenHosting
  ) throws -> Wired<Presenter, Interactor, Router> {
    let hasNoInteractor = Interactor.self is NoInteractor.Type
    let hasNoRouter = Router.self is NoRouter.Type
    let (presenter, interactor, router) = try onMainActor {
      let presenter = try makePresenter(resolver)
      let interactor = hasNoInteractor ? nil : try resolver.resolvePlain(Interactor.self)
      let router = hasNoRouter ? nil : try resolver.resolvePlain(Router.self)
      return (presenter, interactor, router)
    }
    var shared: [String] = []
    if presenter.links.isWired || presenter.links.viewObject != nil {
      shared.append("presenter \(Presenter.self)")
    }
    if interactor?.links.isWired == true { shared.append("interactor \(Interactor.self)") }
    if router?.links.isWired == true { shared.append("router \(Router.self)") }
    if !shared.isEmpty {
      throw ModuleError(
        .layerAlreadyWired, module: moduleName,
        problems: shared.map { "the \($0) already belongs to another module" },
        fix:
          "register module layers with the default lifetime, .transient: each module needs its own"
      )
    }
    let presenterInteractor = interactor.flatMap { $0 as? Presenter.Interactor }
    let presenterRouter = router.flatMap { $0 as? Presenter.Router }
    let problems = mismatches(
      builder, presenter, interactor, router, presenterInteractor != nil, presenterRouter != nil)
    if !problems.isEmpty {
      throw ModuleError(
        .contractMismatch, module: moduleName, problems: problems,
        fix:
          "make each class conform to the contract its neighbour's links name; a screen's "
          + "presenter names NoView as its view contract, and a module without an interactor or "
          + "a router names NoInteractor or NoRouter both in its builder and in its presenter's "
          + "links")
    }
    let shadows =
      LinkShadowing.shadows(in: presenter, as: .presenter)
      + (interactor.map { LinkShadowing.shadows(in: $0, as: .interactor) } ?? [])
      + (router.map { LinkShadowing.shadows(in: $0, as: .router) } ?? [])
    if !shadows.isEmpty {
      throw ModuleError(
        .shadowedLink, module: moduleName, problems: shadows.map(LinkShadowing.problem),
        fix: LinkShadowing.fix(shadows))
    }
    let links = ScreenLinks()
    let host = try makeHost(presenter, links)
    presenter.links.wire(viewObject: host, interactor: presenterInteractor, router: presenterRouter)
    interactor?.links.wire(presenterObject: presenter)
    router?.links.wire(viewController: host, resolver: resolver)
    ModuleLifecycle.didBuild(
      name: moduleName, resolver: resolver, view: host, presenter: presenter,
      interactor: interactor, router: router)
    if let detector = LeakDetector.current {
      links.leakToken = detector.beginModule(
        moduleName, parent: resolver.node.leakToken, owner: host, view: host,
        presenter: presenter, interactor: interactor, router: router)
    }
    return Wired(host: host, presenter: presenter, interactor: interactor, router: router)
  }

  /// Every layer that does not fit the contract its neighbour's links name.
  private static func mismatches<
    Presenter: VIPERPresenter, Interactor: VIPERInteractor, Router: VIPERRouter
  >(
    _ builder: AnyClass, _ presenter: Presenter, _ interactor: Interactor?, _ router: Router?,
    _ interactorFits: Bool, _ routerFits: Bool
  ) -> [String] {
    var problems: [String] = []
    if !(Presenter.View.self is NoView.Type) {
      problems.append(
        "\(Presenter.self)'s links name \(Presenter.View.self) as its view; a screen reads its "
          + "presenter, so the links name NoView")
    }
    let linksHaveNoInteractor = Presenter.Interactor.self is NoInteractor.Type
    let linksHaveNoRouter = Presenter.Router.self is NoRouter.Type
    func sameLayers(_ link: String, builderHasNone: Bool, linksHaveNone: Bool, none: String) {
      if builderHasNone && !linksHaveNone {
        problems.append(
          "\(builder) builds the module without \(link == "router" ? "a" : "an") \(link) "
            + "(\(none)), and \(Presenter.self)'s links expect one")
      } else if !builderHasNone && linksHaveNone {
        problems.append(
          "\(Presenter.self)'s links name no \(link) (\(none)), and \(builder) builds one")
      }
    }
    sameLayers(
      "interactor", builderHasNone: interactor == nil, linksHaveNone: linksHaveNoInteractor,
      none: "NoInteractor")
    sameLayers(
      "router", builderHasNone: router == nil, linksHaveNone: linksHaveNoRouter, none: "NoRouter")
    if interactor != nil, !linksHaveNoInteractor, !interactorFits {
      problems.append(
        "\(Interactor.self) does not conform to \(Presenter.Interactor.self), which "
          + "\(Presenter.self)'s links expect as its interactor")
    }
    if router != nil, !linksHaveNoRouter, !routerFits {
      problems.append(
        "\(Router.self) does not conform to \(Presenter.Router.self), which \(Presenter.self)'s "
          + "links expect as its router")
    }
    if interactor != nil, !(presenter is Interactor.InteractorOutput) {
      problems.append(
        "\(Presenter.self) does not conform to \(Interactor.InteractorOutput.self), which "
          + "\(Interactor.self)'s links expect as its presenter")
    }
    return problems
  }
}
