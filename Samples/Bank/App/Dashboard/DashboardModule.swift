import SampleSupport
import ViperNest
import ViperNestHeadless

// The dashboard: a screen composed of independent modules embedded in areas of its view —
// accounts (VIPER), a promo banner and an "about" page (plain MVC). Its router resolves each by its
// typed Input/Output and embeds it; each can be removed without touching the others.

/// The story the dashboard tab runs in.
enum DashboardStory: UserStory {}

/// The areas of the dashboard's view that modules are embedded in.
@MainActor
struct DashboardAreas {
  let accounts: any ContainerArea
  let promo: any ContainerArea
  let about: any ContainerArea
}

// MARK: - Contracts

@MainActor
protocol DashboardViewProtocol: AnyObject {
  var areas: DashboardAreas { get }
  func show(greeting: String)
  func show(balancesHidden: Bool)
  func show(status: String)
}

@MainActor
protocol DashboardViewOutput: AnyObject {
  func viewDidLoad()
  func didTapToggleBalances()
  func didTapSignOut()
}

@MainActor
protocol DashboardInteractorProtocol: AnyObject {
  func loadInfo()
}

@MainActor
protocol DashboardInteractorOutput: AnyObject {
  func didLoad(_ info: BankInfo)
}

@MainActor
protocol DashboardRouterProtocol: AnyObject {
  func showAccounts(in area: any ContainerArea, output: any AccountsOutput) throws
    -> any AccountsInput
  func showPromo(in area: any ContainerArea, output: any PromoOutput) throws
  func showAbout(in area: any ContainerArea, output: any AboutOutput) throws -> any AboutInput
  func hidePromo() throws
  /// Signs out: replaces the tabs with the login, which opens in its own story at the app level.
  func showLogin() throws
}

// MARK: - Layers

final class DashboardView: HeadlessViewController, VIPERView, DashboardViewProtocol,
  ScreenRendering
{
  let links = ViewLinks<any DashboardViewOutput>()
  private(set) var greeting = ""
  private(set) var balancesHidden = false
  private(set) var status: String?

  var areas: DashboardAreas {
    DashboardAreas(accounts: area("accounts"), promo: area("promo"), about: area("about"))
  }

  override func viewDidLoad() { presenter.viewDidLoad() }

  func tapToggleBalances() { presenter.didTapToggleBalances() }
  func tapSignOut() { presenter.didTapSignOut() }

  func show(greeting: String) { self.greeting = greeting }
  func show(balancesHidden: Bool) { self.balancesHidden = balancesHidden }
  func show(status: String) { self.status = status }

  /// The dashboard's own lines, then the modules embedded in each area, drawn from the view
  /// hierarchy itself: what is shown is what is embedded.
  var screen: Screen {
    var lines = [
      greeting, (balancesHidden ? "[ Show balances ]" : "[ Hide balances ]") + "  [ Sign out ]",
    ]
    if let status { lines.append("» \(status)") }
    for name in ["accounts", "promo", "about"] {
      for child in children where areaName(of: child) == name {
        lines += (child as? any ScreenRendering)?.screen.box ?? ["(\(child.description))"]
      }
    }
    return Screen(title: "Dashboard", lines: lines)
  }
}

final class DashboardPresenter: VIPERPresenter {
  let links = PresenterLinks<
    any DashboardViewProtocol, any DashboardInteractorProtocol, any DashboardRouterProtocol
  >()
  @Weak private var accounts: (any AccountsInput)?
  @Weak private var about: (any AboutInput)?
  private var balancesHidden = false

  private func attempt(_ action: () throws -> Void) {
    do { try action() } catch { view?.show(status: "\(error)") }
  }
}

extension DashboardPresenter: DashboardViewOutput {
  /// Composes the screen: each module goes into its area, with this presenter as its output.
  func viewDidLoad() {
    guard let areas = view?.areas else { return }
    attempt {
      accounts = try router.showAccounts(in: areas.accounts, output: self)
      try router.showPromo(in: areas.promo, output: self)
      about = try router.showAbout(in: areas.about, output: self)
    }
    interactor.loadInfo()
  }

  func didTapToggleBalances() {
    balancesHidden.toggle()
    accounts?.setBalancesHidden(balancesHidden)
    view?.show(balancesHidden: balancesHidden)
  }

  func didTapSignOut() {
    attempt { try router.showLogin() }
  }
}

extension DashboardPresenter: DashboardInteractorOutput {
  func didLoad(_ info: BankInfo) {
    view?.show(greeting: "Hello, \(info.customerName)")
    about?.show(info)
  }
}

extension DashboardPresenter: AccountsOutput {
  func accountsDidSelect(_ account: Account) {
    view?.show(status: "\(account.name) selected")
  }
}

extension DashboardPresenter: AboutOutput {
  func aboutDidTapCall(_ phone: String) { view?.show(status: "Calling \(phone)…") }
}

extension DashboardPresenter: PromoOutput {
  func promoDidClose() {
    attempt { try router.hidePromo() }
  }
}

final class DashboardInteractor: VIPERInteractor, DashboardInteractorProtocol {
  let links = InteractorLinks<any DashboardInteractorOutput>()
  private let info: BankInfo

  init(info: BankInfo) { self.info = info }

  func loadInfo() { presenter?.didLoad(info) }
}

final class DashboardRouter: VIPERRouter, DashboardRouterProtocol {
  let links = RouterLinks()
  private var promo: EmbedTransition?
  private let root: BankRoot

  init(root: BankRoot) { self.root = root }

  func showAccounts(in area: any ContainerArea, output: any AccountsOutput) throws
    -> any AccountsInput
  {
    let module = try resolver.resolve(AccountsModule.self)
    module.output = output
    try embed(module, in: area)
    return module.input
  }

  func showPromo(in area: any ContainerArea, output: any PromoOutput) throws {
    let module = try resolver.resolve(PromoModule.self)
    module.output = output
    promo = try embed(module, in: area)
  }

  func showAbout(in area: any ContainerArea, output: any AboutOutput) throws -> any AboutInput {
    let module = try resolver.resolve(AboutModule.self)
    module.output = output
    try embed(module, in: area)
    return module.input
  }

  /// Reverses the promo's embedding: the banner is removed and released; the other modules stay.
  func hidePromo() throws {
    try promo?.reverse()
    promo = nil
  }

  /// This router's story is App > Session > Dashboard: opened here, the login's story would close
  /// with the tabs it replaces (and the window root transition refuses it). It opens at the app
  /// level; the tabs leave the window and App > Session closes, with both tabs' stories.
  func showLogin() throws {
    let (auth, login) = try resolver.open(AuthStory.self, in: AppStory.self) {
      try $0.resolve(LoginModule.self)
    }
    try login.attachToWindow(try root.currentWindow, story: auth)
  }
}

final class DashboardBuilder: VIPERBuilder<
  DashboardView, DashboardPresenter, DashboardInteractor, DashboardRouter
>
{
  override class var moduleName: String { "Dashboard" }
}
