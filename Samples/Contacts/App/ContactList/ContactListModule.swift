import SampleSupport
package import ViperNest
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
  /// Loads the contacts; the view awaits it in a task it owns.
  func viewDidLoad() async
  func didTapAdd()
}

@MainActor
package protocol ContactListInteractorProtocol: AnyObject {
  func loadContacts() async
  func add(_ contact: Contact)
}

@MainActor
package protocol ContactListInteractorOutput: AnyObject {
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
  /// The names shown; nil until the contacts are loaded.
  private(set) var names: [String]?
  private(set) var error: String?
  /// The first load, started when the view loads and owned by it (as SwiftUI's `.task` is): the
  /// view cancels it when it goes away, so a load still in flight never keeps the module alive.
  private var loading: Task<Void, Never>?

  override func viewDidLoad() {
    loading = Task { [presenter] in await presenter.viewDidLoad() }
  }

  deinit { loading?.cancel() }

  /// Returns when the first load has ended: its contacts, or its error, are on screen. A real
  /// completion signal (the load's own task) that tests and the sample's session await.
  func loaded() async { await loading?.value }

  func tapAdd() { presenter.didTapAdd() }

  func show(names: [String]) {
    self.names = names
    error = nil
  }

  func show(error: String) { self.error = error }

  var screen: Screen {
    var lines: [String] =
      switch (names, error) {
      case (nil, nil): ["Loading contacts…"]
      case (nil, _): []
      case (let names?, _): names.isEmpty ? ["(no contacts yet)"] : names.map { "• \($0)" }
      }
    if let error { lines += Screen.wrap("! \(error)") }
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
  func viewDidLoad() async { await interactor.loadContacts() }

  func didTapAdd() {
    do { try router.showAddContact(output: self) } catch { view?.show(error: "\(error)") }
  }
}

extension ContactListPresenter: ContactListInteractorOutput {
  func didLoad(_ contacts: [Contact]) {
    view?.show(names: contacts.sortedForList().map(\.fullName))
  }

  func didFail(_ message: String) { view?.show(error: message) }
}

extension ContactListPresenter: AddContactOutput {
  func didAdd(contact: Contact) { interactor.add(contact) }
  func didCancel() {}
}

/// Reaches the store through `AsyncProvider`: the store's factory is `async` (it reads the file
/// off the main actor), and this interactor is built synchronously, by the list's router and by
/// deep links, so it may not depend on the store directly (`validate()` would say so). It awaits
/// the store when the list loads; the first await creates it, and every later one in the same
/// Contacts story returns that instance.
package final class ContactListInteractor: VIPERInteractor, ContactListInteractorProtocol {
  package let links = InteractorLinks<any ContactListInteractorOutput>()
  private let loadStore: AsyncProvider<any ContactStore>
  /// The store, once loaded.
  private var store: (any ContactStore)?

  package init(store: AsyncProvider<any ContactStore>) { loadStore = store }

  package func loadContacts() async {
    do {
      let store = try await loadStore()
      self.store = store
      presenter?.didLoad(store.contacts)
    } catch is CancellationError {
      // The list went away while the file was being read: nobody is left to tell.
    } catch {
      // The user sees what the store reported; the typed error around it names the resolution.
      presenter?.didFail("\((error as? ViperNestError)?.underlyingError ?? error)")
    }
  }

  package func add(_ contact: Contact) {
    guard let store else {
      presenter?.didFail("The contacts are not loaded, so nothing can be added.")
      return
    }
    do {
      try store.add(contact)
      presenter?.didLoad(store.contacts)
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
