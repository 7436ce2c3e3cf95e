import ViperNest
import ViperNestHeadless

// How ViperNest builds the benchmark's objects.

enum OuterStory: UserStory {}
enum MiddleStory: UserStory {}
enum InnerStory: UserStory {}
enum FlowStory: UserStory {}

enum OursWiring {
  /// The VIPER module of `viper-module`, `memory-1m` and `concurrent-2t`.
  ///
  /// Issue 3's module builder is not on main yet, so the module is built through the registry:
  /// autowiring for presenter, interactor and router, and a closure on the view that sets the
  /// three weak links. When the builder lands, replace the body of `registerModule` with the
  /// builder's registration and `buildModule` with its entry point; nothing else changes.
  static func registerModule(_ r: Registrar) {
    r.register((any SharedService).self, lifetime: .app, AppSharedService.init)
    r.register((any ModuleInteracting).self, ModuleInteractor.init(service:))
    r.register((any ModuleRouting).self, ModuleRouter.init)
    r.register((any ModulePresenting).self, ModulePresenter.init(interactor:router:))
    r.register(ModuleView.self) { (r: Resolver) in
      let view = ModuleView(presenter: try r.resolve((any ModulePresenting).self))
      wireWeakLinks(of: view)
      return view
    }
  }

  /// Builds one module from `story`.
  @inline(__always)
  static func buildModule(_ story: some Resolving) throws -> ModuleView {
    try story.resolve(ModuleView.self)
  }

  /// The registrations every scenario's registry has: the module, a transient leaf, app
  /// singletons, and a story-scoped service for each story scenario.
  static func registerCommon(_ r: Registrar) {
    registerModule(r)
    r.register(Leaf.self, Leaf.init)
    r.register(AppConfiguration.self, lifetime: .app, AppConfiguration.init)
    r.register(AnalyticsService.self, lifetime: .app, AnalyticsService.init)
    r.register(SettingsStore.self, lifetime: .app, SettingsStore.init)
    r.register(SessionService.self, lifetime: .app, SessionService.init)
    r.register(FlowState.self, lifetime: .story(OuterStory.self), FlowState.init)
    r.register(FlowSession.self, lifetime: .story(FlowStory.self), FlowSession.init)
  }

  /// A started registry with the common registrations (and whatever `extra` adds).
  static func startApp(extra: (Registrar) -> Void = { _ in }) throws -> Story {
    let registry = Registry()
    try registry.install { r in
      registerCommon(r)
      extra(r)
    }
    return try registry.start()
  }
}

extension OursWiring {
  /// The builder module's layers (the view is registered so the builder resolves it instead of
  /// asking a UI toolkit to load it).
  static func registerBuilderModule(_ r: Registrar, host: HeadlessHost) {
    r.register((any SharedService).self, lifetime: .app, AppSharedService.init)
    r.register(BenchPresenter.self, mainActor: BenchPresenter.init)
    r.register(BenchInteractor.self, mainActor: BenchInteractor.init(service:))
    r.register(BenchRouter.self, mainActor: BenchRouter.init)
    r.register(BenchView.self, mainActor: { _ in BenchView(host: host) })
  }

  /// A started app story with the builder module registered.
  static func startBuilderApp(host: HeadlessHost) throws -> Story {
    let registry = Registry()
    try registry.install { r in registerBuilderModule(r, host: host) }
    return try registry.start()
  }

  /// Builds one module with issue 3's builder and returns its view (which owns the module).
  @MainActor
  @inline(__always)
  static func buildWithBuilder(_ story: Story) throws -> BenchView {
    try BenchBuilder.build(in: story).view
  }
}
