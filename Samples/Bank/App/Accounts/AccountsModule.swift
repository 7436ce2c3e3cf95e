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
  func show(error: String)
}

@MainActor
protocol AccountsViewOutput: AnyObject {
  /// Loads the accounts; the view awaits it in a task it owns.
  func viewDidLoad() async
  func didTapAccount(named name: String)
}

@MainActor
protocol AccountsInteractorProtocol: AnyObject {
  func loadAccounts() async
}

@MainActor
protocol AccountsInteractorOutput: AnyObject {
  func didLoad(_ accounts: [Account])
  func didFail(_ message: String)
}

/// Accounts shows nothing itself: routing is its host's job, so its router has nothing to do.
@MainActor
protocol AccountsRouterProtocol: AnyObject {}

// MARK: - Layers

final class AccountsView: HeadlessViewController, VIPERView, AccountsViewProtocol,
  ScreenRendering
{
  let links = ViewLinks<any AccountsViewOutput>()
  /// The rows shown; nil until the accounts have arrived.
  private(set) var rows: [(name: String, balance: String)]?
  private(set) var error: String?
  /// The first load, started when the view loads and owned by it (as SwiftUI's `.task` is): the
  /// view cancels it when it goes away, so a load still in flight never keeps the module alive.
  private var loading: Task<Void, Never>?

  override func viewDidLoad() {
    loading = Task { [presenter] in await presenter.viewDidLoad() }
  }

  deinit { loading?.cancel() }

  /// Returns when the first load has ended: the balances, or the error, are on screen.
  func loaded() async { await loading?.value }

  func tap(accountNamed name: String) { presenter.didTapAccount(named: name) }

  func show(rows: [(name: String, balance: String)]) {
    self.rows = rows
    error = nil
  }

  func show(error: String) { self.error = error }

  var screen: Screen {
    let rows = rows ?? []
    let width = (rows.map { $0.name.count }.max() ?? 0) + 2
    var lines = rows.map {
      $0.name + String(repeating: " ", count: width - $0.name.count) + $0.balance
    }
    if self.rows == nil, error == nil { lines.append("Loading accounts…") }
    if let error { lines.append("! \(error)") }
    return Screen(title: "Accounts", lines: lines)
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
  func viewDidLoad() async { await interactor.loadAccounts() }

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

  func didFail(_ message: String) { view?.show(error: message) }
}

final class AccountsInteractor: VIPERInteractor, AccountsInteractorProtocol, AccountsObserver {
  let links = InteractorLinks<any AccountsInteractorOutput>()
  private let service: AccountsService

  init(service: AccountsService) { self.service = service }

  /// Loads the balances from the bank, awaiting the service (which awaits the bank's API), and
  /// keeps them current: the refreshed accounts, and a transfer made anywhere, arrive through
  /// ``accountsDidChange(_:)``.
  func loadAccounts() async {
    service.observe(self)
    do {
      try await service.refresh()
    } catch is CancellationError {
      // The module went away while the accounts were loading: nobody is left to tell.
    } catch {
      presenter?.didFail("The accounts could not be loaded: \(error)")
    }
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
