/// The bank's accounts API: the server side of the customer's accounts.
///
/// An actor stands in for the network: each request is an `await` that leaves the main actor, as a
/// real request does, and the records live on the actor. Connecting is `async` as well (its
/// initializer runs on the actor, after the caller has suspended; a real client reads the session
/// token from the keychain and greets the server there), so `BankAssembly` registers it with an
/// async factory, once per app. Nothing resolves it synchronously: ``AccountsService`` awaits it
/// through `AsyncProvider` when the accounts are loaded.
actor AccountsAPI {
  /// Whose accounts this connection serves.
  let customer: String
  private var records: [Account] = []

  /// Connects for the customer of `info`.
  init(info: BankInfo) async {
    customer = info.customerName
    // `self` is fully initialized: from here on the initializer runs on the actor, off the actor
    // that awaited it. A real client restores the customer's session here; the sample loads the
    // records it serves.
    records = [
      Account(id: .current, name: "Current account", balance: Money(roubles: 120_000)),
      Account(id: .savings, name: "Savings account", balance: Money(roubles: 15_000)),
      Account(id: .card, name: "Credit card", balance: Money(kopecks: -3_250_40)),
    ]
  }

  /// The customer's accounts, as the bank has them now.
  func fetchAccounts() async throws -> [Account] {
    try Task.checkCancellation()
    return records
  }
}
