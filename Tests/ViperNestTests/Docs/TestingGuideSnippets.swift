// swift-format-ignore-file
// The code of docs/TestingAndFindingLeaks.md that does not use the Contacts sample, compiled and
// run; the tests of the sample are in Tests/SampleTests/TestingGuideSnippets.swift.
// `DocumentationTests` checks that every ```swift block of the guide appears in one of them.
import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

#if canImport(XCTest)
  import XCTest
#endif

enum TestingGuide {
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
