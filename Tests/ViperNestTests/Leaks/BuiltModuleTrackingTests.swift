import Testing
import ViperNest
import ViperNestHeadless

/// A module built by a `VIPERBuilder` is tracked through its view's links (which hold the
/// module's group while the view lives) and its presenter's links, plus its interactor and
/// router. Whatever part outlives the module is still reported under its own role, found through
/// the module's own links.
@MainActor
struct BuiltModuleTrackingTests {
  /// Something outside the module: a cache, a singleton's callback list, a global.
  final class Keeper {
    var objects: [AnyObject] = []
  }

  @Test func aPresenterKeptAfterItsViewWentIsReportedAsThePresenterWithWhatItHolds() throws {
    let detector = LeakDetector()
    let keeper = Keeper()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (contacts, _) = try app.showContacts()
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try RetainingBuilder.build(in: story)
        keeper.objects.append(module.presenter)
      }
      story.close()
      let report = try #require(detector.checkNow())
      let roles = Dictionary(uniqueKeysWithValues: report.leaks.map { ($0.typeName, $0.role) })
      #expect(
        roles == [
          "RetainingPresenter": .presenter, "RetainingInteractor": .interactor,
          "RetainingRouter": .router,
        ])
      #expect(report.leaks.allSatisfy { $0.module == "Retaining" })
    }
    keeper.objects.removeAll()
  }

  @Test func aViewKeptAfterItsModuleWasDismissedIsReportedWithTheModuleItHolds() throws {
    let detector = LeakDetector()
    let keeper = Keeper()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (contacts, _) = try app.showContacts()
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try RetainingBuilder.build(in: story)
        keeper.objects.append(module.view)
        // Dismissed while something still holds its view.
        NavigationLifecycle.controllerDidLeaveHierarchy(module.view)
      }
      let report = try #require(detector.checkNow())
      #expect(
        Set(report.leaks.map(\.role)) == [.view, .presenter, .interactor, .router])
      #expect(report.leaks.first { $0.role == .view }?.typeName == "RetainingView")
      #expect(report.leaks.first { $0.role == .presenter }?.typeName == "RetainingPresenter")
      story.close()
    }
    keeper.objects.removeAll()
  }

  @Test func aDismissedModuleWhoseViewGoesBeforeTheCheckLeavesNothingBehind() throws {
    let detector = LeakDetector()
    let keeper = Keeper()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (contacts, _) = try app.showContacts()
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try RetainingBuilder.build(in: story)
        keeper.objects.append(module.view)
        NavigationLifecycle.controllerDidLeaveHierarchy(module.view)
        // Hidden a second time (a second event for the same dismissal): nothing changes.
        NavigationLifecycle.controllerDidLeaveHierarchy(module.view)
      }
      keeper.objects.removeAll()
      #expect(detector.checkNow() == nil)
      story.close()
      #expect(detector.checkNow() == nil)
    }
  }

  @Test func anInteractorKeptAfterItsModuleEndedIsReportedAloneAndAnOpenModuleNotAtAll() throws {
    let detector = LeakDetector()
    let keeper = Keeper()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (contacts, _) = try app.showContacts()
      let shown = try RetainingBuilder.build(in: contacts)
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try RetainingBuilder.build(in: story)
        keeper.objects.append(module.interactor)
      }
      story.close()
      let report = try #require(detector.checkNow())
      #expect(report.leaks.map(\.typeName) == ["RetainingInteractor"])
      #expect(report.leaks.first?.role == .interactor)
      withExtendedLifetime(shown) {}
    }
    keeper.objects.removeAll()
  }

  @Test func presenterLinksKeptAfterThePresenterWentReportWhatTheyHold() throws {
    let detector = LeakDetector()
    let keeper = Keeper()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (contacts, _) = try app.showContacts()
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try RetainingBuilder.build(in: story)
        // Something keeps the presenter's links object, not the presenter.
        keeper.objects.append(module.presenter.links)
      }
      story.close()
      let report = try #require(detector.checkNow())
      // The links hold the interactor and router strongly; the presenter itself is gone, so the
      // links object is reported in its place rather than nothing.
      #expect(
        Set(report.leaks.map(\.role))
          == [.interactor, .router, .custom("presenter's links")])
      #expect(!report.leaks.contains { $0.role == .presenter || $0.role == .view })
    }
    keeper.objects.removeAll()
  }

  @Test func viewLinksKeptAfterTheViewWentReportThePresenterTheyHold() throws {
    let detector = LeakDetector()
    let keeper = Keeper()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (contacts, _) = try app.showContacts()
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try RetainingBuilder.build(in: story)
        keeper.objects.append(module.view.links)
      }
      // The story's end ends the module: its view is gone, but the links it held keep the
      // presenter, and with it the interactor and router.
      story.close()
      let report = try #require(detector.checkNow())
      #expect(Set(report.leaks.map(\.role)) == [.presenter, .interactor, .router])
    }
    keeper.objects.removeAll()
  }

  @Test func aPresenterRewiredByHandAndKeptIsStillReported() throws {
    let detector = LeakDetector()
    let keeper = Keeper()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (contacts, _) = try app.showContacts()
      let story = try contacts.open(AddContactStory.self)
      do {
        let module = try RetainingBuilder.build(in: story)
        // A test swaps the built module's interactor and router for its own, then keeps the
        // presenter: the interactor and router the module was built with are released.
        module.presenter.links.wire(
          view: module.view, interactor: RetainingInteractor(), router: RetainingRouter())
        keeper.objects.append(module.presenter)
      }
      story.close()
      let report = try #require(detector.checkNow())
      // Not silent: the presenter's links object, which the detector tracks, is reported.
      #expect(report.leaks.contains { $0.role == .custom("presenter's links") })
    }
    keeper.objects.removeAll()
  }
}
