import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

// MARK: - Credits: a module without an interactor

/// What the Credits screen is told.
@MainActor
protocol CreditsViewProtocol: AnyObject {
  func show(version: String)
}

/// What the Credits screen tells its presenter.
@MainActor
protocol CreditsViewOutput: AnyObject {
  func viewDidLoad()
  func didTapClose()
}

/// Where the Credits screen goes.
@MainActor
protocol CreditsRouterProtocol: AnyObject {
  func close() throws
}

/// The app's version, a service the presenter gets without an interactor.
final class AppVersion {
  let text = "2.1"
}

final class CreditsView: HeadlessViewController, VIPERView, CreditsViewProtocol {
  let links = ViewLinks<any CreditsViewOutput>()
  private(set) var version = ""

  override func viewDidLoad() { presenter.viewDidLoad() }
  func tapClose() { presenter.didTapClose() }
  func show(version: String) { self.version = version }
}

final class CreditsPresenter: VIPERPresenter, CreditsViewOutput {
  let links = PresenterLinks<any CreditsViewProtocol, NoInteractor, any CreditsRouterProtocol>()
  private let version: AppVersion
  private(set) var routerError: (any Error)?

  init(version: AppVersion) { self.version = version }

  func viewDidLoad() { view?.show(version: version.text) }

  func didTapClose() {
    do { try router.close() } catch { routerError = error }
  }
}

final class CreditsRouter: VIPERRouter, CreditsRouterProtocol {
  let links = RouterLinks()
  func close() throws { try dismiss() }
}

typealias CreditsBuilder = VIPERBuilder<CreditsView, CreditsPresenter, NoInteractor, CreditsRouter>

enum CreditsScreen {}
typealias CreditsModule = Module<NoInput<CreditsScreen>, Never>

// MARK: - Badge: a module without a router

@MainActor
protocol BadgeViewProtocol: AnyObject {
  func show(count: Int)
}

@MainActor
protocol BadgeViewOutput: AnyObject {
  func viewDidLoad()
}

@MainActor
protocol BadgeInteractorProtocol: AnyObject {
  func loadCount()
}

@MainActor
protocol BadgeInteractorOutput: AnyObject {
  func didLoad(count: Int)
}

final class BadgeView: HeadlessViewController, VIPERView, BadgeViewProtocol {
  let links = ViewLinks<any BadgeViewOutput>()
  private(set) var count: Int?

  override func viewDidLoad() { presenter.viewDidLoad() }
  func show(count: Int) { self.count = count }
}

final class BadgePresenter: VIPERPresenter, BadgeViewOutput, BadgeInteractorOutput {
  let links = PresenterLinks<any BadgeViewProtocol, any BadgeInteractorProtocol, NoRouter>()

  func viewDidLoad() { interactor.loadCount() }
  func didLoad(count: Int) { view?.show(count: count) }
}

final class BadgeInteractor: VIPERInteractor, BadgeInteractorProtocol {
  let links = InteractorLinks<any BadgeInteractorOutput>()
  func loadCount() { presenter?.didLoad(count: 3) }
}

typealias BadgeBuilder = VIPERBuilder<BadgeView, BadgePresenter, BadgeInteractor, NoRouter>

enum BadgeScreen {}
typealias BadgeModule = Module<NoInput<BadgeScreen>, Never>

// MARK: - Splash: neither

final class SplashView: HeadlessViewController, VIPERView {
  let links = ViewLinks<SplashPresenter>()
}

final class SplashPresenter: VIPERPresenter {
  let links = PresenterLinks<SplashView, NoInteractor, NoRouter>()
}

/// Builders whose layers disagree with the presenter's links on whether the module has an
/// interactor.
typealias CreditsWithAnInteractorBuilder = VIPERBuilder<
  CreditsView, CreditsPresenter, BadgeInteractor, CreditsRouter
>
typealias AddContactWithoutAnInteractorBuilder = VIPERBuilder<
  AddContactView, AddContactPresenter, NoInteractor, AddContactRouter
>

/// Modules without an interactor or a router (`NoInteractor`, `NoRouter`): built, wired,
/// registered, validated and released without a stand-in layer.
@MainActor
struct ModulesWithoutLayersTests {
  /// Host, version, and the Credits and Badge layers, in `story`; the modules registered by
  /// `modules`.
  private func registry(
    host: HeadlessHost = HeadlessHost(), layersIn story: any UserStory.Type = AppStory.self,
    modules: @escaping (Registrar) -> Void = { _ in }
  ) throws -> Registry {
    try Registry(
      host.assembly,
      AnyAssembly("Layers") { r in
        r.register(AppVersion.self, lifetime: .app, AppVersion.init)
        r.story(ContactsStory.self)
        let layers = { (r: Registrar) in
          r.register(CreditsPresenter.self, mainActor: CreditsPresenter.init(version:))
          r.register(CreditsRouter.self, mainActor: CreditsRouter.init)
          r.register(BadgePresenter.self, mainActor: BadgePresenter.init)
          r.register(BadgeInteractor.self, mainActor: BadgeInteractor.init)
        }
        if story == AppStory.self { layers(r) } else { r.story(story, body: layers) }
      },
      AnyAssembly("Modules", modules))
  }

  private static func registerModules(_ r: Registrar, in story: any UserStory.Type) {
    r.register(CreditsModule.self, builder: CreditsBuilder.self, in: story) {
      Module(view: $0.view)
    }
    r.register(BadgeModule.self, builder: BadgeBuilder.self, in: story) { Module(view: $0.view) }
  }

  private static func registerClosureModules(_ r: Registrar) {
    r.register(
      CreditsModule.self, mainActor: { r in Module(view: try CreditsBuilder.build(in: r).view) })
    r.register(
      BadgeModule.self, mainActor: { r in Module(view: try BadgeBuilder.build(in: r).view) })
  }

  // MARK: - Without an interactor

  @Test(.detectsLeaks) func aModuleWithoutAnInteractorWiresViewPresenterAndRouter() throws {
    let host = HeadlessHost()
    let app = try registry(host: host).start(quiet)
    let home = HeadlessViewController(host: host)
    let window = host.makeWindow()
    let shown = try home.attachToWindow(window)
    weak var weakView: CreditsView?
    weak var weakPresenter: CreditsPresenter?
    weak var weakRouter: CreditsRouter?
    do {
      let module = try CreditsBuilder.build(in: app)
      weakView = module.view
      weakPresenter = module.presenter
      weakRouter = module.router
      #expect(module.view.presenter === module.presenter)
      #expect(module.presenter.view === module.view)
      #expect(module.presenter.links.isWired)
      #expect(module.router.viewController === module.view)
      #expect(module.router.links.isWired)
      try PresentTransition(from: home, to: module, story: app).perform()
      #expect(module.view.version == "2.1", "the presenter reached its view without an interactor")
      module.view.tapClose()
      #expect(module.presenter.routerError == nil)
    }
    #expect(home.presentedController == nil, "dismissed through the module's router")
    #expect(weakView == nil && weakPresenter == nil && weakRouter == nil, "released once dismissed")
    try shown.reverse()
    app.close()
  }

  @Test(.detectsLeaks) func aModuleWithoutAnInteractorResolvesThroughItsModuleRegistration()
    throws
  {
    let host = HeadlessHost()
    let app = try registry(host: host) { r in Self.registerModules(r, in: AppStory.self) }
      .start(quiet)
    let home = HeadlessViewController(host: host)
    let window = host.makeWindow()
    let shown = try home.attachToWindow(window)
    weak var weakView: CreditsView?
    do {
      let module = try app.resolve(CreditsModule.self)
      let view = try #require(module.view as? CreditsView)
      weakView = view
      try PresentTransition(from: home, to: module, story: app).perform()
      #expect(view.version == "2.1")
      view.tapClose()
    }
    #expect(home.presentedController == nil)
    #expect(weakView == nil, "released once dismissed")
    try shown.reverse()
    app.close()
  }

  @Test(.detectsLeaks) func aModuleWithoutAnInteractorResolvesThroughAClosureRegistration() throws {
    let host = HeadlessHost()
    let app = try registry(host: host, modules: Self.registerClosureModules).start(quiet)
    let home = HeadlessViewController(host: host)
    let window = host.makeWindow()
    let shown = try home.attachToWindow(window)
    weak var weakView: CreditsView?
    do {
      let module = try app.resolve(CreditsModule.self)
      let view = try #require(module.view as? CreditsView)
      weakView = view
      try PresentTransition(from: home, to: module, story: app).perform()
      #expect(view.version == "2.1")
      view.tapClose()
    }
    #expect(weakView == nil, "released once dismissed")
    try shown.reverse()
    app.close()
  }

  @Test func aModuleWithoutAnInteractorValidatesWithoutARegisteredInteractor() throws {
    let report = try registry { r in Self.registerModules(r, in: AppStory.self) }.validate()
    #expect(report.isValid, "\(report)")
    #expect(
      report.checkedModules == [
        "Module<NoInput<CreditsScreen>, Never> (VIPERBuilder<CreditsView, CreditsPresenter, "
          + "NoInteractor, CreditsRouter> in story App)",
        "Module<NoInput<BadgeScreen>, Never> (VIPERBuilder<BadgeView, BadgePresenter, "
          + "BadgeInteractor, NoRouter> in story App)",
      ], "\(report)")
    #expect(!report.description.contains("No registration for NoInteractor"))
  }

  @Test func aMissingLayerOfAModuleWithoutAnInteractorIsNamedByItsRole() throws {
    // The layers are registered in Contacts; the modules run at the root, which cannot see them.
    let report = try registry(layersIn: ContactsStory.self) { r in
      Self.registerModules(r, in: AppStory.self)
    }.validate()
    #expect(!report.isValid)
    let texts = report.problems.map(\.description)
    #expect(
      texts.contains { $0.contains("where its presenter CreditsPresenter is not registered") },
      "\(report)")
    #expect(report.problems.count == 2, "the presenters only: \(report)")
    #expect(
      !texts.contains {
        $0.contains("its interactor NoInteractor") || $0.contains("router NoRouter")
      },
      "\(report)")
  }

  @Test func theRouterOfAModuleWithoutAnInteractorIsNamedAsTheRouterWhenMissing() throws {
    let report = try Registry(
      HeadlessHost().assembly,
      AnyAssembly("Credits") { r in
        r.register(AppVersion.self, lifetime: .app, AppVersion.init)
        r.register(CreditsPresenter.self, mainActor: CreditsPresenter.init(version:))
        // The router is registered where the module's story cannot see it.
        r.story(ContactsStory.self) { r in
          r.register(CreditsRouter.self, mainActor: CreditsRouter.init)
        }
        r.register(CreditsModule.self, builder: CreditsBuilder.self, in: AppStory.self) {
          Module(view: $0.view)
        }
      }
    ).validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1, "\(report)")
    #expect(
      problem.description.contains("where its router CreditsRouter is not registered"),
      "\(problem)")
  }

  @Test func aPresenterWithoutAnInteractorIsRefusedByABuilderWithOne() throws {
    let app = try registry().start(quiet)
    defer { app.close() }
    let error = try #require(throws: ModuleError.self) {
      try CreditsWithAnInteractorBuilder.build(in: app)
    }
    #expect(error.code == .contractMismatch)
    #expect(
      error.description.contains(
        "CreditsPresenter's links name no interactor (NoInteractor), and "
          + "VIPERBuilder<CreditsView, CreditsPresenter, BadgeInteractor, CreditsRouter> builds one"
      ),
      "\(error)")
  }

  @Test func aBuilderWithoutAnInteractorIsRefusedForAPresenterThatExpectsOne() throws {
    let app = try Registry(
      HeadlessHost().assembly,
      AnyAssembly("AddContact") { r in
        r.register(ContactDraft.self, lifetime: .app, ContactDraft.init)
        r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
        r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
      }
    ).start(quiet)
    defer { app.close() }
    let error = try #require(throws: ModuleError.self) {
      try AddContactWithoutAnInteractorBuilder.build(in: app)
    }
    #expect(error.code == .contractMismatch)
    #expect(
      error.description.contains(
        "builds the module without an interactor (NoInteractor), and AddContactPresenter's "
          + "links expect one"),
      "\(error)")
  }

  // MARK: - Without a router

  @Test(.detectsLeaks) func aModuleWithoutARouterWiresViewPresenterAndInteractor() throws {
    let host = HeadlessHost()
    let app = try registry(host: host).start(quiet)
    let home = HeadlessViewController(host: host)
    let window = host.makeWindow()
    let shown = try home.attachToWindow(window)
    weak var weakView: BadgeView?
    weak var weakPresenter: BadgePresenter?
    weak var weakInteractor: BadgeInteractor?
    let transition: PresentTransition
    do {
      let module = try BadgeBuilder.build(in: app)
      weakView = module.view
      weakPresenter = module.presenter
      weakInteractor = module.interactor
      #expect(module.view.presenter === module.presenter)
      #expect(module.presenter.view === module.view)
      #expect(module.presenter.links.isWired)
      #expect(module.interactor.presenter === module.presenter)
      transition = PresentTransition(from: home, to: module, story: app)
      try transition.perform()
      #expect(module.view.count == 3, "view → presenter → interactor → presenter → view")
    }
    try transition.reverse()
    #expect(home.presentedController == nil)
    #expect(
      weakView == nil && weakPresenter == nil && weakInteractor == nil, "released once dismissed")
    try shown.reverse()
    app.close()
  }

  @Test(.detectsLeaks) func aModuleWithoutARouterResolvesThroughBothRegistrations() throws {
    for closure in [false, true] {
      let host = HeadlessHost()
      let app = try registry(host: host) { r in
        if closure {
          Self.registerClosureModules(r)
        } else {
          Self.registerModules(r, in: AppStory.self)
        }
      }.start(quiet)
      let home = HeadlessViewController(host: host)
      let window = host.makeWindow()
      let shown = try home.attachToWindow(window)
      weak var weakView: BadgeView?
      let transition: PresentTransition
      do {
        let module = try app.resolve(BadgeModule.self)
        let view = try #require(module.view as? BadgeView)
        weakView = view
        transition = PresentTransition(from: home, to: module, story: app)
        try transition.perform()
        #expect(view.count == 3)
      }
      try transition.reverse()
      #expect(weakView == nil, "released once dismissed (closure registration: \(closure))")
      try shown.reverse()
      app.close()
    }
  }

  @Test func aModuleWithoutARouterValidatesWithoutARegisteredRouter() throws {
    let report = try Registry(
      HeadlessHost().assembly,
      AnyAssembly("Badge") { r in
        r.register(BadgePresenter.self, mainActor: BadgePresenter.init)
        r.register(BadgeInteractor.self, mainActor: BadgeInteractor.init)
        r.register(BadgeModule.self, builder: BadgeBuilder.self, in: AppStory.self) {
          Module(view: $0.view)
        }
      }
    ).validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checkedModules.count == 1)
  }

  @Test(.detectsLeaks) func modulesWithoutALayerAreBuiltAsynchronouslyToo() async throws {
    let app = try registry().start(quiet)
    weak var weakPresenter: CreditsPresenter?
    do {
      let credits = try await CreditsBuilder.buildAsync(in: app)
      weakPresenter = credits.presenter
      #expect(credits.presenter.view === credits.view)
      #expect(credits.router.viewController === credits.view)
      let badge = try await BadgeBuilder.buildAsync(in: app)
      #expect(badge.interactor.presenter === badge.presenter)
      #expect(badge.presenter.links.isWired)
    }
    #expect(weakPresenter == nil)
    app.close()
  }

  // MARK: - Neither, and by hand

  @Test(.detectsLeaks) func aModuleWithNeitherAnInteractorNorARouterIsWiredAndReleased() throws {
    let host = HeadlessHost()
    let app = try Registry(
      host.assembly,
      AnyAssembly("Splash") { r in r.register(SplashPresenter.self, mainActor: SplashPresenter.init)
      }
    ).start(quiet)
    weak var weakPresenter: SplashPresenter?
    do {
      let module = try VIPERBuilder<SplashView, SplashPresenter, NoInteractor, NoRouter>.build(
        in: app)
      weakPresenter = module.presenter
      #expect(module.view.presenter === module.presenter)
      #expect(module.presenter.view === module.view)
      #expect(module.presenter.links.isWired)
    }
    #expect(weakPresenter == nil)
    app.close()
  }

  @Test func presenterLinksWithoutALayerAreWiredByHandInAUnitTest() {
    let view = CreditsView(host: HeadlessHost())
    let router = CreditsRouter()
    let links = PresenterLinks<any CreditsViewProtocol, NoInteractor, any CreditsRouterProtocol>()
    #expect(!links.isWired)
    links.wire(view: view, router: router)
    #expect(links.isWired)
    #expect(links.view === view)
    #expect(links.router === router)

    let badgeLinks = PresenterLinks<any BadgeViewProtocol, any BadgeInteractorProtocol, NoRouter>()
    badgeLinks.wire(view: BadgeView(host: HeadlessHost()), interactor: BadgeInteractor())
    #expect(badgeLinks.isWired)
  }
}
