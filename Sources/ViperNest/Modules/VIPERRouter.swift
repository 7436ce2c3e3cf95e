/// The Router role of a VIPER module: it decides where the module navigates, resolving the next
/// module from the registry and showing it with a transition.
///
/// Declare its link with ``RouterLinks``; the builder fills it with the module's view controller,
/// held **weakly** (it is needed only to navigate from), and with the resolver of the story the
/// module was built in, so the next module gets that story's services.
///
/// ```swift
/// final class ContactsRouter: VIPERRouter {
///   let links = RouterLinks()
/// }
///
/// extension ContactsRouter: ContactsRouterProtocol {
///   func showDetail(of contact: Contact) throws {
///     try push(resolver.resolve(ContactDetailModule.self, arguments: contact))
///   }
/// }
/// ```
///
/// The navigation helpers (``present(_:embedIn:appearance:story:animated:completion:)``,
/// ``push(_:appearance:story:animated:completion:)``, ``dismiss(animated:completion:)``,
/// ``pop(animated:completion:)``…) navigate from ``viewController``.
@MainActor
public protocol VIPERRouter: AnyObject {
  /// The router's links, filled by ``VIPERBuilder``.
  var links: RouterLinks { get }
}

extension VIPERRouter {
  /// The module's view controller, held weakly. `nil` once the module is gone.
  public var viewController: (any ViewControlling)? { links.viewController }

  /// Resolves from the story the module was built in: the next module, with that story's services.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  public var resolver: Resolver { links.resolver }
}
