import Testing
import ViperNest
import ViperNestHeadless

/// A story a test wraps around the feature to override its registrations.
enum UITestStory: UserStory {}

@MainActor
struct MockSubstitutionTests {
  // MARK: - A typealias builder with a mock in one position

  @Test func aTypealiasBuilderSwapsTheViewForAMock() throws {
    typealias MockViewBuilder = VIPERBuilder<
      MockContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    try story.resolve(ContactBook.self).contacts = [Contact(firstName: "Ada", lastName: "Lovelace")]

    let module = try MockViewBuilder.build(in: story)
    module.view.loadViewIfNeeded()

    #expect(module.presenter.view === module.view)
    #expect(module.view.shown == [["Ada Lovelace"]])
  }

  @Test func aTypealiasBuilderSwapsTheInteractorForAMock() throws {
    typealias MockInteractorBuilder = VIPERBuilder<
      ContactsView, ContactsPresenter, MockContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp { r in
      r.register(MockContactsInteractor.self, mainActor: MockContactsInteractor.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }

    let module = try MockInteractorBuilder.build(in: story)
    module.view.loadViewIfNeeded()
    module.presenter.didAdd(contact: Contact(firstName: "Alan", lastName: "Turing"))

    #expect(module.view.names == ["Ada Lovelace", "grace Hopper"], "sorted case-insensitively")
    #expect(module.interactor.added == [Contact(firstName: "Alan", lastName: "Turing")])
    #expect(module.interactor.presenter === module.presenter)
  }

  // MARK: - A registry override inside a test story

  @Test func anOverrideInsideATestStoryReachesTheLayersBuiltThere() throws {
    let app = try ContactsApp { r in
      r.story(UITestStory.self) { r in
        r.overriding.register(ContactBook.self, lifetime: .story(ContactsStory.self)) { _ in
          let book = ContactBook()
          book.contacts = [Contact(firstName: "Test", lastName: "Person")]
          return book
        }
      }
    }
    let test = try app.app.open(UITestStory.self)
    let inTest = try test.open(ContactsStory.self)
    let real = try app.app.open(ContactsStory.self)
    defer {
      test.close()
      real.close()
    }

    let mocked = try ContactsBuilder.build(in: inTest)
    let plain = try ContactsBuilder.build(in: real)
    mocked.view.loadViewIfNeeded()
    plain.view.loadViewIfNeeded()

    #expect(mocked.view.names == ["Test Person"])
    #expect(plain.view.names == [])
  }

  @Test func anOverrideInsideATestStoryReplacesAWholeModuleForTheRouter() throws {
    let app = try ContactsApp { r in
      r.story(UITestStory.self) { r in SimpleAddContactController.register(r) }
    }
    let test = try app.app.open(UITestStory.self)
    defer { test.close() }
    let contacts = try test.open(ContactsStory.self)
    let module = try ContactsBuilder.build(in: contacts)
    try module.attachToWindow(app.window, withNavigationController: true)

    module.presenter.didTapAdd(suggestedName: "Ada")

    let navigation = try #require(module.view.presentedController as? HeadlessNavigationController)
    let fake = try #require(navigation.controllers.first as? SimpleAddContactController)
    #expect(fake.firstName == "Ada", "the router used the module's input")
    #expect(fake.delegate === module.presenter, "and set its output")
  }
}
