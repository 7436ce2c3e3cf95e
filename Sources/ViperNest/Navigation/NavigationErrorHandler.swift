/// What ``VIPERRouter/navigate(file:line:_:)`` does with a navigation that failed: the policy for
/// routers whose protocols do not throw.
///
/// The default, ``standard``, is loud in debug builds (the failure is written to standard error,
/// then `assertionFailure` stops in the debugger) and writes to standard error in release builds,
/// so a failure is never silent. Set ``shared`` at launch to change it for the app:
///
/// ```swift
/// NavigationErrorHandler.shared = .custom { failure in
///   print("navigation failed: \(failure)")   // or send it to your logger
/// }
/// ```
///
/// A test installs a handler for its own task with ``withHandling(_:)``, so that an expected
/// failure does not stop the test process and other tests keep theirs.
public struct NavigationErrorHandler: Sendable {
  private let body: @MainActor @Sendable (NavigationFailure) -> Void

  /// Creates a handler that calls `body` with each failure.
  ///
  /// - Parameter body: Called on the main actor, where the router navigated, with each failure.
  public init(_ body: @escaping @MainActor @Sendable (NavigationFailure) -> Void) {
    self.body = body
  }

  /// Writes the failure to the system log on Apple platforms (`os.Logger`, subsystem
  /// `com.vipernest`, category `navigation`), to standard error elsewhere.
  public static let log = NavigationErrorHandler { failure in
    SystemLog.write("ViperNest: \(failure)", .navigation)
  }

  /// Writes the failure as ``log`` does, then stops with `assertionFailure` (which does nothing in
  /// `-O` builds).
  public static let assertionFailure = NavigationErrorHandler { failure in
    SystemLog.write("ViperNest: \(failure)", .navigation)
    Swift.assertionFailure("\(failure)")
  }

  /// The default: ``assertionFailure`` in debug builds, ``log`` in release builds.
  public static var standard: NavigationErrorHandler {
    #if DEBUG
      assertionFailure
    #else
      log
    #endif
  }

  /// A handler that calls `body` with each failure.
  ///
  /// - Parameter body: Called on the main actor with each failure.
  /// - Returns: The handler.
  public static func custom(
    _ body: @escaping @MainActor @Sendable (NavigationFailure) -> Void
  ) -> NavigationErrorHandler {
    NavigationErrorHandler(body)
  }

  /// The app's handler, used where no handler is installed with ``withHandling(_:)``.
  ///
  /// Default: ``standard``.
  @MainActor public static var shared = NavigationErrorHandler.standard

  /// The handler ``withHandling(_:)`` installed for the current task, if any.
  @TaskLocal static var installed: NavigationErrorHandler?

  /// The handler in effect here: the one installed for this task, else ``shared``.
  @MainActor static var current: NavigationErrorHandler { installed ?? shared }

  /// Runs `body` with this handler for the navigation failures of the current task (and the
  /// tasks it creates), in place of ``shared``.
  ///
  /// ```swift
  /// let inbox = FailureInbox()   // a @MainActor class that keeps what it is given
  /// NavigationErrorHandler.custom { inbox.failures.append($0) }.withHandling {
  ///   router.close()
  /// }
  /// ```
  ///
  /// - Parameter body: The code whose navigation failures go to this handler.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withHandling<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.$installed.withValue(self, operation: body)
  }

  /// Calls the handler.
  ///
  /// - Parameter failure: The failure to handle.
  @MainActor public func callAsFunction(_ failure: NavigationFailure) {
    body(failure)
  }
}

/// A navigation that failed inside ``VIPERRouter/navigate(file:line:_:)``: the error, the router
/// and where it navigated from.
public struct NavigationFailure: Error, Sendable, CustomStringConvertible {
  /// What the navigation threw: usually a ``TransitionError`` or a ``ViperNestError``.
  public let error: any Error
  /// The type name of the router that navigated.
  public let router: String
  /// The file of the `navigate` call.
  public let file: String
  /// The line of the `navigate` call.
  public let line: UInt

  /// `ContactsRouter could not navigate (ContactsRouter.swift:12): …`, then the error.
  public var description: String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return "\(router) could not navigate (\(name):\(line)): \(error)"
  }
}
