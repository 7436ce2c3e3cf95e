/// One step of a resolution, reported to ``Registry/Configuration/trace`` when tracing is on:
/// which registration was resolved, for which other one, in which story, and how (built, taken
/// from a cache, forwarded, nil, failed).
///
/// Printed, an event is one line:
///
/// ```text
/// resolved ContactStore for ContactListInteractor in App > Contacts: from cache (app)
/// ```
///
/// Turn tracing on when the registry starts (it is fixed once the registrations are frozen, by the
/// first ``Registry/start(_:file:line:)``), or, in debug builds, set the environment variable
/// `VIPERNEST_TRACE` to print every event to standard error:
///
/// ```swift
/// var configuration = Registry.Configuration()
/// configuration.trace = { event in print(event) }
/// let app = try registry.start(configuration)
/// ```
///
/// Events of a resolution that builds its dependencies arrive innermost first (a registration is
/// reported once its factory returned); ``depth`` gives the nesting. With tracing off nothing of
/// this runs: see ``Registry/Configuration/trace`` for what tracing costs when it is on.
public struct ResolutionEvent: Sendable, CustomStringConvertible {
  /// How a resolution ended.
  public enum Outcome: Sendable, Equatable {
    /// The registration's factory built a new instance (cached or not, according to `lifetime`).
    case created(Lifetime)
    /// The instance cached for `lifetime` (in ``ResolutionEvent/story``) was returned.
    case fromCache(Lifetime)
    /// A forwarding (``Registrar/forward(_:name:to:file:line:_:)``) served the instance of the
    /// named registration.
    case forwarded(to: String)
    /// Nothing visible registers it, so an optional resolution (``Resolving/resolveIfRegistered(_:name:isolation:)``,
    /// an autowired `T?` parameter) returned nil.
    case optionalNil
    /// The resolution failed; the text is the error's description.
    case failed(String)
  }

  /// What was resolved: `ContactStore`, `PaymentGateway[card]`, `ContactDetailPresenting(Contact)`.
  public let service: String
  /// The registration whose factory asked for it (``path``'s second-to-last element), or nil when
  /// it was resolved directly (from a story or resolver).
  public var requestedBy: String? { path.dropLast().last }
  /// The resolution path, outermost first, ending with ``service``.
  public let path: [String]
  /// The story chain, app story first: where the instance lives for cached lifetimes, where it
  /// was built (or looked for) otherwise.
  public let story: [String]
  /// How it ended.
  public let outcome: Outcome

  /// How deep in the resolution this step is: 0 for what was resolved directly.
  public var depth: Int { path.count - 1 }

  /// `resolved ContactStore for ContactListInteractor in App > Contacts: from cache (app)`.
  public var description: String {
    var text = "resolved \(service)"
    if let requestedBy { text += " for \(requestedBy)" }
    text += " in \(story.joined(separator: " > ")): "
    switch outcome {
    case .created(let lifetime): text += "created (\(lifetime))"
    case .fromCache(let lifetime): text += "from cache (\(lifetime))"
    case .forwarded(let source): text += "forwarded to \(source)"
    case .optionalNil: text += "nil (not registered)"
    case .failed(let error):
      text +=
        "failed: "
        + error.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
    }
    return text
  }

  init(service: String, path: [String], story: [String], outcome: Outcome) {
    self.service = service
    self.path = path
    self.story = story
    self.outcome = outcome
  }

  /// An event for `service`, resolved by this thread in `node`. `onStack`: the registration is the
  /// top of the thread's resolution stack already (its construction pushed it).
  static func make(
    _ service: String, onStack: Bool, in node: StoryNode, outcome: Outcome
  ) -> ResolutionEvent {
    var path = ThreadResolutionState.current.stack.map(\.keyDescription)
    if !onStack { path.append(service) }
    return ResolutionEvent(service: service, path: path, story: node.chainNames, outcome: outcome)
  }

  /// The sink of debug builds run with `VIPERNEST_TRACE` set: each event on a line of the system
  /// log (category `resolution`) on Apple platforms, of standard error elsewhere, indented by its
  /// depth.
  static let printing: @Sendable (ResolutionEvent) -> Void = { event in
    SystemLog.write(
      "ViperNest trace: " + String(repeating: "  ", count: event.depth) + event.description,
      .resolution)
  }
}

extension StoryNode {
  /// Reports a resolution that failed before any factory ran (nothing registered), when tracing.
  @usableFromInline
  func traceFailure(_ service: @autoclosure () -> String, _ error: any Error) {
    guard let trace = graph.trace else { return }
    trace(.make(service(), onStack: false, in: self, outcome: .failed("\(error)")))
  }
}
