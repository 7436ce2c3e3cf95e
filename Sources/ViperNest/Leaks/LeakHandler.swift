#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

/// What ``LeakDetector`` does with a report it finds on its own: after a module is dismissed or a
/// story is closed, and when a module is built with a broken ownership rule.
///
/// ```swift
/// #if DEBUG
///   LeakDetector.shared.handler = .assertionFailure
/// #endif
/// LeakDetector.shared.handler = .custom { report in analytics.log(report.description) }
/// ```
public struct LeakHandler: Sendable {
  private let body: @Sendable (LeakReport) -> Void

  /// Creates a handler that calls `body` with each report.
  ///
  /// - Parameter body: Called with each report, on a background task for leaks and on the
  ///   building thread for ownership violations.
  public init(_ body: @escaping @Sendable (LeakReport) -> Void) {
    self.body = body
  }

  /// Writes the report to the system log on Apple platforms (`os.Logger`, subsystem
  /// `com.vipernest`, category `leaks`), to standard error elsewhere.
  public static let log = LeakHandler { report in SystemLog.write("\(report)", .leaks) }

  /// Stops in the debugger with the report (`assertionFailure`; does nothing in `-O` builds).
  public static let assertionFailure = LeakHandler { report in
    Swift.assertionFailure("\(report)")
  }

  /// A handler that calls `body` with each report.
  ///
  /// - Parameter body: Called with each report.
  /// - Returns: The handler.
  public static func custom(_ body: @escaping @Sendable (LeakReport) -> Void) -> LeakHandler {
    LeakHandler(body)
  }

  /// Calls the handler.
  ///
  /// - Parameter report: The report to handle.
  public func callAsFunction(_ report: LeakReport) {
    body(report)
  }
}
