/// Told when balances change, wherever the change came from. Held weakly.
@MainActor
protocol AccountsObserver: AnyObject {
  func accountsDidChange(_ accounts: [Account])
}

/// The customer's accounts: one per app (an `.app` singleton), shared by the dashboard's accounts
/// module, which shows balances, and the payments flow, which moves money.
@MainActor
final class AccountsService {
  private(set) var accounts: [Account] = [
    Account(id: .current, name: "Current account", balance: Money(roubles: 120_000)),
    Account(id: .savings, name: "Savings account", balance: Money(roubles: 15_000)),
    Account(id: .card, name: "Credit card", balance: Money(kopecks: -3_250_40)),
  ]
  private var observers: [WeakObserver] = []

  private struct WeakObserver {
    weak var observer: (any AccountsObserver)?
  }

  init() {}

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
    observers.removeAll { $0.observer == nil }
    for entry in observers { entry.observer?.accountsDidChange(accounts) }
    return receipt
  }
}
