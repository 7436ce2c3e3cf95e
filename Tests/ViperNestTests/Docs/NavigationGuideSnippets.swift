// swift-format-ignore-file
// The code of docs/Navigation.md, compiled and run.
// `DocumentationTests` checks that every ```swift block of the guide appears here verbatim.
import Testing
import ViperNest
import ViperNestHeadless

enum NavigationGuide {
  // MARK: - Transitions

  /// The guide's summary of ``Transition``; every ViperNest transition conforms to it (below), so
  /// the summary cannot drift from the real protocol.
  @MainActor public protocol Transition: AnyObject {
    var destination: (any ViewControlling)? { get }
    var story: Story? { get }
    var isShown: Bool { get }
    func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws
    func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws
  }
  // and perform(animated: = true), reverse(animated: = true)

  @MainActor static func presentAndDismiss(list: any ViewControlling, module: some Presentable) throws -> PresentTransition {
    let transition = PresentTransition(
      from: list, to: module, embedIn: .navigationController,
      appearance: .init(style: .formSheet, navigationBar: .init(barTintColor: AppearanceColor(hex: 0x336699))))
    try transition.perform()
    try transition.reverse()
    return transition
  }

  // MARK: - Screens composed of modules

  final class DashboardView: HeadlessViewController {   // or a UIViewController with two UIViews
    var listArea: HeadlessContainerArea { area("list") }
    var bannerArea: HeadlessContainerArea { area("banner") }
  }

  @MainActor static func compose(
    dashboard: DashboardView, contactsModule: some Presentable, bannerController: any ViewControlling
  ) throws {
    let list = EmbedTransition(parent: dashboard, area: dashboard.listArea, child: contactsModule)
    let banner = EmbedTransition(parent: dashboard, area: dashboard.bannerArea, child: bannerController)
    try list.perform()
    try banner.perform()
    try list.reverse()     // the list module is released; the banner stays
  }

  // MARK: - Router helpers

  final class AddContactRouter: VIPERRouter, AddContactRouterProtocol {
    let links = RouterLinks()
    func close() throws { try dismiss() }
  }

  // MARK: - Transitions that open a story

  final class ContactsRouter: VIPERRouter, ContactsRouterProtocol {
    let links = RouterLinks()
    private(set) var addContact: PresentTransition?

    func showAddContact(prefilling firstName: String?, output: any AddContactOutput) throws {
      let (story, module) = try resolver.open(AddContactStory.self) {
        try $0.resolve(AddContactModule.self)            // its draft: story(AddContactStory)
      }
      module.output = output
      addContact = try present(module, embedIn: .navigationController, story: story)
    }

    func showDetail(of contact: Contact) throws {
      try push(resolver.resolve(ContactDetailModule.self, arguments: contact))
    }
  }

  // MARK: - The user's own dismissals

  @MainActor static func theUser(
    host: HeadlessHost, navigation: HeadlessNavigationController, sheet: HeadlessViewController,
    tabs: HeadlessTabController
  ) throws {
    try host.tapBack(in: navigation)                // pops the top controller, animated
    try host.swipeBack(in: navigation, completes: false)   // a cancelled edge swipe: nothing ends
    try host.swipeDown(sheet)                       // refused if modal in presentation, full screen or covered
    try host.selectTab(1, in: tabs)                 // ends nothing: the other tabs stay
  }

  @MainActor static func strictTiming(
    host: HeadlessHost, router: AddContactRouter, stillPresented: () -> Void
  ) throws {
    try router.dismiss()          // animated: AddContact is still presented
    stillPresented()
    host.finishTransitions()      // now it is dismissed, and its story closed
  }

  // MARK: - Appearance: what each host calls, and when

  @MainActor protocol FavoritesViewProtocol: AnyObject {}
  @MainActor protocol FavoritesViewOutput: AnyObject { func viewWillAppear() }

  final class FavoritesView: HeadlessViewController, VIPERView, FavoritesViewProtocol {
    let links = ViewLinks<any FavoritesViewOutput>()

    override func viewWillAppear(_ animated: Bool) { presenter.viewWillAppear() }  // reloads
  }

  final class FavoritesPresenter: VIPERPresenter, FavoritesViewOutput {
    let links = PresenterLinks<any FavoritesViewProtocol, NoInteractor, NoRouter>()
    private(set) var loads = 0
    func viewWillAppear() { loads += 1 }
  }

  typealias FavoritesBuilder = VIPERBuilder<FavoritesView, FavoritesPresenter, NoInteractor, NoRouter>

  @MainActor static func names(host: HeadlessHost, home: HeadlessViewController, detail: HeadlessViewController) {
    host.setName("Home", of: home)    // the log says "push Detail onto Navigation(Home)"
    #expect(host.name(of: detail) == "DetailView")   // default: the type name
  }

  // MARK: - Testing navigation headless

  @MainActor static func transcript(host: HeadlessHost) throws -> String {
    let window = host.makeWindow()
    let home = PlainController(host: host)
    host.setName("Home", of: home)
    let detail = PlainController(host: host)
    host.setName("Detail", of: detail)
    let sheet = PlainController(host: host)
    host.setName("Sheet", of: sheet)
    try home.attachToWindow(window, withNavigationController: true)
    let push = PushTransition(from: home, to: detail)
    try push.perform()
    let present = PresentTransition(from: detail, to: sheet, appearance: .init(style: .pageSheet))
    try present.perform()
    try present.reverse()
    try push.reverse()
    print(host.transcript)
    // root of Window: Navigation(Home)
    // push Detail onto Navigation(Home)
    // present Sheet from Detail (pageSheet)
    // dismiss Sheet from Detail
    // pop Detail from Navigation(Home)
    return host.transcript
  }
}

// Every ViperNest transition has what the guide's summary says.
extension PresentTransition: NavigationGuide.Transition {}
extension PushTransition: NavigationGuide.Transition {}
extension EmbedTransition: NavigationGuide.Transition {}
extension WindowRootTransition: NavigationGuide.Transition {}
extension TabTransition: NavigationGuide.Transition {}
extension OverlayTransition: NavigationGuide.Transition {}

@MainActor
struct NavigationGuideSnippetTests {
  let host = HeadlessHost()

  @Test func aScreenThatLoadsOnAppearanceReloadsWhenTheScreenAboveItIsPopped() throws {
    let host = HeadlessHost(timing: .strict)
    let registry = try Registry(host.assembly, AnyAssembly("Favorites") { r in
      r.register(NavigationGuide.FavoritesPresenter.self, mainActor: NavigationGuide.FavoritesPresenter.init)
    })
    let app = try registry.start()
    defer { app.close() }
    let favorites = try NavigationGuide.FavoritesBuilder.build(in: app)
    let window = host.makeWindow()
    try favorites.attachToWindow(window, withNavigationController: true)
    #expect(favorites.presenter.loads == 1, "the first appearance loads")
    let navigation = try #require(favorites.view.navigationController)
    try navigation.pushController(PlainController(host: host), animated: true, completion: nil)
    host.finishTransitions()
    #expect(try host.tapBack(in: navigation))
    host.finishTransitions()
    #expect(favorites.presenter.loads == 2, "revealed by the pop: reloaded, with no manual replay")
  }

  @Test func theLogNameLivesWithTheHost() {
    final class DetailView: HeadlessViewController {}
    let home = PlainController(host: host)
    NavigationGuide.names(host: host, home: home, detail: DetailView(host: host))
    #expect(host.name(of: home) == "Home")
  }

  @Test func everyTransitionMatchesTheGuidesSummaryOfTheProtocol() throws {
    let window = host.makeWindow()
    let root = PlainController(host: host)
    let transition: any NavigationGuide.Transition = WindowRootTransition(window: window, root: root)
    #expect(!transition.isShown)
    try transition.perform(animated: false, completion: nil)
    #expect(transition.isShown)
    #expect(transition.destination === root)
    #expect(transition.story == nil)
  }

  @Test func aPresentedModuleIsWrappedStyledAndDismissed() throws {
    let window = host.makeWindow()
    let list = PlainController(host: host)
    try list.attachToWindow(window)
    var module: PlainController? = PlainController(host: host)
    let watched = WeakRef(module)
    let transition = try NavigationGuide.presentAndDismiss(list: list, module: module!)
    module = nil
    #expect(!transition.isShown)
    #expect(watched.object == nil, "dismissed and released")
    #expect(
      host.log.contains(.presented("Navigation(PlainController)", by: "PlainController", style: .formSheet)))
  }

  @Test func pushingWithoutANavigationStackFailsWithTheGuidesMessage() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let list = try ContactsBuilder.build(in: story)
    try list.attachToWindow(app.window)
    let detail = try ContactDetailBuilder.build(in: story, passing: Contact(firstName: "Ada", lastName: "Lovelace"))
    let error = try #require(throws: TransitionError.self) {
      try PushTransition(from: list.view, to: detail).perform()
    }
    #expect(
      error.description == """
        Cannot push ContactDetailView from ContactsView: ContactsView is not in a navigation stack.
          fix: show ContactsView inside a navigation container (attachToWindow(window, withNavigationController: true), or present it with embedIn: .navigationController), or present ContactDetailView instead of pushing it
        """)
  }

  @Test func removingOneEmbeddedModuleLeavesTheOthers() throws {
    let dashboard = NavigationGuide.DashboardView(host: host)
    try dashboard.attachToWindow(host.makeWindow())
    var list: PlainController? = PlainController(host: host)
    let watchedList = WeakRef(list)
    let banner = PlainController(host: host)
    try NavigationGuide.compose(dashboard: dashboard, contactsModule: list!, bannerController: banner)
    list = nil
    #expect(watchedList.object == nil, "the list module is released")
    #expect(dashboard.children.map { $0 === banner } == [true], "the banner stays")
    #expect(dashboard.areaName(of: banner) == "banner")
  }

  @Test func aRouterDismissesItsOwnModule() throws {
    typealias Builder = VIPERBuilder<
      AddContactView, AddContactPresenter, AddContactInteractor, NavigationGuide.AddContactRouter
    >
    let app = try ContactsApp { r in
      r.story(AddContactStory.self, in: ContactsStory.self) { r in
        r.register(NavigationGuide.AddContactRouter.self, mainActor: NavigationGuide.AddContactRouter.init)
      }
    }
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let addContact = try story.open(AddContactStory.self)
    let module = try Builder.build(in: addContact)
    try PresentTransition(from: list, to: module, story: addContact).perform()
    #expect(list.presentedController === module.view)

    try module.router.close()

    #expect(list.presentedController == nil)
    #expect(addContact.isClosed, "the story the transition was given closes with the module")
  }

  @Test func theStoryOpenedForAFlowClosesWhenItsModuleIsDismissed() throws {
    typealias Builder = VIPERBuilder<
      ContactsView, ContactsPresenter, ContactsInteractor, NavigationGuide.ContactsRouter
    >
    let app = try ContactsApp { r in
      r.story(ContactsStory.self) { r in
        r.register(NavigationGuide.ContactsRouter.self, mainActor: NavigationGuide.ContactsRouter.init)
      }
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let module = try Builder.build(in: story)
    try module.attachToWindow(app.window, withNavigationController: true)

    try module.router.showAddContact(prefilling: nil, output: module.presenter)
    let transition = try #require(module.router.addContact)
    let flow = try #require(transition.story)
    #expect(flow.chain == ["App", "Contacts", "AddContact"])
    let draft = WeakRef(try flow.resolve(ContactDraft.self))

    try transition.reverse()

    #expect(flow.isClosed)
    #expect(draft.object == nil, "story-scoped state released on dismissal")
  }

  @Test func theUsersGesturesEndWhatTheyDismissAndNothingElse() throws {
    let window = host.makeWindow()
    let tabs = try #require(host.makeTabContainer() as? HeadlessTabController)
    let home = PlainController(host: host)
    let navigation = try #require(
      host.makeNavigationContainer(root: home) as? HeadlessNavigationController)
    try tabs.setTabRoots([navigation, PlainController(host: host)], animated: false)
    try window.setRootController(tabs)
    let app = try Registry().start(quiet)
    defer { app.close() }
    let pushed = try app.open(ContactsStory.self)
    let push = PushTransition(from: home, to: PlainController(host: host), story: pushed)
    try push.perform()
    let sheetStory = try app.open(AddContactStory.self)
    let sheet = PlainController(host: host)
    try PresentTransition(
      from: home, to: sheet, appearance: .init(style: .pageSheet), story: sheetStory
    ).perform()

    try NavigationGuide.theUser(host: host, navigation: navigation, sheet: sheet, tabs: tabs)

    #expect(pushed.isClosed && !push.isShown)
    #expect(sheetStory.isClosed)
    #expect(tabs.selectedTabIndex == 1 && tabs.tabControllers.count == 2)
    #expect(host.log.contains(.userSwipedBack("Navigation(PlainController)", completed: false)))
  }

  @Test func withStrictTimingADismissalEndsWhenTheHostFinishesIt() throws {
    typealias Builder = VIPERBuilder<
      AddContactView, AddContactPresenter, AddContactInteractor, NavigationGuide.AddContactRouter
    >
    // The guide's host is the app's: build the module on a strict host.
    let strict = HeadlessHost(timing: .strict)
    let registry = try Registry(
      strict.assembly, ContactsAppAssembly(),
      AnyAssembly { r in
        r.story(AddContactStory.self, in: ContactsStory.self) { r in
          r.register(NavigationGuide.AddContactRouter.self, mainActor: NavigationGuide.AddContactRouter.init)
        }
      })
    let app = try registry.start(quiet)
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    let window = strict.makeWindow()
    let list = try ContactsBuilder.build(in: contacts)
    try list.attachToWindow(window, withNavigationController: true)
    let addContact = try contacts.open(AddContactStory.self)
    let module = try Builder.build(in: addContact)
    try PresentTransition(from: list.view, to: module, story: addContact).perform(animated: false)

    try NavigationGuide.strictTiming(host: strict, router: module.router) {
      #expect(list.view.presentedController === module.view, "still presented while it animates")
      #expect(!addContact.isClosed)
    }
    #expect(list.view.presentedController == nil)
    #expect(addContact.isClosed)
  }

  @Test func theHostsTranscriptReadsAsTheGuideSays() throws {
    #expect(
      try NavigationGuide.transcript(host: host) == """
        root of Window: Navigation(Home)
        push Detail onto Navigation(Home)
        present Sheet from Detail (pageSheet)
        dismiss Sheet from Detail
        pop Detail from Navigation(Home)
        """)
  }
}
