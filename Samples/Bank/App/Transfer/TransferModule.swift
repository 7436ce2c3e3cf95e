import SampleSupport
import ViperNest
import ViperNestHeadless

// Transfer: from one of the customer's accounts to another. It keeps what the customer entered in
// a TransferDraft scoped to its TransferStory, which Confirm (in a nested ConfirmStory) reads too.
// Continue shows Confirm as a curtain; Confirm's output comes back here, and Transfer's own output
// tells its host.

// MARK: - What hosts see

@MainActor
protocol TransferInput: AnyObject {
  func prefill(from: AccountID, to: AccountID)
}

@MainActor
protocol TransferOutput: AnyObject {
  func transferDidConfirm(_ order: TransferOrder)
  func transferDidCancel()
}

typealias TransferModule = Module<any TransferInput, any TransferOutput>

/// The story Transfer runs in (inside Payments); its draft is released when Transfer is closed.
enum TransferStory: UserStory {}

/// What the customer has entered so far.
final class TransferDraft {
  var from = AccountID.current
  var to = AccountID.savings
  var amount: Money?

  var order: TransferOrder? { amount.map { TransferOrder(from: from, to: to, amount: $0) } }
}

// MARK: - Contracts

@MainActor
protocol TransferViewProtocol: AnyObject {
  func show(from: String, to: String, amount: String)
  func show(error: String?)
}

@MainActor
protocol TransferViewOutput: AnyObject {
  func viewDidLoad()
  func didTapContinue(amount: String)
  func didTapCancel()
}

@MainActor
protocol TransferInteractorProtocol: AnyObject {
  var draft: TransferDraft { get }
  func describeDraft()
  func validate(amount: String)
}

@MainActor
protocol TransferInteractorOutput: AnyObject {
  func didDescribe(from: String, to: String, amount: String)
  func didValidate()
  func didFail(_ message: String)
}

@MainActor
protocol TransferRouterProtocol: AnyObject {
  func showConfirmation(output: any ConfirmOutput) throws
  func closeConfirmation() throws
}

// MARK: - Layers

final class TransferView: HeadlessViewController, VIPERView, TransferViewProtocol,
  ScreenRendering
{
  let links = ViewLinks<any TransferViewOutput>()
  private(set) var fields = (from: "", to: "", amount: "")
  private(set) var error: String?

  override func viewDidLoad() { presenter.viewDidLoad() }

  func type(amount: String) {
    fields.amount = amount
    error = nil
  }
  func tapContinue() { presenter.didTapContinue(amount: fields.amount) }
  func tapCancel() { presenter.didTapCancel() }

  func show(from: String, to: String, amount: String) { fields = (from, to, amount) }
  func show(error: String?) { self.error = error }

  var screen: Screen {
    var lines = [
      "From:   \(fields.from)",
      "To:     \(fields.to)",
      "Amount: [\(fields.amount)] ₽",
    ]
    if let error { lines.append("! \(error)") }
    lines.append("[ Cancel ]            [ Continue ]")
    return Screen(title: "Transfer", lines: lines)
  }
}

final class TransferPresenter: VIPERPresenter, TransferInput {
  let links = PresenterLinks<
    any TransferViewProtocol, any TransferInteractorProtocol, any TransferRouterProtocol
  >()
  @Weak var output: (any TransferOutput)?

  func prefill(from: AccountID, to: AccountID) {
    interactor.draft.from = from
    interactor.draft.to = to
  }
}

extension TransferPresenter: TransferViewOutput {
  func viewDidLoad() { interactor.describeDraft() }

  func didTapContinue(amount: String) { interactor.validate(amount: amount) }

  func didTapCancel() { output?.transferDidCancel() }
}

extension TransferPresenter: TransferInteractorOutput {
  func didDescribe(from: String, to: String, amount: String) {
    view?.show(from: from, to: to, amount: amount)
  }

  func didValidate() {
    do { try router.showConfirmation(output: self) } catch { view?.show(error: "\(error)") }
  }

  func didFail(_ message: String) { view?.show(error: message) }
}

/// Confirm's output. Confirm does not hide itself: the router that showed it reverses its curtain.
extension TransferPresenter: ConfirmOutput {
  func confirmDidApprove() {
    guard let order = interactor.draft.order else { return }
    do { try router.closeConfirmation() } catch { view?.show(error: "\(error)") }
    output?.transferDidConfirm(order)
  }

  func confirmDidCancel() {
    do { try router.closeConfirmation() } catch { view?.show(error: "\(error)") }
  }
}

final class TransferInteractor: VIPERInteractor, TransferInteractorProtocol {
  let links = InteractorLinks<any TransferInteractorOutput>()
  let draft: TransferDraft
  private let accounts: AccountsService

  init(draft: TransferDraft, accounts: AccountsService) {
    self.draft = draft
    self.accounts = accounts
  }

  func describeDraft() {
    func describe(_ id: AccountID) -> String {
      accounts.account(id).map { "\($0.name) (\($0.balance))" } ?? id.rawValue
    }
    presenter?.didDescribe(
      from: describe(draft.from), to: describe(draft.to),
      amount: draft.amount.map { String($0.description.dropLast(2)) } ?? "")
  }

  func validate(amount text: String) {
    guard let amount = Money(parsing: text) else {
      presenter?.didFail("Enter an amount such as 2500 or 2500.50.")
      return
    }
    let order = TransferOrder(from: draft.from, to: draft.to, amount: amount)
    do {
      try accounts.check(order)
      draft.amount = amount
      presenter?.didValidate()
    } catch {
      presenter?.didFail("\(error)")
    }
  }
}

final class TransferRouter: VIPERRouter, TransferRouterProtocol {
  let links = RouterLinks()
  private var confirmation: OverlayTransition?

  /// Resolves Confirm in a ConfirmStory nested in this TransferStory and shows it as a curtain with
  /// a typed appearance: a grey handle, half height, not dismissable by a swipe.
  func showConfirmation(output: any ConfirmOutput) throws {
    let (story, module) = try resolver.open(ConfirmStory.self) {
      try $0.resolve(ConfirmModule.self)
    }
    module.output = output
    confirmation = try overlay(
      module,
      appearance: OverlayAppearance(
        handleColor: AppearanceColor(hex: 0x8E8E93), detents: [.medium],
        dismissesInteractively: false),
      story: story)
  }

  func closeConfirmation() throws {
    try confirmation?.reverse()
    confirmation = nil
  }
}

final class TransferBuilder: VIPERBuilder<
  TransferView, TransferPresenter, TransferInteractor, TransferRouter
>
{
  override class var moduleName: String { "Transfer" }
}
