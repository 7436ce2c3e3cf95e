import ViperNest
import ViperNestHeadless

// MARK: - Contracts

@MainActor
protocol ContactsViewProtocol: AnyObject {
  func show(names: [String])
}

@MainActor
protocol ContactsViewOutput: AnyObject {
  func viewDidLoad()
  func didTapAdd(suggestedName: String?)
  func didSelect(index: Int)
}

@MainActor
protocol ContactsInteractorProtocol: AnyObject {
  func loadContacts()
  func add(_ contact: Contact)
}

@MainActor
protocol ContactsInteractorOutput: AnyObject {
  func didLoad(_ contacts: [Contact])
}

@MainActor
protocol ContactsRouterProtocol: AnyObject {
  func showAddContact(prefilling firstName: String?, output: any AddContactOutput) throws
  func showDetail(of contact: Contact) throws
}

// MARK: - Layers

final class ContactsView: HeadlessViewController, VIPERView, ContactsViewProtocol {
  let links = ViewLinks<any ContactsViewOutput>()
  private(set) var names: [String] = []

  override func viewDidLoad() { presenter.viewDidLoad() }
  func show(names: [String]) { self.names = names }
}

final class ContactsPresenter: VIPERPresenter {
  let links = PresenterLinks<
    any ContactsViewProtocol, any ContactsInteractorProtocol, any ContactsRouterProtocol
  >()
  private let formatter: any NameFormatting
  private(set) var lastError: (any Error)?

  init(formatter: any NameFormatting) { self.formatter = formatter }
}

extension ContactsPresenter: ContactsViewOutput {
  func viewDidLoad() { interactor.loadContacts() }

  func didTapAdd(suggestedName: String?) {
    do { try router.showAddContact(prefilling: suggestedName, output: self) } catch {
      lastError = error
    }
  }

  func didSelect(index: Int) {
    do { try router.showDetail(of: shown[index]) } catch { lastError = error }
  }

  private var shown: [Contact] { (interactor as? ContactsInteractor)?.book.contacts ?? [] }
}

extension ContactsPresenter: ContactsInteractorOutput {
  func didLoad(_ contacts: [Contact]) {
    view?.show(
      names: contacts.map(formatter.fullName(of:)).sorted { $0.lowercased() < $1.lowercased() })
  }
}

extension ContactsPresenter: AddContactOutput {
  func didAdd(contact: Contact) { interactor.add(contact) }
  func didCancel() {}
}

final class ContactsInteractor: VIPERInteractor, ContactsInteractorProtocol {
  let links = InteractorLinks<any ContactsInteractorOutput>()
  let book: ContactBook

  init(book: ContactBook) { self.book = book }

  func loadContacts() { presenter?.didLoad(book.contacts) }

  func add(_ contact: Contact) {
    book.contacts.append(contact)
    loadContacts()
  }
}

final class ContactsRouter: VIPERRouter, ContactsRouterProtocol {
  let links = RouterLinks()
  private(set) var addContact: PresentTransition?

  func showAddContact(prefilling firstName: String?, output: any AddContactOutput) throws {
    let (story, module) = try resolver.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    if let firstName { module.input.prefill(firstName: firstName) }
    module.output = output
    addContact = try present(
      module, embedIn: .navigationController,
      appearance: .init(style: .formSheet, navigationBar: .init(barTintColor: .white)),
      story: story)
  }

  func showDetail(of contact: Contact) throws {
    try push(
      resolver.resolve(ContactDetailModule.self, arguments: contact),
      appearance: .init(navigationBar: .init(prefersLargeTitles: false)))
  }
}

final class ContactsBuilder: VIPERBuilder<
  ContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter
>
{}
