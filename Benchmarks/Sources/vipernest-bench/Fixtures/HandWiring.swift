import ViperNest
import ViperNestHeadless

// The hand-written baseline: what a careful engineer writes without a container. Builders are
// `@inline(never)` so that, as in an app, the objects escape to the caller and are really
// allocated on the heap (an inlined `Leaf()` whose result does not escape could be
// stack-promoted or removed, which would not be a fair baseline).

enum HandWiring {
  @inline(never)
  static func buildModule(service: any SharedService) -> ModuleView {
    let interactor = ModuleInteractor(service: service)
    let router = ModuleRouter()
    let presenter = ModulePresenter(interactor: interactor, router: router)
    let view = ModuleView(presenter: presenter)
    presenter.view = view
    interactor.output = presenter
    router.view = view
    return view
  }

  /// A bare allocation.
  @inline(never)
  static func makeLeaf() -> Leaf { Leaf() }
}

/// App singletons kept by hand: `let`s created at start-up.
final class HandSingletons: Sendable {
  let service: any SharedService = AppSharedService()
  let configuration = AppConfiguration()
  let analytics = AnalyticsService()
  let settings = SettingsStore()
  let session = SessionService()
}

/// A hand-written flow scope: lazily creates the flow's session, releases it with the scope.
final class HandFlowScope {
  private var cached: FlowSession?
  init() {}

  @inline(__always)
  var session: FlowSession {
    if let cached { return cached }
    let session = FlowSession()
    cached = session
    return session
  }
}

extension HandWiring {
  /// The builder module's classes, created and wired by hand through the same links. The router's
  /// links need a ViperNest resolver; the app story's is passed in.
  @MainActor
  @inline(never)
  static func buildBuilderModule(
    host: HeadlessHost, service: any SharedService, resolver: Resolver
  ) -> BenchView {
    let presenter = BenchPresenter()
    let interactor = BenchInteractor(service: service)
    let router = BenchRouter()
    let view = BenchView(host: host)
    view.links.wire(presenter: presenter)
    presenter.links.wire(view: view, interactor: interactor, router: router)
    interactor.links.wire(presenter: presenter)
    router.links.wire(viewController: view, resolver: resolver)
    return view
  }
}
