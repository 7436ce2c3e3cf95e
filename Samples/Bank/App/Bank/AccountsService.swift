import ViperNest

/// Told when balances change, wherever the change came from. Held weakly.
@MainActor
protocol AccountsObserver: AnyObject {
  func accountsDidChange(_ accounts: [Account])
}

/// The customer's accounts as the app shows them: one per app (an `.app` singleton), shared by
/// the dashboard's accounts module, which shows balances, and the payments flow, which moves money.
///
/// The accounts come from the bank's ``AccountsAPI``, whose factory is `async`: this service is
/// built synchronously (every screen's interactor uses it), so it holds an `AsyncProvider` and
/// awaits the API in ``refresh()``, which the accounts module's interactor calls when it loads.
/// Until then there are no accounts. Transfers are applied here, on the main actor, so every
/// screen sees them at once (the sample's API is read-only).
@MainActor
final class AccountsService {
  private(set) var accounts: [Account] = []
  private let api: AsyncProvider<AccountsAPI>
  private var observers: [WeakObserver] = []

  private struct WeakObserver {
    weak var observer: (any AccountsObserver)?
  }

  init(api: AsyncProvider<AccountsAPI>) { self.api = api }

  /// Fetches the accounts from the bank, connecting first when this is the app's first request
  /// (the API is created once, even when several screens await it at the same time), and tells
  /// the observers.
  ///
  /// - Throws: What connecting or fetching threw; `CancellationError` when the caller's task is
  ///   cancelled. The accounts are unchanged then.
  func refresh() async throws {
    accounts = try await api().fetchAccounts()
    notifyObservers()
  }

  func account(_ id: AccountID) -> Account? { accounts.first { $0.id == id } }

  /// Starts telling `observer` about changes, until it is released.
  func observe(_ observer: any AccountsObserver) {
    observers.removeAll { $0.observer == nil || $0.observer === observer }
    observers.append(WeakObserver(observer: observer))
  }

  /// Checks that `amount` can move from `from` to `to`.
  ///
  /// - Throws: ``TransferError`` saying what is wrong.
  func check(_ order: TransferOrder) throws {
    guard !accounts.isEmpty else {
      throw TransferError(description: "The accounts are still loading; try again in a moment.")
    }
    guard let source = account(order.from), account(order.to) != nil else {
      throw TransferError(description: "Unknown account.")
    }
    guard order.from != order.to else {
      throw TransferError(description: "Choose two different accounts.")
    }
    guard order.amount > Money(kopecks: 0) else {
      throw TransferError(description: "Enter an amount above zero.")
    }
    guard order.amount <= source.balance else {
      throw TransferError(
        description: "Not enough money: \(source.name) has \(source.balance).")
    }
  }

  /// Moves the money and tells the observers.
  ///
  /// - Returns: The receipt.
  /// - Throws: ``TransferError`` when the order does not pass ``check(_:)``; nothing moves then.
  func execute(_ order: TransferOrder) throws -> TransferReceipt {
    try check(order)
    guard let from = accounts.firstIndex(where: { $0.id == order.from }),
      let to = accounts.firstIndex(where: { $0.id == order.to })
    else { throw TransferError(description: "Unknown account.") }
    accounts[from].balance = accounts[from].balance - order.amount
    accounts[to].balance = accounts[to].balance + order.amount
    let receipt = TransferReceipt(
      order: order, fromName: accounts[from].name, toName: accounts[to].name)
    notifyObservers()
    return receipt
  }

  private func notifyObservers() {
    observers.removeAll { $0.observer == nil }
    for entry in observers { entry.observer?.accountsDidChange(accounts) }
  }
}
