import ViperNest
import ViperNestHeadless

/// A view that records what its presenter tells it.
final class MockContactsView: HeadlessViewController, VIPERView, ContactsViewProtocol {
  let links = ViewLinks<any ContactsViewOutput>()
  private(set) var shown: [[String]] = []

  override func viewDidLoad() { presenter.viewDidLoad() }
  func show(names: [String]) { shown.append(names) }
}

/// An interactor that answers with fixed contacts.
final class MockContactsInteractor: VIPERInteractor, ContactsInteractorProtocol {
  let links = InteractorLinks<any ContactsInteractorOutput>()
  private(set) var added: [Contact] = []

  func loadContacts() {
    presenter?.didLoad([
      Contact(firstName: "grace", lastName: "Hopper"),
      Contact(firstName: "Ada", lastName: "Lovelace"),
    ])
  }

  func add(_ contact: Contact) { added.append(contact) }
}
