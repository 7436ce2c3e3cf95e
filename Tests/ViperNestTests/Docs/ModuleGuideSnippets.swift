// swift-format-ignore-file
// The code of docs/BuildingAVIPERModule.md, compiled and run.
// `DocumentationTests` checks that every ```swift block of the guide appears here verbatim.
// The guide's Contacts module is declared in `ModuleGuide`, so it does not clash with the test
// fixtures of the same names (Tests/ViperNestTests/Modules), whose Add Contact and Contact Detail
// modules it opens.
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

// The guide's stories, entities and service, at the top level: the test fixtures' modules
// (Tests/ViperNestTests/Modules) and the core tests use them too.
enum ContactsStory: UserStory {}
enum AddContactStory: UserStory {}

struct Contact: Hashable, Sendable {
  var firstName: String
  var lastName: String
}

/// The contacts of one Contacts story.
nonisolated final class ContactBook {
  var contacts: [Contact] = []
}

/// The Add Contact flow's draft, shared by its screens and released when the flow ends.
final class ContactDraft {
  var firstName = ""
  var lastName = ""
}

protocol NameFormatting: Sendable {
  func fullName(of contact: Contact) -> String
}

struct NameFormatter: NameFormatting {
  func fullName(of contact: Contact) -> String { "\(contact.firstName) \(contact.lastName)" }
}

enum ModuleGuide {
  /// The guide's classes subclass `UIViewController`; in these tests that is the headless one.
  typealias UIViewController = HeadlessViewController

  /// Stand-in for `ViperNestUIKit`'s `UIKitToolkit`, which exists on Apple platforms only
  /// (`.ci/typecheck-uikit.sh` type-checks the real one).
  @MainActor enum UIKitToolkit {
    static let shared = HeadlessHost()
  }

  // MARK: - 1. The five contracts

  @MainActor protocol ContactsViewProtocol: AnyObject {       // presenter → view
    func show(names: [String])
    func show(error: String)
  }
  @MainActor protocol ContactsViewOutput: AnyObject {         // view → presenter
    func viewDidLoad()
    func didTapAdd(suggestedName: String?)
    func didSelect(index: Int)
  }
  @MainActor protocol ContactsInteractorProtocol: AnyObject { // presenter → interactor
    func loadContacts()
    func add(_ contact: Contact)
  }
  @MainActor protocol ContactsInteractorOutput: AnyObject {   // interactor → presenter
    func didLoad(_ contacts: [Contact])
  }
  @MainActor protocol ContactsRouterProtocol: AnyObject {     // presenter → router
    func showAddContact(prefilling firstName: String?, output: any AddContactOutput) throws
    func showDetail(of contact: Contact) throws
  }

  // MARK: - 2. The four classes

  final class ContactsView: UIViewController, VIPERView, ContactsViewProtocol {
    let links = ViewLinks<any ContactsViewOutput>()
    private(set) var names: [String] = []
    private(set) var error: String?

    override func viewDidLoad() {
      super.viewDidLoad()
      presenter.viewDidLoad()           // `presenter` reads the link
    }
    func show(names: [String]) { self.names = names }   // a real view reloads its table here
    func show(error: String) { self.error = error }
  }

  final class ContactsPresenter: VIPERPresenter, ContactsViewOutput, ContactsInteractorOutput,
    AddContactOutput
  {
    let links = PresenterLinks<
      any ContactsViewProtocol, any ContactsInteractorProtocol, any ContactsRouterProtocol
    >()
    private let formatter: any NameFormatting
    private var shown: [Contact] = []

    init(formatter: any NameFormatting) { self.formatter = formatter }

    // ContactsViewOutput: what the view reports
    func viewDidLoad() { interactor.loadContacts() }
    func didTapAdd(suggestedName: String?) {
      navigate { try router.showAddContact(prefilling: suggestedName, output: self) }
    }
    func didSelect(index: Int) { navigate { try router.showDetail(of: shown[index]) } }

    // ContactsInteractorOutput: what the interactor reports
    func didLoad(_ contacts: [Contact]) {
      shown = contacts.sorted {
        formatter.fullName(of: $0).lowercased() < formatter.fullName(of: $1).lowercased()
      }
      view?.show(names: shown.map(formatter.fullName(of:)))
    }

    // AddContactOutput: what the Add Contact module reports
    func didAdd(contact: Contact) { interactor.add(contact) }
    func didCancel() {}

    private func navigate(_ step: () throws -> Void) {
      do { try step() } catch { view?.show(error: "\(error)") }
    }
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
    var addContact: PresentTransition?   // the Add Contact flow while it is shown

    func showDetail(of contact: Contact) throws {
      try push(resolver.resolve(ContactDetailModule.self, arguments: contact))
    }
    // showAddContact(prefilling:output:) is in section 6
  }

  // MARK: - 3. The builder

  final class ContactsBuilder: VIPERBuilder<
    ContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter
  > {
    override class var defaultViewUIType: ViewUIType { .storyboard(name: "Contacts") }
  }

  @MainActor static func build(contactsStory: Story) throws -> (
    module: VIPERModule<ContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter>,
    compact: VIPERModule<ContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter>
  ) {
    let module = try ContactsBuilder.build(in: contactsStory)
    let compact = try ContactsBuilder.build(in: contactsStory, viewUIType: .nib(name: "CompactContacts"))
    return (module, compact)
  }

  struct UIKitAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any UIToolkit).self, mainActorInstance: UIKitToolkit.shared)
    }
  }

  @MainActor static func headlessRegistry() throws -> Registry {
    let host = HeadlessHost()
    let registry = try Registry(host.assembly, ContactsAppAssembly())
    return registry
  }

  // MARK: - 4. Registering the layers

  struct ContactsAppAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any NameFormatting).self, lifetime: .app, NameFormatter.init)
      r.register(ContactBook.self, lifetime: .story(ContactsStory.self), ContactBook.init)

      r.story(ContactsStory.self) { r in
        r.register(ContactsPresenter.self, mainActor: ContactsPresenter.init(formatter:))
        r.register(ContactsInteractor.self, mainActor: ContactsInteractor.init(book:))
        r.register(ContactsRouter.self, mainActor: ContactsRouter.init)
      }

      r.story(AddContactStory.self, in: ContactsStory.self) { r in
        r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
        r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
        r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
        r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
      }
    }
  }

  // MARK: - 5 and 6. The modules routers open, registered with the story they run in

  // MARK: - 5. The contact's detail, with data passed at build time

  @MainActor protocol ContactDetailInput: AnyObject { var contact: Contact { get } }
  typealias ContactDetailModule = Module<any ContactDetailInput, Never>

  @MainActor protocol ContactDetailViewProtocol: AnyObject { func show(title: String) }
  @MainActor protocol ContactDetailViewOutput: AnyObject { func viewDidLoad() }

  final class ContactDetailView: UIViewController, VIPERView, ContactDetailViewProtocol {
    let links = ViewLinks<any ContactDetailViewOutput>()
    private(set) var shownAtLoad: String?
    override func viewDidLoad() {
      super.viewDidLoad()
      presenter.viewDidLoad()
    }
    func show(title: String) { shownAtLoad = shownAtLoad ?? title }
  }

  final class ContactDetailPresenter: VIPERPresenter, ContactDetailInput, ContactDetailViewOutput {
    let links = PresenterLinks<any ContactDetailViewProtocol, NoInteractor, NoRouter>()
    let contact: Contact
    private let formatter: any NameFormatting

    init(contact: Contact, formatter: any NameFormatting) {
      self.contact = contact
      self.formatter = formatter
    }
    func viewDidLoad() { view?.show(title: formatter.fullName(of: contact)) }
  }

  typealias ContactDetailBuilder = VIPERBuilder<
    ContactDetailView, ContactDetailPresenter, NoInteractor, NoRouter
  >

  struct ModulesAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
        $0.module(input: { $0 }, output: { $0.output = $1 })
      }
      r.register(ContactDetailModule.self, arguments: Contact.self, mainActor: { r, contact in
        try ContactDetailBuilder.build(in: r, passing: contact).module(input: { $0 })
      })
      r.story(ContactsStory.self) { r in
        r.register(ContactDetailPresenter.self, arguments: Contact.self, mainActor: { r, contact in
          ContactDetailPresenter(contact: contact, formatter: try r.resolve())
        })
      }
    }
  }

  @MainActor static func detail(in story: Story, of contact: Contact) throws -> VIPERModule<
    ContactDetailView, ContactDetailPresenter, NoInteractor, NoRouter
  > {
    let module = try ContactDetailBuilder.build(in: story, passing: contact)
    return module
  }

  final class SimpleAddContactController: UIViewController, AddContactInput {
    @Weak var delegate: (any AddContactOutput)?
    private(set) var firstName = ""
    func prefill(firstName: String) { self.firstName = firstName }
  }

  /// Add Contact as one MVC controller, behind the same `AddContactModule`.
  struct SimpleAddContactAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(AddContactModule.self, mainActor: { r in
        let controller = SimpleAddContactController(host: try r.resolve())   // UIKit: SimpleAddContactController()
        return Module(view: controller, input: controller) { [weak controller] output in
          controller?.delegate = output
        }
      })
    }
  }
}

// MARK: - 6. The router opens Add Contact in its own story

extension ModuleGuide.ContactsRouter {
  func showAddContact(prefilling firstName: String?, output: any AddContactOutput) throws {
    let (story, module) = try resolver.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    if let firstName { module.input.prefill(firstName: firstName) }
    module.output = output
    addContact = try present(module, embedIn: .navigationController, story: story)
  }
}

// MARK: - 5. A custom build method (viper-base's style)

extension NextModuleBuilder {
  static func build(in story: some Resolving, someData: String, anotherData: Int) throws
    -> NextModuleView
  {
    let module = try build(in: story)
    module.presenter.someData = someData
    module.presenter.anotherData = anotherData
    return module.view
  }
}

// MARK: - 6. Typed modules: the contracts callers see

/// Section 6's own Add Contact input, output and presenter; the fixture's view, interactor and
/// router complete the module.
enum TypedModuleGuide {
  @MainActor protocol AddContactInput: AnyObject { func prefill(firstName: String) }
  @MainActor protocol AddContactOutput: AnyObject {
    func didAdd(contact: Contact)
    func didCancel()
  }
  typealias AddContactModule = Module<any AddContactInput, any AddContactOutput>

  final class AddContactPresenter: VIPERPresenter, AddContactInput {
    let links = PresenterLinks<
      any AddContactViewProtocol, any AddContactInteractorProtocol, any AddContactRouterProtocol
    >()
    @Weak var output: (any AddContactOutput)?

    func prefill(firstName: String) { interactor.draft.firstName = firstName }
    // once the interactor saved the contact: output?.didAdd(contact: contact)
  }

  typealias AddContactBuilder = VIPERBuilder<
    AddContactView, AddContactPresenter, AddContactInteractor, AddContactRouter
  >

  struct AddContactAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
      r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
      r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
      r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
      r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
        $0.module(input: { $0 }, output: { $0.output = $1 })
      }
    }
  }

  /// Records what the module reports.
  final class Listener: AddContactOutput {
    private(set) var added: [Contact] = []
    func didAdd(contact: Contact) { added.append(contact) }
    func didCancel() {}
  }
}

// The rest of the presenter's contracts, which the fixture's view and interactor talk to.
extension TypedModuleGuide.AddContactPresenter: AddContactViewOutput, AddContactInteractorOutput {
  func viewDidLoad() {}
  func didTapDone(firstName: String, lastName: String) {
    interactor.save(firstName: firstName, lastName: lastName)
  }
  func didTapCancel() { output?.didCancel() }
  func didSave(_ contact: Contact) { output?.didAdd(contact: contact) }
  func didFail(_ message: String) { view?.show(error: message) }
}

// MARK: - 7. Testing modules

/// Section 7 works with the fixture module of the same names.
enum ModuleTestingGuide {
  typealias UIViewController = HeadlessViewController

  final class MockContactsView: UIViewController, VIPERView, ContactsViewProtocol {
    let links = ViewLinks<any ContactsViewOutput>()
    private(set) var shown: [[String]] = []
    override func viewDidLoad() { presenter.viewDidLoad() }
    func show(names: [String]) { shown.append(names) }
    func show(error: String) {}
  }

  @MainActor static func showContacts() throws -> (host: HeadlessHost, app: Story, contacts: Story, window: HeadlessWindow) {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, ContactsAppAssembly()).start()
    let window = host.makeWindow()
    let contacts = try app.open(ContactsStory.self)
    try ContactsBuilder.build(in: contacts).attachToWindow(window, withNavigationController: true)
    return (host, app, contacts, window)
  }

  @MainActor static func mockView(in story: Story) throws -> MockContactsView {
    typealias MockViewBuilder = VIPERBuilder<
      MockContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter
    >
    let module = try MockViewBuilder.build(in: story)
    return module.view
  }

  enum UITestStory: UserStory {}

  struct UITestAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.story(UITestStory.self) { r in
        r.overriding.register(ContactBook.self, lifetime: .story(ContactsStory.self)) { _ in
          let book = ContactBook()
          book.contacts = [Contact(firstName: "Test", lastName: "Person")]
          return book
        }
      }
    }
  }

  @MainActor static func contactsInTestStory(host: HeadlessHost) throws -> (app: Story, test: Story, contacts: Story) {
    let app = try Registry(host.assembly, ContactsAppAssembly(), UITestAssembly()).start()
    let test = try app.open(UITestStory.self)
    let contacts = try test.open(ContactsStory.self)     // its ContactBook is the fake
    return (app, test, contacts)
  }
}

// MARK: - The guide's code, run

@MainActor
struct ModuleGuideSnippetTests {
  let host = HeadlessHost()

  private func startGuideApp() throws -> Story {
    try Registry(host.assembly, ModuleGuide.ContactsAppAssembly(), ModuleGuide.ModulesAssembly())
      .start(quiet)
  }

  @Test func theGuidesAppValidatesWithAddContactChecked() throws {
    let registry = try Registry(
      host.assembly, ModuleGuide.ContactsAppAssembly(), ModuleGuide.ModulesAssembly())
    let report = registry.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checkedModules.count == 1)
  }

  @Test func theGuidesContactsModuleListsAddsAndShowsContacts() throws {
    let app = try startGuideApp()
    defer { app.close() }
    let window = host.makeWindow()
    let contacts = try app.open(ContactsStory.self)
    try contacts.resolve(ContactBook.self).contacts = [
      Contact(firstName: "grace", lastName: "Hopper"), Contact(firstName: "Ada", lastName: "Lovelace"),
    ]
    let module = try ModuleGuide.ContactsBuilder.build(in: contacts)
    try module.attachToWindow(window, withNavigationController: true)
    #expect(module.view.names == ["Ada Lovelace", "grace Hopper"], "sorted case-insensitively")
    #expect(module.view.loadedFrom == .storyboard(name: "Contacts"))

    module.presenter.didTapAdd(suggestedName: "Alan")
    let sheet = try #require(module.view.presentedController as? HeadlessNavigationController)
    let addContact = try #require(sheet.controllers.first as? AddContactView)
    #expect(addContact.fields.firstName == "Alan", "prefilled through the module's input")
    addContact.tapDone(firstName: "Alan", lastName: "Turing")
    #expect(module.view.presentedController == nil, "Add Contact dismissed itself")
    #expect(module.router.addContact?.story?.isClosed == true, "and closed its story")
    #expect(module.view.names == ["Ada Lovelace", "Alan Turing", "grace Hopper"])

    module.presenter.didSelect(index: 1)
    let stack = try #require(module.view.navigationContainer as? HeadlessNavigationController)
    let detail = try #require(stack.controllers.last as? ModuleGuide.ContactDetailView)
    #expect(detail.shownAtLoad == "Alan Turing")
    #expect(module.view.error == nil)
  }

  @Test func aNavigationErrorReachesTheViewAsText() throws {
    let app = try startGuideApp()
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    try contacts.resolve(ContactBook.self).contacts = [Contact(firstName: "Ada", lastName: "Lovelace")]
    let module = try ModuleGuide.ContactsBuilder.build(in: contacts)
    try module.attachToWindow(host.makeWindow())   // no navigation stack to push onto

    module.presenter.didSelect(index: 0)

    #expect(module.view.error?.contains("is not in a navigation stack") == true)
  }

  @Test func theBuilderLoadsTheDefaultStoryboardOrTheNibAskedFor() throws {
    let app = try startGuideApp()
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    let (module, compact) = try ModuleGuide.build(contactsStory: contacts)
    #expect(module.view.loadedFrom == .storyboard(name: "Contacts"))
    #expect(compact.view.loadedFrom == .nib(name: "CompactContacts"))
    #expect(module.presenter.view === module.view)
    #expect(module.router.viewController === module.view)
  }

  @Test func theAppRegistersItsToolkitAndTestsRegisterTheHeadlessHost() throws {
    let app = try Registry(ModuleGuide.UIKitAssembly()).start(quiet)
    defer { app.close() }
    #expect(try app.resolve((any UIToolkit).self) === ModuleGuide.UIKitToolkit.shared)
    let registry = try ModuleGuide.headlessRegistry()
    #expect(registry.validate().isValid, "\(registry.validate())")
    let started = try registry.start(quiet)
    defer { started.close() }
    #expect(try started.resolve((any UIToolkit).self) is HeadlessHost)
  }

  @Test func dataPassedAtBuildTimeReachesThePresenterBeforeTheViewLoads() throws {
    let app = try startGuideApp()
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    let module = try ModuleGuide.detail(in: contacts, of: Contact(firstName: "Ada", lastName: "Lovelace"))
    #expect(module.presenter.contact == Contact(firstName: "Ada", lastName: "Lovelace"))
    module.view.loadViewIfNeeded()
    #expect(module.view.shownAtLoad == "Ada Lovelace")
  }

  @Test func aCustomBuildMethodSetsThePresentersData() throws {
    let app = try Registry(host.assembly, MyModuleAssembly()).start(quiet)
    defer { app.close() }
    let view = try NextModuleBuilder.build(in: app, someData: "Example", anotherData: 2)
    let presenter = try #require(view.presenter as? NextModulePresenter)
    #expect(presenter.someData == "Example")
    #expect(presenter.anotherData == 2)
  }

  @Test func aTypedModuleTakesItsInputFromThePresenterAndHoldsItsOutputWeakly() throws {
    let app = try Registry(host.assembly, TypedModuleGuide.AddContactAssembly()).start(quiet)
    defer { app.close() }
    let story = try app.open(AddContactStory.self)
    let module = try story.resolve(TypedModuleGuide.AddContactModule.self)
    module.input.prefill(firstName: "Ada")
    #expect(try story.resolve(ContactDraft.self).firstName == "Ada", "the draft is story-scoped")

    var listener: TypedModuleGuide.Listener? = TypedModuleGuide.Listener()
    module.output = listener
    let addContact = try #require(module.view as? AddContactView)
    addContact.tapDone(firstName: "Ada", lastName: "Lovelace")
    #expect(listener?.added == [Contact(firstName: "Ada", lastName: "Lovelace")])
    let watched = WeakRef(listener)
    listener = nil
    #expect(watched.object == nil, "the module holds its output weakly")
    #expect(module.output == nil)
  }

  @Test func anMVCControllerFitsBehindTheSameModuleType() throws {
    let app = try Registry(host.assembly, ModuleGuide.SimpleAddContactAssembly()).start(quiet)
    defer { app.close() }
    let module = try app.resolve(AddContactModule.self)
    let controller = try #require(module.view as? ModuleGuide.SimpleAddContactController)
    module.input.prefill(firstName: "Ada")
    let output = AddContactRecorder()
    module.output = output
    #expect(controller.firstName == "Ada")
    #expect(controller.delegate === output)
  }

  @Test func testsShowAModuleInAHeadlessWindow() throws {
    let (host, app, contacts, window) = try ModuleTestingGuide.showContacts()
    defer {
      contacts.close()
      app.close()
    }
    let navigation = try #require(window.root as? HeadlessNavigationController)
    #expect(navigation.topController is ContactsView)
    #expect(
      host.transcript == """
        load ContactsView from code
        root of Window: Navigation(ContactsView)
        """)
  }

  @Test func aTypealiasBuilderPutsAMockViewInTheModule() throws {
    let app = try Registry(host.assembly, ContactsAppAssembly()).start(quiet)
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    try contacts.resolve(ContactBook.self).contacts = [Contact(firstName: "Ada", lastName: "Lovelace")]
    let view = try ModuleTestingGuide.mockView(in: contacts)
    view.loadViewIfNeeded()
    #expect(view.shown == [["Ada Lovelace"]])
  }

  @Test func anOverrideInATestStoryGivesTheModuleTheFake() throws {
    let (app, test, contacts) = try ModuleTestingGuide.contactsInTestStory(host: host)
    defer { app.close() }
    #expect(contacts.chain == ["App", "UITest", "Contacts"])
    #expect(!test.isClosed)
    let module = try ContactsBuilder.build(in: contacts)
    module.view.loadViewIfNeeded()
    #expect(module.view.names == ["Test Person"])
  }
}

/// Records what an Add Contact module reports.
final class AddContactRecorder: AddContactOutput {
  private(set) var added: [Contact] = []
  func didAdd(contact: Contact) { added.append(contact) }
  func didCancel() {}
}

// MARK: - 2. Layers hold links, not stored copies

/// A presenter ported with one of its old references kept next to its links.
enum ShadowedLinkGuide {
  typealias ContactsViewOutput = ModuleGuide.ContactsViewOutput
  typealias ContactsInteractorOutput = ModuleGuide.ContactsInteractorOutput
  typealias ContactsViewProtocol = ModuleGuide.ContactsViewProtocol
  typealias ContactsInteractorProtocol = ModuleGuide.ContactsInteractorProtocol
  typealias ContactsRouterProtocol = ModuleGuide.ContactsRouterProtocol

  final class ContactsPresenter: VIPERPresenter, ContactsViewOutput, ContactsInteractorOutput {
    let links = PresenterLinks<
      any ContactsViewProtocol, any ContactsInteractorProtocol, any ContactsRouterProtocol
    >()
    var interactor: (any ContactsInteractorProtocol)!   // kept from before the port: refused

    func viewDidLoad() { interactor.loadContacts() }    // would read this property, never set
    func didTapAdd(suggestedName: String?) {}
    func didSelect(index: Int) {}
    func didLoad(_ contacts: [Contact]) { view?.show(names: contacts.map(\.firstName)) }
  }

  final class ContactsBuilder: VIPERBuilder<
    ModuleGuide.ContactsView, ContactsPresenter, ModuleGuide.ContactsInteractor,
    ModuleGuide.ContactsRouter
  > {}
}

@MainActor
struct ShadowedLinkGuideTests {
  @Test func theBuilderRefusesAPresenterKeepingItsOldInteractorWithTheGuidesMessage() throws {
    let host = HeadlessHost()
    let app = try Registry(
      host.assembly, ModuleGuide.ContactsAppAssembly(),
      AnyAssembly("Ported") { r in
        r.register(ShadowedLinkGuide.ContactsPresenter.self, mainActor: ShadowedLinkGuide.ContactsPresenter.init)
      }
    ).start(quiet)
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    let error = try #require(throws: ModuleError.self) {
      try ShadowedLinkGuide.ContactsBuilder.build(in: contacts)
    }
    #expect(error.code == .shadowedLink)
    // The text of docs/BuildingAVIPERModule.md, "Layers hold links, not stored copies".
    #expect(
      error.description == """
        Cannot build module Contacts: a layer's own property hides its links.
          - ContactsPresenter declares a stored property `interactor`, which hides the `interactor` its links provide: its code reads that property, which the builder never sets
          fix: remove the stored property `var interactor` from ContactsPresenter: the links provide it, and the builder wires the links (a property that is not meant as a link needs another name)
        """)
  }
}

// MARK: - 6. Modules without input: NoInput

enum NoInputGuide {
  typealias UIViewController = HeadlessViewController

final class AboutController: UIViewController {}
final class HelpController: UIViewController {}

enum AboutScreen {}
enum HelpScreen {}
typealias AboutModule = Module<NoInput<AboutScreen>, Never>
typealias HelpModule = Module<NoInput<HelpScreen>, Never>

struct InfoScreensAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(AboutModule.self, mainActor: { r in AboutModule(view: AboutController(host: try r.resolve())) })
    r.register(HelpModule.self, mainActor: { r in HelpModule(view: HelpController(host: try r.resolve())) })
  }
}
}

@MainActor
struct NoInputGuideTests {
  @Test func twoScreensWithoutInputHaveTwoKeys() throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, NoInputGuide.InfoScreensAssembly()).start(quiet)
    defer { app.close() }
    #expect(try app.resolve(NoInputGuide.AboutModule.self).view is NoInputGuide.AboutController)
    #expect(try app.resolve(NoInputGuide.HelpModule.self).view is NoInputGuide.HelpController)
  }

  @Test func twoModulesOfVoidInputCollideWithAFixThatNamesNoInput() throws {
    let host = HeadlessHost()
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
      host.assembly,
      AnyAssembly("Screens") { r in
        r.register(Module<Void, Never>.self, mainActor: { r in
          Module(view: NoInputGuide.AboutController(host: try r.resolve()), input: ())
        })
        r.register(Module<Void, Never>.self, mainActor: { r in
          Module(view: NoInputGuide.HelpController(host: try r.resolve()), input: ())
        })
      }
      ).start(quiet)
    }
    #expect(error.code == .duplicateRegistration)
    #expect(error.description.contains("every module without an input has this key"))
    #expect(error.description.contains("Module<NoInput<AboutScreen>, Never>"))
  }
}

// MARK: - 6. Modules without an interactor or a router

enum NoLayerGuide {
  typealias UIViewController = HeadlessViewController

  @MainActor protocol LicensesViewProtocol: AnyObject { func show(licenses: [String]) }
  @MainActor protocol LicensesViewOutput: AnyObject {
    func viewDidLoad()
    func didTapClose()
  }
  @MainActor protocol LicensesRouterProtocol: AnyObject { func close() throws }

  final class LicensesView: UIViewController, VIPERView, LicensesViewProtocol {
    let links = ViewLinks<any LicensesViewOutput>()
    private(set) var licenses: [String] = []
    override func viewDidLoad() {
      super.viewDidLoad()
      presenter.viewDidLoad()
    }
    func show(licenses: [String]) { self.licenses = licenses }
  }

  final class LicensesPresenter: VIPERPresenter, LicensesViewOutput {
    let links = PresenterLinks<any LicensesViewProtocol, NoInteractor, any LicensesRouterProtocol>()
    func viewDidLoad() { view?.show(licenses: ["ViperNest: MIT"]) }
    func didTapClose() {
      do { try router.close() } catch { assertionFailure("\(error)") }
    }
  }

  final class LicensesRouter: VIPERRouter, LicensesRouterProtocol {
    let links = RouterLinks()
    func close() throws { try dismiss() }
  }

  typealias LicensesBuilder = VIPERBuilder<
    LicensesView, LicensesPresenter, NoInteractor, LicensesRouter
  >
  enum LicensesScreen {}
  typealias LicensesModule = Module<NoInput<LicensesScreen>, Never>

  struct LicensesAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(LicensesPresenter.self, mainActor: LicensesPresenter.init)
      r.register(LicensesRouter.self, mainActor: LicensesRouter.init)
      r.register(LicensesModule.self, builder: LicensesBuilder.self, in: AppStory.self) {
        LicensesModule(view: $0.view)
      }
    }
  }
}

@MainActor
struct NoLayerGuideTests {
  @Test(.detectsLeaks) func theLicensesModuleIsBuiltWithoutAnInteractorAndClosesThroughItsRouter()
    throws
  {
    let host = HeadlessHost()
    let registry = try Registry(host.assembly, NoLayerGuide.LicensesAssembly())
    #expect(registry.validate().isValid, "no interactor is registered, and none is needed")
    let app = try registry.start(quiet)
    let home = HeadlessViewController(host: host)
    let window = host.makeWindow()
    let shown = try home.attachToWindow(window)
    weak var weakView: NoLayerGuide.LicensesView?
    do {
      let module = try app.resolve(NoLayerGuide.LicensesModule.self)
      let view = try #require(module.view as? NoLayerGuide.LicensesView)
      weakView = view
      try PresentTransition(from: home, to: module, story: app).perform()
      #expect(view.licenses == ["ViperNest: MIT"])
      view.presenter.didTapClose()
    }
    #expect(home.presentedController == nil)
    #expect(weakView == nil)
    try shown.reverse()
    app.close()
  }
}
