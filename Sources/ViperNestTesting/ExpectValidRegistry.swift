public import Testing
public import ViperNest

/// Records a test issue for every problem `Registry.validate()` finds in `registry`.
///
/// ```swift
/// @Test func registrationGraphIsValid() throws {
///   expectValid(try Registry(AppAssembly(), ContactsAssembly()))
/// }
/// ```
///
/// - Parameters:
///   - registry: The registry to validate. It is not started or frozen.
///   - sourceLocation: Where the failures are reported; leave the default.
/// - Returns: The report, for further assertions.
@discardableResult
public func expectValid(
  _ registry: Registry, sourceLocation: SourceLocation = #_sourceLocation
) -> ValidationReport {
  let report = registry.validate()
  for problem in report.problems {
    Issue.record(Comment(rawValue: problem.description), sourceLocation: sourceLocation)
  }
  return report
}
