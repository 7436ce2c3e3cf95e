public import Testing
import ViperNest

/// A trait that fails a test when anything tracked during it outlives its module or story.
///
/// Each test (each case of a parameterized test) runs with its own `LeakDetector` bound to the
/// test's task, so parallel tests never see each other's objects. When the test returns, the
/// trait waits up to `timeout` for the objects of dismissed modules, closed stories and objects
/// tracked by hand to be released, and records one issue at the test with the full report if
/// something is still alive or a built module broke an ownership rule.
///
/// ```swift
/// @MainActor @Test(.detectsLeaks)
/// func dismissingContactDetailReleasesIt() throws {
///   let detail = try ContactDetailBuilder.build(in: contacts, passing: ada)
///   let transition = PresentTransition(from: list, to: detail)
///   try transition.perform()
///   try transition.reverse()
/// }
///
/// @Suite(.detectsLeaks(timeout: .milliseconds(500)))
/// struct ContactFlowTests {}
/// ```
public struct DetectsLeaksTrait: TestTrait, SuiteTrait, TestScoping {
  /// How long to wait for tracked objects to be released after the test returns.
  public let timeout: Duration

  /// Creates the trait.
  ///
  /// - Parameter timeout: How long to wait for tracked objects to be released.
  public init(timeout: Duration) {
    self.timeout = timeout
  }

  /// Always true: on a suite, the trait applies to each of its tests.
  public var isRecursive: Bool { true }

  /// Runs the test with a fresh detector and records an issue with the report if anything leaked.
  ///
  /// - Parameters:
  ///   - test: The test being run.
  ///   - testCase: The test case being run.
  ///   - function: The test itself.
  /// - Throws: What the test throws (the leak check runs first).
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let detector = LeakDetector(timeout: timeout)
    do {
      try await detector.withTracking {
        try await function()
      }
    } catch {
      await recordLeaks(of: detector, at: test.sourceLocation)
      throw error
    }
    await recordLeaks(of: detector, at: test.sourceLocation)
  }

  private func recordLeaks(of detector: LeakDetector, at sourceLocation: SourceLocation) async {
    if let report = await detector.check() {
      Issue.record(Comment(rawValue: report.description), sourceLocation: sourceLocation)
    }
  }
}

extension Trait where Self == DetectsLeaksTrait {
  /// Fails the test when anything tracked during it is still alive one second after the test
  /// returns, although its module was dismissed or its story closed.
  ///
  /// ```swift
  /// @Test(.detectsLeaks) func closingTheStoryReleasesItsServices() throws {
  ///   let contacts = try app.open(ContactsStory.self)
  ///   _ = try contacts.resolve(ContactBook.self)
  ///   contacts.close()
  /// }
  /// ```
  public static var detectsLeaks: Self {
    DetectsLeaksTrait(timeout: .seconds(1))
  }

  /// Fails the test when anything tracked during it is still alive `timeout` after the test
  /// returns, although its module was dismissed or its story closed.
  ///
  /// ```swift
  /// @Test(.detectsLeaks(timeout: .seconds(3))) func slowTeardownStillReleases() async throws {
  ///   try await flow.run()
  /// }
  /// ```
  ///
  /// - Parameter timeout: How long to wait for tracked objects to be released.
  /// - Returns: The trait.
  public static func detectsLeaks(timeout: Duration) -> Self {
    DetectsLeaksTrait(timeout: timeout)
  }
}
