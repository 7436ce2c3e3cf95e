/// Which of the customer's accounts.
enum AccountID: String, CaseIterable, Hashable, Sendable {
  case current, savings, card
}

/// One of the customer's accounts and what is on it.
struct Account: Hashable, Sendable {
  let id: AccountID
  let name: String
  var balance: Money
}
