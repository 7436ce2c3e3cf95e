extension VIPERBuilder {
  /// Builds and wires the module in `story`, awaiting the layers whose registrations (or
  /// dependencies) are `async`.
  ///
  /// The layers are resolved one after the other on the main actor, as ``build(in:viewUIType:)``
  /// does; an `async` factory among them suspends the build without blocking the main thread.
  ///
  /// ```swift
  /// r.register(AccountsModule.self, mainActor: { r in
  ///   try await AccountsBuilder.buildAsync(in: r).module(input: { $0 }, output: { $0.output = $1 })
  /// })
  /// ```
  ///
  /// - Parameters:
  ///   - story: Where the layers are resolved (a ``Story`` or a factory's ``Resolver``).
  ///   - viewUIType: How to load the view's UI. Default: ``defaultViewUIType``.
  /// - Returns: The wired module.
  /// - Throws: As ``build(in:viewUIType:)``, and `CancellationError` when the task is cancelled
  ///   while it waits for a shared creation.
  public static func buildAsync(in story: some Resolving, viewUIType: ViewUIType? = nil)
    async throws -> VIPERModule<View, Presenter, Interactor, Router>
  {
    let resolver = story.resolver
    let presenter = try await resolver.resolveAsync(Presenter.self)
    if hasNoInteractor || hasNoRouter {
      let interactor = hasNoInteractor ? nil : try await resolver.resolveAsync(Interactor.self)
      let router = hasNoRouter ? nil : try await resolver.resolveAsync(Router.self)
      let view = try onMainActor { try loadView(viewUIType, resolver) }
      try wireWithout(view, presenter, interactor, router, resolver)
      didBuild(resolver, view, presenter, interactor, router)
      return VIPERModule(view: view, presenter: presenter, interactor: interactor, router: router)
    }
    let interactor = try await resolver.resolveAsync(Interactor.self)
    let router = try await resolver.resolveAsync(Router.self)
    let view = try onMainActor { try loadView(viewUIType, resolver) }
    try wire(view, presenter, interactor, router, resolver)
    didBuild(resolver, view, presenter, interactor, router)
    return VIPERModule(view: view, presenter: presenter, interactor: interactor, router: router)
  }
}
