/// The payments tab's state, one per Payments story: the account it pays from and the transfers
/// made since the story opened. Every screen of the flow (Payments, Transfer, Confirm) shares it.
final class PaymentsSession {
  let source = AccountID.current
  private(set) var receipts: [TransferReceipt] = []

  func record(_ receipt: TransferReceipt) { receipts.append(receipt) }
}
