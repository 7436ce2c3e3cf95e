import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct VIPERBuilderTests {
  // MARK: - Wiring and ownership

  @Test func buildWiresEveryLinkThroughTheContracts() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let module = try ContactsBuilder.build(in: story)

    #expect(module.view.presenter === module.presenter)
    #expect(module.presenter.view === module.view)
    #expect(module.presenter.interactor === module.interactor)
    #expect(module.presenter.router === module.router)
    #expect(module.interactor.presenter === module.presenter)
    #expect(module.router.viewController === module.view)
    #expect(try module.router.resolver.resolve(ContactBook.self) === module.interactor.book)
  }

  @Test func theModuleIsOwnedThroughItsViewAlone() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    var view: ContactsView?
    let probe: ModuleProbe
    do {
      let module = try ContactsBuilder.build(in: story)
      probe = ModuleProbe(module)
      view = module.view
    }
    probe.expectAllAlive()
    view = nil
    probe.expectAllReleased()
    #expect(view == nil)
  }

  @Test func backLinksAreWeak() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    var presenter: ContactsPresenter?
    var interactor: ContactsInteractor?
    var router: ContactsRouter?
    let probe: ModuleProbe
    do {
      let module = try ContactsBuilder.build(in: story)
      probe = ModuleProbe(module)
      (presenter, interactor, router) = (module.presenter, module.interactor, module.router)
    }
    // Holding the other layers does not keep the view: the presenter and router refer to it weakly.
    #expect(probe.alive == ["presenter", "interactor", "router"])
    #expect(presenter?.view == nil)
    #expect(router?.viewController == nil)
    presenter = nil
    // The interactor refers to the presenter weakly.
    #expect(probe.alive == ["interactor", "router"])
    #expect(interactor?.presenter == nil)
    interactor = nil
    router = nil
    probe.expectAllReleased()
  }

  @Test func layersGetTheServicesOfTheStoryTheyAreBuiltIn() throws {
    let app = try ContactsApp()
    let first = try app.app.open(ContactsStory.self)
    let second = try app.app.open(ContactsStory.self)
    defer {
      first.close()
      second.close()
    }
    let a = try ContactsBuilder.build(in: first)
    let b = try ContactsBuilder.build(in: first)
    let c = try ContactsBuilder.build(in: second)
    #expect(a.interactor.book === b.interactor.book)
    #expect(a.interactor.book !== c.interactor.book)
    #expect(a.interactor !== b.interactor)
  }

  // MARK: - Loading the view

  @Test func theViewIsLoadedAsTheBuilderSaysUnlessTheCallOverridesIt() throws {
    final class StoryboardContactsBuilder: VIPERBuilder<
      ContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter
    >
    {
      override class var defaultViewUIType: ViewUIType {
        .storyboard(name: "Contacts", identifier: "List")
      }
    }
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }

    let byDefault = try StoryboardContactsBuilder.build(in: story)
    let overridden = try StoryboardContactsBuilder.build(
      in: story, viewUIType: .nib(name: "CompactContacts"))
    let inCode = try ContactsBuilder.build(in: story)

    #expect(byDefault.view.loadedFrom == .storyboard(name: "Contacts", identifier: "List"))
    #expect(overridden.view.loadedFrom == .nib(name: "CompactContacts"))
    #expect(inCode.view.loadedFrom == .code)
    #expect(
      app.host.log == [
        .loaded("ContactsView", from: .storyboard(name: "Contacts", identifier: "List")),
        .loaded("ContactsView", from: .nib(name: "CompactContacts")),
        .loaded("ContactsView", from: .code),
      ])
    #expect(
      app.host.transcript == """
        load ContactsView from storyboard Contacts#List
        load ContactsView from nib CompactContacts
        load ContactsView from code
        """)
  }

  @Test func aViewRegisteredInTheRegistryIsResolvedWithItsDependencies() throws {
    let app = try ContactsApp { r in
      r.register(ContactsView.self, mainActor: ContactsView.init(host:))
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let module = try ContactsBuilder.build(in: story)
    #expect(module.view.host === app.host)
    #expect(app.host.log == [], "the registry built it, not the toolkit")
  }

  @Test func aMissingStoryboardOrSceneIsReportedWithTheFix() throws {
    let app = try ContactsApp()
    app.host.declareStoryboard("Contacts", initial: ContactsView.self)
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }

    let missing = try #require(throws: ModuleError.self) {
      try ContactsBuilder.build(in: story, viewUIType: .storyboard(name: "Contact"))
    }
    #expect(missing.code == .viewLoadFailed)
    #expect(
      missing.description == """
        Cannot build module ContactsView: its view could not be loaded.
          - there is no storyboard named Contact
          fix: check the name; declared: Contacts
        """)

    let scene = try #require(throws: ModuleError.self) {
      try ContactsBuilder.build(
        in: story, viewUIType: .storyboard(name: "Contacts", identifier: "X"))
    }
    #expect(scene.problems == ["storyboard Contacts has no controller with identifier X"])
    let declared = try ContactsBuilder.build(in: story, viewUIType: .storyboard(name: "Contacts"))
    #expect(declared.view.loadedFrom == .storyboard(name: "Contacts"))
  }

  @Test func aStoryboardHoldingAnotherClassIsReported() throws {
    let app = try ContactsApp()
    app.host.declareStoryboard("Contacts", initial: AddContactView.self)
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) {
      try ContactsBuilder.build(in: story, viewUIType: .storyboard(name: "Contacts"))
    }
    #expect(error.problems == ["storyboard Contacts holds an AddContactView, not a ContactsView"])
  }

  // MARK: - Mistakes reported when the module is built

  @Test func layersThatDoNotFitTheContractsAreAllReported() throws {
    typealias Mismatched = VIPERBuilder<
      ContactsView, AddContactPresenter, ContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp()
    let contacts = try app.app.open(ContactsStory.self)
    defer { contacts.close() }
    let story = try contacts.open(AddContactStory.self)
    let error = try #require(throws: ModuleError.self) { try Mismatched.build(in: story) }
    #expect(error.code == .contractMismatch)
    #expect(error.module == "Contacts")
    #expect(
      error.problems == [
        "AddContactPresenter does not conform to ContactsViewOutput, which ContactsView's links "
          + "expect as its presenter",
        "ContactsView does not conform to AddContactViewProtocol, which AddContactPresenter's "
          + "links expect as its view",
        "ContactsInteractor does not conform to AddContactInteractorProtocol, which "
          + "AddContactPresenter's links expect as its interactor",
        "ContactsRouter does not conform to AddContactRouterProtocol, which AddContactPresenter's "
          + "links expect as its router",
        "AddContactPresenter does not conform to ContactsInteractorOutput, which "
          + "ContactsInteractor's links expect as its presenter",
      ])
    #expect(error.description.hasPrefix("Cannot build module Contacts: the layers do not fit"))
  }

  @Test func aLayerThatDoesNotFitAWeakLinkIsReportedOnEveryBuild() throws {
    typealias Stray = VIPERBuilder<
      StrayContactsView, ContactsPresenter, ContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    _ = try ContactsBuilder.build(in: story)
    for _ in 0..<2 {
      let error = try #require(throws: ModuleError.self) { try Stray.build(in: story) }
      #expect(error.code == .contractMismatch)
      #expect(
        error.problems == [
          "StrayContactsView does not conform to ContactsViewProtocol, which ContactsPresenter's "
            + "links expect as its view"
        ])
    }
  }

  @Test func anUnregisteredLayerIsAMissingRegistration() throws {
    typealias Unregistered = VIPERBuilder<
      ContactsView, ContactsPresenter, MockContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ViperNestError.self) { try Unregistered.build(in: story) }
    #expect(error.code == .missingRegistration)
    #expect(error.key == "MockContactsInteractor")
  }

  @Test func aViewThatNeedsAToolkitWithoutOneIsReported() throws {
    let registry = try Registry(ContactsAppAssembly())
    let app = try registry.start(quiet)
    let story = try app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) { try ContactsBuilder.build(in: story) }
    #expect(error.code == .noToolkit)
    #expect(
      error.problems == [
        "ContactsView is loaded from code, which needs a UIToolkit, and none is registered"
      ])
    #expect(error.fix.contains("register the view itself: r.register(ContactsView.self, ...)"))
  }

  @Test func aLayerSharedBetweenModulesIsRefused() throws {
    typealias SharedInteractorBuilder = VIPERBuilder<
      ContactsView, ContactsPresenter, MockContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp { r in
      r.register(
        MockContactsInteractor.self, lifetime: .story(ContactsStory.self),
        mainActor: MockContactsInteractor.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let first = try SharedInteractorBuilder.build(in: story)
    let error = try #require(throws: ModuleError.self) {
      try SharedInteractorBuilder.build(in: story)
    }
    #expect(error.code == .layerAlreadyWired)
    #expect(
      error.problems == ["the interactor MockContactsInteractor already belongs to another module"])
    #expect(first.interactor.presenter === first.presenter, "the first module is left intact")
  }

  // MARK: - Data at build time

  @Test func typedDataReachesThePresenterBeforeTheViewLoads() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let ada = Contact(firstName: "Ada", lastName: "Lovelace")
    let module = try ContactDetailBuilder.build(in: story, passing: ada)
    #expect(module.presenter.contact == ada)
    #expect(!module.view.isViewLoaded)

    try PushTransition(from: list, to: module).perform()
    #expect(module.view.isViewLoaded)
    #expect(module.view.shownAtLoad == "Ada Lovelace")
  }

  @Test func theModuleNameComesFromTheView() {
    #expect(ContactsBuilder.moduleName == "Contacts")
    #expect(AddContactBuilder.moduleName == "AddContact")
  }
}

/// A view whose presenter link fits `ContactsPresenter` but that is not the view the presenter's
/// (weak) view link expects.
final class StrayContactsView: HeadlessViewController, VIPERView {
  let links = ViewLinks<any ContactsViewOutput>()
}
