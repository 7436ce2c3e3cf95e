import Testing
import ViperNest
import ViperNestHeadless

// viper-base's README examples, ported: the same calls, with the module built in a story so its
// layers get their dependencies from the registry.

// MARK: - Contracts

@MainActor
protocol MyModuleViewProtocol: AnyObject {}

@MainActor
protocol MyModuleViewOutputProtocol: AnyObject {
  func viewDidLoad()
}

@MainActor
protocol MyModuleInteractorProtocol: AnyObject {}

@MainActor
protocol MyModuleInteractorOutputProtocol: AnyObject {}

@MainActor
protocol MyModuleRouterProtocol: AnyObject {
  func goToNextModule() throws
  func showNextModule(someData: String, anotherData: Int) throws
}

// MARK: - Layers

final class MyModuleView: HeadlessViewController, VIPERView {
  let links = ViewLinks<any MyModuleViewOutputProtocol>()
  override func viewDidLoad() { presenter.viewDidLoad() }
}

extension MyModuleView: MyModuleViewProtocol {}

final class MyModulePresenter: VIPERPresenter {
  let links = PresenterLinks<
    any MyModuleViewProtocol, any MyModuleInteractorProtocol, any MyModuleRouterProtocol
  >()
  private(set) var loads = 0
}

extension MyModulePresenter: MyModuleViewOutputProtocol {
  func viewDidLoad() { loads += 1 }
}

extension MyModulePresenter: MyModuleInteractorOutputProtocol {}

final class MyModuleInteractor: VIPERInteractor {
  let links = InteractorLinks<any MyModuleInteractorOutputProtocol>()
}

extension MyModuleInteractor: MyModuleInteractorProtocol {}

final class MyModuleRouter: VIPERRouter {
  let links = RouterLinks()
}

extension MyModuleRouter: MyModuleRouterProtocol {
  func goToNextModule() throws {
    let module = try NextModuleBuilder.build(in: resolver)
    try push(module.view)
  }

  func showNextModule(someData: String, anotherData: Int) throws {
    let view = try NextModuleBuilder.build(
      in: resolver, someData: someData, anotherData: anotherData)
    try present(view)
  }
}

final class MyModuleBuilder: VIPERBuilder<
  MyModuleView, MyModulePresenter, MyModuleInteractor, MyModuleRouter
>
{
  override class var defaultViewUIType: ViewUIType { .storyboard(name: "MyModuleView") }
}

/// The next module: the same presenter contract, with data passed by a custom build method.
final class NextModuleView: HeadlessViewController, VIPERView, MyModuleViewProtocol {
  let links = ViewLinks<any MyModuleViewOutputProtocol>()
  override func viewDidLoad() { presenter.viewDidLoad() }
}

final class NextModulePresenter: VIPERPresenter, MyModuleViewOutputProtocol,
  MyModuleInteractorOutputProtocol
{
  let links = PresenterLinks<
    any MyModuleViewProtocol, any MyModuleInteractorProtocol, any MyModuleRouterProtocol
  >()
  var someData: String?
  var anotherData: Int?
  private(set) var dataAtLoad: (String?, Int?)

  func viewDidLoad() { dataAtLoad = (someData, anotherData) }
}

final class NextModuleBuilder: VIPERBuilder<
  NextModuleView, NextModulePresenter, MyModuleInteractor, MyModuleRouter
>
{}

// The builder's custom method, `NextModuleBuilder.build(in:someData:anotherData:)`, is the one of
// docs/BuildingAVIPERModule.md, in Tests/ViperNestTests/Docs/ModuleGuideSnippets.swift.

/// A mock view for the typealias example.
final class ModuleMockView: HeadlessViewController, VIPERView, MyModuleViewProtocol {
  let links = ViewLinks<any MyModuleViewOutputProtocol>()
}

/// Views of the tab bar example: each a different screen over the same presenter contract.
final class BookmarksView: HeadlessViewController, VIPERView, MyModuleViewProtocol {
  let links = ViewLinks<any MyModuleViewOutputProtocol>()
  override func viewDidLoad() { presenter.viewDidLoad() }
}

final class DownloadsView: HeadlessViewController, VIPERView, MyModuleViewProtocol {
  let links = ViewLinks<any MyModuleViewOutputProtocol>()
  override func viewDidLoad() { presenter.viewDidLoad() }
}

typealias BookmarksBuilder = VIPERBuilder<
  BookmarksView, MyModulePresenter, MyModuleInteractor, MyModuleRouter
>
typealias DownloadsBuilder = VIPERBuilder<
  DownloadsView, MyModulePresenter, MyModuleInteractor, MyModuleRouter
>

struct MyModuleAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(MyModulePresenter.self, mainActor: MyModulePresenter.init)
    r.register(NextModulePresenter.self, mainActor: NextModulePresenter.init)
    r.register(MyModuleInteractor.self, mainActor: MyModuleInteractor.init)
    r.register(MyModuleRouter.self, mainActor: MyModuleRouter.init)
  }
}

@MainActor
struct ViperBaseReadmeTests {
  let host = HeadlessHost()
  let app: Story

  init() throws {
    app = try Registry(host.assembly, MyModuleAssembly()).start(quiet)
  }

  @Test func buildReturnsTheViewAndPresenterAndLoadsTheDefaultUI() throws {
    let module = try MyModuleBuilder.build(in: app)
    #expect(module.view.presenter === module.presenter)
    #expect(module.view.loadedFrom == .storyboard(name: "MyModuleView"))
    #expect(host.log == [.loaded("MyModuleView", from: .storyboard(name: "MyModuleView"))])
  }

  @Test func buildWithViewUITypeOnATypealiasBuilder() throws {
    typealias MyModuleBuilder = VIPERBuilder<
      MyModuleView, MyModulePresenter, MyModuleInteractor, MyModuleRouter
    >
    let module = try MyModuleBuilder.build(
      in: app, viewUIType: .storyboard(name: "MyModuleView", bundle: nil))
    #expect(module.view.loadedFrom == .storyboard(name: "MyModuleView"))
  }

  @Test func typealiasBuilderWithAMockView() throws {
    typealias MockModuleBuilder = VIPERBuilder<
      ModuleMockView, MyModulePresenter, MyModuleInteractor, MyModuleRouter
    >
    let module = try MockModuleBuilder.build(in: app)
    #expect(module.presenter.view === module.view)
    #expect(module.router.viewController === module.view)
  }

  @Test func routerPushesTheNextModule() throws {
    let window = host.makeWindow()
    let module = try MyModuleBuilder.build(in: app)
    try module.attachToWindow(window, withNavigationController: true)

    try module.router.goToNextModule()

    let navigation = try #require(window.root as? HeadlessNavigationController)
    #expect(navigation.controllers.map(\.description) == ["MyModuleView", "NextModuleView"])
  }

  @Test func customBuildMethodPassesDataToThePresenterBeforeTheViewLoads() throws {
    let window = host.makeWindow()
    let module = try MyModuleBuilder.build(in: app)
    try module.attachToWindow(window)

    try module.router.showNextModule(someData: "Example of data", anotherData: 2)

    let next = try #require(module.view.presentedController as? NextModuleView)
    let presenter = try #require(next.presenter as? NextModulePresenter)
    #expect(presenter.dataAtLoad == ("Example of data", 2))
  }

  @Test func attachToWindow() throws {
    let window = host.makeWindow()
    try MyModuleBuilder.build(in: app).attachToWindow(window)
    #expect(window.root is MyModuleView)
    #expect(window.isKeyAndVisible)
    #expect((window.root as? MyModuleView)?.isViewLoaded == true)
  }

  @Test func attachToWindowWithNavigationController() throws {
    let window = host.makeWindow()
    try MyModuleBuilder.build(in: app).attachToWindow(window, withNavigationController: true)
    let navigation = try #require(window.root as? HeadlessNavigationController)
    #expect(navigation.topController is MyModuleView)
    #expect(host.log.last == .root("Navigation(MyModuleView)", window: "Window"))
  }

  @Test func tabBarOfModulesInNavigationControllers() throws {
    let window = host.makeWindow()
    let tabBarController = host.makeTabContainer()
    let bookmarksItem = TabItem.system(.bookmarks, tag: 0)
    let contactsItem = TabItem.system(.contacts, tag: 1)
    let downloadsItem = TabItem.system(.downloads, tag: 2)

    try TabTransition(
      container: tabBarController,
      tabs: [
        BookmarksBuilder.build(in: app).attachToNavigationController(tabBarItem: bookmarksItem),
        MyModuleBuilder.build(in: app).attachToNavigationController(tabBarItem: contactsItem),
        DownloadsBuilder.build(in: app).attachToNavigationController(tabBarItem: downloadsItem),
      ]
    ).perform()
    try WindowRootTransition(window: window, root: tabBarController).perform()

    let tabs = try #require(window.root as? HeadlessTabController)
    #expect(tabs.tabControllers.map(\.tabItem) == [bookmarksItem, contactsItem, downloadsItem])
    let roots = tabs.tabControllers.compactMap {
      ($0 as? HeadlessNavigationController)?.topController
    }
    #expect(roots.map(\.description) == ["BookmarksView", "MyModuleView", "DownloadsView"])
    #expect(roots.map(\.isViewLoaded) == [true, false, false], "only the selected tab loads")
  }
}
