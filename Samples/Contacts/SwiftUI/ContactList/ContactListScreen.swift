import ContactsSample
import Observation
import SampleSupport
import ViperNest
import ViperNestSwiftUI

// The contacts list as a SwiftUI screen, at the root of the Contacts story's navigation: full
// names in the list's order, a row per contact that pushes its detail, and an Add button that
// presents Add Contact as a sheet. Its interactor is the UIKit flavour's, unchanged.

/// The list as the app resolves it: nothing to fill in, nothing reported.
typealias ContactListScreenModule = Module<Void, Never>

@MainActor
protocol ContactListScreenRouting: AnyObject {
  func showAddContact(output: any AddContactOutput) throws
  func showDetail(of contact: Contact) throws
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class ContactListScreenPresenter: VIPERPresenter, ScreenAppearance {
  @ObservationIgnored let links = PresenterLinks<
    NoView, any ContactListInteractorProtocol, any ContactListScreenRouting
  >()
  /// The contacts shown, in the list's order; nil until they are loaded.
  private(set) var contacts: [Contact]?
  private(set) var error: String?

  /// The screen's task (`ScreenAppearance`): loads the contacts (the store reads its file off the
  /// main actor) each time the list appears. Its host cancels it when the list disappears.
  func screenTask() async { await interactor.loadContacts() }

  func didTapAdd() {
    do { try router.showAddContact(output: self) } catch { self.error = "\(error)" }
  }

  func didSelect(_ contact: Contact) {
    do { try router.showDetail(of: contact) } catch { self.error = "\(error)" }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContactListScreenPresenter: ContactListInteractorOutput {
  func didLoad(_ contacts: [Contact]) {
    self.contacts = contacts.sortedForList()
    error = nil
  }

  func didFail(_ message: String) { error = message }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContactListScreenPresenter: AddContactOutput {
  func didAdd(contact: Contact) { interactor.add(contact) }
  func didCancel() {}
}

/// Shows Add Contact and a contact's detail on the Contacts story's `ScreenNavigation`, read from
/// the resolver at each use (never stored: the navigation holds the modules, which hold this
/// router). Each opens a story of its own, which closes when its screen leaves, whoever removes
/// it: a router, or the user with Back, a swipe back or a swipe down.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ContactListScreenRouter: VIPERRouter, ContactListScreenRouting {
  let links = RouterLinks()

  /// Resolves Add Contact by its typed module (the UIKit flavour's type, built here by a
  /// `ScreenBuilder`) and presents it as a sheet.
  func showAddContact(output: any AddContactOutput) throws {
    let navigation = try resolver.resolve(ScreenNavigation.self)
    let (story, module) = try resolver.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    module.output = output
    try navigation.presentSheet(module, story: story)
  }

  /// Pushes the contact's detail on the path.
  func showDetail(of contact: Contact) throws {
    let navigation = try resolver.resolve(ScreenNavigation.self)
    let (story, module) = try resolver.open(ContactDetailStory.self) {
      try $0.resolve(ContactDetailModule.self)
    }
    module.input.contact = contact
    try navigation.push(module, story: story)
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ContactListScreen: VIPERScreen {
  let presenter: ContactListScreenPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContactListScreen: TextScreen {
  var text: Screen {
    var lines: [String] =
      switch (presenter.contacts, presenter.error) {
      case (nil, nil): ["Loading contacts…"]
      case (nil, _): []
      case (let contacts?, _):
        contacts.isEmpty ? ["(no contacts yet)"] : contacts.map { "\($0.fullName)  ›" }
      }
    if let error = presenter.error { lines += Screen.wrap("! \(error)") }
    lines.append("[ + Add ]")
    return Screen(title: "Contacts", lines: lines)
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias ContactListScreenBuilder = ScreenBuilder<
  ContactListScreen, ContactListScreenPresenter, ContactListInteractor, ContactListScreenRouter
>
