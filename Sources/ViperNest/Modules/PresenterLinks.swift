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
  // Main-actor isolated and only ever read or assigned whole (no inout or mutating access), so no
  // two accesses can overlap: the runtime exclusivity check is turned off for the stored links.
  @usableFromInline @exclusivity(unchecked) weak var viewObject: AnyObject?
  @usableFromInline @exclusivity(unchecked) var storedInteractor: Interactor?
  @usableFromInline @exclusivity(unchecked) var storedRouter: Router?

  /// Creates unwired links.
  public nonisolated init() {}

  /// The view, or `nil` when it was released (or never wired).
  public var view: View? { viewObject as? View }

  /// The interactor.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  public var interactor: Interactor {
    guard let storedInteractor else { unwired("interactor") }
    return storedInteractor
  }

  /// The router.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  public var router: Router {
    guard let storedRouter else { unwired("router") }
    return storedRouter
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
    storedInteractor = interactor
    storedRouter = router
  }

  /// The builder's wiring: the view is stored as the object it is, its contract already checked.
  @inlinable
  func wire(viewObject: AnyObject, interactor: Interactor, router: Router) {
    self.viewObject = viewObject
    storedInteractor = interactor
    storedRouter = router
  }

  private func unwired(_ link: String) -> Never {
    preconditionFailure(
      "PresenterLinks<\(View.self), \(Interactor.self), \(Router.self)>.\(link) was read before "
        + "the module was wired. Build the module with its VIPERBuilder (or call "
        + "links.wire(view:interactor:router:) in a unit test) first.")
  }
}
