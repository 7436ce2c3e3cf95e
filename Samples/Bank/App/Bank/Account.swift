import ViperNest

/// Which of the customer's accounts.
enum AccountID: String, CaseIterable, Hashable, Sendable {
  case current, savings, card
}

/// An account's number in deep links: `bank://payments/transfer/2` transfers to the savings
/// account. A link with another number is refused before anything is shown.
enum AccountNumber: Int, CaseIterable, LinkConvertible {
  case current = 1
  case savings, card

  var id: AccountID {
    switch self {
    case .current: .current
    case .savings: .savings
    case .card: .card
    }
  }
}

/// One of the customer's accounts and what is on it. `nonisolated`, as ``Money`` is.
nonisolated struct Account: Hashable, Sendable {
  let id: AccountID
  let name: String
  var balance: Money
}
