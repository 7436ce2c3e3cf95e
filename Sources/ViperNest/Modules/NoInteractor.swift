/// The interactor of a module that has none: a screen with nothing to load or compute builds
/// without a do-nothing interactor.
///
/// Name it as the builder's interactor and as the interactor contract of the presenter's links.
/// The builder then resolves, creates and tracks no interactor, and a module registration
/// (``Registrar/register(_:builder:in:file:line:module:)``) does not ask ``Registry/validate()``
/// to find one:
///
/// ```swift
/// final class AboutPresenter: VIPERPresenter {
///   let links = PresenterLinks<any AboutViewProtocol, NoInteractor, any AboutRouterProtocol>()
/// }
/// typealias AboutBuilder = VIPERBuilder<AboutView, AboutPresenter, NoInteractor, AboutRouter>
/// ```
///
/// There is no instance of it, and it has no members: `presenter.interactor` in such a presenter
/// is flagged by the compiler, and a call on it does not compile. The presenter and the builder
/// must agree: a builder with an interactor for a presenter whose links name `NoInteractor` (or
/// the reverse) is refused when the module is built (``ModuleError/Code/contractMismatch``).
public final class NoInteractor: VIPERInteractor {
  /// Private and never called: no instance of the class exists.
  private init() {}

  /// Never read: there is no instance to read it from.
  public var links: InteractorLinks<Never> {
    preconditionFailure("NoInteractor has no instance")
  }
}
