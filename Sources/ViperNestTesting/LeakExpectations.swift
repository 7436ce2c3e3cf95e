public import Testing
public import ViperNest

/// Expects every object of the current detector's ended modules and stories, and every object
/// tracked by hand, to be released within `timeout`; records an issue with the report otherwise.
///
/// Use it inside a test with the `.detectsLeaks` trait for a check in the middle of a test. Each
/// leak is reported once, so the trait does not report it again.
///
/// ```swift
/// @Test(.detectsLeaks)
/// func reopeningContactsReleasesTheFirstInstance() async throws {
///   try app.open(ContactsStory.self).close()
///   await expectNoLeaks()
///   try app.open(ContactsStory.self).close()
/// }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait; nil for the detector's timeout.
///   - sourceLocation: Where the issue is recorded; the caller by default.
/// - Returns: The report, or nil when nothing leaked.
@discardableResult
public func expectNoLeaks(
  timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
) async -> LeakReport? {
  guard let detector = LeakDetector.current else {
    Issue.record(
      """
      expectNoLeaks() found no active LeakDetector. To fix, add the `.detectsLeaks` trait to the \
      test, or use `expectNoLeaks { ... }`, which tracks the objects created in its closure.
      """, sourceLocation: sourceLocation)
    return nil
  }
  let report = await detector.check(timeout: timeout)
  if let report {
    // In the middle of a test, the test's own locals are the likeliest holder of an object that
    // nothing tracked holds: say so before the report's own hints.
    let midTest =
      report.leaks.contains { $0.cause == .heldFromOutside } ? midTestLocalsHint : ""
    Issue.record(Comment(rawValue: midTest + report.description), sourceLocation: sourceLocation)
  }
  return report
}

/// What a check in the middle of a test says first when nothing tracked holds a leaked object.
private let midTestLocalsHint = """
  Checked in the middle of the test: its local variables still hold what they refer to. An \
  object below that is held from outside may be held by one of them (a `let` of the test, such \
  as the app or a container it shows): set it to nil, or check after its scope ends, before \
  looking elsewhere.


  """

/// Runs `body` with a fresh detector and expects everything tracked in it to be released within
/// `timeout` once it returns; records an issue with the report otherwise.
///
/// ```swift
/// @MainActor @Test func dismissingContactDetailReleasesIt() async throws {
///   try await expectNoLeaks {
///     let transition = PresentTransition(
///       from: list, to: try ContactDetailBuilder.build(in: contacts, passing: ada))
///     try transition.perform()
///     try transition.reverse()
///   }
/// }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait for tracked objects to be released.
///   - sourceLocation: Where the issue is recorded; the caller by default.
///   - isolation: The caller's actor isolation, inherited by `body`.
///   - body: The code whose modules, stories and hand-tracked objects are checked.
/// - Returns: The report, or nil when nothing leaked.
/// - Throws: What `body` throws; nothing is checked then.
@discardableResult
public func expectNoLeaks(
  timeout: Duration = .seconds(1), sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> LeakReport? {
  try await expectTrackedReleased(timeout, sourceLocation, isolation) { _ in try await body() }
}

/// Expects the objects returned by `body` to be released within `timeout` once it returns;
/// records an issue with the report (including retain cycles) otherwise.
///
/// The objects are tracked weakly, so `body` must not leave them in variables outside itself.
/// Modules and stories the registry creates inside `body` are checked too.
///
/// ```swift
/// @Test func presenterAndViewAreReleased() async {
///   await expectReleased {
///     let (view, presenter) = makeContactList()
///     return [view, presenter]
///   }
/// }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait for the objects to be released.
///   - sourceLocation: Where the issue is recorded; the caller by default.
///   - isolation: The caller's actor isolation, inherited by `body`.
///   - body: Creates the objects to check.
/// - Returns: The report, or nil when everything was released.
/// - Throws: What `body` throws; nothing is checked then.
@discardableResult
public func expectReleased(
  timeout: Duration = .seconds(1), sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> [AnyObject]
) async rethrows -> LeakReport? {
  try await expectTrackedReleased(timeout, sourceLocation, isolation) { detector in
    for object in try await body() {
      detector.track(object)
    }
  }
}

/// Runs `body` with a fresh detector, which it may also track objects with, and expects
/// everything tracked to be released within `timeout` once it returns.
private func expectTrackedReleased(
  _ timeout: Duration, _ sourceLocation: SourceLocation, _ isolation: isolated (any Actor)?,
  _ body: (LeakDetector) async throws -> Void
) async rethrows -> LeakReport? {
  let detector = LeakDetector(timeout: timeout)
  try await detector.withTracking(isolation: isolation) { try await body(detector) }
  return recordingLeaks(await detector.check(), at: sourceLocation)
}

/// Records an issue with `report`, if something leaked, and returns it.
private func recordingLeaks(_ report: LeakReport?, at sourceLocation: SourceLocation)
  -> LeakReport?
{
  if let report {
    Issue.record(Comment(rawValue: report.description), sourceLocation: sourceLocation)
  }
  return report
}

/// Expects a built VIPER module to follow VIPER's ownership rules; records one issue per
/// violation otherwise, e.g. "ContactListPresenter.view is strong; VIPER requires weak: declare
/// it `weak var view`".
///
/// ```swift
/// @MainActor @Test func contactsFollowsOwnershipRules() throws {
///   let module = try ContactsBuilder.build(in: contacts)
///   expectVIPEROwnership(
///     view: module.view, presenter: module.presenter, interactor: module.interactor,
///     router: module.router)
/// }
/// ```
///
/// - Parameters:
///   - view: The module's view.
///   - presenter: The module's presenter.
///   - interactor: The module's interactor, if any.
///   - router: The module's router, if any.
///   - viewController: What the router navigates from; defaults to `view`.
///   - moduleOutput: The object the module reports its result to, if any.
///   - sourceLocation: Where issues are recorded; the caller by default.
/// - Returns: The violations found.
@discardableResult
public func expectVIPEROwnership(
  view: AnyObject?, presenter: AnyObject?, interactor: AnyObject? = nil,
  router: AnyObject? = nil, viewController: AnyObject? = nil, moduleOutput: AnyObject? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> [OwnershipViolation] {
  let violations = OwnershipViolation.violations(
    view: view, presenter: presenter, interactor: interactor, router: router,
    viewController: viewController, moduleOutput: moduleOutput)
  for violation in violations {
    Issue.record(Comment(rawValue: violation.description), sourceLocation: sourceLocation)
  }
  return violations
}
