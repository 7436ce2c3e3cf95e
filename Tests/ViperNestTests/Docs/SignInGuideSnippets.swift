// swift-format-ignore-file
// The code of docs/Navigation.md, "Signing in and out": a shop whose window root is replaced by
// the routers of the screens being replaced (login → tabs → login), compiled and run by
// `SignInFlowTests` (Tests/ViperNestTests/Navigation/SignInFlowTests.swift).
// `DocumentationTests` checks that every ```swift block of the guide appears in a snippet file.
import ViperNest
import ViperNestHeadless

enum SignInGuide {
  // MARK: - Stories

  enum AuthStory: UserStory {}      // the login: App > Auth
  enum SessionStory: UserStory {}   // the signed-in tabs: App > Session

  nonisolated final class UserSession {   // story(Session): what the tabs share while signed in
    var user = ""
  }

  /// The window the scene delegate keeps, for the routers that replace its root.
  @MainActor final class AppWindow {
    weak var window: (any WindowHosting)?

    var current: any WindowHosting {
      get throws {
        guard let window else {
          throw TransitionError(.sourceReleased, "The app's window was released.", fix: "keep it in the scene delegate")
        }
        return window
      }
    }
  }

  struct ShopAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(AppWindow.self, lifetime: .app, mainActor: AppWindow.init)
      r.register(LoginModule.self, builder: LoginBuilder.self, in: AuthStory.self) { $0 }
      r.story(AuthStory.self, in: AppStory.self) { r in
        r.register(LoginPresenter.self, mainActor: LoginPresenter.init)
        r.register(LoginRouter.self, mainActor: LoginRouter.init(window:))
      }
      r.register(CatalogModule.self, builder: CatalogBuilder.self, in: SessionStory.self) { $0 }
      r.register(AccountModule.self, builder: AccountBuilder.self, in: SessionStory.self) { $0 }
      r.story(SessionStory.self, in: AppStory.self) { r in
        r.register(UserSession.self, lifetime: .story(SessionStory.self), UserSession.init)
        r.register(CatalogPresenter.self, mainActor: CatalogPresenter.init(session:))
        r.register(AccountPresenter.self, mainActor: AccountPresenter.init(session:))
        r.register(AccountRouter.self, mainActor: AccountRouter.init(window:))
      }
    }
  }

  // MARK: - Launch

  @MainActor static func launch(app: Story, window: any WindowHosting) throws {   // the scene delegate
    try app.resolve(AppWindow.self).window = window
    let (auth, login) = try app.open(AuthStory.self) { try $0.resolve(LoginModule.self) }
    try login.attachToWindow(window, story: auth)
  }

  // MARK: - Login (App > Auth)

  @MainActor protocol LoginViewOutput: AnyObject { func didTapSignIn(as user: String) }
  @MainActor protocol LoginViewProtocol: AnyObject {}
  @MainActor protocol LoginRouting: AnyObject { func showTabs(for user: String) throws }

  final class LoginView: HeadlessViewController, VIPERView, LoginViewProtocol {   // a UIViewController in an app
    let links = ViewLinks<any LoginViewOutput>()
    func tapSignIn(as user: String) { presenter.didTapSignIn(as: user) }
  }

  final class LoginPresenter: VIPERPresenter, LoginViewOutput {
    let links = PresenterLinks<any LoginViewProtocol, NoInteractor, any LoginRouting>()
    private(set) var failure: (any Error)?
    func didTapSignIn(as user: String) {
      do { try router.showTabs(for: user) } catch { failure = error }
    }
  }

  typealias LoginBuilder = VIPERBuilder<LoginView, LoginPresenter, NoInteractor, LoginRouter>
  typealias LoginModule = VIPERModule<LoginView, LoginPresenter, NoInteractor, LoginRouter>

  final class LoginRouter: VIPERRouter, LoginRouting {
    let links = RouterLinks()
    private let window: AppWindow
    init(window: AppWindow) { self.window = window }

    func showTabs(for user: String) throws {
      // This router's story is App > Auth, which closes when the tabs replace the login: the
      // session opens beside it, at the app level.
      let (session, tabs) = try resolver.open(SessionStory.self, in: AppStory.self) { session in
        try session.resolve(UserSession.self).user = user
        return try ShopTabs.compose(in: session)
      }
      try tabs.attachToWindow(try window.current, story: session)   // App > Auth closes, App > Session stays
    }
  }

  // MARK: - The tabs (App > Session), a navigation stack each

  @MainActor enum ShopTabs {
    static func compose(in session: Story) throws -> any TabControlling {
      let catalog = try session.resolve(CatalogModule.self)
        .attachToNavigationController(tabBarItem: TabItem(title: "Catalog", imageName: "bag", tag: 0))
      let account = try session.resolve(AccountModule.self)
        .attachToNavigationController(tabBarItem: TabItem(title: "Account", imageName: "person", tag: 1))
      let container = try catalog.toolkit.makeTabContainer()
      try TabTransition(container: container, tabs: [catalog, account]).perform()
      return container
    }
  }

  @MainActor protocol CatalogViewProtocol: AnyObject {}
  @MainActor protocol CatalogViewOutput: AnyObject {}

  final class CatalogView: HeadlessViewController, VIPERView, CatalogViewProtocol {
    let links = ViewLinks<any CatalogViewOutput>()
  }

  final class CatalogPresenter: VIPERPresenter, CatalogViewOutput {
    let links = PresenterLinks<any CatalogViewProtocol, NoInteractor, NoRouter>()
    let session: UserSession
    init(session: UserSession) { self.session = session }
  }

  typealias CatalogBuilder = VIPERBuilder<CatalogView, CatalogPresenter, NoInteractor, NoRouter>
  typealias CatalogModule = VIPERModule<CatalogView, CatalogPresenter, NoInteractor, NoRouter>

  @MainActor protocol AccountViewProtocol: AnyObject {}
  @MainActor protocol AccountViewOutput: AnyObject { func didTapSignOut() }
  @MainActor protocol AccountRouting: AnyObject { func showLogin() throws }

  final class AccountView: HeadlessViewController, VIPERView, AccountViewProtocol {
    let links = ViewLinks<any AccountViewOutput>()
    func tapSignOut() { presenter.didTapSignOut() }
  }

  final class AccountPresenter: VIPERPresenter, AccountViewOutput {
    let links = PresenterLinks<any AccountViewProtocol, NoInteractor, any AccountRouting>()
    let session: UserSession
    private(set) var failure: (any Error)?
    init(session: UserSession) { self.session = session }
    func didTapSignOut() {
      do { try router.showLogin() } catch { failure = error }
    }
  }

  typealias AccountBuilder = VIPERBuilder<AccountView, AccountPresenter, NoInteractor, AccountRouter>
  typealias AccountModule = VIPERModule<AccountView, AccountPresenter, NoInteractor, AccountRouter>

  final class AccountRouter: VIPERRouter, AccountRouting {
    let links = RouterLinks()
    private let window: AppWindow
    init(window: AppWindow) { self.window = window }

    func showLogin() throws {
      // Signing out: the login's story opens at the app level; replacing the tabs closes
      // App > Session, and with it everything the signed-in user had.
      let (auth, login) = try resolver.open(AuthStory.self, in: AppStory.self) {
        try $0.resolve(LoginModule.self)
      }
      try login.attachToWindow(try window.current, story: auth)
    }
  }

  // MARK: - The mistake it refuses

  @MainActor static func showTabsInsideTheLoginsStory(from login: LoginRouter, window: any WindowHosting) throws {
    let (session, tabs) = try login.resolver.open(SessionStory.self) {   // App > Auth > Session
      try ShopTabs.compose(in: $0)
    }
    try tabs.attachToWindow(window, story: session)   // throws TransitionError.storyWouldClose
  }
}
