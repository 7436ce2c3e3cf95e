import Testing
import ViperNest
import ViperNestHeadless

/// The user's own dismissals (back button, edge swipe, swipe-down) and the app's direct changes to
/// containers end modules exactly as ViperNest's transitions do: their stories close, their leak
/// groups end. Temporary disappearances end nothing.
///
/// UIKit facts (../shared/notes/uikit-behaviour.md): a popped controller gets `viewWillDisappear`
/// with `isMovingFromParent`, a cancelled interactive pop leaves it in place
/// (`UIViewControllerTransitionCoordinator`, `isCancelled`); a sheet swiped down is dismissed unless
/// `isModalInPresentation` (`UIAdaptivePresentationControllerDelegate`); selecting a tab keeps the
/// other tabs (`UITabBarController`).
@MainActor
struct UserDismissalTests {
  /// Opens an Add Contact story and pushes its module from the list, as a router would.
  private func pushAddContact(from list: ContactsView, in contacts: Story) throws -> PushTransition
  {
    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    let transition = PushTransition(from: list, to: module, story: story)
    try transition.perform(animated: true)
    return transition
  }

  // MARK: - Navigation stacks

  @Test func theBackButtonEndsThePushedModuleAndClosesItsStory() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let navigation = try #require(list.navigationContainer as? HeadlessNavigationController)
    let transition = try pushAddContact(from: list, in: contacts)
    let view = WeakRef(transition.destination)
    #expect(contacts.tree.children.map(\.name) == ["AddContact"])

    #expect(try app.host.tapBack(in: navigation))

    #expect(!transition.isShown)
    #expect(transition.story?.isClosed == true)
    #expect(contacts.tree.children.isEmpty)
    #expect(view.object == nil)
    #expect(
      app.host.log.suffix(2).map(\.description) == [
        "user taps Back in Navigation(ContactsView)",
        "pop AddContactView from Navigation(ContactsView)",
      ])
    try transition.reverse()  // already dismissed by the user: only finishes
  }

  @Test func aCancelledEdgeSwipeEndsNothing() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let navigation = try #require(list.navigationContainer as? HeadlessNavigationController)
    let transition = try pushAddContact(from: list, in: contacts)

    #expect(try !app.host.swipeBack(in: navigation, completes: false))

    #expect(transition.isShown)
    #expect(transition.story?.isClosed == false)
    #expect(navigation.controllers.count == 2)
    #expect(app.host.log.last == .userSwipedBack("Navigation(ContactsView)", completed: false))

    #expect(try app.host.swipeBack(in: navigation))
    #expect(!transition.isShown)
    #expect(transition.story?.isClosed == true)
  }

  @Test func pushingAnotherScreenOnTopEndsNothing() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let transition = try pushAddContact(from: list, in: contacts)
    let view = try #require(transition.destination)
    try PushTransition(from: view, to: PlainController(host: app.host)).perform()

    #expect(transition.isShown)
    #expect(transition.story?.isClosed == false)
  }

  @Test func thereIsNoBackButtonOnARootOrWhereTheScreenHidesIt() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let navigation = try #require(list.navigationContainer as? HeadlessNavigationController)
    #expect(try !app.host.tapBack(in: navigation))

    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    let transition = PushTransition(
      from: list, to: module, appearance: .init(navigationBar: .init(hidesBackButton: true)),
      story: story)
    try transition.perform()
    #expect(try !app.host.tapBack(in: navigation))
    #expect(transition.isShown)
    #expect(
      app.host.log.last
        == .ignored("no Back button in Navigation(ContactsView): AddContactView hides it"))
  }

  // MARK: - Sheets

  @Test func swipingDownASheetEndsItsModuleAndClosesItsStory() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let presenter = try #require(list.presenter as? ContactsPresenter)
    presenter.didTapAdd(suggestedName: nil)
    let transition = try #require((presenter.router as? ContactsRouter)?.addContact)
    let sheet = try #require(list.presentedController as? HeadlessNavigationController)

    #expect(try app.host.swipeDown(sheet))

    #expect(!transition.isShown)
    #expect(transition.story?.isClosed == true)
    #expect(list.presentedController == nil)
    #expect(contacts.tree.children.isEmpty)
  }

  @Test func aSheetThatIsModalInPresentationOrFullScreenCannotBeSwipedDown() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    let transition = OverlayTransition(
      from: list, to: module, appearance: .init(dismissesInteractively: false), story: story)
    try transition.perform()
    let curtain = try #require(list.presentedController as? HeadlessViewController)

    #expect(try !app.host.swipeDown(curtain))
    #expect(transition.isShown)
    #expect(
      app.host.log.last
        == .userSwipedDown("AddContactView", refusedBecause: "AddContactView.isModalInPresentation")
    )
    try transition.reverse()

    let fullScreen = PlainController(host: app.host)
    try PresentTransition(from: list, to: fullScreen, appearance: .init(style: .fullScreen))
      .perform()
    #expect(try !app.host.swipeDown(fullScreen))
    #expect(list.presentedController === fullScreen)
  }

  @Test func swipingDownSomethingThatIsNotPresentedIsAnError() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let error = try #require(throws: TransitionError.self) { try app.host.swipeDown(list) }
    #expect(error.code == .notPresented)
    #expect(error.summary == "The user cannot swipe down ContactsView: it is not presented.")
  }

  // MARK: - Tabs, windows and presenting chains

  @Test func selectingAnotherTabEndsNothingButRemovingATabEndsItsModules() throws {
    let app = try ContactsApp()
    let contacts = try app.app.open(ContactsStory.self)
    defer { contacts.close() }
    let tabs = try #require(app.host.makeTabContainer() as? HeadlessTabController)
    let story = try contacts.open(AddContactStory.self)
    let removed: WeakRef
    do {
      let module = try story.resolve(AddContactModule.self)
      removed = WeakRef(module.view)
      let list = try ContactsBuilder.build(in: contacts)
      try TabTransition(container: tabs, tabs: [list, module]).perform()
      try WindowRootTransition(window: app.window, root: tabs).perform()
    }

    try app.host.selectTab(1, in: tabs)
    try app.host.selectTab(0, in: tabs)
    #expect(removed.object != nil, "another tab selected: the tab stays")

    tabs.removeTab(at: 1)
    #expect(removed.object == nil)
    story.close()
    #expect(tabs.tabControllers.count == 1)
    let error = try #require(throws: TransitionError.self) { try app.host.selectTab(3, in: tabs) }
    #expect(error.code == .noSuchTab)
  }

  @Test func replacingTheWindowRootEndsEveryModuleItShows() throws {
    let app = try ContactsApp()
    let contacts: Story
    let transition: PushTransition
    let listRef: WeakRef
    do {
      let list: ContactsView
      (contacts, list) = try app.showContacts()
      transition = try pushAddContact(from: list, in: contacts)
      listRef = WeakRef(list)
    }

    try app.window.setRootController(PlainController(host: app.host))

    #expect(!transition.isShown)
    #expect(transition.story?.isClosed == true)
    #expect(listRef.object == nil)
    contacts.close()
  }

  @Test func dismissingAPresenterEndsEveryModuleInTheChainAboveIt() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let story = try contacts.open(AddContactStory.self)
    let top: PresentTransition
    let (firstRef, topRef): (WeakRef, WeakRef)
    do {
      let first = PlainController(host: app.host)
      try PresentTransition(from: list, to: first).perform()
      let module = try story.resolve(AddContactModule.self)
      top = PresentTransition(from: first, to: module, story: story)
      try top.perform()
      (firstRef, topRef) = (WeakRef(first), WeakRef(module.view))
    }

    list.dismissPresentedController(animated: false, completion: nil)

    #expect(!top.isShown)
    #expect(story.isClosed)
    #expect(firstRef.object == nil)
    #expect(topRef.object == nil)
  }
}
