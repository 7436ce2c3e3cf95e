/// Who the customer is and what the app knows about the bank: shown by the dashboard and its
/// "about" module. `nonisolated`, as ``Money`` is: `AccountsAPI` reads it on its actor.
nonisolated struct BankInfo: Sendable {
  var customerName = "Ada"
  var bankName = "Raiffeisen Bank (ViperNest sample)"
  var appVersion = "1.0"
  var supportPhone = "8 800 700-91-00"

  init() {}
}
