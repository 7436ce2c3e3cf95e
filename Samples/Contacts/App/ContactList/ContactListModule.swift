import SampleSupport
import ViperNest
import ViperNestHeadless

// The contacts list: full names sorted case-insensitively, and an Add button.

// MARK: - Contracts

@MainActor
protocol ContactListViewProtocol: AnyObject {
  func show(names: [String])
  func show(error: String)
}

@MainActor
protocol ContactListViewOutput: AnyObject {
  func viewDidLoad()
  func didTapAdd()
}

@MainActor
protocol ContactListInteractorProtocol: AnyObject {
  func loadContacts()
  func add(_ contact: Contact)
}

@MainActor
protocol ContactListInteractorOutput: AnyObject {
  func didLoad(_ contacts: [Contact])
  func didFail(_ message: String)
}

@MainActor
protocol ContactListRouterProtocol: AnyObject {
  func showAddContact(output: any AddContactOutput) throws
}

/// The list as deep links name it: nothing to fill in, nothing reported.
typealias ContactListModule = Module<Void, Void>

// MARK: - Layers

final class ContactListView: HeadlessViewController, VIPERView, ContactListViewProtocol,
  ScreenRendering
{
  let links = ViewLinks<any ContactListViewOutput>()
  private(set) var names: [String] = []
  private(set) var error: String?

  override func viewDidLoad() { presenter.viewDidLoad() }

  func tapAdd() { presenter.didTapAdd() }

  func show(names: [String]) {
    self.names = names
    error = nil
  }

  func show(error: String) { self.error = error }

  var screen: Screen {
    var lines = names.isEmpty ? ["(no contacts yet)"] : names.map { "• \($0)" }
    if let error { lines.append("! \(error)") }
    lines.append("[ + Add ]")
    return Screen(title: "Contacts", lines: lines)
  }
}

final class ContactListPresenter: VIPERPresenter {
  let links = PresenterLinks<
    any ContactListViewProtocol, any ContactListInteractorProtocol, any ContactListRouterProtocol
  >()
}

extension ContactListPresenter: ContactListViewOutput {
  func viewDidLoad() { interactor.loadContacts() }

  func didTapAdd() {
    do { try router.showAddContact(output: self) } catch { view?.show(error: "\(error)") }
  }
}

extension ContactListPresenter: ContactListInteractorOutput {
  func didLoad(_ contacts: [Contact]) {
    view?.show(
      names: contacts.map(\.fullName).sorted {
        $0.lowercased() == $1.lowercased() ? $0 < $1 : $0.lowercased() < $1.lowercased()
      })
  }

  func didFail(_ message: String) { view?.show(error: message) }
}

extension ContactListPresenter: AddContactOutput {
  func didAdd(contact: Contact) { interactor.add(contact) }
  func didCancel() {}
}

final class ContactListInteractor: VIPERInteractor, ContactListInteractorProtocol {
  let links = InteractorLinks<any ContactListInteractorOutput>()
  private let store: any ContactStore

  init(store: any ContactStore) { self.store = store }

  func loadContacts() { presenter?.didLoad(store.contacts) }

  func add(_ contact: Contact) {
    do {
      try store.add(contact)
      loadContacts()
    } catch {
      presenter?.didFail("\(error)")
    }
  }
}

final class ContactListRouter: VIPERRouter, ContactListRouterProtocol {
  let links = RouterLinks()
  private var addContact: PresentTransition?

  /// Resolves Add Contact by protocol, in a new AddContactStory that closes when it is dismissed.
  func showAddContact(output: any AddContactOutput) throws {
    let (story, module) = try resolver.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    module.output = output
    addContact = try present(module, embedIn: .navigationController, story: story)
  }
}

final class ContactListBuilder: VIPERBuilder<
  ContactListView, ContactListPresenter, ContactListInteractor, ContactListRouter
>
{
  override class var moduleName: String { "ContactList" }
}
