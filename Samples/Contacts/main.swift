// A first look at ViperNest: assemblies, a user story, story-scoped state, validation.
// (The full Contacts app arrives with the VIPER module layer.)
import Foundation
import ViperNest

enum ContactsStory: UserStory {}

protocol ContactStore: AnyObject {
  var contacts: [String] { get set }
}

final class InMemoryContactStore: ContactStore {
  var contacts: [String] = []
}

protocol ContactListInteracting: AnyObject {
  func add(_ name: String)
  func sortedNames() -> [String]
}

final class ContactListInteractor: ContactListInteracting {
  private let store: any ContactStore
  init(store: any ContactStore) { self.store = store }
  func add(_ name: String) { store.contacts.append(name) }
  func sortedNames() -> [String] {
    store.contacts.sorted { $0.lowercased() < $1.lowercased() }
  }
}

struct ContactsAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(
      (any ContactStore).self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
    r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
  }
}

do {
  let registry = try Registry(ContactsAssembly())
  print(registry.validate())
  let app = try registry.start()
  let contacts = try app.open(ContactsStory.self)
  let interactor = try contacts.resolve((any ContactListInteracting).self)
  interactor.add("grace Hopper")
  interactor.add("Ada Lovelace")
  print("Contacts:", interactor.sortedNames().joined(separator: ", "))
  print(app.tree)
  contacts.close()
  print("After closing Contacts:")
  print(app.tree)
  app.close()
} catch {
  print(error)
  exit(1)
}
