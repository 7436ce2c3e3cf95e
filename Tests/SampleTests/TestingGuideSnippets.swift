// swift-format-ignore-file
// The code of docs/TestingAndFindingLeaks.md, compiled and run: its test suites are real suites of
// this target. The guide tests the Contacts sample (Samples/Contacts), whose types are internal to
// ContactsSample, hence the testable import (an app's test target imports its app the same way).
// `DocumentationTests` checks that every ```swift block of the guide appears here verbatim.
import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

@testable import ContactsSample

#if canImport(XCTest)
  import XCTest
#endif

// MARK: - The sample in a test

extension StorageDirectory {
  /// A new, empty directory for one test's contacts file.
  static func fresh() -> StorageDirectory {
    StorageDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString))
  }
}

enum TestingGuide {
  // MARK: - Mocks, two ways

  final class MockContactListInteractor: VIPERInteractor, ContactListInteractorProtocol {
    let links = InteractorLinks<any ContactListInteractorOutput>()
    private(set) var added: [Contact] = []

    func loadContacts() async {
      presenter?.didLoad([Contact(firstName: "grace", lastName: "Hopper"), Contact(firstName: "Ada", lastName: "Lovelace")])
    }
    func add(_ contact: Contact) { added.append(contact) }
  }

  @MainActor
  struct ContactListPresenterTests {
    @Test func theListIsSortedAndNewContactsGoToTheInteractor() async throws {
      typealias Builder = VIPERBuilder<
        ContactListView, ContactListPresenter, MockContactListInteractor, ContactListRouter
      >
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: false), AnyAssembly { r in
        r.register(MockContactListInteractor.self, mainActor: MockContactListInteractor.init)
      }).start()
      let contacts = try app.open(ContactsStory.self)
      let module = try Builder.build(in: contacts)

      module.view.loadViewIfNeeded()
      await module.view.loaded()           // the load the view started has ended
      module.presenter.didAdd(contact: Contact(firstName: "Alan", lastName: "Turing"))

      #expect(module.view.names == ["Ada Lovelace", "grace Hopper"])
      #expect(module.interactor.added == [Contact(firstName: "Alan", lastName: "Turing")])
      app.close()
    }
  }

  @MainActor final class InMemoryContactStore: ContactStore {
    private(set) var contacts: [Contact]
    init(_ contacts: [Contact]) { self.contacts = contacts }
    func add(_ contact: Contact) { contacts.append(contact) }
  }

  enum UITestStory: UserStory {}

  @MainActor
  struct ContactListWithFakeStoreTests {
    @Test func everyLayerBuiltInTheTestStoryGetsTheFake() async throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: false), AnyAssembly { r in
        r.story(UITestStory.self) { r in
          r.overriding.register((any ContactStore).self, lifetime: .story(ContactsStory.self), mainActor: { _ in
            InMemoryContactStore([Contact(firstName: "Test", lastName: "Person")])
          })
        }
      }).start()
      let test = try app.open(UITestStory.self)
      let contacts = try test.open(ContactsStory.self)
      let module = try ContactListBuilder.build(in: contacts)

      module.view.loadViewIfNeeded()
      await module.view.loaded()

      #expect(module.view.names == ["Test Person"])
      app.close()
    }
  }

  // MARK: - Leak checks in tests

  @MainActor
  struct AddContactLeakTests {
    @Test(.detectsLeaks) func cancellingAddContactReleasesItAndItsStory() async throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: false)).start()
      let contacts = try app.open(ContactsStory.self)
      let list = try ContactListBuilder.build(in: contacts)
      let window = host.makeWindow()  // keep it: UIKit presents only from a window
      let shown = try list.attachToWindow(window, withNavigationController: true)
      await list.view.loaded()

      list.view.tapAdd()   // the router presents Add Contact in its own story
      let sheet = try #require(list.view.presentedController as? HeadlessNavigationController)
      try #require(sheet.controllers.first as? AddContactView).tapCancel()   // it dismisses itself

      try shown.reverse()
      app.close()
    }
  }

  @MainActor
  struct SwipeDownLeakTests {
    @Test(.detectsLeaks) func swipingAddContactDownReleasesIt() async throws {
      let host = HeadlessHost(timing: .strict)   // animations end at finishTransitions(), as in UIKit
      let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: false)).start()
      let contacts = try app.open(ContactsStory.self)
      let window = host.makeWindow()
      let list = try ContactListBuilder.build(in: contacts)
      let shown = try list.attachToWindow(window, withNavigationController: true)
      await list.view.loaded()

      list.view.tapAdd()                   // the router presents Add Contact, animated
      host.finishTransitions()
      let sheet = try #require(list.view.presentedController as? HeadlessNavigationController)
      #expect(try host.swipeDown(sheet))   // the user's swipe-down: no ViperNest call at all
      host.finishTransitions()             // the dismissal ends: Add Contact's module ends and is checked

      try shown.reverse()
      app.close()
    }
  }

  @MainActor
  struct UserGestureTests {
    @Test func whatTheUserCannotDoEndsNothing() async throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: false)).start()
      let contacts = try app.open(ContactsStory.self)
      let window = host.makeWindow()
      let list = try ContactListBuilder.build(in: contacts)
      let shown = try list.attachToWindow(window, withNavigationController: true)
      await list.view.loaded()
      let navigation = try #require(list.view.navigationContainer as? HeadlessNavigationController)
      #expect(try host.tapBack(in: navigation) == false)   // the list is the stack's root: no Back button

      list.view.tapAdd()
      let sheet = try #require(list.view.presentedController as? HeadlessNavigationController)
      #expect(try host.swipeDown(sheet, completes: false) == false)   // the user lets go halfway
      let alert = HeadlessViewController(host: host)
      try sheet.presentController(alert, style: .formSheet, animated: false, completion: nil)
      #expect(try host.swipeDown(sheet) == false)   // refused: the alert covers Add Contact
      #expect(list.view.presentedController === sheet)   // Add Contact is still shown, its story open

      let tabs = try #require(host.makeTabContainer() as? HeadlessTabController)
      #expect(throws: TransitionError.self) { try host.selectTab(0, in: tabs) }   // no tab 0: noSuchTab

      try shown.reverse()
      app.close()
    }
  }

  @MainActor
  struct ContactStoreLeakTests {
    @Test(.detectsLeaks) func reopeningContactsReadsTheSavedContactsIntoANewStore() async throws {
      let app = try Registry(ContactsAssembly(storage: .fresh(), leaky: false)).start()
      let first = try app.open(ContactsStory.self)
      try await first.resolveAsync((any ContactStore).self).add(Contact(firstName: "Ada", lastName: "Lovelace"))
      first.close()
      await expectNoLeaks()                      // the first story's store is gone already

      let second = try app.open(ContactsStory.self)
      let store = try await second.resolveAsync((any ContactStore).self)
      #expect(store.contacts == [Contact(firstName: "Ada", lastName: "Lovelace")])
      app.close()
    }
  }

  @MainActor
  struct HandWiredLeakTests {
    @Test func aStoryAndItsStoreAreReleasedOnClose() async throws {
      try await expectNoLeaks {
        let app = try Registry(ContactsAssembly(storage: .fresh(), leaky: false)).start()
        let contacts = try app.open(ContactsStory.self)
        _ = try await contacts.resolveAsync((any ContactStore).self)
        app.close()                        // closes Contacts too
      }
    }

    @Test func aPresenterAndInteractorWiredByHandAreReleased() async {
      await expectReleased {
        let presenter = ContactListPresenter()
        let interactor = MockContactListInteractor()
        interactor.links.wire(presenter: presenter)
        return [presenter, interactor]
      }
    }
  }

  @MainActor
  struct ContactListOwnershipTests {
    @Test func theContactListModuleFollowsVIPERsOwnershipRules() throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: false)).start()
      let contacts = try app.open(ContactsStory.self)
      let module = try ContactListBuilder.build(in: contacts)
      let violations = expectVIPEROwnership(
        view: module.view, presenter: module.presenter, interactor: module.interactor,
        router: module.router)
      #expect(violations.isEmpty)
      app.close()
    }
  }
}

// Not in the default-isolation client: there a subclass of swift-corelibs-xctest's XCTestCase
// gets a main-actor `init(name:testClosure:)`, which cannot override the nonisolated one.
#if canImport(XCTest) && !VIPERNEST_DEFAULT_ISOLATION_CLIENT
  final class ContactStoreXCTests: XCTestCase {
    @MainActor func testClosingTheStoryReleasesItsStore() async throws {
      let app = try Registry(ContactsAssembly(storage: .fresh(), leaky: false)).start()
      let contacts = try app.open(ContactsStory.self)
      let store = try await contacts.resolveAsync((any ContactStore).self)
      trackForLeaks(store, role: .storyService)   // checked at teardown, with the retain path
      XCTAssertEqual(store.contacts, [])
      app.close()
    }
  }
#endif

// MARK: - What the guide says about its tests, checked

@MainActor
struct TestingGuideClaimTests {
  /// "If Add Contact's presenter kept its view strongly, this test would fail": run with the
  /// sample's leaky variant, the same steps leave a report with the cycle.
  @Test func theSwipeDownTestCatchesTheLeakyAddContact() async throws {
    let detector = LeakDetector(timeout: .milliseconds(200))
    weak var leaky: LeakyAddContactPresenter?
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let host = HeadlessHost(timing: .strict)
      let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: true)).start()
      let contacts = try app.open(ContactsStory.self)
      let window = host.makeWindow()
      let list = try ContactListBuilder.build(in: contacts)
      let shown = try list.attachToWindow(window, withNavigationController: true)
      await list.view.loaded()
      list.view.tapAdd()
      host.finishTransitions()
      let sheet = try #require(list.view.presentedController as? HeadlessNavigationController)
      leaky = (sheet.controllers.first as? AddContactView)?.presenter as? LeakyAddContactPresenter
      #expect(try host.swipeDown(sheet))
      host.finishTransitions()
      try shown.reverse()
      app.close()
      return await detector.check()
    }
    let description = try #require(report).description
    #expect(
      description.contains(
        "retain cycle: AddContactView.presenter -> LeakyAddContactPresenter.strongView -> AddContactView (strong)"
      ))
    // Breaking the cycle releases the module.
    leaky?.strongView = nil
    #expect(leaky == nil)
  }

  /// A swipe-down the user lets go of, or one that a covering presentation refuses, ends nothing:
  /// the Add Contact story stays open.
  @Test func aRefusedSwipeDownKeepsAddContactsStoryOpen() async throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, ContactsAssembly(storage: .fresh(), leaky: false)).start()
    let contacts = try app.open(ContactsStory.self)
    let window = host.makeWindow()
    let list = try ContactListBuilder.build(in: contacts)
    let shown = try list.attachToWindow(window, withNavigationController: true)
    await list.view.loaded()
    list.view.tapAdd()
    let sheet = try #require(list.view.presentedController as? HeadlessNavigationController)
    try sheet.presentController(
      HeadlessViewController(host: host), style: .formSheet, animated: false, completion: nil)
    #expect(try host.swipeDown(sheet) == false)
    #expect(
      host.transcript.contains(
        "user swipes down Navigation(AddContactView): refused (HeadlessViewController covers it)"))
    let tabs = try #require(host.makeTabContainer() as? HeadlessTabController)
    let error = try #require(throws: TransitionError.self) { try host.selectTab(0, in: tabs) }
    #expect(error.code == .noSuchTab)
    try shown.reverse()
    app.close()
  }
}
