import Foundation
import Testing
import ViperNest

struct StoryScopeTests {
  @Test func childStorySeesParentRegistrations() throws {
    let app = try start { r in
      registerContacts(r)
      r.story(AddContactStory.self, in: ContactsStory.self) { r in
        r.register(Draft.self, lifetime: .story(AddContactStory.self), Draft.init)
      }
    }
    let contacts = try app.open(ContactsStory.self)
    let add = try contacts.open(AddContactStory.self)
    _ = try add.resolve((any ContactListPresenting).self)
    _ = try add.resolve(Draft.self)
    let error = try #require(throws: ViperNestError.self) { try contacts.resolve(Draft.self) }
    #expect(error.code == .missingRegistration)
    #expect(
      error.description.contains(
        "Draft is registered only inside story AddContact, which is not open here"))
    contacts.close()
  }

  @Test func storyLocalOverrideIsVisibleOnlyInItsSubtree() throws {
    let app = try start { r in
      r.register(String.self) { _ in "real" }
      r.story(CheckoutStory.self) { r in r.overriding.register(String.self) { _ in "mock" } }
    }
    let checkout = try app.open(CheckoutStory.self)
    let nested = try checkout.open(PaymentsStory.self)
    let sibling = try app.open(ContactsStory.self)
    #expect(try checkout.resolve(String.self) == "mock")
    #expect(try nested.resolve(String.self) == "mock")
    #expect(try sibling.resolve(String.self) == "real")
    #expect(try app.resolve(String.self) == "real")
    checkout.close()
    sibling.close()
  }

  @Test func overrideInsideAStoryAppliesToDependenciesResolvedThere() throws {
    final class FakeStore: ContactStore { var contacts = ["Fake"] }
    let app = try start { r in
      registerContacts(r)
      r.story(CheckoutStory.self) { r in
        r.overriding.register(
          (any ContactStore).self, lifetime: .story(ContactsStory.self), FakeStore.init)
      }
    }
    let contacts = try app.open(ContactsStory.self)
    let test = try contacts.open(CheckoutStory.self)
    let presenter = try test.resolve((any ContactListPresenting).self)
    #expect(presenter.interactor.store.contacts == ["Fake"])
    #expect(try contacts.resolve((any ContactListPresenting).self).interactor.store.contacts == [])
    contacts.close()
  }

  @Test func closingAStoryClosesItsChildrenInnermostFirst() throws {
    final class Recorder: @unchecked Sendable {
      // Invariant: only mutated from deinits that run on the closing thread, one at a time.
      var order: [String] = []
    }
    final class Noted {
      let name: String
      let recorder: Recorder
      init(_ name: String, _ recorder: Recorder) {
        self.name = name
        self.recorder = recorder
      }
      deinit { recorder.order.append(name) }
    }
    let recorder = Recorder()
    let app = try start { r in
      r.register(Noted.self, lifetime: .story(ContactsStory.self)) { _ in
        Noted("contacts", recorder)
      }
      r.register(Noted.self, name: 1, lifetime: .story(AddContactStory.self)) { _ in
        Noted("add", recorder)
      }
      r.register(Noted.self, name: 2, lifetime: .story(CheckoutStory.self)) { _ in
        Noted("checkout", recorder)
      }
      r.register(Noted.self, name: 3, lifetime: .story(ContactsStory.self)) { _ in
        Noted("contacts-second", recorder)
      }
    }
    let contacts = try app.open(ContactsStory.self)
    let add = try contacts.open(AddContactStory.self)
    let checkout = try add.open(CheckoutStory.self)
    _ = try contacts.resolve(Noted.self)
    _ = try contacts.resolve(Noted.self, name: 3)
    _ = try add.resolve(Noted.self, name: 1)
    _ = try checkout.resolve(Noted.self, name: 2)
    contacts.close()
    #expect(recorder.order == ["checkout", "add", "contacts-second", "contacts"])
    #expect(add.isClosed)
    #expect(checkout.isClosed)
  }

  @Test func closedStoryAndItsInstancesDeallocate() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
      r.register(Leaf.self, lifetime: .story(AddContactStory.self), Leaf.init)
    }
    weak var contactsStory: Story?
    weak var addStory: Story?
    weak var draft: Draft?
    weak var leaf: Leaf?
    do {
      let contacts = try app.open(ContactsStory.self)
      let add = try contacts.open(AddContactStory.self)
      draft = try add.resolve(Draft.self)
      leaf = try add.resolve(Leaf.self)
      contactsStory = contacts
      addStory = add
      contacts.close()
    }
    #expect(contactsStory == nil)
    #expect(addStory == nil)
    #expect(draft == nil)
    #expect(leaf == nil)
    #expect(app.tree.children.isEmpty)
  }

  @Test func storyReleasedWithoutCloseIsClosedAndReported() throws {
    let reports = DiagnosticSink()
    var configuration = Registry.Configuration()
    configuration.onDiagnostic = { reports.append($0) }
    let registry = try Registry(
      AnyAssembly { r in r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init) })
    let app = try registry.start(configuration)
    weak var draft: Draft?
    do {
      let contacts = try app.open(ContactsStory.self)
      draft = try contacts.resolve(Draft.self)
    }
    #expect(draft == nil)
    #expect(app.tree.children.isEmpty)
    let report = try #require(reports.all.first)
    #expect(report.kind == .storyReleasedWithoutClose)
    #expect(report.storyChain == ["App", "Contacts"])
    #expect(report.message.contains("was released without close()"))
    app.close()
  }

  @Test func resolvingFromAClosedStoryNamesIt() throws {
    let app = try start { r in r.register(Leaf.self, Leaf.init) }
    let contacts = try app.open(ContactsStory.self)
    let add = try contacts.open(AddContactStory.self)
    let resolver = add.resolver
    contacts.close()
    contacts.close()
    let error = try #require(throws: ViperNestError.self) {
      // Even a transient resolution from a closed story is refused.
      _ = try resolver.resolve(Leaf.self) as Leaf
    }
    #expect(error.code == .storyClosed)
    #expect(error.description.contains("Story App > Contacts > AddContact is closed"))
    #expect(throws: ViperNestError.self) { try add.open(CheckoutStory.self) }
  }

  @Test func storyDeclaredInsideAParentRefusesToOpenElsewhere() throws {
    let app = try start { r in r.story(AddContactStory.self, in: ContactsStory.self) }
    let error = try #require(throws: ViperNestError.self) { try app.open(AddContactStory.self) }
    #expect(error.code == .storyOpenedOutsideParent)
    #expect(error.description.contains("Story AddContact opens only inside Contacts"))
    let contacts = try app.open(ContactsStory.self)
    let deeper = try contacts.open(CheckoutStory.self)
    _ = try deeper.open(AddContactStory.self)
    contacts.close()
  }

  @Test func liveTreeShowsOpenStoriesAndTheirInstances() throws {
    let app = try start { r in
      r.register((any Clock).self, lifetime: .app) { _ in FixedClock() }
      r.register(
        (any ContactStore).self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
      r.register(Draft.self, lifetime: .story(AddContactStory.self), Draft.init)
    }
    _ = try app.resolve((any Clock).self)
    let contacts = try app.open(ContactsStory.self)
    _ = try contacts.resolve((any ContactStore).self)
    let add = try contacts.open(AddContactStory.self)
    _ = try add.resolve(Draft.self)
    #expect(
      app.tree.description == """
        App
        ├─ Clock (app)
        └─ Contacts
           ├─ ContactStore (story(Contacts))
           └─ AddContact
              └─ Draft (story(AddContact))
        """)
    add.close()
    #expect(app.tree.children.first?.children == [])
    contacts.close()
  }

  @Test func withStoryClosesEvenWhenTheBodyThrows() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(CheckoutStory.self), Draft.init)
    }
    weak var draft: Draft?
    #expect(throws: Boom.self) {
      try app.withStory(CheckoutStory.self) { checkout in
        draft = try checkout.resolve(Draft.self)
        throw Boom()
      }
    }
    #expect(draft == nil)
    #expect(app.tree.children.isEmpty)
  }

  @Test func thousandLevelsOfNestingResolveAndCloseWithoutOverflow() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
    }
    let outer = try app.open(ContactsStory.self)
    var stories = [outer]
    for level in 1..<1_000 {
      stories.append(
        try level.isMultiple(of: 2)
          ? stories[level - 1].open(ContactsStory.self)
          : stories[level - 1].open(CheckoutStory.self))
    }
    let deepest = try #require(stories.last)
    #expect(deepest.chain.count == 1_001)
    _ = try deepest.resolve(Draft.self)
    let error = try #require(throws: ViperNestError.self) { try deepest.resolve(Leaf.self) }
    #expect(error.description.contains("(993 more)"))
    outer.close()
    #expect(stories.allSatisfy { $0.isClosed })
  }

  @Test func providerResolvesLaterFromTheStoryItWasInjectedIn() throws {
    final class Router {
      let draft: Provider<Draft>
      init(draft: Provider<Draft>) { self.draft = draft }
    }
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
      r.register(Router.self, Router.init(draft:))
    }
    let contacts = try app.open(ContactsStory.self)
    let router = try contacts.resolve(Router.self)
    #expect(try router.draft() === contacts.resolve(Draft.self))
    contacts.close()
    let error = try #require(throws: ViperNestError.self) { try router.draft() }
    #expect(error.code == .storyClosed)
  }
}

/// Collects diagnostics from any thread.
final class DiagnosticSink: @unchecked Sendable {
  // Invariant: `items` is only touched while holding `lock`.
  private let lock = NSLock()
  private var items: [Diagnostic] = []
  func append(_ diagnostic: Diagnostic) { lock.withLock { items.append(diagnostic) } }
  var all: [Diagnostic] { lock.withLock { items } }
}
