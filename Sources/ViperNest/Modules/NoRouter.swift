/// The router of a module that has none: a screen that navigates nowhere builds without a
/// do-nothing router.
///
/// Name it as the builder's router and as the router contract of the presenter's links. The
/// builder then resolves, creates and tracks no router, and a module registration
/// (``Registrar/register(_:builder:in:file:line:module:)``) does not ask ``Registry/validate()``
/// to find one:
///
/// ```swift
/// final class BadgePresenter: VIPERPresenter {
///   let links = PresenterLinks<any BadgeViewProtocol, any BadgeInteractorProtocol, NoRouter>()
/// }
/// typealias BadgeBuilder = VIPERBuilder<BadgeView, BadgePresenter, BadgeInteractor, NoRouter>
/// ```
///
/// There is no instance of it, and it has no members of its own: `presenter.router` in such a
/// presenter is flagged by the compiler. The presenter and the builder must agree: a builder with
/// a router for a presenter whose links name `NoRouter` (or the reverse) is refused when the
/// module is built (``ModuleError/Code/contractMismatch``). A module can have neither an
/// interactor nor a router (``NoInteractor``).
public final class NoRouter: VIPERRouter {
  /// Private and never called: no instance of the class exists.
  private init() {}

  /// Never read: there is no instance to read it from.
  public var links: RouterLinks {
    preconditionFailure("NoRouter has no instance")
  }
}
