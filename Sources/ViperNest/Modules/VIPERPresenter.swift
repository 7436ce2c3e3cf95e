/// The Presenter role of a VIPER module: it turns user actions into requests to the interactor and
/// the router, and the interactor's results into what the view shows.
///
/// Declare its links with ``PresenterLinks``, typed by your View, Interactor and Router contracts;
/// the builder fills them with the ownership VIPER needs (view **weak**, interactor and router
/// **strong**). Services come through its initializer, resolved from the registry.
///
/// ```swift
/// final class ContactsPresenter: VIPERPresenter {
///   let links = PresenterLinks<any ContactsViewProtocol, any ContactsInteractorProtocol,
///     any ContactsRouterProtocol>()
///   private let formatter: NameFormatter
///   init(formatter: NameFormatter) { self.formatter = formatter }
/// }
///
/// extension ContactsPresenter: ContactsViewOutput {
///   func viewDidLoad() { interactor.loadContacts() }
///   func didTapAdd() { try? router.showAddContact(output: self) }
/// }
///
/// extension ContactsPresenter: ContactsInteractorOutput {
///   func didLoad(_ contacts: [Contact]) { view?.show(names: contacts.map(formatter.fullName)) }
/// }
/// ```
@MainActor
public protocol VIPERPresenter: AnyObject {
  /// The View contract: what the presenter may tell its view.
  associatedtype View
  /// The Interactor contract: what the presenter may ask its interactor.
  associatedtype Interactor
  /// The Router contract: where the presenter may ask its router to go.
  associatedtype Router

  /// The presenter's links to its view, interactor and router, filled by ``VIPERBuilder``.
  var links: PresenterLinks<View, Interactor, Router> { get }
}

extension VIPERPresenter {
  /// The module's view, held weakly (the view owns the presenter). `nil` once the view is gone.
  public var view: View? { links.view }

  /// The module's interactor, held strongly.
  public var interactor: Interactor { links.interactor }

  /// The module's router, held strongly.
  public var router: Router { links.router }
}

extension VIPERPresenter where Interactor == NoInteractor {
  /// A module without an interactor has none to read: remove the read, or give the module an
  /// interactor (in the presenter's links and in its builder).
  @available(
    *, deprecated, message: "this module has no interactor: its presenter's links name NoInteractor"
  )
  public var interactor: Never { links.unwired("interactor") }
}

extension VIPERPresenter where Router == NoRouter {
  /// A module without a router has none to read: remove the read, or give the module a router (in
  /// the presenter's links and in its builder).
  @available(
    *, deprecated, message: "this module has no router: its presenter's links name NoRouter"
  )
  public var router: Never { links.unwired("router") }
}
