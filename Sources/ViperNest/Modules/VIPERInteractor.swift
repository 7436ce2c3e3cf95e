/// The Interactor role of a VIPER module: the use case's business logic, which reports results to
/// its presenter through the InteractorOutput contract.
///
/// Declare its link with ``InteractorLinks``; the builder fills it and holds the presenter
/// **weakly** (the presenter owns the interactor). Services, such as a data manager or story-scoped
/// state, come through its initializer, resolved from the registry.
///
/// ```swift
/// final class ContactsInteractor: VIPERInteractor {
///   let links = InteractorLinks<any ContactsInteractorOutput>()
///   private let book: ContactBook
///   init(book: ContactBook) { self.book = book }
/// }
///
/// extension ContactsInteractor: ContactsInteractorProtocol {
///   func loadContacts() { presenter?.didLoad(book.contacts) }
/// }
/// ```
@MainActor
public protocol VIPERInteractor: AnyObject {
  /// The InteractorOutput contract: what the interactor may tell its presenter.
  associatedtype InteractorOutput

  /// The interactor's link to its presenter, filled by ``VIPERBuilder``.
  var links: InteractorLinks<InteractorOutput> { get }
}

extension VIPERInteractor {
  /// The module's presenter, held weakly. `nil` once the module is gone.
  public var presenter: InteractorOutput? { links.presenter }
}
