import Swinject
import ViperNest
import ViperNestHeadless

// How Swinject builds the benchmark's objects, written the way its documentation shows: the
// default graph scope, `initCompleted` to inject each circular (weak) back-reference (the
// documented pattern for circular dependencies), `.container` for singletons, `Container(parent:)`
// for child scopes and `synchronize()` for use from several threads.

enum SwinjectWiring {
  /// The plain module as Swinject's circular-dependency documentation says: initializer
  /// dependencies downwards (view ← presenter ← interactor, router), each weak back-reference
  /// injected in `initCompleted` by the registration that holds the other side and resolves it
  /// from the graph, where it already is ("resolving both parts of the dependency cycle inside
  /// `initCompleted`", the documentation's way to keep a factory from running twice). Checked by
  /// counting constructions: one view, presenter, interactor and router per module.
  ///
  /// (The previous wiring resolved the parent from the child's `initCompleted`, before the
  /// parent's factory had returned, so Swinject built 3 views and 3 presenters per module.)
  static func registerModule(_ c: Container) {
    c.register((any SharedService).self) { _ in AppSharedService() }
      .inObjectScope(.container)
    c.register((any ModuleInteracting).self) { r in
      ModuleInteractor(service: r.resolve((any SharedService).self)!)
    }
    c.register((any ModuleRouting).self) { _ in ModuleRouter() }
    c.register((any ModulePresenting).self) { r in
      ModulePresenter(
        interactor: r.resolve((any ModuleInteracting).self)!,
        router: r.resolve((any ModuleRouting).self)!)
    }
    .initCompleted { r, presenter in
      r.resolve((any ModuleInteracting).self)!.output = presenter
    }
    c.register(ModuleView.self) { r in
      ModuleView(presenter: r.resolve((any ModulePresenting).self)!)
    }
    .initCompleted { r, view in
      r.resolve((any ModulePresenting).self)!.view = view
      r.resolve((any ModuleRouting).self)!.view = view
    }
  }

  @inline(__always)
  static func buildModule(_ r: any Swinject.Resolver) -> ModuleView {
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
  let resolver: any Swinject.Resolver
}

extension SwinjectWiring {
  /// The builder module's classes with Swinject: graph scope, each layer's links wired in
  /// `initCompleted` (property injection, as Swinject documents for circular references). The
  /// layers are @MainActor, so factories run them with `MainActor.assumeIsolated`, as Swift 6
  /// requires of a Swinject user. The router's links need a ViperNest resolver; one is passed in.
  static func registerBuilderModule(
    _ c: Container, host: HeadlessHost, routerResolver: ViperNest.Resolver
  ) {
    c.register((any SharedService).self) { _ in AppSharedService() }.inObjectScope(.container)
    c.register(BenchView.self) { _ in MainActor.assumeIsolated { BenchView(host: host) } }
      .initCompleted { r, view in
        let presenter = r.resolve(BenchPresenter.self)!
        MainActor.assumeIsolated { view.links.wire(presenter: presenter) }
      }
    c.register(BenchPresenter.self) { _ in MainActor.assumeIsolated { BenchPresenter() } }
      .initCompleted { r, presenter in
        let view = r.resolve(BenchView.self)!
        let interactor = r.resolve(BenchInteractor.self)!
        let router = r.resolve(BenchRouter.self)!
        MainActor.assumeIsolated {
          presenter.links.wire(view: view, interactor: interactor, router: router)
        }
      }
    c.register(BenchInteractor.self) { r in
      let service = r.resolve((any SharedService).self)!
      return MainActor.assumeIsolated { BenchInteractor(service: service) }
    }
    .initCompleted { r, interactor in
      let presenter = r.resolve(BenchPresenter.self)!
      MainActor.assumeIsolated { interactor.links.wire(presenter: presenter) }
    }
    c.register(BenchRouter.self) { _ in MainActor.assumeIsolated { BenchRouter() } }
      .initCompleted { r, router in
        let view = r.resolve(BenchView.self)!
        MainActor.assumeIsolated {
          router.links.wire(viewController: view, resolver: routerResolver)
        }
      }
  }

  static func makeBuilderContainer(host: HeadlessHost, routerResolver: ViperNest.Resolver)
    -> Container
  {
    let container = Container()
    registerBuilderModule(container, host: host, routerResolver: routerResolver)
    return container
  }
}
