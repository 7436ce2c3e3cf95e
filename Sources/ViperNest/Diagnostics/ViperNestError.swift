/// Every failure ViperNest reports: what failed, where (the resolution path and the story chain)
/// and how to fix it.
///
/// The message is built only when you read it (`description`), so a failed lookup that you catch
/// and handle stays cheap.
///
/// ```swift
/// do {
///   _ = try contacts.resolve(ContactListPresenting.self)
/// } catch let error as ViperNestError where error.code == .missingRegistration {
///   print(error)
///   // No registration for ContactStore.
///   //   resolving: ContactListPresenting -> ContactListInteracting -> ContactStore
///   //   story: App > Contacts
///   //   fix: register it in an assembly: r.register((any ContactStore).self, ...)
/// }
/// ```
public struct ViperNestError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure this is. Compare with the static members: `error.code == .storyClosed`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Sendable {
      case missingRegistration, circularDependency, captiveDependency, storyNotOpen, storyClosed
      case storyOpenedOutsideParent, registryFrozen, duplicateRegistration, overrideWithoutOriginal
      case invalidRegistration, factoryFailed, mainActorRequired, awaitRequired
    }

    let value: Value

    /// Nothing is registered for the requested key where it was resolved.
    public static let missingRegistration = Code(value: .missingRegistration)
    /// A registration depends on itself, directly or through others.
    public static let circularDependency = Code(value: .circularDependency)
    /// A longer-lived instance would hold a shorter-lived one (an `app` service taking a
    /// story-scoped dependency).
    public static let captiveDependency = Code(value: .captiveDependency)
    /// A `story(S)` service was resolved where no story `S` is open, or a story was opened inside
    /// a story `S` (``Resolving/open(_:in:)``) that is not open there.
    public static let storyNotOpen = Code(value: .storyNotOpen)
    /// The story was closed.
    public static let storyClosed = Code(value: .storyClosed)
    /// A story declared to open only inside other stories was opened elsewhere.
    public static let storyOpenedOutsideParent = Code(value: .storyOpenedOutsideParent)
    /// Registrations were added after ``Registry/start(_:file:line:)``.
    public static let registryFrozen = Code(value: .registryFrozen)
    /// The same key was registered twice without `overriding`.
    public static let duplicateRegistration = Code(value: .duplicateRegistration)
    /// `overriding` named a key that nothing registers.
    public static let overrideWithoutOriginal = Code(value: .overrideWithoutOriginal)
    /// A registration cannot work as written.
    public static let invalidRegistration = Code(value: .invalidRegistration)
    /// A factory threw; ``ViperNestError/underlyingError`` holds what it threw.
    public static let factoryFailed = Code(value: .factoryFailed)
    /// A `@MainActor` factory was resolved off the main actor.
    public static let mainActorRequired = Code(value: .mainActorRequired)
    /// A registration with an `async` factory was resolved synchronously (or a synchronous
    /// factory depends on one); resolve it with `try await resolveAsync`.
    public static let awaitRequired = Code(value: .awaitRequired)

    public var description: String { value.rawValue }
  }

  indirect enum Detail: Sendable {
    case missing(
      key: ServiceKey, type: Any.Type, arguments: [Any.Type], path: [AnyEntry], node: StoryNode)
    case circular(path: [AnyEntry], node: StoryNode, crossThread: Bool)
    case captive(
      consumer: AnyEntry, dependency: AnyEntry?, dependencyKey: String, dependencyLifetime: String,
      path: [AnyEntry], node: StoryNode)
    case storyNotOpen(entry: AnyEntry, story: StoryKind, path: [AnyEntry], node: StoryNode)
    case storyClosed(node: StoryNode, requested: String)
    case storyOpenedOutsideParent(StoryKind, allowed: [StoryKind], node: StoryNode)
    /// `story` was to open inside the nearest `ancestor`, and none is open in `node`'s chain.
    case ancestorNotOpen(story: StoryKind, ancestor: StoryKind, node: StoryNode)
    case registryFrozen(startedAt: Origin, attempt: Origin)
    case duplicate(first: AnyEntry, second: AnyEntry)
    /// An override of nothing; `candidates` are the registrations known then, for near misses.
    case overrideWithoutOriginal(AnyEntry, candidates: [AnyEntry])
    case invalidRegistration(AnyEntry, reason: String, fix: String)
    case factoryFailed(entry: AnyEntry, underlying: any Error, path: [AnyEntry], node: StoryNode)
    /// A post-initialisation hook of `entry` threw while handing it `target`.
    case postInitFailed(
      entry: AnyEntry, target: String, underlying: any Error, path: [AnyEntry], node: StoryNode)
    case mainActorRequired(entry: AnyEntry, path: [AnyEntry], node: StoryNode)
    case awaitRequired(entry: AnyEntry, path: [AnyEntry], node: StoryNode)
    /// A problem found by ``Registry/validate()``, in a story chain it checked.
    case validation(ValidationProblem)
  }

  /// What kind of failure this is.
  public let code: Code
  let detail: Detail
  /// Further problems reported together with this one (an assembly with several mistakes).
  public private(set) var otherProblems: [ViperNestError] = []

  init(_ code: Code, _ detail: Detail) {
    self.code = code
    self.detail = detail
  }

  func adding(others: [ViperNestError]) -> ViperNestError {
    var copy = self
    copy.otherProblems = others
    return copy
  }

  /// What a factory threw, for ``Code/factoryFailed``.
  public var underlyingError: (any Error)? {
    if case .factoryFailed(_, let underlying, _, _) = detail { return underlying }
    if case .postInitFailed(_, _, let underlying, _, _) = detail { return underlying }
    return nil
  }

  /// The key that failed, as `Type`, `Type["name"]` or `Type(ArgumentType)`.
  public var key: String? { message.key }

  /// The resolution path from the outermost request to the failing key:
  /// `["ContactListPresenting", "ContactListInteracting", "ContactStore"]`.
  public var resolutionPath: [String] { message.path }

  /// The story chain where it failed, from the app down: `["App", "Contacts", "AddContact"]`.
  public var storyChain: [String] { message.chain }

  /// The full message: what failed, where, and how to fix it.
  public var description: String {
    var text = message.render()
    if !otherProblems.isEmpty {
      text += "\n\(otherProblems.count) more problem\(otherProblems.count == 1 ? "" : "s"):"
      for problem in otherProblems { text += "\n\n" + problem.description }
    }
    return text
  }

  var sortKey: String { message.summary }

  private var message: ErrorMessage { ErrorMessage(detail) }
}

// MARK: - Construction helpers used by the engine

extension ViperNestError {
  static func missing(
    _ key: ServiceKey, type: Any.Type, arguments: [Any.Type], resolver: Resolver
  ) -> ViperNestError {
    // In a closed story nothing resolves, registered or not: say that, as a registered key
    // would, rather than suggest registering what would still fail.
    for node in [resolver.requester, resolver.node] where node.isClosed {
      return ViperNestError(
        .storyClosed,
        .storyClosed(node: node, requested: describeKey(type, key.name, arguments)))
    }
    let thread = ThreadResolutionState.current
    // A dependency missing from a singleton's own scope but visible where the resolution was
    // asked: the singleton would capture something that dies before it.
    if resolver.node !== resolver.requester,
      let consumer = thread.stack.last(where: \.lifetime.isCached) ?? thread.stack.last,
      let (found, _) = resolver.requester.lookup(key)
    {
      return ViperNestError(
        .captiveDependency,
        .captive(
          consumer: consumer, dependency: found, dependencyKey: found.keyDescription,
          dependencyLifetime: found.localStory.map { "registered only in story \($0.name)" }
            ?? found.lifetime.description,
          path: thread.stack, node: resolver.requester))
    }
    return ViperNestError(
      .missingRegistration,
      .missing(
        key: key, type: type, arguments: arguments, path: thread.stack, node: resolver.requester))
  }

  static func storyNotOpen(
    _ entry: AnyEntry, story: StoryKind, scope: StoryNode, requester: StoryNode
  ) -> ViperNestError {
    let path = ThreadResolutionState.current.stack
    // Captive when the story is open where the resolution was asked but not where the consumer
    // lives, and always for an `app` consumer: no story can ever be open around the app.
    if let consumer = path.last(where: \.lifetime.isCached) ?? path.last,
      (scope !== requester && requester.nearest(story) != nil) || consumer.lifetime == .app
    {
      return ViperNestError(
        .captiveDependency,
        .captive(
          consumer: consumer, dependency: entry, dependencyKey: entry.keyDescription,
          dependencyLifetime: entry.lifetime.description, path: path, node: requester))
    }
    return ViperNestError(
      .storyNotOpen,
      .storyNotOpen(entry: entry, story: story, path: path + [entry], node: requester))
  }

  static func circular(_ path: [AnyEntry], node: StoryNode, crossThread: Bool) -> ViperNestError {
    ViperNestError(.circularDependency, .circular(path: path, node: node, crossThread: crossThread))
  }

  static func factoryFailed(
    _ entry: AnyEntry, _ error: any Error, path: [AnyEntry], node: StoryNode
  ) -> ViperNestError {
    ViperNestError(
      .factoryFailed, .factoryFailed(entry: entry, underlying: error, path: path, node: node))
  }

  static func awaitRequired(_ entry: AnyEntry, node: StoryNode) -> ViperNestError {
    var path = ThreadResolutionState.current.stack
    if path.last !== entry { path.append(entry) }
    return ViperNestError(.awaitRequired, .awaitRequired(entry: entry, path: path, node: node))
  }

  static func mainActorRequired(_ entry: AnyEntry, node: StoryNode) -> ViperNestError {
    ViperNestError(
      .mainActorRequired,
      .mainActorRequired(
        entry: entry, path: ThreadResolutionState.current.stack + [entry], node: node))
  }
}
