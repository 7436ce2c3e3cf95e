// swift-format-ignore-file
// The code of docs/TestingAndFindingLeaks.md, compiled and run: its test suites are real suites of
// this target. `DocumentationTests` checks that every ```swift block of the guide appears here
// verbatim. The guide's contacts app is the module fixture of Tests/ViperNestTests/Modules.
import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

#if canImport(XCTest)
  import XCTest
#endif

enum TestingGuide {
  // MARK: - Mocks, two ways

  final class MockContactsInteractor: VIPERInteractor, ContactsInteractorProtocol {
    let links = InteractorLinks<any ContactsInteractorOutput>()
    private(set) var added: [Contact] = []

    func loadContacts() {
      presenter?.didLoad([Contact(firstName: "grace", lastName: "Hopper"), Contact(firstName: "Ada", lastName: "Lovelace")])
    }
    func add(_ contact: Contact) { added.append(contact) }
  }

  @MainActor
  struct ContactsPresenterTests {
    @Test func theListIsSortedAndNewContactsGoToTheInteractor() throws {
      typealias Builder = VIPERBuilder<
        ContactsView, ContactsPresenter, MockContactsInteractor, ContactsRouter
      >
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAppAssembly(), AnyAssembly { r in
        r.register(MockContactsInteractor.self, mainActor: MockContactsInteractor.init)
      }).start()
      let contacts = try app.open(ContactsStory.self)
      let module = try Builder.build(in: contacts)

      module.view.loadViewIfNeeded()
      module.presenter.didAdd(contact: Contact(firstName: "Alan", lastName: "Turing"))

      #expect(module.view.names == ["Ada Lovelace", "grace Hopper"])
      #expect(module.interactor.added == [Contact(firstName: "Alan", lastName: "Turing")])
      app.close()
    }
  }

  enum UITestStory: UserStory {}

  @MainActor
  struct ContactsWithFakeBookTests {
    @Test func everyLayerBuiltInTheTestStoryGetsTheFake() throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAppAssembly(), AnyAssembly { r in
        r.story(UITestStory.self) { r in
          r.overriding.register(ContactBook.self, lifetime: .story(ContactsStory.self)) { _ in
            let book = ContactBook()
            book.contacts = [Contact(firstName: "Test", lastName: "Person")]
            return book
          }
        }
      }).start()
      let test = try app.open(UITestStory.self)
      let contacts = try test.open(ContactsStory.self)
      let module = try ContactsBuilder.build(in: contacts)

      module.view.loadViewIfNeeded()

      #expect(module.view.names == ["Test Person"])
      app.close()
    }
  }

  // MARK: - Leak checks in tests

  @MainActor
  struct BackButtonLeakTests {
    @Test(.detectsLeaks) func theBackButtonReleasesTheDetail() throws {
      let host = HeadlessHost(timing: .strict)   // animations end at finishTransitions(), as in UIKit
      let app = try Registry(host.assembly, ContactsAppAssembly()).start()
      let contacts = try app.open(ContactsStory.self)
      try contacts.resolve(ContactBook.self).contacts = [Contact(firstName: "Ada", lastName: "Lovelace")]
      let window = host.makeWindow()
      let list = try ContactsBuilder.build(in: contacts)
      let shown = try list.attachToWindow(window, withNavigationController: true)
      let navigation = try #require(list.view.navigationContainer as? HeadlessNavigationController)

      list.presenter.didSelect(index: 0)   // the router pushes the detail
      host.finishTransitions()
      try host.tapBack(in: navigation)     // the user's Back button: no ViperNest call at all
      host.finishTransitions()             // the pop ends: the detail's module ends and is checked

      try shown.reverse()
      app.close()
    }
  }

  @MainActor
  struct AddContactLeakTests {
    @Test(.detectsLeaks) func cancellingAddContactReleasesItAndItsStory() throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAppAssembly()).start()
      let contacts = try app.open(ContactsStory.self)
      let list = try ContactsBuilder.build(in: contacts)
      let window = host.makeWindow()  // keep it: UIKit presents only from a window
      let shown = try list.attachToWindow(window, withNavigationController: true)

      list.presenter.didTapAdd(suggestedName: "Ada")   // presents Add Contact in its own story
      let sheet = try #require(list.view.presentedController as? HeadlessNavigationController)
      try #require(sheet.controllers.first as? AddContactView).tapCancel()   // it dismisses itself

      try shown.reverse()
      app.close()
    }
  }

  @MainActor
  struct ContactBookLeakTests {
    @Test(.detectsLeaks) func reopeningContactsStartsFromAFreshBook() async throws {
      let app = try Registry(ContactsAppAssembly()).start()
      let first = try app.open(ContactsStory.self)
      try first.resolve(ContactBook.self).contacts.append(Contact(firstName: "Ada", lastName: "Lovelace"))
      first.close()
      await expectNoLeaks()                      // the first story's book is gone already

      let second = try app.open(ContactsStory.self)
      #expect(try second.resolve(ContactBook.self).contacts.isEmpty)
      app.close()
    }
  }

  @MainActor
  struct HandWiredLeakTests {
    @Test func aStoryAndItsServicesAreReleasedOnClose() async throws {
      try await expectNoLeaks {
        let app = try Registry(ContactsAppAssembly()).start()
        let contacts = try app.open(ContactsStory.self)
        _ = try contacts.resolve(ContactBook.self)
        app.close()                        // closes Contacts too
      }
    }

    @Test func aPresenterAndInteractorWiredByHandAreReleased() async {
      await expectReleased {
        let presenter = ContactsPresenter(formatter: NameFormatter())
        let interactor = MockContactsInteractor()
        interactor.links.wire(presenter: presenter)
        return [presenter, interactor]
      }
    }
  }

  @MainActor
  struct ContactsOwnershipTests {
    @Test func theContactsModuleFollowsVIPERsOwnershipRules() throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, ContactsAppAssembly()).start()
      let contacts = try app.open(ContactsStory.self)
      let module = try ContactsBuilder.build(in: contacts)
      let violations = expectVIPEROwnership(
        view: module.view, presenter: module.presenter, interactor: module.interactor,
        router: module.router)
      #expect(violations.isEmpty)
      app.close()
    }
  }

  // MARK: - In debug builds

  static func configureLeakDetection(_ detector: LeakDetector = .shared) {
    #if DEBUG
      detector.isEnabled = true              // watch every module and story of the app
      detector.handler = .assertionFailure   // stop in the debugger at the first leak
    #endif
  }
}

// Not in the default-isolation client: there a subclass of swift-corelibs-xctest's XCTestCase
// gets a main-actor `init(name:testClosure:)`, which cannot override the nonisolated one.
#if canImport(XCTest) && !VIPERNEST_DEFAULT_ISOLATION_CLIENT
  final class ContactBookXCTests: XCTestCase {
    func testClosingTheStoryReleasesItsBook() throws {
      let app = try Registry(ContactsAppAssembly()).start()
      let contacts = try app.open(ContactsStory.self)
      let book = try contacts.resolve(ContactBook.self)
      trackForLeaks(book, role: .storyService)   // checked at teardown, with the retain path
      XCTAssertEqual(book.contacts, [])
      app.close()
    }
  }

  @MainActor final class TapCounter {
    private(set) var value = 0
    func increment() { value += 1 }
  }

  final class TapCounterXCTests: XCTestCase {   // nonisolated: see below
    @MainActor func testIncrementingShowsOne() async {
      let counter = TapCounter()
      counter.increment()
      XCTAssertEqual(counter.value, 1)
    }
  }
#endif

// MARK: - What the guide says about the detector, checked

// MARK: - Objects the registry does not own

extension ModuleGuide {
  final class AnalyticsClient: Sendable {
    static let shared = AnalyticsClient()
  }

  struct SharedObjectsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(AnalyticsClient.self, instance: AnalyticsClient.shared)        // any Sendable value
      r.register((any UIToolkit).self, mainActorInstance: UIKitToolkit.shared)  // read on the main actor
    }
  }
}

@MainActor
struct TestingGuideSnippetTests {
  @Test func existingInstancesAreSharedAndNeverReportedAfterTheAppCloses() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try Registry(ModuleGuide.SharedObjectsAssembly()).start()
      #expect(try app.resolve(ModuleGuide.AnalyticsClient.self) === ModuleGuide.AnalyticsClient.shared)
      #expect(try app.resolve((any UIToolkit).self) === ModuleGuide.UIKitToolkit.shared)
      app.close()
      return await detector.check()
    }
    #expect(report == nil)
  }

  @Test func configuringLeakDetectionSetsAHandlerInDebugBuilds() {
    let detector = LeakDetector(timeout: .milliseconds(10))   // never `.shared` in a test
    #expect(detector.handler == nil)
    TestingGuide.configureLeakDetection(detector)
    #if DEBUG
      #expect(detector.handler != nil)
    #endif
  }

  // These two use fixtures of other test files: not in the default-isolation client.
  #if !VIPERNEST_DEFAULT_ISOLATION_CLIENT
  @Test func theOwnershipCheckNamesTheStrongBackReferenceOfTheReportedModule() throws {
    let app = try ContactsApp(registerRetainingModule)
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let module = try RetainingBuilder.build(in: story)
    #expect(
      OwnershipViolation.violations(view: module.view, presenter: module.presenter).isEmpty,
      "nothing to see while the property is nil")
    module.presenter.retainedView = module.view
    defer { module.presenter.retainedView = nil }
    let violations = OwnershipViolation.violations(
      view: module.view, presenter: module.presenter, interactor: module.interactor,
      router: module.router)
    #expect(
      violations.map(\.description) == [
        "RetainingPresenter.retainedView is strong; VIPER requires weak: declare it `weak var retainedView`"
      ])
  }

  /// The report the guide shows is the one ViperNest prints for its fixture, to the character.
  @Test func theGuidesReportIsWhatTheDetectorPrints() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try ContactsApp(registerRetainingModule)
      let (story, list) = try app.showContacts()
      do {
        let module = try RetainingBuilder.build(in: story)
        module.presenter.retainedView = module.view
        let transition = PresentTransition(from: list, to: module)
        try transition.perform()
        try transition.reverse()
      }
      return await detector.check()
    }
    let guide = try String(
      contentsOf: DocumentationTests.root.appendingPathComponent("docs/TestingAndFindingLeaks.md"),
      encoding: .utf8)
    let shown = guide.components(separatedBy: "```text\n").dropFirst()
      .filter { $0.hasPrefix("ViperNest found") }
      .compactMap { $0.components(separatedBy: "\n```").first }
    // The folded report, then the verbose one.
    try #require(shown.count >= 2)
    #expect(try #require(report).description == shown[0])
    #expect(try #require(report).verboseDescription == shown[1])
  }
  #endif
}
