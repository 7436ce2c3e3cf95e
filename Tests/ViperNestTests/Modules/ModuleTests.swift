import Testing
import ViperNest
import ViperNestHeadless

/// Records what a module reports.
@MainActor
final class OutputSpy: AddContactOutput {
  private(set) var added: [Contact] = []
  private(set) var cancelled = 0
  func didAdd(contact: Contact) { added.append(contact) }
  func didCancel() { cancelled += 1 }
}

@MainActor
struct ModuleTests {
  // MARK: - Output

  @Test func theOutputIsDeliveredWhereTheAssemblySaysAndHeldWeakly() throws {
    let app = try ContactsApp()
    let contacts = try app.app.open(ContactsStory.self)
    defer { contacts.close() }
    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    defer { story.close() }
    let presenter = try #require(module.input as? AddContactPresenter)
    var spy: OutputSpy? = OutputSpy()

    module.output = spy
    #expect(module.output === spy)
    #expect(presenter.output === spy, "delivered to the presenter by the assembly's setOutput")

    let released = WeakRef(spy)
    spy = nil
    #expect(released.object == nil, "neither the module nor the presenter keeps its output")
    #expect(module.output == nil)
    #expect(presenter.output == nil)
  }

  @Test func theModuleReportsThroughItsOutput() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let spy = OutputSpy()
    do {
      let (story, module) = try contacts.open(AddContactStory.self) {
        try $0.resolve(AddContactModule.self)
      }
      module.output = spy
      try PresentTransition(from: list, to: module, story: story).perform()
    }
    let view = try #require(list.presentedController as? AddContactView)

    view.tapDone(firstName: "", lastName: "Lovelace")
    #expect(view.error == "First and last name are required.")
    #expect(spy.added == [])

    view.tapDone(firstName: "Ada", lastName: "Lovelace")
    #expect(spy.added == [Contact(firstName: "Ada", lastName: "Lovelace")])
    #expect(list.presentedController == nil, "the module dismissed itself through its router")
  }

  @Test func aModuleWithoutOutputHasNone() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let ada = Contact(firstName: "Ada", lastName: "Lovelace")
    let module = try story.resolve(ContactDetailModule.self, arguments: ada)
    #expect(module.input.contact == ada)
    #expect(module.output == nil)
  }

  // MARK: - The pattern behind the module does not show

  @Test(arguments: [false, true])
  func addingAContactWorksWhicheverPatternIsBehindTheModule(mvc: Bool) throws {
    let app = try ContactsApp { r in
      if mvc { SimpleAddContactController.register(r) }
    }
    let (story, list) = try app.showContacts()
    defer { story.close() }
    weak var shown: HeadlessViewController?
    do {
      let presenter = try #require(list.presenter as? ContactsPresenter)
      presenter.didTapAdd(suggestedName: "Ada")
      let navigation = try #require(list.presentedController as? HeadlessNavigationController)
      shown = navigation.controllers.first
      #expect(presenter.lastError == nil)
      switch navigation.controllers.first {
      case let view as AddContactView:
        #expect(!mvc)
        #expect(view.fields.firstName == "Ada")
        view.tapDone(firstName: "Ada", lastName: "Lovelace")
      case let controller as SimpleAddContactController:
        #expect(mvc)
        controller.tapDone(lastName: "Lovelace")
      default:
        Issue.record("unexpected module \(String(describing: navigation.controllers.first))")
      }
    }
    #expect(list.names == ["Ada Lovelace"])
    #expect(list.presentedController == nil)
    #expect(shown == nil, "released once dismissed")
  }

  // MARK: - Resolved inside a story

  @Test func aModuleResolvedInAStoryGetsThatStorysServices() throws {
    let app = try ContactsApp()
    let contacts = try app.app.open(ContactsStory.self)
    defer { contacts.close() }
    let first = try contacts.open(AddContactStory.self)
    let second = try contacts.open(AddContactStory.self)
    defer {
      first.close()
      second.close()
    }
    let a = try first.resolve(AddContactModule.self)
    let b = try second.resolve(AddContactModule.self)
    a.input.prefill(firstName: "Ada")
    b.input.prefill(firstName: "Grace")
    #expect(try first.resolve(ContactDraft.self).firstName == "Ada")
    #expect(try second.resolve(ContactDraft.self).firstName == "Grace")
  }

  @Test func aModuleNeedingAStoryThatIsNotOpenSaysWhichOne() throws {
    let app = try ContactsApp()
    let contacts = try app.app.open(ContactsStory.self)
    defer { contacts.close() }
    let error = try #require(throws: ViperNestError.self) {
      try contacts.resolve(AddContactModule.self)
    }
    #expect(error.code == .missingRegistration)
    #expect(error.key == "AddContactPresenter")
    #expect(
      error.description.contains(
        "AddContactPresenter is registered only inside story AddContact, which is not open here"))
  }
}
