// swift-format-ignore-file
// The README's code, compiled and run. `DocumentationTests` checks that every ```swift block of the
// README appears here verbatim, so the README cannot drift from code that compiles.
import Testing
import ViperNest

enum Readme {
  enum ContactsStory: UserStory {}

  protocol ContactStore: AnyObject { var names: [String] { get set } }
  final class InMemoryContactStore: ContactStore { var names: [String] = [] }

  protocol ContactListInteracting: AnyObject { func add(_ name: String) }
  final class ContactListInteractor: ContactListInteracting {
    let store: any ContactStore
    init(store: any ContactStore) { self.store = store }
    func add(_ name: String) { store.names.append(name) }
  }

  struct ContactsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ContactStore).self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
      r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
    }
  }

  static func runContacts() throws {
    let registry = try Registry(ContactsAssembly())
    try registry.validate().check()                     // the whole graph, before anything runs
    let app = try registry.start()                      // freezes the registrations
    let contacts = try app.open(ContactsStory.self)     // a user story
    try contacts.resolve((any ContactListInteracting).self).add("Ada Lovelace")
    contacts.close()                                    // its ContactStore is released here
  }
}

struct ReadmeSnippetTests {
  @Test func readmeExampleRuns() throws {
    try Readme.runContacts()
  }
}
