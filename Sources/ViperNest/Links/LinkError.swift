/// A deep link that cannot be opened, or a route that ``Registry/validate()`` finds wrong: what
/// failed, where (the route and the step) and how to fix it.
///
/// ```swift
/// do {
///   try navigator.open(url)
/// } catch let error as LinkError where error.code == .noMatchingRoute {
///   print(error)
///   // No route matches bank://payments/transfr/2.
///   //   closest routes: /payments/transfer/:account, /payments
///   //   fix: use one of the routes above, or declare the route with r.route(...) in an assembly
/// }
/// ```
public struct LinkError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure this is. Compare with the static members:
  /// `error.code == .invalidParameter`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    let rawValue: String

    /// No route matches the link; ``LinkError/closestRoutes`` lists the nearest.
    public static let noMatchingRoute = Code(rawValue: "noMatchingRoute")
    /// A parameter of the link is missing or does not convert to its type.
    public static let invalidParameter = Code(rawValue: "invalidParameter")
    /// A step failed while the link was opened (resolving, configuring or showing its module);
    /// every story the link opened was closed and what it showed dismissed.
    public static let stepFailed = Code(rawValue: "stepFailed")
    /// Validation: a route's pattern is malformed, or a step uses a parameter it does not capture.
    public static let invalidRoute = Code(rawValue: "invalidRoute")
    /// Validation: a step's module has no registration that resolves in the step's story chain.
    public static let unresolvableModule = Code(rawValue: "unresolvableModule")
    /// Validation: a step's story may not open inside the stories before it.
    public static let storyOutsideParent = Code(rawValue: "storyOutsideParent")
    /// Validation: a step's transition cannot happen where it is (a push with no navigation
    /// container before it, a window root or tab that is not the first step).
    public static let impossibleTransition = Code(rawValue: "impossibleTransition")
    /// Validation: two routes match the same links.
    public static let ambiguousRoutes = Code(rawValue: "ambiguousRoutes")

    public var description: String { rawValue }
  }

  /// What kind of failure this is.
  public let code: Code
  /// What failed, in one sentence.
  public let summary: String
  /// How to fix it.
  public let fix: String
  /// The route's pattern, when one is involved.
  public var route: String?
  /// The step involved, from 1, with its module, story and transition, such as
  /// `2 (Module<TransferInput, TransferOutput> in Transfer, push)`.
  public var step: String?
  /// For ``Code-swift.struct/invalidParameter``: the parameter's name.
  public var parameter: String?
  /// For ``Code-swift.struct/noMatchingRoute``: the nearest routes, best first.
  public var closestRoutes: [String] = []
  /// For ``Code-swift.struct/stepFailed``: what the step threw.
  public var underlyingError: (any Error)?

  init(_ code: Code, _ summary: String, fix: String) {
    self.code = code
    self.summary = summary
    self.fix = fix
  }

  /// The full message: what failed, where, and how to fix it.
  public var description: String {
    var lines = [summary]
    if let route { lines.append("  route: \(route)") }
    if let step { lines.append("  step: \(step)") }
    if !closestRoutes.isEmpty {
      lines.append("  closest routes: \(closestRoutes.joined(separator: ", "))")
    }
    if let underlyingError {
      lines.append("  because: " + "\(underlyingError)".replacingNewlines(with: "\n    "))
    }
    lines.append("  fix: \(fix)")
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func replacingNewlines(with separator: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator)
  }
}
