import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct StoryTransitionTests {
  /// Taps Add on the list; returns the router's transition and the Add Contact view.
  private func showAddContact(from list: ContactsView) throws -> (PresentTransition, AddContactView)
  {
    let presenter = try #require(list.presenter as? ContactsPresenter)
    presenter.didTapAdd(suggestedName: nil)
    #expect(presenter.lastError == nil)
    let transition = try #require((presenter.router as? ContactsRouter)?.addContact)
    let view = try #require(transition.destination as? AddContactView)
    return (transition, view)
  }

  @Test func presentingAddContactOpensItsStoryAndReversingClosesIt() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let transition: PresentTransition
    let probe: ModuleProbe
    let draft: WeakRef
    do {
      let view: AddContactView
      (transition, view) = try showAddContact(from: list)
      probe = ModuleProbe(view: view)
      let story = try #require(transition.story)
      #expect(story.chain == ["App", "Contacts", "AddContact"])
      // The flow's screens share its draft: a second screen resolved in the story gets the same.
      let interactor = try #require(view.presenter as? AddContactPresenter).interactor
      let second = try story.resolve(AddContactModule.self)
      second.input.prefill(firstName: "Grace")
      #expect(interactor.draft.firstName == "Grace")
      draft = WeakRef(interactor.draft)
    }
    probe.expectAllAlive()
    #expect(contacts.tree.children.map(\.name) == ["AddContact"])

    try transition.reverse()

    #expect(transition.story?.isClosed == true)
    #expect(draft.object == nil, "the story-scoped draft is released with its story")
    probe.expectAllReleased()
    #expect(contacts.tree.children.isEmpty)
  }

  @Test func dismissingFromInsideTheModuleClosesItsStory() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let transition: PresentTransition
    let draft: WeakRef
    do {
      let view: AddContactView
      (transition, view) = try showAddContact(from: list)
      draft = WeakRef(try #require(view.presenter as? AddContactPresenter).interactor.draft)
      view.tapCancel()
    }

    #expect(transition.story?.isClosed == true)
    #expect(draft.object == nil)
    #expect(list.presentedController == nil)
  }

  @Test func releasingTheModuleAnyOtherWayClosesItsStory() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let (transition, _) = try showAddContact(from: list)

    // As a swipe down would: the presenter dismisses it without the transition.
    list.dismissPresentedController(animated: true, completion: nil)

    #expect(transition.story?.isClosed == true)
    #expect(contacts.tree.children.isEmpty)
    try transition.reverse()
  }

  @Test func aStoryGivenToAnMVCModuleLivesWhileItIsShownEvenWithoutItsTransition() throws {
    let app = try ContactsApp { r in SimpleAddContactController.register(r) }
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    var transition: PresentTransition?
    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    transition = PresentTransition(from: list, to: module, story: story)
    try transition?.perform()
    transition = nil  // a router's present(_:) result, discarded
    #expect(!story.isClosed, "the screen is still shown: its story stays open")

    let sheet = try #require(list.presentedController as? HeadlessViewController)
    #expect(try app.host.swipeDown(sheet))
    #expect(story.isClosed, "it left the screen: its story closed")
  }

  @Test func aPushedModulesStoryClosesWhenItIsPopped() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    let transition = PushTransition(from: list, to: module, story: story)
    try transition.perform()
    let router =
      try #require(
        (transition.destination as? AddContactView)?.presenter as? AddContactPresenter
      ).router as? AddContactRouter
    try #require(router).pop()
    #expect(story.isClosed)
  }

  @Test func aFailureWhileResolvingClosesTheStoryItOpened() throws {
    let app = try ContactsApp()
    let contacts = try app.app.open(ContactsStory.self)
    defer { contacts.close() }
    #expect(throws: ViperNestError.self) {
      try contacts.open(AddContactStory.self) { try $0.resolve(Contact.self) }
    }
    #expect(contacts.tree.children.isEmpty)
  }
}
