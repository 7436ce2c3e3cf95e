// swift-format-ignore-file
// The code of docs/MigratingFromViperBase.md, compiled and run.
// `DocumentationTests` checks that every ```swift block of the guide appears here verbatim.
// The ported module uses the contracts of viper-base's README (Tests/ViperNestTests/Modules/
// ViperBaseReadmeTests.swift) and its next module; its classes live in `ViperBaseMigrationGuide`,
// so they do not clash with that test's classes of the same names.
import Testing
import ViperNest
import ViperNestHeadless

enum ViperBaseMigrationGuide {
  /// The guide's view subclasses `UIViewController`; in these tests that is the headless one.
  typealias UIViewController = HeadlessViewController

  /// "Any service of yours".
  protocol Analytics: AnyObject { func log(_ event: String) }
  final class EventLog: Analytics {
    private(set) var events: [String] = []
    func log(_ event: String) { events.append(event) }
  }

  final class MyModuleView: UIViewController, VIPERView, MyModuleViewProtocol {
    let links = ViewLinks<any MyModuleViewOutputProtocol>()   // was: var presenter: MyModuleViewOutputProtocol!

    override func viewDidLoad() {
      super.viewDidLoad()
      presenter.viewDidLoad()
    }
  }

  final class MyModulePresenter: VIPERPresenter, MyModuleViewOutputProtocol,
    MyModuleInteractorOutputProtocol
  {
    let links = PresenterLinks<   // was: weak var view, var interactor!, var router!
      any MyModuleViewProtocol, any MyModuleInteractorProtocol, any MyModuleRouterProtocol
    >()
    private let analytics: any Analytics   // viper-base's required init() could not take it
    init(analytics: any Analytics) { self.analytics = analytics }

    func viewDidLoad() { analytics.log("MyModule shown") }
  }

  final class MyModuleInteractor: VIPERInteractor, MyModuleInteractorProtocol {
    let links = InteractorLinks<any MyModuleInteractorOutputProtocol>()   // was: weak var presenter
  }

  final class MyModuleRouter: VIPERRouter, MyModuleRouterProtocol {
    let links = RouterLinks()   // was: weak var viewController: UIViewController!

    func goToNextModule() throws {
      try push(NextModuleBuilder.build(in: resolver))   // was: pushModule(withView: NextModuleBuilder.build().view)
    }
    func showNextModule(someData: String, anotherData: Int) throws {
      try present(NextModuleBuilder.build(in: resolver, someData: someData, anotherData: anotherData))
    }
  }

  final class MyModuleBuilder: VIPERBuilder<
    MyModuleView, MyModulePresenter, MyModuleInteractor, MyModuleRouter
  > {
    override class var defaultViewUIType: ViewUIType { .storyboard(name: "MyModuleView") }
  }

  struct MyModuleAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any Analytics).self, lifetime: .app, EventLog.init)
      r.register(MyModulePresenter.self, mainActor: MyModulePresenter.init(analytics:))
      r.register(MyModuleInteractor.self, mainActor: MyModuleInteractor.init)
      r.register(MyModuleRouter.self, mainActor: MyModuleRouter.init)
    }
  }

  @MainActor static func launch(host: HeadlessHost, window: HeadlessWindow) throws -> Story {
    let app = try Registry(host.assembly, MyModuleAssembly(), NextModuleAssembly()).start()   // keep it for the app's lifetime
    try MyModuleBuilder.build(in: app).attachToWindow(window, withNavigationController: true)
    return app
  }

  /// The next module's registrations: the README test's assembly.
  struct NextModuleAssembly: Assembly {
    #if VIPERNEST_DEFAULT_ISOLATION_CLIENT
      func assemble(_ r: Registrar) { GuideSnippets.MyModuleAssembly().assemble(r) }
    #else
      func assemble(_ r: Registrar) { ViperNestTests.MyModuleAssembly().assemble(r) }
    #endif
  }
}

@MainActor
struct ViperBaseMigrationSnippetTests {
  let host = HeadlessHost()

  @Test func thePortedModuleLoadsWithItsServiceAndNavigates() throws {
    let window = host.makeWindow()
    let app = try ViperBaseMigrationGuide.launch(host: host, window: window)
    defer { app.close() }
    let navigation = try #require(window.root as? HeadlessNavigationController)
    let view = try #require(navigation.topController as? ViperBaseMigrationGuide.MyModuleView)
    #expect(view.loadedFrom == .storyboard(name: "MyModuleView"))
    let analytics = try app.resolve((any ViperBaseMigrationGuide.Analytics).self)
    #expect((analytics as? ViperBaseMigrationGuide.EventLog)?.events == ["MyModule shown"])

    let router = try #require(
      (view.presenter as? ViperBaseMigrationGuide.MyModulePresenter)?.router as? ViperBaseMigrationGuide.MyModuleRouter)
    try router.goToNextModule()
    #expect(navigation.controllers.map(\.description) == ["MyModuleView", "NextModuleView"])

    try router.showNextModule(someData: "Example of data", anotherData: 2)
    let next = try #require(view.presentedController as? NextModuleView)
    let presenter = try #require(next.presenter as? NextModulePresenter)
    #expect(presenter.dataAtLoad == ("Example of data", 2))
  }
}
