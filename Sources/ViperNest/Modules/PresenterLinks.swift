/// A presenter's links: its view held **weakly**, its interactor and router held **strongly**.
///
/// Declare it once in the presenter; ``VIPERBuilder`` wires it. The storage decides the
/// ownership, so no presenter can retain its view by mistake.
///
/// ```swift
/// let links = PresenterLinks<any ContactsViewProtocol, any ContactsInteractorProtocol,
///   any ContactsRouterProtocol>()
/// // in a unit test of the presenter alone:
/// presenter.links.wire(view: mockView, interactor: mockInteractor, router: mockRouter)
/// ```
@MainActor
public final class PresenterLinks<View, Interactor, Router> {
  // Wiring and its check are inlinable, so that they are specialized for the contracts in the
  // builder (and in hand-written wiring): no generic metadata lookups on the building path.
  // Main-actor isolated and only ever read or assigned whole (no inout access outlives a
  // statement, and the words' mutating calls call out to nothing that touches them), so no two
  // accesses can overlap: the runtime exclusivity check is turned off for the stored links.
  // The interactor and router are stored as their objects and the rest of their contract values
  // (see `LinkWords`), so the deinitializer needs no `Optional` metadata.
  // `viewObject` is nonisolated(unsafe), safe because it is only written on the main actor, when
  // the module is wired; the one reader off the main actor is a leak report (`leakProbedView`),
  // which reads it as the retain-path walker reads any object's properties, for a module that
  // ended (or is open while a report is made): a module that is not being wired.
  // The interactor and router objects and their words are nonisolated(unsafe) for the same
  // reason and the same reader: a report reads them (`leakProbedInteractor`, `leakProbedRouter`)
  // to name the layers of a leaked module.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) weak var viewObject: AnyObject?
  /// The interactor object (or its boxed value), held strongly; nil until wired.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var storedInteractor: AnyObject?
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var interactorWords = LinkWords()
  /// The router object (or its boxed value), held strongly; nil until wired.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var storedRouter: AnyObject?
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var routerWords = LinkWords()
  /// The leak detector's presenter hold of the module, held (retained) from when a builder
  /// tracks the module until these links are released: while they hold it, the detector counts
  /// the presenter as alive. Unmanaged, so links that are never tracked release nothing for it.
  // nonisolated(unsafe), safe because it is only written on the main actor, when the module is
  // built, and read there or in the deinitializer (which nothing else can run alongside).
  nonisolated(unsafe) var leakHold: Unmanaged<LeakPresenterHold>?

  /// Creates unwired links.
  public nonisolated init() {}

  deinit {
    if leakHold != nil { endLeakTracking() }
  }

  /// The deinitializer's part for a tracked module (out of line, so links that are never tracked
  /// release quickly). The interactor and router are released with these links. One that
  /// something else still holds (an unfinished task, a cache) outlives them: it is tracked now, so
  /// the module's check reports it. One held only here is released right after this (no reference
  /// count to take).
  @inline(never)
  private nonisolated func endLeakTracking() {
    let hold = leakHold.unsafelyUnwrapped
    Self.trackLayersOutliving(&storedInteractor, &storedRouter, in: hold)
    hold.release()
  }

  /// The view, or `nil` when it was released (or never wired).
  public var view: View? { viewObject as? View }

  /// The interactor.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  @inlinable
  public var interactor: Interactor {
    guard let storedInteractor else { unwired("interactor") }
    return interactorWords.load(storedInteractor, as: Interactor.self)
  }

  /// The router.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  @inlinable
  public var router: Router {
    guard let storedRouter else { unwired("router") }
    return routerWords.load(storedRouter, as: Router.self)
  }

  /// Whether the interactor and router are wired (those the module has: an interactor contract
  /// ``NoInteractor`` or a router contract ``NoRouter`` needs none). Links with neither are wired
  /// while their view is alive.
  @inlinable
  public var isWired: Bool {
    // The casts are decided at compile time where the links are specialized (the builder).
    let hasNoInteractor = Interactor.self is NoInteractor.Type
    let hasNoRouter = Router.self is NoRouter.Type
    if hasNoInteractor && hasNoRouter { return viewObject != nil }
    return (hasNoInteractor || storedInteractor != nil) && (hasNoRouter || storedRouter != nil)
  }

  /// Links the presenter to its view (weakly) and to its interactor and router (strongly).
  ///
  /// - Parameters:
  ///   - view: The view, a class instance (or a mock of it). Held weakly: keep it alive yourself.
  ///   - interactor: The interactor (or a mock of it).
  ///   - router: The router (or a mock of it).
  @inlinable
  public func wire(view: View, interactor: Interactor, router: Router) {
    // Rewiring a tracked module's presenter (in a test): the layers it let go of are tracked if
    // something else still holds them, as when the links are released.
    trackLayersLetGo()
    viewObject = view as AnyObject
    storedInteractor = interactorWords.store(interactor)
    storedRouter = routerWords.store(router)
  }

  /// The builder's wiring: the view is stored as the object it is, its contract already checked;
  /// the interactor and router as their objects and the words of their contract values recorded
  /// by the builder (`WiringMemo`).
  @inlinable
  func wire(
    viewObject: AnyObject, interactorObject: AnyObject, interactorWords: LinkWords,
    routerObject: AnyObject, routerWords: LinkWords
  ) {
    self.viewObject = viewObject
    storedInteractor = self.interactorWords.store(interactorObject, words: interactorWords)
    storedRouter = self.routerWords.store(routerObject, words: routerWords)
  }

  /// The builder's wiring with contract values it has just cast.
  @inlinable
  func wire(viewObject: AnyObject, interactor: Interactor, router: Router) {
    self.viewObject = viewObject
    storedInteractor = interactorWords.store(interactor)
    storedRouter = routerWords.store(router)
  }

  /// The builder's wiring of a module without an interactor or a router (``NoInteractor``,
  /// ``NoRouter``): the layers it has, as contract values it has just cast.
  @usableFromInline
  func wire(viewObject: AnyObject, interactor: Interactor?, router: Router?) {
    self.viewObject = viewObject
    storedInteractor = interactor.map { interactorWords.store($0) }
    storedRouter = router.map { routerWords.store($0) }
  }

  /// Holds the module's leak detector presenter hold (see `leakHold`), already retained for
  /// these links. Called once, by the builder.
  @inline(__always)
  func hold(_ hold: Unmanaged<LeakPresenterHold>) {
    assert(leakHold == nil, "a module's presenter links are tracked once")
    leakHold = hold
  }

  /// Before rewiring: the interactor and router these links let go of are tracked if something
  /// else still holds them, as when the links are released.
  @usableFromInline
  func trackLayersLetGo() {
    guard let leakHold else { return }
    Self.trackLayersOutliving(&storedInteractor, &storedRouter, in: leakHold)
  }

  /// Tracks, in the module's group, the interactor and router these links are about to let go
  /// of, if something else also holds them (a reference count above one).
  @inline(__always)
  nonisolated static func trackLayersOutliving(
    _ interactor: inout AnyObject?, _ router: inout AnyObject?,
    in hold: Unmanaged<LeakPresenterHold>
  ) {
    let interactorOutlives = interactor != nil && !isKnownUniquelyReferenced(&interactor)
    let routerOutlives = router != nil && !isKnownUniquelyReferenced(&router)
    guard interactorOutlives || routerOutlives else { return }
    hold._withUnsafeGuaranteedRef { hold in
      if interactorOutlives {
        hold.trackOutliving(interactor.unsafelyUnwrapped, role: .interactor)
      }
      if routerOutlives { hold.trackOutliving(router.unsafelyUnwrapped, role: .router) }
    }
  }

  @usableFromInline
  func unwired(_ link: String) -> Never {
    preconditionFailure(Self.unwiredMessage(link))
  }

  /// What stops the program when `link` is read before these links are wired.
  static func unwiredMessage(_ link: String) -> String {
    if (link == "interactor" && Interactor.self is NoInteractor.Type)
      || (link == "router" && Router.self is NoRouter.Type)
    {
      return
        "PresenterLinks<\(View.self), \(Interactor.self), \(Router.self)>.\(link) was read, and "
        + "this module has no \(link): its presenter's links name \(link == "router" ? "NoRouter" : "NoInteractor"). "
        + "Remove the read, or give the module a \(link) (in the links and in its builder)."
    }
    if View.self is NoView.Type {
      // A screen's presenter: the usual mistake is a presenter the screen made itself.
      return
        "PresenterLinks<\(View.self), \(Interactor.self), \(Router.self)>.\(link) was read before "
        + "the module was wired: this presenter was not made by a ScreenBuilder. A screen that "
        + "creates its presenter (in `body`, or as `@State var presenter = ...`, which SwiftUI runs "
        + "at every init of the view) gets one that is never wired. Let the builder make it: "
        + "resolve the screen's module (or call ScreenBuilder.build(in:)), and hold the presenter "
        + "the screen receives in init(presenter:) in a `let`; in a unit test of the presenter "
        + "alone, call links.wire(view:interactor:router:) first."
    }
    return unwiredLinkMessage(
      "PresenterLinks<\(View.self), \(Interactor.self), \(Router.self)>.\(link)",
      layer: "presenter", wireCall: "links.wire(view:interactor:router:)",
      holder: "a view's `var presenter`")
  }
}

extension PresenterLinks where Interactor == NoInteractor {
  /// Links the presenter of a module without an interactor to its view (weakly) and its router
  /// (strongly), in a unit test of the presenter alone.
  ///
  /// - Parameters:
  ///   - view: The view, a class instance (or a mock of it). Held weakly: keep it alive yourself.
  ///   - router: The router (or a mock of it).
  public func wire(view: View, router: Router) {
    trackLayersLetGo()
    wire(viewObject: view as AnyObject, interactor: nil, router: router)
  }
}

extension PresenterLinks where Router == NoRouter {
  /// Links the presenter of a module without a router to its view (weakly) and its interactor
  /// (strongly), in a unit test of the presenter alone.
  ///
  /// - Parameters:
  ///   - view: The view, a class instance (or a mock of it). Held weakly: keep it alive yourself.
  ///   - interactor: The interactor (or a mock of it).
  public func wire(view: View, interactor: Interactor) {
    trackLayersLetGo()
    wire(viewObject: view as AnyObject, interactor: interactor, router: nil)
  }
}

extension PresenterLinks where Interactor == NoInteractor, Router == NoRouter {
  /// Links the presenter of a module with neither an interactor nor a router to its view
  /// (weakly), in a unit test of the presenter alone.
  ///
  /// - Parameter view: The view, a class instance (or a mock of it). Held weakly: keep it alive
  ///   yourself.
  public func wire(view: View) {
    trackLayersLetGo()
    wire(viewObject: view as AnyObject, interactor: nil, router: nil)
  }
}

extension PresenterLinks: LeakPresenterLinksProbe {
  nonisolated var leakProbedView: AnyObject? { viewObject }
  nonisolated var leakProbedInteractor: AnyObject? {
    interactorWords.isBoxed ? nil : storedInteractor
  }
  nonisolated var leakProbedRouter: AnyObject? { routerWords.isBoxed ? nil : storedRouter }
}
