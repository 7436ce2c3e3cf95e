import SampleSupport
import ViperNest
import ViperNestHeadless

// Accounts: the customer's accounts and balances, a VIPER module embedded in the dashboard. It
// does not know where it is shown; its host sees only its Input and Output.

// MARK: - What hosts see

@MainActor
protocol AccountsInput: AnyObject {
  func setBalancesHidden(_ hidden: Bool)
}

@MainActor
protocol AccountsOutput: AnyObject {
  func accountsDidSelect(_ account: Account)
}

typealias AccountsModule = Module<any AccountsInput, any AccountsOutput>

// MARK: - Contracts

@MainActor
protocol AccountsViewProtocol: AnyObject {
  func show(rows: [(name: String, balance: String)])
}

@MainActor
protocol AccountsViewOutput: AnyObject {
  func viewDidLoad()
  func didTapAccount(named name: String)
}

@MainActor
protocol AccountsInteractorProtocol: AnyObject {
  func loadAccounts()
}

@MainActor
protocol AccountsInteractorOutput: AnyObject {
  func didLoad(_ accounts: [Account])
}

/// Accounts shows nothing itself: routing is its host's job, so its router has nothing to do.
@MainActor
protocol AccountsRouterProtocol: AnyObject {}

// MARK: - Layers

final class AccountsView: HeadlessViewController, VIPERView, AccountsViewProtocol,
  ScreenRendering
{
  let links = ViewLinks<any AccountsViewOutput>()
  private(set) var rows: [(name: String, balance: String)] = []

  override func viewDidLoad() { presenter.viewDidLoad() }

  func tap(accountNamed name: String) { presenter.didTapAccount(named: name) }

  func show(rows: [(name: String, balance: String)]) { self.rows = rows }

  var screen: Screen {
    let width = (rows.map { $0.name.count }.max() ?? 0) + 2
    return Screen(
      title: "Accounts",
      lines: rows.map {
        $0.name + String(repeating: " ", count: width - $0.name.count) + $0.balance
      })
  }
}

final class AccountsPresenter: VIPERPresenter, AccountsInput {
  let links = PresenterLinks<
    any AccountsViewProtocol, any AccountsInteractorProtocol, any AccountsRouterProtocol
  >()
  @Weak var output: (any AccountsOutput)?
  private var accounts: [Account] = []
  private var balancesHidden = false

  func setBalancesHidden(_ hidden: Bool) {
    balancesHidden = hidden
    showAccounts()
  }

  private func showAccounts() {
    view?.show(
      rows: accounts.map { ($0.name, balancesHidden ? "•••• ₽" : $0.balance.description) })
  }
}

extension AccountsPresenter: AccountsViewOutput {
  func viewDidLoad() { interactor.loadAccounts() }

  func didTapAccount(named name: String) {
    guard let account = accounts.first(where: { $0.name == name }) else { return }
    output?.accountsDidSelect(account)
  }
}

extension AccountsPresenter: AccountsInteractorOutput {
  func didLoad(_ accounts: [Account]) {
    self.accounts = accounts
    showAccounts()
  }
}

final class AccountsInteractor: VIPERInteractor, AccountsInteractorProtocol, AccountsObserver {
  let links = InteractorLinks<any AccountsInteractorOutput>()
  private let service: AccountsService

  init(service: AccountsService) { self.service = service }

  /// Loads the balances and keeps them current: a transfer made anywhere updates them.
  func loadAccounts() {
    service.observe(self)
    presenter?.didLoad(service.accounts)
  }

  func accountsDidChange(_ accounts: [Account]) { presenter?.didLoad(accounts) }
}

final class AccountsRouter: VIPERRouter, AccountsRouterProtocol {
  let links = RouterLinks()
}

final class AccountsBuilder: VIPERBuilder<
  AccountsView, AccountsPresenter, AccountsInteractor, AccountsRouter
>
{
  override class var moduleName: String { "Accounts" }
}
