import ViperNest
import ViperNestHeadless

@MainActor
protocol ContactDetailInput: AnyObject {
  var contact: Contact { get }
}

typealias ContactDetailModule = Module<any ContactDetailInput, Never>

@MainActor
protocol ContactDetailViewProtocol: AnyObject {
  func show(title: String)
}

@MainActor
protocol ContactDetailViewOutput: AnyObject {
  func viewDidLoad()
  func didTapBack()
}

@MainActor
protocol ContactDetailRouterProtocol: AnyObject {
  func back() throws
}

final class ContactDetailView: HeadlessViewController, VIPERView, ContactDetailViewProtocol {
  let links = ViewLinks<any ContactDetailViewOutput>()
  /// What the presenter showed when the view loaded.
  private(set) var shownAtLoad: String?

  override func viewDidLoad() { presenter.viewDidLoad() }
  func show(title: String) { shownAtLoad = shownAtLoad ?? title }
}

final class ContactDetailPresenter: VIPERPresenter, ContactDetailInput {
  let links = PresenterLinks<
    any ContactDetailViewProtocol, ContactDetailInteractor, any ContactDetailRouterProtocol
  >()
  let contact: Contact
  private let formatter: any NameFormatting

  init(contact: Contact, formatter: any NameFormatting) {
    self.contact = contact
    self.formatter = formatter
  }
}

extension ContactDetailPresenter: ContactDetailViewOutput {
  func viewDidLoad() { view?.show(title: formatter.fullName(of: contact)) }
  func didTapBack() { try? router.back() }
}

/// An interactor with nothing to report: its output contract is empty.
final class ContactDetailInteractor: VIPERInteractor {
  let links = InteractorLinks<ContactDetailPresenter>()
}

final class ContactDetailRouter: VIPERRouter, ContactDetailRouterProtocol {
  let links = RouterLinks()
  func back() throws { try pop() }
}

final class ContactDetailBuilder: VIPERBuilder<
  ContactDetailView, ContactDetailPresenter, ContactDetailInteractor, ContactDetailRouter
>
{}
