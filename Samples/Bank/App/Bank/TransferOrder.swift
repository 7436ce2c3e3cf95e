/// A transfer between the customer's own accounts, as confirmed by the customer.
struct TransferOrder: Hashable, Sendable {
  let from: AccountID
  let to: AccountID
  let amount: Money
}

/// A transfer the bank carried out.
struct TransferReceipt: Hashable, Sendable {
  let order: TransferOrder
  let fromName: String
  let toName: String

  var summary: String { "\(order.amount) \(fromName) → \(toName)" }
}

/// Why a transfer cannot go through, said so the customer can fix it.
struct TransferError: Error, CustomStringConvertible {
  let description: String
}
