import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

// A module whose interactor needs an async-built session.

@MainActor protocol GreetingViewProtocol: AnyObject { func show(_ text: String) }
@MainActor protocol GreetingViewOutput: AnyObject { func viewDidLoad() }
@MainActor protocol GreetingInteractorProtocol: AnyObject { var greeting: String { get } }
@MainActor protocol GreetingInteractorOutput: AnyObject {}
@MainActor protocol GreetingRouterProtocol: AnyObject {}

final class GreetingView: HeadlessViewController, VIPERView, GreetingViewProtocol {
  let links = ViewLinks<any GreetingViewOutput>()
  private(set) var text = ""
  override func viewDidLoad() { presenter.viewDidLoad() }
  func show(_ text: String) { self.text = text }
}

final class GreetingPresenter: VIPERPresenter, GreetingViewOutput, GreetingInteractorOutput {
  let links = PresenterLinks<
    any GreetingViewProtocol, any GreetingInteractorProtocol, any GreetingRouterProtocol
  >()
  func viewDidLoad() { view?.show(interactor.greeting) }
}

final class GreetingInteractor: VIPERInteractor, GreetingInteractorProtocol {
  let links = InteractorLinks<any GreetingInteractorOutput>()
  let greeting: String
  init(session: Session) { greeting = "Hello, \(session.token)" }
}

final class GreetingRouter: VIPERRouter, GreetingRouterProtocol {
  let links = RouterLinks()

  /// Awaits the next module (built in its own story), then shows it on the main actor.
  func showNextGreeting() async throws -> PresentTransition {
    let (story, module) = try await resolver.openAsync(SessionStory.self) {
      try await GreetingBuilder.buildAsync(in: $0)
    }
    return try present(module, story: story, animated: false)
  }
}

final class GreetingBuilder: VIPERBuilder<
  GreetingView, GreetingPresenter, GreetingInteractor, GreetingRouter
>
{}

@MainActor
struct AsyncModuleTests {
  static func assembly(_ r: Registrar) {
    r.register(Session.self, lifetime: .app) { _ in
      await Task.yield()
      return Session(token: "Ada")
    }
    r.register(GreetingPresenter.self, mainActor: GreetingPresenter.init)
    r.register(
      GreetingInteractor.self,
      mainActor: { r in
        GreetingInteractor(session: try await r.resolveAsync())
      })
    r.register(GreetingRouter.self, mainActor: GreetingRouter.init)
  }

  @Test(.detectsLeaks) func moduleWithAnAsyncDependencyIsBuiltWithBuildAsync() async throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, AnyAssembly("Greeting", Self.assembly)).start(quiet)
    let module = try await GreetingBuilder.buildAsync(in: app)
    module.view.loadViewIfNeeded()
    #expect(module.view.text == "Hello, Ada")
    #expect(module.interactor.presenter === module.presenter)
    app.close()
  }

  @Test func synchronousBuildNamesTheAsyncLayerAndSaysToAwait() throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, AnyAssembly("Greeting", Self.assembly)).start(quiet)
    let error = try #require(throws: ViperNestError.self) { try GreetingBuilder.build(in: app) }
    #expect(error.code == .awaitRequired)
    #expect(error.resolutionPath == ["GreetingInteractor"])
    app.close()
  }

  @Test(.detectsLeaks) func routerAwaitsTheNextModuleThenShowsIt() async throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, AnyAssembly("Greeting", Self.assembly)).start(quiet)
    let window = host.makeWindow()
    let first = try await GreetingBuilder.buildAsync(in: app)
    try window.setRootController(first.view)
    let transition = try await first.router.showNextGreeting()
    let shown = try #require(first.view.presentedController as? GreetingView)
    #expect(shown.text == "Hello, Ada")
    try transition.reverse()  // closes the next module's story
    try window.setRootController(nil)
    app.close()
  }
}
