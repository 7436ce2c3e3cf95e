import Testing
import ViperNest
import ViperNestHeadless

/// A module built by a `VIPERBuilder` is tracked through its view's links (which hold the
/// module's group while the view lives) and its presenter's links, plus its interactor and
/// router. Whatever part outlives the module is still reported under its own role, found through
/// the module's own links.
@MainActor
struct BuiltModuleTrackingTests {
  typealias RetainingModule = VIPERModule<
    RetainingView, RetainingPresenter, RetainingInteractor, RetainingRouter
  >

  /// Runs `body` with a new detector tracking, in the Contacts story of an app that registers
  /// `register`'s module.
  ///
  /// - Parameters:
  ///   - register: The module's registrations.
  ///   - body: Runs with the detector and the Contacts story.
  func inContacts<Result>(
    registering register: @escaping (Registrar) -> Void = registerRetainingModule,
    _ body: (LeakDetector, Story) throws -> Result
  ) throws -> Result {
    let detector = LeakDetector()
    return try detector.withTracking {
      let app = try ContactsApp(register)
      return try body(detector, try app.showContacts().story)
    }
  }

  /// Builds a module in an Add Contact story of its own, lets `keep` return what something outside
  /// the module (a cache, a callback list, a global) keeps of it, drops the rest, closes the
  /// story and checks. What was kept is let go after the check.
  ///
  /// - Parameter keep: Runs with the module built; returns the objects to keep.
  /// - Returns: The check's report.
  func reportAfterTheStoryCloses(keeping keep: (RetainingModule) -> [AnyObject]) throws
    -> LeakReport?
  {
    var kept: [AnyObject] = []
    defer { kept.removeAll() }
    return try inContacts { detector, contacts in
      let story = try contacts.open(AddContactStory.self)
      kept = keep(try RetainingBuilder.build(in: story))
      story.close()
      return detector.checkNow()
    }
  }

  @Test func aPresenterKeptAfterItsViewWentIsReportedAsThePresenterWithWhatItHolds() throws {
    let report = try #require(try reportAfterTheStoryCloses { [$0.presenter] })
    let roles = Dictionary(uniqueKeysWithValues: report.leaks.map { ($0.typeName, $0.role) })
    #expect(
      roles == [
        "RetainingPresenter": .presenter, "RetainingInteractor": .interactor,
        "RetainingRouter": .router,
      ])
    #expect(report.leaks.allSatisfy { $0.module == "Retaining" })
  }

  @Test func aPresenterKeptAfterItsViewWasReleasedIsReportedWhileItsStoryIsStillOpen() throws {
    // No dismissal was seen and the story is open: the view's release alone ends the module.
    var kept: [AnyObject] = []
    try inContacts { detector, contacts in
      kept = [try RetainingBuilder.build(in: contacts).presenter]
      let report = try #require(detector.checkNow())
      #expect(
        Set(report.leaks.map(\.typeName)) == [
          "RetainingPresenter", "RetainingInteractor", "RetainingRouter",
        ])
      #expect(report.leaks.allSatisfy { $0.story == "App > Contacts" })
    }
    kept.removeAll()
  }

  @Test func anInteractorKeptAfterItsModuleEndedIsReportedAlone() throws {
    let report = try #require(try reportAfterTheStoryCloses { [$0.interactor] })
    #expect(report.leaks.map(\.typeName) == ["RetainingInteractor"])
    #expect(report.leaks.first?.role == .interactor)
  }

  @Test func aRouterKeptAfterItsModuleEndedIsReportedAlone() throws {
    // The presenter's links let go of the router while a cache still holds it: the links track
    // it then, so the report names it although nothing else of the module is alive.
    let report = try #require(try reportAfterTheStoryCloses { [$0.router] })
    #expect(report.leaks.map(\.typeName) == ["RetainingRouter"])
    #expect(report.leaks.first?.role == .router)
    #expect(report.leaks.first?.module == "Retaining")
  }

  @Test func aRouterMarkedProcessOwnedThatOutlivesItsModuleIsNotReported() throws {
    let report = try reportAfterTheStoryCloses { module in
      LeakDetector.markProcessOwned(module.router)
      return [module.router]
    }
    #expect(report == nil)
  }

  @Test func anInteractorAlsoHeldByItsOwnRouterIsReleasedWithTheModuleAndNotReported() throws {
    // When the presenter's links go, the interactor is also held by the router (a second
    // reference, so it is tracked); the router goes with the links and the interactor with it.
    try inContacts(registering: registerInteractorHoldingModule) { detector, contacts in
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try InteractorHoldingBuilder.build(in: story)
        module.router.interactor = module.interactor
      }
      story.close()
      #expect(detector.checkNow() == nil)
    }
  }

  @Test func anInteractorRewiredAwayButKeptIsReportedAsTheModulesInteractor() throws {
    let original = try #require(
      try reportAfterTheStoryCloses { module in
        // A test swaps the interactor for its own and keeps the one the module was built with.
        let built = module.interactor
        module.presenter.links.wire(
          view: module.view, interactor: RetainingInteractor(), router: module.router)
        return [built]
      })
    #expect(original.leaks.map(\.typeName) == ["RetainingInteractor"])
    #expect(original.leaks.first?.role == .interactor)
  }

  @Test func aReportedModulesLayersNeverTurnUpInTheNextModuleBuilt() throws {
    // The reported module's group is forgotten and reused for the next module, while the
    // reported presenter (and the interactor something else keeps) are still alive.
    var keptPresenter: [AnyObject] = []
    var keptInteractor: [AnyObject] = []
    try inContacts { detector, contacts in
      let first = try contacts.open(AddContactStory.self)
      do {
        let leaked = try RetainingBuilder.build(in: first)
        keptPresenter = [leaked.presenter]
        keptInteractor = [leaked.interactor]
      }
      first.close()
      #expect(detector.checkNow()?.leaks.count == 3)
      let second = try contacts.open(AddContactStory.self)
      _ = try RetainingBuilder.build(in: second)
      // The reported presenter goes; its links let go of an interactor that is still kept.
      keptPresenter.removeAll()
      second.close()
      #expect(detector.checkNow() == nil)
    }
    keptInteractor.removeAll()
  }

  @Test func presenterLinksKeptAfterThePresenterWentReportWhatTheyHold() throws {
    // Something keeps the presenter's links object, not the presenter.
    let report = try #require(try reportAfterTheStoryCloses { [$0.presenter.links] })
    // The links hold the interactor and router strongly; the presenter itself is gone, so the
    // links object is reported in its place rather than nothing.
    #expect(
      Set(report.leaks.map(\.role)) == [.interactor, .router, .custom("presenter's links")])
  }

  @Test func viewLinksKeptAfterTheViewWentReportThePresenterTheyHold() throws {
    // The story's end ends the module: its view is gone, but the links it held keep the
    // presenter, and with it the interactor and router.
    let report = try #require(try reportAfterTheStoryCloses { [$0.view.links] })
    #expect(Set(report.leaks.map(\.role)) == [.presenter, .interactor, .router])
  }

  @Test func aPresenterRewiredByHandAndKeptIsStillReported() throws {
    let report = try #require(
      try reportAfterTheStoryCloses { module in
        // A test swaps the built module's interactor and router for its own, then keeps the
        // presenter: the interactor and router the module was built with are released.
        module.presenter.links.wire(
          view: module.view, interactor: RetainingInteractor(), router: RetainingRouter())
        return [module.presenter]
      })
    // Not silent: the presenter's links object, which the detector tracks, is reported.
    #expect(report.leaks.contains { $0.role == .custom("presenter's links") })
  }

  @Test func anOpenModuleIsNotReportedWithALeakedOne() throws {
    var kept: [AnyObject] = []
    try inContacts { detector, contacts in
      let shown = try RetainingBuilder.build(in: contacts)
      let story = try contacts.open(AddContactStory.self)
      kept = [try RetainingBuilder.build(in: story).interactor]
      story.close()
      let report = try #require(detector.checkNow())
      #expect(report.leaks.map(\.typeName) == ["RetainingInteractor"])
      withExtendedLifetime(shown) {}
    }
    kept.removeAll()
  }

  @Test func aViewKeptAfterItsModuleWasDismissedIsReportedWithTheModuleItHolds() throws {
    var kept: [AnyObject] = []
    try inContacts { detector, contacts in
      let story = try contacts.open(AddContactStory.self)
      let view = try RetainingBuilder.build(in: story).view
      kept = [view]
      // Dismissed while something still holds its view.
      NavigationLifecycle.controllerDidLeaveHierarchy(view)
      let report = try #require(detector.checkNow())
      #expect(Set(report.leaks.map(\.role)) == [.view, .presenter, .interactor, .router])
      #expect(report.leaks.first { $0.role == .view }?.typeName == "RetainingView")
      #expect(report.leaks.first { $0.role == .presenter }?.typeName == "RetainingPresenter")
      story.close()
    }
    kept.removeAll()
  }

  @Test func aDismissedModuleWhoseViewGoesBeforeTheCheckLeavesNothingBehind() throws {
    try inContacts { detector, contacts in
      let story = try contacts.open(AddContactStory.self)
      var view: RetainingView? = try RetainingBuilder.build(in: story).view
      NavigationLifecycle.controllerDidLeaveHierarchy(view!)
      // Hidden a second time (a second event for the same dismissal): nothing changes.
      NavigationLifecycle.controllerDidLeaveHierarchy(view!)
      view = nil
      #expect(detector.checkNow() == nil)
      story.close()
      #expect(detector.checkNow() == nil)
    }
  }
}

// A module whose router also holds its interactor (strongly): a second reference that goes with
// the module.
final class InteractorHoldingRouter: VIPERRouter {
  let links = RouterLinks()
  var interactor: SharedInteractor?
}

final class SharedInteractor: VIPERInteractor {
  let links = InteractorLinks<InteractorHoldingPresenter>()
}

final class InteractorHoldingPresenter: VIPERPresenter, RetainingViewOutput {
  let links = PresenterLinks<RetainingView, SharedInteractor, InteractorHoldingRouter>()
}

final class InteractorHoldingBuilder: VIPERBuilder<
  RetainingView, InteractorHoldingPresenter, SharedInteractor, InteractorHoldingRouter
>
{}

func registerInteractorHoldingModule(_ r: Registrar) {
  r.register(InteractorHoldingPresenter.self, mainActor: InteractorHoldingPresenter.init)
  r.register(SharedInteractor.self, mainActor: SharedInteractor.init)
  r.register(InteractorHoldingRouter.self, mainActor: InteractorHoldingRouter.init)
}
