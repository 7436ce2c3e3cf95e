/// An interactor's link to its presenter, held **weakly** (the presenter owns the interactor).
///
/// ```swift
/// let links = InteractorLinks<any ContactsInteractorOutput>()
/// // in a unit test of the interactor alone:
/// interactor.links.wire(presenter: spy)
/// ```
@MainActor
public final class InteractorLinks<InteractorOutput> {
  // Main-actor isolated and only ever read or assigned whole (no inout or mutating access), so no
  // two accesses can overlap: the runtime exclusivity check is turned off for the stored links.
  // Safe to mark nonisolated(unsafe) because it is only written on the main actor, when the
  // module is wired; the one reader off the main actor is a leak report (`leakProbedPresenter`),
  // which reads it as the retain-path walker reads any object's properties, for a module that
  // ended (or is open while a report is made): a module that is not being wired.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) weak var presenterObject: AnyObject?

  /// Creates an unwired link.
  public nonisolated init() {}

  /// The presenter, or `nil` when it was released (or never wired).
  public var presenter: InteractorOutput? { presenterObject as? InteractorOutput }

  /// Whether a presenter is wired and alive.
  @inlinable
  public var isWired: Bool { presenterObject != nil }

  /// Links the interactor to `presenter`, held weakly.
  ///
  /// - Parameter presenter: The presenter, a class instance (or a spy). Keep it alive yourself.
  @inlinable
  public func wire(presenter: InteractorOutput) {
    presenterObject = presenter as AnyObject
  }

  /// The builder's wiring: the presenter is stored as the object it is, its contract already
  /// checked.
  @inlinable
  func wire(presenterObject: AnyObject) {
    self.presenterObject = presenterObject
  }
}

extension InteractorLinks: LeakPresenterLinkProbe {
  nonisolated var leakProbedPresenter: AnyObject? { presenterObject }
}
