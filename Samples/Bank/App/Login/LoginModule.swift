import SampleSupport
import ViperNest
import ViperNestHeadless

// Login: the window's root while signed out, in its own story (App > Auth). Signing in, its router
// replaces the window's root with the tabs, whose session opens beside the login, at the app level
// (App > Session): replacing the login closes App > Auth, not the session the tabs are given.

/// The story the login runs in: App > Auth.
enum AuthStory: UserStory {}

/// The login module: a VIPER module with no interactor, shown as the window's root.
typealias LoginModule = VIPERModule<LoginView, LoginPresenter, NoInteractor, LoginRouter>

// MARK: - Contracts

@MainActor
protocol LoginViewProtocol: AnyObject {
  func show(status: String)
}

@MainActor
protocol LoginViewOutput: AnyObject {
  func didTapSignIn()
}

@MainActor
protocol LoginRouterProtocol: AnyObject {
  /// Replaces the login with the tabs, in a new session.
  func showTabs() throws
}

// MARK: - Layers

final class LoginView: HeadlessViewController, VIPERView, LoginViewProtocol, ScreenRendering {
  let links = ViewLinks<any LoginViewOutput>()
  private(set) var status: String?

  func tapSignIn() { presenter.didTapSignIn() }

  func show(status: String) { self.status = status }

  var screen: Screen {
    Screen(
      title: "Sign in",
      lines: ["Welcome to the bank", "[ Sign in with Face ID ]"]
        + (status.map { ["! \($0)"] } ?? []))
  }
}

final class LoginPresenter: VIPERPresenter {
  let links = PresenterLinks<any LoginViewProtocol, NoInteractor, any LoginRouterProtocol>()
}

extension LoginPresenter: LoginViewOutput {
  func didTapSignIn() {
    do { try router.showTabs() } catch { view?.show(status: "\(error)") }
  }
}

final class LoginRouter: VIPERRouter, LoginRouterProtocol {
  let links = RouterLinks()
  private let root: BankRoot

  init(root: BankRoot) { self.root = root }

  func showTabs() throws {
    // This router's story, App > Auth, closes when the tabs replace the login: the session opens
    // beside it, at the app level, and the window root's transition owns it.
    let (session, tabs) = try resolver.open(SessionStory.self, in: AppStory.self) {
      try root.composeTabs(in: $0)
    }
    try tabs.attachToWindow(try root.currentWindow, story: session)
  }
}

final class LoginBuilder: VIPERBuilder<LoginView, LoginPresenter, NoInteractor, LoginRouter> {
  override class var moduleName: String { "Login" }
}
