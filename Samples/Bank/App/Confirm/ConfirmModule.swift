import SampleSupport
import ViperNest
import ViperNestHeadless

// Confirm: the last step of a transfer, shown as a curtain. It takes no input: it reads the
// TransferDraft of the TransferStory it is nested in. Its output says approve or cancel; it never
// hides itself.

// MARK: - What hosts see

@MainActor
protocol ConfirmOutput: AnyObject {
  func confirmDidApprove()
  func confirmDidCancel()
}

/// No input: `Void`; the draft comes from the enclosing story.
typealias ConfirmModule = Module<Void, any ConfirmOutput>

/// The story Confirm runs in, inside a TransferStory.
enum ConfirmStory: UserStory {}

// MARK: - Contracts

@MainActor
protocol ConfirmViewProtocol: AnyObject {
  func show(amount: String, from: String, to: String)
}

@MainActor
protocol ConfirmViewOutput: AnyObject {
  func viewDidLoad()
  func didTapConfirm()
  func didTapCancel()
}

@MainActor
protocol ConfirmInteractorProtocol: AnyObject {
  func loadSummary()
}

@MainActor
protocol ConfirmInteractorOutput: AnyObject {
  func didLoad(amount: Money, from: String, to: String)
}

/// Confirm shows nothing itself: whoever showed it hides it.
@MainActor
protocol ConfirmRouterProtocol: AnyObject {}

// MARK: - Layers

final class ConfirmView: HeadlessViewController, VIPERView, ConfirmViewProtocol, ScreenRendering {
  let links = ViewLinks<any ConfirmViewOutput>()
  private(set) var summary = (amount: "", from: "", to: "")

  override func viewDidLoad() { presenter.viewDidLoad() }

  func tapConfirm() { presenter.didTapConfirm() }
  func tapCancel() { presenter.didTapCancel() }

  func show(amount: String, from: String, to: String) { summary = (amount, from, to) }

  var screen: Screen {
    // The curtain's grab handle, when its typed appearance asks for one.
    let handle = overlayAppearance?.showsHandle == true ? ["              ─────"] : []
    return Screen(
      title: "Confirm transfer",
      lines: handle + [
        "Send \(summary.amount)", "from \(summary.from)", "to   \(summary.to)",
        "[ Cancel ]             [ Confirm ]",
      ])
  }
}

final class ConfirmPresenter: VIPERPresenter {
  let links = PresenterLinks<
    any ConfirmViewProtocol, any ConfirmInteractorProtocol, any ConfirmRouterProtocol
  >()
  @Weak var output: (any ConfirmOutput)?
}

extension ConfirmPresenter: ConfirmViewOutput {
  func viewDidLoad() { interactor.loadSummary() }
  func didTapConfirm() { output?.confirmDidApprove() }
  func didTapCancel() { output?.confirmDidCancel() }
}

extension ConfirmPresenter: ConfirmInteractorOutput {
  func didLoad(amount: Money, from: String, to: String) {
    view?.show(amount: amount.description, from: from, to: to)
  }
}

final class ConfirmInteractor: VIPERInteractor, ConfirmInteractorProtocol {
  let links = InteractorLinks<any ConfirmInteractorOutput>()
  private let draft: TransferDraft
  private let accounts: AccountsService

  /// - Parameter draft: The enclosing TransferStory's draft, the same instance Transfer fills in.
  init(draft: TransferDraft, accounts: AccountsService) {
    self.draft = draft
    self.accounts = accounts
  }

  func loadSummary() {
    guard let amount = draft.amount else { return }
    presenter?.didLoad(
      amount: amount, from: accounts.account(draft.from)?.name ?? draft.from.rawValue,
      to: accounts.account(draft.to)?.name ?? draft.to.rawValue)
  }
}

final class ConfirmRouter: VIPERRouter, ConfirmRouterProtocol {
  let links = RouterLinks()
}

final class ConfirmBuilder: VIPERBuilder<
  ConfirmView, ConfirmPresenter, ConfirmInteractor, ConfirmRouter
>
{
  override class var moduleName: String { "Confirm" }
}
