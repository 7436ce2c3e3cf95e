import Swinject

// How Swinject builds the benchmark's objects, written the way its documentation shows: the
// default graph scope, `initCompleted` to inject each circular (weak) back-reference (the
// documented pattern for circular dependencies), `.container` for singletons, `Container(parent:)`
// for child scopes and `synchronize()` for use from several threads.

enum SwinjectWiring {
  static func registerModule(_ c: Container) {
    c.register((any SharedService).self) { _ in AppSharedService() }
      .inObjectScope(.container)
    c.register((any ModuleInteracting).self) { r in
      ModuleInteractor(service: r.resolve((any SharedService).self)!)
    }
    .initCompleted { r, interactor in
      interactor.output = r.resolve((any ModulePresenting).self)
    }
    c.register((any ModuleRouting).self) { _ in ModuleRouter() }
      .initCompleted { r, router in router.view = r.resolve(ModuleView.self) }
    c.register((any ModulePresenting).self) { r in
      ModulePresenter(
        interactor: r.resolve((any ModuleInteracting).self)!,
        router: r.resolve((any ModuleRouting).self)!)
    }
    .initCompleted { r, presenter in presenter.view = r.resolve(ModuleView.self) }
    c.register(ModuleView.self) { r in
      ModuleView(presenter: r.resolve((any ModulePresenting).self)!)
    }
  }

  @inline(__always)
  static func buildModule(_ r: any Resolver) -> ModuleView {
    r.resolve(ModuleView.self)!
  }

  /// The counterpart of `OursWiring.registerCommon` (story-scoped services are registered where
  /// each scenario makes its child containers).
  static func registerCommon(_ c: Container) {
    registerModule(c)
    c.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
    c.register(AppConfiguration.self) { _ in AppConfiguration() }.inObjectScope(.container)
    c.register(AnalyticsService.self) { _ in AnalyticsService() }.inObjectScope(.container)
    c.register(SettingsStore.self) { _ in SettingsStore() }.inObjectScope(.container)
    c.register(SessionService.self) { _ in SessionService() }.inObjectScope(.container)
  }

  static func makeContainer() -> Container {
    let container = Container()
    registerCommon(container)
    return container
  }
}

/// A synchronized Swinject resolver handed to worker threads.
struct SendableSwinjectResolver: @unchecked Sendable {
  // Invariant that makes this Sendable: it only wraps what `Container.synchronize()` returns,
  // which serializes every resolution on the container tree's recursive lock.
  let resolver: any Resolver
}
