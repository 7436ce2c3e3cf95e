/// The View role of a VIPER module: a view controller that shows what its presenter tells it and
/// forwards user actions to it.
///
/// Declare the link to the presenter with ``ViewLinks``, typed by your ViewOutput contract; the
/// builder fills it, and the view holds its presenter **strongly** (the view owns the module).
///
/// ```swift
/// final class ContactsView: UIViewController, VIPERView {
///   let links = ViewLinks<any ContactsViewOutput>()
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     presenter.viewDidLoad()
///   }
/// }
///
/// extension ContactsView: ContactsViewProtocol {
///   func show(names: [String]) { ... }
/// }
/// ```
@MainActor
public protocol VIPERView: ViewControlling {
  /// The ViewOutput contract: what the view may tell its presenter (usually `any SomeProtocol`).
  associatedtype ViewOutput

  /// The view's link to its presenter, filled by ``VIPERBuilder``.
  var links: ViewLinks<ViewOutput> { get }
}

extension VIPERView {
  /// The module's presenter, held strongly.
  ///
  /// Available once the module is built (before the view loads). Reading it earlier stops the
  /// program with a message saying so: it is a programming error, like an unset outlet.
  public var presenter: ViewOutput { links.presenter }
}
