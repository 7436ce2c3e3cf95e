public import Foundation

/// Opens deep links: finds the route a URL matches, converts its typed parameters, then opens each
/// step's story, resolves its module inside it and shows it with the step's transition.
///
/// What is already on screen is reused: a tab step selects the tab the app composed, and the
/// steps a previous link showed stay when the new link starts the same way (same module, story,
/// transition and parameters). Whatever the link replaces is dismissed first, non-animated, and its
/// stories close. When a step fails, the navigator reverses every transition this link performed
/// and closes every story it opened, then throws a ``LinkError``: nothing of the link remains.
///
/// ```swift
/// let navigator = LinkNavigator(registry: registry, app: app, window: window, stories: [payments])
/// let opened = try navigator.open(URL(string: "bank://payments/transfer/2")!)
/// print(opened.steps.map(\.module))   // the tab's module (reused), then Transfer
/// ```
///
/// Open a link once the previous transitions have ended (with a strict headless host, after
/// `finishTransitions()`), as UIKit needs too.
@MainActor
public final class LinkNavigator {
  /// The window the links' first steps show in.
  public let window: any WindowHosting
  private let app: Story
  private let kept: [ObjectIdentifier: Story]
  private let matcher: LinkMatcher
  private var records: [LinkRecord] = []

  /// Creates a navigator for the routes installed in `registry`.
  ///
  /// Validate the routes at start-up with ``Registry/validate()``: of two routes with the same
  /// shape, the navigator uses the first.
  ///
  /// - Parameters:
  ///   - registry: The registry whose assemblies declared the routes (``Registrar/route(_:file:line:_:)``).
  ///   - app: The app story: the first step's story opens inside it.
  ///   - window: The window that shows the first step (or holds the tab container).
  ///   - stories: Stories the app keeps open itself, such as its tabs': a tab step runs in the one
  ///     of its story type.
  public init(
    registry: Registry, app: Story, window: any WindowHosting, stories: [Story] = []
  ) {
    self.window = window
    self.app = app
    var kept: [ObjectIdentifier: Story] = [:]
    for story in stories { kept[story.node.kind.id] = story }
    self.kept = kept
    matcher = LinkMatcher(routes: registry.linkRoutes)
  }

  /// The pattern of the route `url` matches, without opening anything; nil when none does.
  ///
  /// ```swift
  /// navigator.route(for: URL(string: "bank://payments/transfer/2")!)  // "/payments/transfer/:account"
  /// ```
  ///
  /// - Parameter url: The link.
  /// - Returns: The route's pattern.
  public func route(for url: URL) -> String? {
    matcher.match(ParsedLink(url).segments).map { matcher.routes[$0].pattern }
  }

  /// Opens `url`: converts its parameters, reuses the steps already on screen, dismisses what the
  /// link replaces, then shows the other steps in order, each in its own story.
  ///
  /// Every step but the last is shown without animation; the last as `animated` says.
  ///
  /// ```swift
  /// let opened = try navigator.open(URL(string: "vipernest-contacts://contacts/add?first=Ada")!)
  /// ```
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - animated: Whether the last step is animated. Default: true.
  /// - Returns: What the link shows, step by step.
  /// - Throws: ``LinkError`` with code ``LinkError/Code-swift.struct/noMatchingRoute`` (listing the
  ///   closest routes) or ``LinkError/Code-swift.struct/invalidParameter`` before anything changes;
  ///   ``LinkError/Code-swift.struct/stepFailed`` (with the step's error) after undoing every step
  ///   the link showed.
  @discardableResult
  public func open(_ url: URL, animated: Bool = true) throws -> OpenedLink {
    let (route, captures) = try match(url)
    return try show(route, captures, url: url, animated: animated)
  }

  /// The route `url` matches and its captures, every parameter checked to convert.
  func match(_ url: URL) throws -> (LinkRoute, LinkCaptures) {
    let link = ParsedLink(url)
    guard let index = matcher.match(link.segments) else {
      var error = LinkError(
        .noMatchingRoute, "No route matches \(url.absoluteString).",
        fix:
          "open a link of one of the routes above, or declare its route with r.route(...) in an "
          + "assembly")
      error.closestRoutes = matcher.closest(to: link)
      throw error
    }
    let route = matcher.routes[index]
    let captures = matcher.captures(of: route, in: link)
    // Every parameter is converted before anything changes on screen.
    for (number, step) in route.steps.enumerated() {
      do {
        try step.check(captures)
      } catch let failure as LinkParameterFailure {
        var error = LinkError(
          .invalidParameter,
          failure.text.map {
            "Parameter `\(failure.name)` of \(url.absoluteString) is \"\($0)\", not "
              + "\(failure.expectation)."
          }
            ?? "Parameter `\(failure.name)` is missing from \(url.absoluteString).",
          fix:
            "give `\(failure.name)` \(failure.expectation) in the link"
            + (failure.text == nil ? ", or declare it LinkParameter<\(failure.typeName)?>" : ""))
        error.route = route.pattern
        error.step = "\(number + 1) (\(step.description))"
        error.parameter = failure.name
        throw error
      }
    }
    return (route, captures)
  }

  /// Reverses, innermost first and without animation, every transition the navigator's links
  /// showed that is still shown: their stories close. Tabs stay.
  ///
  /// ```swift
  /// navigator.dismissAll()   // at quit, before closing the app story
  /// ```
  public func dismissAll() {
    for record in records.reversed() {
      try? record.transition?.reverse(animated: false, completion: nil)
    }
    records = []
  }

  // MARK: - Showing

  private func show(_ route: LinkRoute, _ captures: LinkCaptures, url: URL, animated: Bool) throws
    -> OpenedLink
  {
    let identities = route.steps.map { step in
      step.parameters.isEmpty
        ? step.identity
        : step.identity + "|"
          + step.parameters.compactMap { parameter in
            captures[parameter.name].map { "\(parameter.name)=\($0)" }
          }.joined(separator: "&")
    }
    // The prefix already on screen.
    var kept: [LinkRecord] = []
    var recordsApply = true
    for (number, step) in route.steps.enumerated() {
      if case .tab(let index, _) = step.kind, number == 0 {
        let (story, content) = try tab(index, step, route: route)
        if records.first?.identity != identities[0] { recordsApply = false }
        kept.append(LinkRecord(identity: identities[0], tabStory: story, tabController: content))
        continue
      }
      guard recordsApply, number < records.count, records[number].identity == identities[number],
        records[number].isOnScreen
      else { break }
      kept.append(records[number])
    }
    // What the link replaces goes first: the previous link's other steps, then whatever else is
    // above the last kept step (shown by routers or the user).
    for record in records.dropFirst(recordsApply ? kept.count : 0).reversed() {
      try? record.transition?.reverse(animated: false, completion: nil)
    }
    records = []
    if let top = kept.last?.controller {
      do {
        try clear(above: top)
      } catch {
        throw failure(route, step: kept.count - 1, url: url, error)
      }
    }

    var performed: [LinkRecord] = []
    var story = kept.last?.story ?? app
    var source = kept.last?.controller
    let lastStep = route.steps.count - 1
    for number in kept.count..<route.steps.count {
      let step = route.steps[number]
      do {
        guard case .show(let presentation) = step.kind else {
          throw LinkError(
            .impossibleTransition, "A tab can only be selected by a route's first step.",
            fix: "make the tab step the first of the route")
        }
        let opened = try step.openStory(in: story)
        do {
          let module = try step.build(opened, source, captures)
          let transition = try makeTransition(presentation, from: source, to: module, opened)
          try transition.perform(animated: animated && number == lastStep, completion: nil)
          performed.append(LinkRecord(identity: identities[number], transition: transition))
          story = opened
          source = module.viewController
        } catch {
          opened.close()
          throw error
        }
      } catch {
        for record in performed.reversed() {
          try? record.transition?.reverse(animated: false, completion: nil)
          record.story?.close()
        }
        throw failure(route, step: number, url: url, error)
      }
    }
    records = kept + performed
    return OpenedLink(
      url: url, route: route.pattern, parameters: captures.values,
      steps: records.enumerated().map { number, record in
        OpenedLink.Step(
          module: route.steps[number].moduleName, storyChain: record.story?.chain ?? [],
          wasReused: number < kept.count, shown: record)
      })
  }

  /// The tab container's tab `index`, selected, with the kept story of the step's type.
  private func tab(_ index: Int, _ step: LinkStep, route: LinkRoute) throws -> (
    Story, any ViewControlling
  ) {
    func fail(_ summary: String, fix: String) -> LinkError {
      var error = LinkError(.stepFailed, summary, fix: fix)
      error.route = route.pattern
      error.step = "1 (\(step.description))"
      return error
    }
    guard let container = window.rootController as? any TabControlling else {
      throw fail(
        "The window's root is not a tab container, so tab \(index) cannot be selected.",
        fix: "compose the tabs (a TabTransition as the window's root) before opening links")
    }
    guard container.tabRoots.indices.contains(index) else {
      throw fail(
        "The tab container has \(container.tabRoots.count) tabs, not a tab \(index).",
        fix: "select a tab between 0 and \(container.tabRoots.count - 1) in the route")
    }
    guard let story = kept[step.story.id], !story.isClosed else {
      throw fail(
        "No open \(step.story.name) story was given to the navigator for tab \(index).",
        fix:
          "pass the tab's story: LinkNavigator(registry:app:window:stories: [\(step.story.name.lowercased())Story])"
      )
    }
    container.selectedTabIndex = index
    let root = container.tabRoots[index]
    let content = (root as? any NavigationControlling)?.stack.first ?? root
    return (story, content)
  }

  /// Dismisses what `controller` (or its container) presents and pops what is pushed above it.
  private func clear(above controller: any ViewControlling) throws {
    if controller.presentedController != nil {
      controller.dismissPresentedController(animated: false, completion: nil)
    }
    if let navigation = controller.navigationContainer,
      let position = navigation.stack.firstIndex(where: { $0 === controller }),
      position + 1 < navigation.stack.count
    {
      try navigation.popController(
        navigation.stack[position + 1], animated: false, completion: nil)
    }
  }

  private func makeTransition(
    _ presentation: LinkPresentation, from source: (any ViewControlling)?,
    to module: any Presentable, _ story: Story
  ) throws -> any Transition {
    func from() throws -> any ViewControlling {
      guard let source else {
        throw LinkError(
          .impossibleTransition,
          "A \(presentation.name) step needs a module shown before it, and it is the first step.",
          fix: "start the route with a window root or a tab step")
      }
      return source
    }
    switch presentation {
    case .windowRoot(let embedding, let appearance):
      return WindowRootTransition(
        window: window, root: module, embedIn: embedding, appearance: appearance, story: story)
    case .push(let appearance):
      return PushTransition(from: try from(), to: module, appearance: appearance, story: story)
    case .present(let embedding, let appearance):
      return PresentTransition(
        from: try from(), to: module, embedIn: embedding, appearance: appearance, story: story)
    case .overlay(let appearance):
      return OverlayTransition(from: try from(), to: module, appearance: appearance, story: story)
    case .embed(let area):
      let parent = try from()
      guard let found = area(parent) else {
        throw LinkError(
          .impossibleTransition,
          "\(parent.typeName) has no area for \(module.viewController.typeName).",
          fix: "return the area from the embed step's closure, or embed into another module")
      }
      return EmbedTransition(parent: parent, area: found, child: module, story: story)
    }
  }

  func failure(_ route: LinkRoute, step number: Int, url: URL, _ error: any Error)
    -> LinkError
  {
    if var linkError = error as? LinkError {
      linkError.route = linkError.route ?? route.pattern
      linkError.step = linkError.step ?? "\(number + 1) (\(route.steps[number].description))"
      return linkError
    }
    var linkError = LinkError(
      .stepFailed,
      "Step \(number + 1) of \(url.absoluteString) failed; every story the link opened was "
        + "closed and what it showed dismissed.",
      fix: "fix what the step threw (because:); validate() at start-up finds most such problems")
    linkError.route = route.pattern
    linkError.step = "\(number + 1) (\(route.steps[number].description))"
    linkError.underlyingError = error
    return linkError
  }
}

/// What the navigator showed for one step of a link, for reuse by the next link. A class: records
/// are kept, copied into results and compared often.
@MainActor
final class LinkRecord {
  let identity: String
  /// The transition that shows the step's module (it holds the module's story); nil for a tab.
  let transition: (any Transition)?
  /// A tab's story and first controller, which the app shows, not a transition of the navigator.
  private let tabStory: Story?
  private weak var tabController: (any ViewControlling)?

  init(identity: String, transition: any Transition) {
    self.identity = identity
    self.transition = transition
    tabStory = nil
  }

  init(identity: String, tabStory: Story, tabController: any ViewControlling) {
    self.identity = identity
    transition = nil
    self.tabStory = tabStory
    self.tabController = tabController
  }

  var story: Story? { tabStory ?? transition?.story }
  var controller: (any ViewControlling)? { transition?.destination ?? tabController }

  var isOnScreen: Bool {
    guard controller != nil, let story, !story.isClosed else { return false }
    return transition?.isShown ?? true
  }
}

/// What a link showed, step by step.
///
/// ```swift
/// let opened = try navigator.open(url)
/// #expect(opened.steps.map(\.wasReused) == [true, false])
/// ```
@MainActor
public struct OpenedLink {
  /// One step of the link: its module, its story and how it is shown now.
  @MainActor
  public struct Step {
    /// The module's type, such as `Module<TransferInput, TransferOutput>`.
    public let module: String
    /// The chain of the module's story, from the app: `["App", "Payments", "Transfer"]`.
    public let storyChain: [String]
    /// Whether it was already on screen and kept, rather than built.
    public let wasReused: Bool
    let shown: LinkRecord

    /// The transition that shows it (nil for a tab): reverse it to hide the module.
    public var transition: (any Transition)? { shown.transition }
    /// The module's view (for a tab, its first controller), held weakly.
    public var controller: (any ViewControlling)? { shown.controller }
  }

  /// The link.
  public let url: URL
  /// The pattern of the route it matched.
  public let route: String
  /// The texts it captured, by parameter name.
  public let parameters: [String: String]
  /// Each step, in order.
  public let steps: [Step]
}
