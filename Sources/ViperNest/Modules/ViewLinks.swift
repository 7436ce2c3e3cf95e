/// A view's link to its presenter, held **strongly**: the view owns its module.
///
/// Declare it once in the view; ``VIPERBuilder`` wires it. In a unit test of a view alone, wire it
/// with a mock presenter yourself.
///
/// ```swift
/// let links = ViewLinks<any ContactsViewOutput>()
/// // in a unit test:
/// view.links.wire(presenter: MockContactsPresenter())
/// ```
@MainActor
public final class ViewLinks<ViewOutput> {
  // Wiring and its check are inlinable, so that they are specialized for the contract in the
  // builder (and in hand-written wiring): no generic metadata lookups on the building path.
  // Main-actor isolated and only ever read or assigned whole (no inout access outlives a
  // statement, and `presenterWords`'s mutating calls call out to nothing that touches it), so no
  // two accesses can overlap: the runtime exclusivity check is turned off for the stored links.
  // The presenter is stored as its object and the rest of its contract value (see `LinkWords`),
  // so the deinitializer needs no `Optional<ViewOutput>` metadata.
  // Both nonisolated(unsafe), safe because they are only written on the main actor, when the
  // module is wired; the one reader off the main actor is a leak report (`leakProbedPresenter`),
  // which reads them as the retain-path walker reads any object's properties, for a module that
  // ended (or is open while a report is made): a module that is not being wired.
  /// The presenter object (or its boxed value), held strongly; nil until wired.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var storedPresenter: AnyObject?
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var presenterWords = LinkWords()
  /// What the module keeps once it is given stories or hidden; nil until then (benchmark target
  /// `memory-300`, live modules: its two fields in these links cost every module built 16 bytes,
  /// used or not).
  private var shown: ViewLinksShownState?

  /// The leak detector's group for this module, ended when the module is hidden. A field of its
  /// own, not in `shown`: a tracked build would otherwise allocate that state for every module
  /// (benchmark target `leak-tracking`).
  var leakToken: LeakOwnerToken?

  /// `shown`, created when first needed.
  private var shownState: ViewLinksShownState {
    if let shown { return shown }
    let state = ViewLinksShownState()
    shown = state
    return state
  }

  /// Creates an unwired link.
  public nonisolated init() {}

  /// The presenter.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  @inlinable
  public var presenter: ViewOutput {
    guard let storedPresenter else { unwired() }
    return presenterWords.load(storedPresenter, as: ViewOutput.self)
  }

  /// Whether a presenter is wired.
  @inlinable
  public var isWired: Bool { storedPresenter != nil }

  /// Links the view to `presenter`, held strongly.
  ///
  /// - Parameter presenter: The presenter (or a mock of it).
  @inlinable
  public func wire(presenter: ViewOutput) {
    storedPresenter = presenterWords.store(presenter)
  }

  /// The builder's wiring: the presenter object and the recorded words of its contract value.
  @inlinable
  func wire(presenterObject: AnyObject, words: LinkWords) {
    storedPresenter = presenterWords.store(presenterObject, words: words)
  }

  @usableFromInline
  func unwired() -> Never {
    preconditionFailure(Self.unwiredMessage)
  }

  /// What stops the program when the presenter is read before these links are wired.
  static var unwiredMessage: String {
    unwiredLinkMessage(
      "ViewLinks<\(ViewOutput.self)>.presenter", layer: "view",
      wireCall: "links.wire(presenter:)", holder: "a router's `var viewController`",
      before: "before the view loads")
  }
}

extension ViewLinks: LeakPresenterLinkProbe {
  nonisolated var leakProbedPresenter: AnyObject? {
    presenterWords.isBoxed ? nil : storedPresenter
  }
}

extension ViewLinks: StoryLeaseHolding {
  func hold(_ lease: StoryLease) { shownState.leases.append(lease) }
  var heldStories: [Story] { shown?.leases.map(\.story) ?? [] }
  func didShow() { shown?.hasEnded = false }
  func end() -> Bool {
    let state = shownState
    for lease in state.leases { lease.close() }
    // The group is kept until the view's links are released: while they hold it, the leak
    // detector counts the view as alive (see `LeakOwnerToken.ownerHoldsGroup`). Ending it again
    // (the module hidden a second time) does nothing.
    leakToken?.end()
    defer { state.hasEnded = true }
    return !state.hasEnded
  }
}

/// What a view's links keep for a module that was given stories or was hidden, released with
/// the links.
@MainActor
final class ViewLinksShownState {
  /// Stories opened for this module by the transition that showed it; they close when the view is
  /// released (or earlier, when the module is hidden).
  var leases: [StoryLease] = []
  /// Whether the module was hidden (or left the screen) since it was last shown.
  var hasEnded = false

  nonisolated init() {}
}
