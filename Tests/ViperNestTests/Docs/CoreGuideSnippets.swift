// swift-format-ignore-file
// The code of docs/Registration.md, Lifetimes.md, Stories.md and Validation.md, compiled and run.
// `DocumentationTests` checks that every ```swift block of those guides appears here verbatim.
import Testing
import ViperNest

/// docs/Registration.md's code: the page declares every type it uses.
enum RegistrationGuide {
  enum ContactsStory: UserStory {}

  nonisolated protocol ContactStore: AnyObject { var contacts: [String] { get set } }
  nonisolated final class InMemoryContactStore: ContactStore {
    var contacts: [String] = []
  }

  nonisolated protocol ContactListInteracting: AnyObject { var store: any ContactStore { get } }
  nonisolated final class ContactListInteractor: ContactListInteracting {
    let store: any ContactStore
    init(store: any ContactStore) { self.store = store }
  }

  struct ContactsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ContactStore).self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
      r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
    }
  }

  nonisolated protocol ContactListRouting: AnyObject {}
  nonisolated final class ContactListRouter: ContactListRouting {}

  nonisolated protocol ContactListPresenting: AnyObject {}
  nonisolated final class ContactListPresenter: ContactListPresenting {
    let interactor: any ContactListInteracting
    let router: any ContactListRouting
    init(interactor: any ContactListInteracting, router: any ContactListRouting) {
      self.interactor = interactor
      self.router = router
    }
  }

  @MainActor final class ContactListView {
    let presenter: any ContactListPresenting
    init(presenter: any ContactListPresenting) { self.presenter = presenter }
  }

  /// The list's other layers, registered as the page's one-line examples show.
  struct ContactListAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ContactListRouting).self, ContactListRouter.init)
      r.register((any ContactListPresenting).self, ContactListPresenter.init(interactor:router:))
      r.register(ContactListView.self, mainActor: ContactListView.init(presenter:))
    }
  }

  nonisolated protocol Clock: Sendable { var now: Int { get } }
  nonisolated struct SystemClock: Clock { var now: Int { 1 } }
  nonisolated final class TimestampedContactStore: ContactStore {
    let clock: any Clock
    var contacts: [String] = []
    init(clock: any Clock) { self.clock = clock }
  }

  struct StoreAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any Clock).self, lifetime: .app, SystemClock.init)
      r.register((any ContactStore).self, lifetime: .app) { r in
        let clock = try r.resolve((any Clock).self)
        return TimestampedContactStore(clock: clock)
      }
    }
  }

  protocol PaymentGateway: Sendable { func charge(amount: Int) -> Int }
  struct CardGateway: PaymentGateway { func charge(amount: Int) -> Int { amount + 1 } }
  struct BankTransferGateway: PaymentGateway { func charge(amount: Int) -> Int { amount } }
  struct ReceiptFormatter {
    let currency: String
    func format(_ amount: Int) -> String { "\(amount) \(currency)" }
  }

  enum Gateway: Hashable, Sendable { case card, bankTransfer }

  struct PaymentsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any PaymentGateway).self, name: Gateway.card, CardGateway.init)
      r.register((any PaymentGateway).self, name: Gateway.bankTransfer, BankTransferGateway.init)
      r.register(ReceiptFormatter.self, arguments: String.self) { _, currency in
        ReceiptFormatter(currency: currency)
      }
    }
  }

  static func pay(in app: Story) throws -> String {
    let gateway = try app.resolve((any PaymentGateway).self, name: Gateway.card)
    let formatter = try app.resolve(ReceiptFormatter.self, arguments: "EUR")
    return formatter.format(gateway.charge(amount: 10))
  }

  nonisolated final class FakeContactStore: ContactStore {
    var contacts = ["Fake"]
  }

  static func testRegistry() throws -> Registry {
    let registry = try Registry(ContactsAssembly(), AnyAssembly("TestDoubles") { r in
      r.overriding.register((any ContactStore).self, lifetime: .story(ContactsStory.self), FakeContactStore.init)
    })
    return registry
  }

  struct AppAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.install(ContactsAssembly(), PaymentsAssembly())
    }
  }

  struct TestDoublesAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.overriding.register((any ContactStore).self, lifetime: .story(ContactsStory.self), FakeContactStore.init)
    }
  }

  static func makeRegistry(withTestDoubles: Bool) throws -> Registry {
    var assemblies: [any Assembly] = [AppAssembly()]
    if withTestDoubles { assemblies.append(TestDoublesAssembly()) }
    return try Registry(assemblies)
  }
}

/// docs/Lifetimes.md's code: the page declares every type it uses.
enum LifetimesGuide {
  enum ContactsStory: UserStory {}
  enum AddContactStory: UserStory {}

  nonisolated protocol Clock: Sendable { var now: Int { get } }
  nonisolated struct SystemClock: Clock { var now: Int { 1 } }
  nonisolated protocol ContactStore: AnyObject { var contacts: [String] { get set } }
  nonisolated final class InMemoryContactStore: ContactStore { var contacts: [String] = [] }
  nonisolated final class ContactDraft { var firstName = "" }
  nonisolated final class ImageCache {}
  nonisolated protocol ContactFormatter: AnyObject {}
  nonisolated final class DefaultContactFormatter: ContactFormatter {}

  struct LifetimesAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any Clock).self, lifetime: .app, SystemClock.init)
      r.register((any ContactStore).self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
      r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
      r.register(ImageCache.self, lifetime: .weak, ImageCache.init)
      r.register((any ContactFormatter).self, DefaultContactFormatter.init)
    }
  }

  nonisolated final class UserSession: Sendable {
    init() async { await Task.yield() }  // signs in
  }

  struct SessionAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(UserSession.self, lifetime: .app, UserSession.init)
    }
  }

  static func warmUp(_ app: Story) async throws -> Bool {
    async let first = app.resolveAsync(UserSession.self)
    async let second = app.resolveAsync(UserSession.self)
    return try await first === second  // one creation, shared
  }
}

/// docs/Stories.md's code: the page declares every type it uses.
enum StoriesGuide {
  enum ContactsStory: UserStory {}
  enum AddContactStory: UserStory {}

  nonisolated final class ContactDraft { var firstName = "" }

  struct DraftAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
    }
  }

  static func addContactFlow(registry: Registry) throws {
    let app = try registry.start()
    let contacts = try app.open(ContactsStory.self)
    let addContact = try contacts.open(AddContactStory.self)
    let draft = try addContact.resolve(ContactDraft.self)   // story(AddContact): shared in the flow
    draft.firstName = "Ada"
    addContact.close()                                       // draft released
    contacts.close()
    app.close()
  }

  nonisolated protocol ContactFormatter: AnyObject {}
  nonisolated final class DefaultContactFormatter: ContactFormatter {}
  nonisolated final class ShortContactFormatter: ContactFormatter {}

  struct ContactsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ContactFormatter).self, DefaultContactFormatter.init)
    }
  }

  struct AddContactAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.story(AddContactStory.self, in: ContactsStory.self) { r in
        r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
        r.overriding.register((any ContactFormatter).self, ShortContactFormatter.init)
      }
    }
  }

  enum CheckoutStory: UserStory {}

  nonisolated struct Receipt: Equatable { let total: Int }
  nonisolated final class CheckoutFlow {
    func run() -> Receipt { Receipt(total: 3) }
  }

  static func checkout(app: Story) throws -> Receipt {
    try app.withStory(CheckoutStory.self) { checkout in
      try checkout.resolve(CheckoutFlow.self).run()
    }
  }
}

/// docs/Validation.md's code: the page declares every type it uses.
enum ValidationGuide {
  nonisolated protocol ContactStore: AnyObject {}
  nonisolated protocol ContactListInteracting: AnyObject {}
  nonisolated final class ContactListInteractor: ContactListInteracting {
    init(store: any ContactStore) {}
  }
  nonisolated protocol ContactListPresenting: AnyObject {}
  nonisolated final class ContactListPresenter: ContactListPresenting {
    init(interactor: any ContactListInteracting) {}
  }

  struct ContactsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ContactListPresenting).self, ContactListPresenter.init(interactor:))
      r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
    }
  }

  static func describeFailure(app: Story) -> String {
    do {
      _ = try app.resolve((any ContactListPresenting).self)
      return "resolved"
    } catch let error as ViperNestError where error.code == .missingRegistration {
      return "missing \(error.key ?? "?") via \(error.resolutionPath.joined(separator: " -> "))"
    } catch {
      return "\(error)"
    }
  }

  static func checkAtStartUp(registry: Registry) throws {
    let report = registry.validate()
    if !report.isValid { print(report) }
    try report.check()   // throws the first problem, with the others attached
  }

  static func exportGraph(registry: Registry) -> (dot: String, mermaid: String) {
    (registry.graph(.dot), registry.graph(.mermaid))
  }
}

struct CoreGuideSnippetTests {
  @MainActor @Test func registrationGuidesContactListResolvesWithItsLayersAndPaysWithTheNamedGateway() throws {
    typealias Guide = RegistrationGuide
    let app = try Registry(
      Guide.ContactsAssembly(), Guide.ContactListAssembly(), Guide.PaymentsAssembly()
    ).start(quiet)
    defer { app.close() }
    let contacts = try app.open(Guide.ContactsStory.self)
    defer { contacts.close() }
    let view = try contacts.resolve(Guide.ContactListView.self)
    let presenter = try #require(view.presenter as? Guide.ContactListPresenter)
    let storeIsInMemory = presenter.interactor.store is Guide.InMemoryContactStore
    #expect(storeIsInMemory)
    #expect(try Guide.pay(in: app) == "11 EUR")
  }

  @Test func registrationGuidesOverrideReplacesTheStoreWithTheFake() throws {
    typealias Guide = RegistrationGuide
    let app = try Guide.testRegistry().start(quiet)
    defer { app.close() }
    let contacts = try app.open(Guide.ContactsStory.self)
    defer { contacts.close() }
    #expect(try contacts.resolve((any Guide.ContactStore).self).contacts == ["Fake"])
  }

  @Test func registrationGuidesClosureFactoryBuildsTheTimestampedStore() throws {
    typealias Guide = RegistrationGuide
    let app = try Registry(Guide.StoreAssembly()).start(quiet)
    defer { app.close() }
    #expect(try app.resolve((any Guide.ContactStore).self) is Guide.TimestampedContactStore)
  }

  @Test func registrationGuidesFirstAssemblySharesTheStoreInsideTheStory() throws {
    typealias Guide = RegistrationGuide
    let app = try Registry(Guide.ContactsAssembly()).start(quiet)
    defer { app.close() }
    let contacts = try app.open(Guide.ContactsStory.self)
    defer { contacts.close() }
    let first = try contacts.resolve((any Guide.ContactListInteracting).self)
    let second = try contacts.resolve((any Guide.ContactListInteracting).self)
    // Compared outside #expect: its closures would send the non-Sendable interactors.
    let distinct = first !== second
    let sharedStore = first.store === second.store
    #expect(distinct, "interactors are transient")
    #expect(sharedStore, "the store is shared within the story")
  }

  @Test func lifetimesGuideAssemblySharesEachInstanceAsItsLifetimeSays() throws {
    typealias Guide = LifetimesGuide
    let registry = try Registry(Guide.LifetimesAssembly())
    #expect(registry.validate().isValid)
    let app = try registry.start(quiet)
    defer { app.close() }
    let contacts = try app.open(Guide.ContactsStory.self)
    let addContact = try contacts.open(Guide.AddContactStory.self)
    let draft = try addContact.resolve(Guide.ContactDraft.self)
    let sameDraft = try addContact.resolve(Guide.ContactDraft.self) === draft
    let sameStore =
      try addContact.resolve((any Guide.ContactStore).self)
      === contacts.resolve((any Guide.ContactStore).self)
    let freshFormatter =
      try contacts.resolve((any Guide.ContactFormatter).self)
      !== contacts.resolve((any Guide.ContactFormatter).self)
    addContact.close()
    let nextAddContact = try contacts.open(Guide.AddContactStory.self)
    let nextDraft = try nextAddContact.resolve(Guide.ContactDraft.self) === draft
    nextAddContact.close()
    contacts.close()
    #expect(sameDraft, "story(AddContact): one draft per open AddContact story")
    #expect(!nextDraft, "the next AddContact story has its own draft")
    #expect(sameStore, "story(Contacts): the nested AddContact story sees its Contacts story's store")
    #expect(freshFormatter, "transient: one formatter per resolve")
  }

  @Test func storiesGuidesFlowReleasesTheDraftWhenItsStoryCloses() throws {
    typealias Guide = StoriesGuide
    try Guide.addContactFlow(registry: try Registry(Guide.DraftAssembly()))
    let app = try Registry(Guide.DraftAssembly()).start(quiet)
    defer { app.close() }
    let contacts = try app.open(Guide.ContactsStory.self)
    defer { contacts.close() }
    let addContact = try contacts.open(Guide.AddContactStory.self)
    weak let draft = try addContact.resolve(Guide.ContactDraft.self)
    let shared = try addContact.resolve(Guide.ContactDraft.self) === draft
    #expect(shared, "story(AddContact): one draft in the flow")
    addContact.close()
    #expect(draft == nil, "closing the story releases the draft")
  }

  @Test func storiesGuidesAddContactStoryOverridesTheFormatterOnlyInsideIt() throws {
    typealias Guide = StoriesGuide
    let registry = try Registry(Guide.ContactsAssembly(), Guide.AddContactAssembly())
    #expect(registry.validate().isValid)
    let app = try registry.start(quiet)
    defer { app.close() }
    let contacts = try app.open(Guide.ContactsStory.self)
    defer { contacts.close() }
    let addContact = try contacts.open(Guide.AddContactStory.self)
    defer { addContact.close() }
    let outside = try contacts.resolve((any Guide.ContactFormatter).self) is Guide.DefaultContactFormatter
    let inside = try addContact.resolve((any Guide.ContactFormatter).self) is Guide.ShortContactFormatter
    #expect(outside)
    #expect(inside)
    #expect(throws: ViperNestError.self) { try app.open(Guide.AddContactStory.self) }
  }

  @Test func storiesGuidesCheckoutClosesItsStory() throws {
    typealias Guide = StoriesGuide
    let app = try Registry(AnyAssembly { r in r.register(Guide.CheckoutFlow.self, Guide.CheckoutFlow.init) })
      .start(quiet)
    defer { app.close() }
    #expect(try Guide.checkout(app: app) == Guide.Receipt(total: 3))
    #expect(app.tree.children.isEmpty)
  }

  @Test func validationGuidesForgottenStoreIsReportedBeforeAndWhenResolving() throws {
    typealias Guide = ValidationGuide
    let registry = try Registry(Guide.ContactsAssembly())
    let error = try #require(throws: ViperNestError.self) { try Guide.checkAtStartUp(registry: registry) }
    #expect(error.code == .missingRegistration)
    #expect(Guide.exportGraph(registry: registry).dot.contains("MISSING"))
    let app = try registry.start(quiet)
    defer { app.close() }
    #expect(
      Guide.describeFailure(app: app)
        == "missing ContactStore via ContactListPresenting -> ContactListInteracting -> ContactStore")
  }
}
