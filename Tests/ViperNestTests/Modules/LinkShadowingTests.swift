import Testing
import ViperNestHeadless
import ViperNestTesting

@testable import ViperNest

// MARK: - Layers ported with their old references next to their links

/// The usual pre-ViperNest presenter: its own view, interactor and router next to its links.
final class StaleReferencesPresenter: VIPERPresenter, ContactsViewOutput, ContactsInteractorOutput {
  let links = PresenterLinks<
    any ContactsViewProtocol, any ContactsInteractorProtocol, any ContactsRouterProtocol
  >()
  weak var view: (any ContactsViewProtocol)?
  var interactor: (any ContactsInteractorProtocol)!
  var router: (any ContactsRouterProtocol)!

  func viewDidLoad() { interactor?.loadContacts() }
  func didTapAdd(suggestedName: String?) {}
  func didSelect(index: Int) {}
  func didLoad(_ contacts: [Contact]) { view?.show(names: contacts.map(\.firstName)) }
}

/// A base class of a code base's presenters, keeping a router.
@MainActor
class StaleBasePresenter {
  lazy var router: (any ContactsRouterProtocol)? = nil
}

/// A presenter whose superclass keeps a router and whose view is a property wrapper.
final class StaleInheritingPresenter: StaleBasePresenter, VIPERPresenter, ContactsViewOutput,
  ContactsInteractorOutput
{
  let links = PresenterLinks<
    any ContactsViewProtocol, any ContactsInteractorProtocol, any ContactsRouterProtocol
  >()
  @Weak var view: (any ContactsViewProtocol)?

  func viewDidLoad() {}
  func didTapAdd(suggestedName: String?) {}
  func didSelect(index: Int) {}
  func didLoad(_ contacts: [Contact]) {}
}

/// An interactor that keeps its presenter (and a viper-style output) next to its links.
final class StaleReferencesInteractor: VIPERInteractor, ContactsInteractorProtocol {
  let links = InteractorLinks<any ContactsInteractorOutput>()
  weak var presenter: (any ContactsInteractorOutput)?
  weak var output: (any ContactsInteractorOutput)?

  func loadContacts() { presenter?.didLoad([]) }
  func add(_ contact: Contact) {}
}

/// A router that keeps its view controller next to its links.
final class StaleReferencesRouter: VIPERRouter, ContactsRouterProtocol {
  let links = RouterLinks()
  weak var viewController: HeadlessViewController?

  func showAddContact(prefilling firstName: String?, output: any AddContactOutput) throws {}
  func showDetail(of contact: Contact) throws {}
}

/// A view that keeps its presenter next to its links.
final class StaleReferencesView: HeadlessViewController, VIPERView, ContactsViewProtocol {
  let links = ViewLinks<any ContactsViewOutput>()
  var presenter: (any ContactsViewOutput)!

  func show(names: [String]) {}
}

/// Layers whose properties only resemble links: an output, a name containing a link's.
final class LinkLikeNamesPresenter: VIPERPresenter, ContactsViewOutput, ContactsInteractorOutput {
  let links = PresenterLinks<
    any ContactsViewProtocol, any ContactsInteractorProtocol, any ContactsRouterProtocol
  >()
  @Weak var output: (any AddContactOutput)?
  var viewState: [String] = []
  var routerCalls = 0
  var interactorRequests = 0

  func viewDidLoad() { interactor.loadContacts() }
  func didTapAdd(suggestedName: String?) {}
  func didSelect(index: Int) {}
  func didLoad(_ contacts: [Contact]) { viewState = contacts.map(\.firstName) }
}

/// Holds the last layer a registration made, weakly.
@MainActor
final class MadeLayer {
  weak var object: AnyObject?
}

// MARK: - Tests

@MainActor
struct LinkShadowingTests {
  typealias StalePresenterBuilder = VIPERBuilder<
    ContactsView, StaleReferencesPresenter, ContactsInteractor, ContactsRouter
  >

  // MARK: - Refused, with the property and the fix

  @Test func aPresenterKeepingItsOwnViewInteractorAndRouterIsRefused() throws {
    let app = try ContactsApp { r in
      r.register(StaleReferencesPresenter.self, mainActor: StaleReferencesPresenter.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) {
      try StalePresenterBuilder.build(in: story)
    }
    #expect(error.code == .shadowedLink)
    #expect(error.module == "Contacts")
    #expect(
      error.problems == [
        "StaleReferencesPresenter declares a stored property `view`, which hides the `view` its "
          + "links provide: its code reads that property, which the builder never sets",
        "StaleReferencesPresenter declares a stored property `interactor`, which hides the "
          + "`interactor` its links provide: its code reads that property, which the builder "
          + "never sets",
        "StaleReferencesPresenter declares a stored property `router`, which hides the `router` "
          + "its links provide: its code reads that property, which the builder never sets",
      ])
    #expect(
      error.fix
        == "remove the stored properties `var view`, `var interactor` and `var router` from "
        + "StaleReferencesPresenter: the links provide them, and the builder wires the links (a "
        + "property that is not meant as a link needs another name)")
    #expect(
      error.description.hasPrefix(
        "Cannot build module Contacts: a layer's own property hides its links.\n  - "))
  }

  @Test func aPropertyInheritedOrWrappedIsNamedWhereItIsDeclared() throws {
    typealias Builder = VIPERBuilder<
      ContactsView, StaleInheritingPresenter, ContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp { r in
      r.register(StaleInheritingPresenter.self, mainActor: StaleInheritingPresenter.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) { try Builder.build(in: story) }
    #expect(error.code == .shadowedLink)
    #expect(
      error.problems == [
        "StaleInheritingPresenter inherits from StaleBasePresenter a stored property `router`, "
          + "which hides the `router` its links provide: its code reads that property, which the "
          + "builder never sets",
        "StaleInheritingPresenter declares a stored property `_view` (the storage of a property "
          + "wrapper, or of a computed property, `view`), which hides the `view` its links "
          + "provide: its code reads that property, which the builder never sets",
      ])
    #expect(
      error.fix.hasPrefix(
        "remove the stored properties `var router` from StaleBasePresenter; `view` and its "
          + "storage `_view` from StaleInheritingPresenter: "))
  }

  @Test func anInteractorKeepingItsOwnPresenterIsRefused() throws {
    typealias Builder = VIPERBuilder<
      ContactsView, ContactsPresenter, StaleReferencesInteractor, ContactsRouter
    >
    let app = try ContactsApp { r in
      r.register(StaleReferencesInteractor.self, mainActor: StaleReferencesInteractor.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) { try Builder.build(in: story) }
    #expect(error.code == .shadowedLink)
    // `output` is no link of ViperNest's: a property the layer keeps for itself.
    #expect(
      error.problems == [
        "StaleReferencesInteractor declares a stored property `presenter`, which hides the "
          + "`presenter` its links provide: its code reads that property, which the builder "
          + "never sets"
      ])
    #expect(
      error.fix.hasPrefix(
        "remove the stored property `var presenter` from StaleReferencesInteractor: the links "
          + "provide it"))
  }

  @Test func aRouterKeepingItsOwnViewControllerIsRefused() throws {
    typealias Builder = VIPERBuilder<
      ContactsView, ContactsPresenter, ContactsInteractor, StaleReferencesRouter
    >
    let app = try ContactsApp { r in
      r.register(StaleReferencesRouter.self, mainActor: StaleReferencesRouter.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) { try Builder.build(in: story) }
    #expect(error.code == .shadowedLink)
    #expect(
      error.problems == [
        "StaleReferencesRouter declares a stored property `viewController`, which hides the "
          + "`viewController` its links provide: its code reads that property, which the builder "
          + "never sets"
      ])
  }

  @Test func aViewKeepingItsOwnPresenterIsRefused() throws {
    typealias Builder = VIPERBuilder<
      StaleReferencesView, ContactsPresenter, ContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) { try Builder.build(in: story) }
    #expect(error.code == .shadowedLink)
    #expect(error.module == "StaleReferences")
    #expect(
      error.problems == [
        "StaleReferencesView declares a stored property `presenter`, which hides the `presenter` "
          + "its links provide: its code reads that property, which the builder never sets"
      ])
  }

  @Test func everyShadowingLayerOfAModuleIsReportedAtOnce() throws {
    typealias Builder = VIPERBuilder<
      StaleReferencesView, StaleReferencesPresenter, StaleReferencesInteractor,
      StaleReferencesRouter
    >
    let app = try ContactsApp { r in
      r.register(StaleReferencesPresenter.self, mainActor: StaleReferencesPresenter.init)
      r.register(StaleReferencesInteractor.self, mainActor: StaleReferencesInteractor.init)
      r.register(StaleReferencesRouter.self, mainActor: StaleReferencesRouter.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) { try Builder.build(in: story) }
    #expect(error.problems.count == 6)
    #expect(
      error.fix.hasPrefix(
        "remove the stored properties `var presenter` from StaleReferencesView; `var view`, "
          + "`var interactor` and `var router` from StaleReferencesPresenter; `var presenter` "
          + "from StaleReferencesInteractor; `var viewController` from StaleReferencesRouter: "))
  }

  @Test func anAsyncBuildRefusesTheSameLayers() async throws {
    let app = try ContactsApp { r in
      r.register(StaleReferencesPresenter.self, mainActor: StaleReferencesPresenter.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let error = await #expect(throws: ModuleError.self) {
      try await StalePresenterBuilder.buildAsync(in: story)
    }
    #expect(error?.code == .shadowedLink)
  }

  // MARK: - Nothing left behind

  @Test(.detectsLeaks) func aRefusedModuleLeavesNothingOpenAndIsRefusedEveryTime() throws {
    let made = MadeLayer()
    let app = try ContactsApp { r in
      r.register(
        StaleReferencesPresenter.self,
        mainActor: { _ in
          let presenter = StaleReferencesPresenter()
          made.object = presenter
          return presenter
        })
    }
    for _ in 0..<2 {
      let error = try #require(throws: ModuleError.self) {
        try app.app.open(ContactsStory.self) { try StalePresenterBuilder.build(in: $0) }
      }
      #expect(error.code == .shadowedLink)
      #expect(app.app.tree.children.isEmpty, "the story opened for the module was closed")
      #expect(made.object == nil, "the refused layers were released")
    }
    // The app still builds the module written with links alone.
    do {
      let (story, module) = try app.app.open(ContactsStory.self) {
        try ContactsBuilder.build(in: $0)
      }
      #expect(module.presenter.interactor === module.interactor)
      story.close()
    }
  }

  // MARK: - Modules written with links alone

  @Test(.detectsLeaks) func propertiesThatOnlyResembleLinksAreNotRefused() throws {
    typealias Builder = VIPERBuilder<
      ContactsView, LinkLikeNamesPresenter, ContactsInteractor, ContactsRouter
    >
    let app = try ContactsApp { r in
      r.register(LinkLikeNamesPresenter.self, mainActor: LinkLikeNamesPresenter.init)
    }
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    for _ in 0..<2 {
      let module = try Builder.build(in: story)
      #expect(module.presenter.interactor === module.interactor)
      #expect(module.interactor.presenter === module.presenter)
    }
  }

  // MARK: - An unwired link asks how the module was built

  @Test func anUnwiredLinkAsksWhetherTheModuleWasBuiltOutsideItsBuilder() {
    let router = RouterLinks.unwiredMessage
    #expect(router.hasPrefix("RouterLinks.resolver was read before the module was wired. "))
    #expect(router.contains("Was the module built outside its VIPERBuilder?"))
    #expect(router.contains("links.wire(viewController:resolver:)"))
    #expect(
      router.contains(
        "Then this router is not the one the builder wired: a second router, made or resolved by "
          + "hand, probably held in a property that hides a link (such as a presenter's "
          + "`var router`); remove that property and read the router through the links."))

    let presenter = PresenterLinks<
      any ContactsViewProtocol, any ContactsInteractorProtocol, any ContactsRouterProtocol
    >.unwiredMessage("interactor")
    #expect(presenter.contains(".interactor was read before the module was wired."))
    #expect(presenter.contains("Was the module built outside its VIPERBuilder?"))
    #expect(presenter.contains("this presenter is not the one the builder wired"))

    let view = ViewLinks<any ContactsViewOutput>.unwiredMessage
    #expect(view.contains("Was the module built outside its VIPERBuilder?"))
    #expect(view.contains("before the view loads"))
  }
}
