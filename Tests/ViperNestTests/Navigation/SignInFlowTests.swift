import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

/// Root switches that keep their story: stories opened beside the current flow
/// (`open(_:in:)`), the window-root transition that refuses a story the replaced root would close,
/// and the whole sign-in and sign-out flow of docs/Navigation.md ("Signing in and out").
@MainActor
struct SignInFlowTests {
  typealias Guide = SignInGuide

  enum OnboardingStory: UserStory {}
  enum StepStory: UserStory {}
  enum OtherStory: UserStory {}

  /// The shop of the guide, launched on the headless host: the login is the window's root.
  @MainActor private struct Shop {
    let host = HeadlessHost()
    let registry: Registry
    let app: Story
    let window: HeadlessWindow

    init() throws {
      registry = try Registry(host.assembly, Guide.ShopAssembly())
      app = try registry.start()
      window = host.makeWindow()
      try Guide.launch(app: app, window: window)
    }

    var login: Guide.LoginView {
      get throws { try #require(window.root as? Guide.LoginView) }
    }

    var tabs: HeadlessTabController {
      get throws { try #require(window.root as? HeadlessTabController) }
    }

    func tab<View>(_ index: Int, _ type: View.Type) throws -> View {
      let navigation = try #require(tabs.tabControllers[index] as? HeadlessNavigationController)
      return try #require(navigation.controllers.first as? View)
    }

    var openStories: [String] { app.tree.children.map(\.name) }
  }

  // MARK: - Opening a story beside the current flow

  @Test func aStoryOpenedInAnAncestorIsItsChildNotTheCurrentStorys() throws {
    let app = try Registry().start()
    defer { app.close() }
    let onboarding = try app.open(OnboardingStory.self)
    let step = try onboarding.open(StepStory.self)

    let atAppLevel = try step.resolver.open(OtherStory.self, in: AppStory.self)
    let beside = try step.open(OtherStory.self, in: OnboardingStory.self)
    let here = try step.open(OtherStory.self)

    #expect(atAppLevel.chain == ["App", "Other"])
    #expect(beside.chain == ["App", "Onboarding", "Other"])
    #expect(here.chain == ["App", "Onboarding", "Step", "Other"])
    onboarding.close()
    #expect(beside.isClosed && here.isClosed)
    #expect(
      !atAppLevel.isClosed, "opened at the app level, it outlives the flow it was opened from")
    atAppLevel.close()
  }

  @Test func openingInsideAStoryThatIsNotOpenHereSaysWhichAndWhere() throws {
    let app = try Registry().start()
    defer { app.close() }
    let step = try app.open(StepStory.self)

    let error = try #require(throws: ViperNestError.self) {
      try step.open(OtherStory.self, in: OnboardingStory.self)
    }
    #expect(error.code == .storyNotOpen)
    #expect(error.storyChain == ["App", "Step"])
    #expect(
      error.description.contains(
        "Cannot open story Other inside Onboarding: no Onboarding story is open in App > Step."))
    #expect(error.description.contains("fix: open it inside a story that is open here"))
    #expect(app.tree.children.map(\.name) == ["Step"], "nothing opened")
    step.close()
  }

  @Test func aClosedStoryOpensNothingEvenAtTheAppLevel() throws {
    let app = try Registry().start()
    defer { app.close() }
    let step = try app.open(StepStory.self)
    step.close()

    let error = try #require(throws: ViperNestError.self) {
      try step.open(OtherStory.self, in: AppStory.self)
    }
    #expect(error.code == .storyClosed)
    #expect(app.tree.children.isEmpty)
  }

  @Test func aStoryDeclaredElsewhereIsRefusedWhereItWouldOpen() throws {
    let app = try Registry(AnyAssembly { r in r.story(OtherStory.self, in: OnboardingStory.self) })
      .start()
    defer { app.close() }
    let onboarding = try app.open(OnboardingStory.self)
    let step = try onboarding.open(StepStory.self)

    let beside = try step.open(OtherStory.self, in: OnboardingStory.self)
    #expect(beside.chain == ["App", "Onboarding", "Other"])
    let error = try #require(throws: ViperNestError.self) {
      try step.open(OtherStory.self, in: AppStory.self)
    }
    #expect(error.code == .storyOpenedOutsideParent)
    onboarding.close()
  }

  @Test func aFailureInsideOpenInClosesTheStoryItOpened() throws {
    let app = try Registry().start()
    defer { app.close() }
    let step = try app.open(StepStory.self)
    defer { step.close() }

    #expect(throws: ViperNestError.self) {
      _ = try step.open(OtherStory.self, in: AppStory.self) {
        try $0.resolve(Guide.UserSession.self)
      }
    }
    #expect(app.tree.children.map(\.name) == ["Step"])
  }

  // MARK: - Signing in and out

  @Test func signingInOpensTheSessionBesideTheLoginFromTheLoginsRouter() throws {
    let shop = try Shop()
    #expect(shop.openStories == ["Auth"])
    let login = try shop.login

    login.tapSignIn(as: "ada")

    #expect(login.loginPresenter.failure == nil)
    #expect(shop.openStories == ["Session"], "Auth closed with the login, the session stayed")
    let account = try shop.tab(1, Guide.AccountView.self)
    #expect(account.accountPresenter.session.user == "ada")
    // The session is alive: the tabs resolve in it.
    let catalog = try shop.tab(0, Guide.CatalogView.self)
    #expect(catalog.catalogPresenter.session === account.accountPresenter.session)
    shop.app.close()
  }

  @Test func aRouterDeepInANestedStoryOpensTheNextRootsStoryAtTheAppLevel() throws {
    let shop = try Shop()
    // A login shown deep in onboarding: App > Onboarding > Step > Auth.
    let onboarding = try shop.app.open(OnboardingStory.self)
    let step = try onboarding.open(StepStory.self)
    let (auth, login) = try step.open(Guide.AuthStory.self) {
      try $0.resolve(Guide.LoginModule.self)
    }
    try login.attachToWindow(shop.window, story: auth)
    #expect(auth.chain == ["App", "Onboarding", "Step", "Auth"])

    login.view.tapSignIn(as: "grace")

    #expect(login.presenter.failure == nil)
    #expect(auth.isClosed)
    #expect(shop.openStories == ["Onboarding", "Session"])
    #expect(try shop.tab(1, Guide.AccountView.self).accountPresenter.session.user == "grace")
    onboarding.close()
    #expect(shop.openStories == ["Session"], "the session outlives the flow it was opened from")
    shop.app.close()
  }

  @Test func theSessionSurvivesTheReplacementOfTheRootThatOpenedItAndClosesOnSignOut() throws {
    let shop = try Shop()
    let loginPresenter: WeakRef
    do {
      let login = try shop.login
      loginPresenter = WeakRef(login.presenter)
      login.tapSignIn(as: "ada")
    }
    #expect(loginPresenter.object == nil, "the login was released with its story")
    let session = WeakRef(try shop.tab(1, Guide.AccountView.self).accountPresenter.session)

    try shop.tab(1, Guide.AccountView.self).tapSignOut()

    #expect(shop.openStories == ["Auth"])
    #expect(session.object == nil, "signing out closed the session and released what it held")
    #expect(try shop.login.loginPresenter.failure == nil)
    shop.app.close()
  }

  // MARK: - The refusal

  @Test func aRootWhoseStoryTheReplacedRootWouldCloseIsRefusedBeforeAnythingChanges() throws {
    let shop = try Shop()
    let login = try shop.login
    let router = try #require(login.loginPresenter.router as? Guide.LoginRouter)
    let roots = shop.host.log.filter(\.isRootChange).count

    let error = try #require(throws: TransitionError.self) {
      try Guide.showTabsInsideTheLoginsStory(from: router, window: shop.window)
    }

    #expect(error.code == .storyWouldClose)
    #expect(
      error.summary
        == "Cannot make HeadlessTabController a window root: its story App > Auth > Session would "
        + "close at once. It is open inside App > Auth, the story of LoginView, which closes when "
        + "LoginView leaves the window, replaced by HeadlessTabController.")
    #expect(
      error.fix
        == "open Session beside the flow it replaces, not inside it: "
        + "resolver.open(SessionStory.self, in: AppStory.self) (declared with "
        + "r.story(SessionStory.self, in: AppStory.self)), and give it to this transition")
    // Nothing half-changed: the login is still the root, its story open, and the refused
    // transition's session closed with it.
    #expect(shop.window.root === login)
    #expect(shop.host.log.filter(\.isRootChange).count == roots, "the window was not touched")
    #expect(shop.openStories == ["Auth"])
    #expect(shop.app.tree.children.first?.children.isEmpty == true)
    login.tapSignIn(as: "ada")
    #expect(shop.openStories == ["Session"])
    shop.app.close()
  }

  @Test func aRootGivenTheReplacedRootsOwnStoryIsRefusedToo() throws {
    let shop = try Shop()
    let (auth, login) = try shop.app.open(Guide.AuthStory.self) {
      try $0.resolve(Guide.LoginModule.self)
    }
    try login.attachToWindow(shop.window, story: auth)
    let other = try auth.resolve(Guide.LoginModule.self)
    let transition = WindowRootTransition(window: shop.window, root: other, story: auth)

    let error = try #require(throws: TransitionError.self) { try transition.perform() }

    #expect(error.code == .storyWouldClose)
    #expect(
      error.summary.contains(
        "its story App > Auth would close at once. It is the story of LoginView"))
    #expect(shop.window.root === login.view)
    #expect(!auth.isClosed, "refused before anything changed")
    withExtendedLifetime(transition) {}  // dropped unperformed, it closes the story it was given
    shop.app.close()
  }

  @Test func aRootWithoutAStoryReplacesARootWithOneAsBefore() throws {
    let shop = try Shop()
    let login = try shop.login
    let router = try #require(login.loginPresenter.router as? Guide.LoginRouter)
    let other = try router.resolver.resolve(Guide.LoginModule.self)

    try other.attachToWindow(shop.window)  // nothing of the new root's closes with the old one

    #expect(shop.window.root === other.view)
    #expect(shop.openStories.isEmpty, "the replaced root's story closed")
    shop.app.close()
  }

  // MARK: - Validation

  @Test func validationChecksTheStoriesTheRootsOpenIn() throws {
    let shop = try Shop()
    defer { shop.app.close() }
    let report = shop.registry.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checkedStoryChains.contains("App > Auth"))
    #expect(report.checkedStoryChains.contains("App > Session"))
  }

  @Test func aMissingRegistrationInTheNewRootsStoryIsReportedByValidation() throws {
    let host = HeadlessHost()
    let registry = try Registry(
      host.assembly,
      AnyAssembly { r in
        r.register(Guide.AppWindow.self, lifetime: .app, mainActor: Guide.AppWindow.init)
        r.register(
          Guide.AccountModule.self, builder: Guide.AccountBuilder.self, in: Guide.SessionStory.self
        ) { $0 }
        r.story(Guide.SessionStory.self, in: AppStory.self) { r in
          // No UserSession: the account presenter needs it.
          r.register(Guide.AccountPresenter.self, mainActor: Guide.AccountPresenter.init(session:))
          r.register(Guide.AccountRouter.self, mainActor: Guide.AccountRouter.init(window:))
        }
      })

    let report = registry.validate()

    let problem = try #require(report.problems.first { $0.code == .missingRegistration })
    #expect(problem.storyChain == ["App", "Session"])
    #expect(problem.description.contains("UserSession"))
  }

  // MARK: - Leaks

  @Test(.detectsLeaks) func signingInAndOutTwiceLeavesNothingBehind() async throws {
    let shop = try Shop()
    for user in ["ada", "grace"] {
      try shop.login.tapSignIn(as: user)
      #expect(shop.openStories == ["Session"])
      try shop.tab(1, Guide.AccountView.self).tapSignOut()
      #expect(shop.openStories == ["Auth"])
      await expectNoLeaks()
    }
    try shop.window.setRootController(nil)
    shop.app.close()
  }
}

// The presenters behind the views' output contracts, for the tests' checks.
extension SignInGuide.LoginView {
  var loginPresenter: SignInGuide.LoginPresenter { presenter as! SignInGuide.LoginPresenter }
}

extension SignInGuide.AccountView {
  var accountPresenter: SignInGuide.AccountPresenter { presenter as! SignInGuide.AccountPresenter }
}

extension SignInGuide.CatalogView {
  var catalogPresenter: SignInGuide.CatalogPresenter { presenter as! SignInGuide.CatalogPresenter }
}

extension NavigationEvent {
  fileprivate var isRootChange: Bool {
    if case .root = self { true } else { false }
  }
}

extension SignInFlowTests {
  @Test func newTabsWhoseStoryTheOldTabsWouldCloseAreRefused() throws {
    let shop = try Shop()
    try shop.login.tapSignIn(as: "ada")
    let catalog = try shop.tab(0, Guide.CatalogView.self)
    let account = try shop.tab(1, Guide.AccountView.self)
    let session = try #require(account.accountPresenter.router as? Guide.AccountRouter).resolver
    // A screen pushed in the first tab, in its own story: it closes when the tabs are replaced.
    let (detail, module) = try session.open(OtherStory.self) {
      try $0.resolve(Guide.CatalogModule.self)
    }
    try PushTransition(from: catalog, to: module, story: detail).perform()
    let inside = try detail.open(StepStory.self)
    let transition = TabTransition(
      container: try shop.tabs, tabs: [HeadlessViewController(host: shop.host)], story: inside)

    let error = try #require(throws: TransitionError.self) { try transition.perform() }

    #expect(error.code == .storyWouldClose)
    #expect(
      error.summary
        == "Cannot set the tabs of HeadlessTabController: its story App > Session > Other > Step "
        + "would close at once. It is open inside App > Session > Other, the story of CatalogView, "
        + "which closes when CatalogView leaves the tab container, replaced by the new tabs.")
    #expect(try shop.tabs.tabControllers.count == 2, "the tabs were not touched")
    #expect(!detail.isClosed)
    withExtendedLifetime(transition) {}
    shop.app.close()
  }
}
