import SampleSupport
import ViperNest
import ViperNestHeadless

// Payments: the payments tab. It opens the Transfer flow (a TransferStory, pushed with a typed
// navigation bar) and, when Transfer's output says the customer confirmed, moves the money through
// the app's AccountsService and closes the flow.

/// The story the payments tab runs in; its `PaymentsSession` lives as long as it.
enum PaymentsStory: UserStory {}

/// The payments tab's module, as deep links name it: nothing to fill in, nothing reported.
typealias PaymentsModule = Module<Void, Void>

// MARK: - Contracts

@MainActor
protocol PaymentsViewProtocol: AnyObject {
  func show(source: String, transfers: [String])
  func show(error: String?)
}

@MainActor
protocol PaymentsViewOutput: AnyObject {
  func viewDidLoad()
  func didTapNewTransfer()
}

@MainActor
protocol PaymentsInteractorProtocol: AnyObject {
  var source: AccountID { get }
  func load()
  func execute(_ order: TransferOrder)
}

@MainActor
protocol PaymentsInteractorOutput: AnyObject {
  func didLoad(source: Account, receipts: [TransferReceipt])
  func didFail(_ message: String)
}

@MainActor
protocol PaymentsRouterProtocol: AnyObject {
  func showTransfer(from: AccountID, to: AccountID, output: any TransferOutput) throws
  func closeTransfer() throws
}

// MARK: - Layers

final class PaymentsView: HeadlessViewController, VIPERView, PaymentsViewProtocol,
  ScreenRendering
{
  let links = ViewLinks<any PaymentsViewOutput>()
  private(set) var source = ""
  private(set) var transfers: [String] = []
  private(set) var error: String?

  override func viewDidLoad() { presenter.viewDidLoad() }

  func tapNewTransfer() { presenter.didTapNewTransfer() }

  func show(source: String, transfers: [String]) {
    self.source = source
    self.transfers = transfers
  }

  func show(error: String?) { self.error = error }

  var screen: Screen {
    var lines = ["From: \(source)", "Transfers this session:"]
    lines += transfers.isEmpty ? ["  (none yet)"] : transfers.map { "  • \($0)" }
    if let error { lines.append("! \(error)") }
    lines.append("[ New transfer ]")
    return Screen(title: "Payments", lines: lines)
  }
}

final class PaymentsPresenter: VIPERPresenter {
  let links = PresenterLinks<
    any PaymentsViewProtocol, any PaymentsInteractorProtocol, any PaymentsRouterProtocol
  >()

  private func close() {
    do { try router.closeTransfer() } catch { view?.show(error: "\(error)") }
  }
}

extension PaymentsPresenter: PaymentsViewOutput {
  func viewDidLoad() { interactor.load() }

  func didTapNewTransfer() {
    view?.show(error: nil)
    do {
      try router.showTransfer(from: interactor.source, to: .savings, output: self)
    } catch {
      view?.show(error: "\(error)")
    }
  }
}

extension PaymentsPresenter: PaymentsInteractorOutput {
  func didLoad(source: Account, receipts: [TransferReceipt]) {
    view?.show(source: "\(source.name) (\(source.balance))", transfers: receipts.map(\.summary))
  }

  func didFail(_ message: String) { view?.show(error: message) }
}

/// Transfer's output: the flow ends here, whichever way it ends.
extension PaymentsPresenter: TransferOutput {
  func transferDidConfirm(_ order: TransferOrder) {
    interactor.execute(order)
    close()
  }

  func transferDidCancel() { close() }
}

final class PaymentsInteractor: VIPERInteractor, PaymentsInteractorProtocol, AccountsObserver {
  let links = InteractorLinks<any PaymentsInteractorOutput>()
  private let session: PaymentsSession
  private let accounts: AccountsService

  init(session: PaymentsSession, accounts: AccountsService) {
    self.session = session
    self.accounts = accounts
  }

  var source: AccountID { session.source }

  /// Shows the source account and the session's transfers, again whenever the accounts change:
  /// they arrive from the bank after launch, and transfers move money.
  func load() {
    accounts.observe(self)
    guard let account = accounts.account(session.source) else { return }
    presenter?.didLoad(source: account, receipts: session.receipts)
  }

  /// Moves the money through the app's accounts (the dashboard's accounts module sees it) and
  /// records the receipt in the story's session.
  func execute(_ order: TransferOrder) {
    do {
      session.record(try accounts.execute(order))
      load()
    } catch {
      presenter?.didFail("\(error)")
    }
  }

  func accountsDidChange(_ accounts: [Account]) { load() }
}

final class PaymentsRouter: VIPERRouter, PaymentsRouterProtocol {
  let links = RouterLinks()
  private var transfer: PushTransition?

  /// Resolves Transfer by its Input/Output in a new TransferStory, and pushes it with the bank's
  /// yellow navigation bar; the story closes when the push is reversed (or Transfer is released).
  func showTransfer(from: AccountID, to: AccountID, output: any TransferOutput) throws {
    let (story, module) = try resolver.open(TransferStory.self) {
      try $0.resolve(TransferModule.self)
    }
    module.input.prefill(from: from, to: to)
    module.output = output
    transfer = try push(
      module,
      appearance: .init(
        navigationBar: .init(barTintColor: .bankYellow, prefersLargeTitles: false)),
      story: story)
  }

  func closeTransfer() throws {
    if let transfer {
      try transfer.reverse()
      self.transfer = nil
    } else if let navigation = viewController?.navigationContainer, navigation.stack.count > 1 {
      // Transfer was opened by a deep link, which pushed it: pop it the same way.
      try navigation.popController(navigation.stack[1], animated: true, completion: nil)
    }
  }
}

extension AppearanceColor {
  /// The bank's yellow.
  static let bankYellow = AppearanceColor(hex: 0xFFE600)
}

final class PaymentsBuilder: VIPERBuilder<
  PaymentsView, PaymentsPresenter, PaymentsInteractor, PaymentsRouter
>
{
  override class var moduleName: String { "Payments" }
}
