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
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) weak var viewObject: AnyObject?
  /// The interactor object (or its boxed value), held strongly; nil until wired.
  @usableFromInline @exclusivity(unchecked) var storedInteractor: AnyObject?
  @usableFromInline @exclusivity(unchecked) var interactorWords = LinkWords()
  /// The router object (or its boxed value), held strongly; nil until wired.
  @usableFromInline @exclusivity(unchecked) var storedRouter: AnyObject?
  @usableFromInline @exclusivity(unchecked) var routerWords = LinkWords()

  /// Creates unwired links.
  public nonisolated init() {}

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

  /// Whether the interactor and router are wired.
  @inlinable
  public var isWired: Bool { storedInteractor != nil && storedRouter != nil }

  /// Links the presenter to its view (weakly) and to its interactor and router (strongly).
  ///
  /// - Parameters:
  ///   - view: The view, a class instance (or a mock of it). Held weakly: keep it alive yourself.
  ///   - interactor: The interactor (or a mock of it).
  ///   - router: The router (or a mock of it).
  @inlinable
  public func wire(view: View, interactor: Interactor, router: Router) {
    viewObject = view as AnyObject
    storedInteractor = interactorWords.store(interactor)
    storedRouter = routerWords.store(router)
  }

  /// The builder's wiring: the view is stored as the object it is, its contract already checked;
  /// the interactor and router as their objects and the words of their contract values recorded
  /// by the builder (`WiringMemo` templates).
  @inlinable
  func wire(
    viewObject: AnyObject, interactorObject: AnyObject, interactorTemplate: UnsafeRawPointer,
    routerObject: AnyObject, routerTemplate: UnsafeRawPointer
  ) {
    self.viewObject = viewObject
    storedInteractor = interactorWords.store(
      interactorObject, template: interactorTemplate, as: Interactor.self)
    storedRouter = routerWords.store(routerObject, template: routerTemplate, as: Router.self)
  }

  /// The builder's wiring with contract values it has just cast.
  @inlinable
  func wire(viewObject: AnyObject, interactor: Interactor, router: Router) {
    self.viewObject = viewObject
    storedInteractor = interactorWords.store(interactor)
    storedRouter = routerWords.store(router)
  }

  @usableFromInline
  func unwired(_ link: String) -> Never {
    preconditionFailure(
      "PresenterLinks<\(View.self), \(Interactor.self), \(Router.self)>.\(link) was read before "
        + "the module was wired. Build the module with its VIPERBuilder (or call "
        + "links.wire(view:interactor:router:) in a unit test) first.")
  }
}

extension PresenterLinks: LeakViewLinkProbe {
  nonisolated var leakProbedView: AnyObject? { viewObject }
}
