/// A router's links: the module's view controller, held **weakly**, and the resolver of the story
/// the module was built in.
///
/// ```swift
/// let links = RouterLinks()
/// // in a unit test of the router alone:
/// router.links.wire(viewController: sourceView, resolver: story.resolver)
/// ```
@MainActor
public final class RouterLinks {
  /// The module's view controller, or `nil` when it was released (or never wired).
  public var viewController: (any ViewControlling)? {
    viewControllerObject as? any ViewControlling
  }
  /// The view controller as its object, a word where the existential's weak reference takes two
  /// (benchmark target `memory-300`, live modules: 16 bytes less in every router's links).
  private weak var viewControllerObject: AnyObject?
  /// Set once, by `wire`: the links are wired when it is.
  private var storedResolver: Resolver?

  /// Creates unwired links.
  public nonisolated init() {}

  /// The resolver of the module's story.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  public var resolver: Resolver {
    guard let storedResolver else { preconditionFailure(Self.unwiredMessage) }
    return storedResolver
  }

  /// What stops the program when the resolver is read before these links are wired.
  nonisolated static let unwiredMessage = unwiredLinkMessage(
    "RouterLinks.resolver", layer: "router", wireCall: "links.wire(viewController:resolver:)",
    holder: "a presenter's `var router`")

  /// Whether the links were wired.
  public var isWired: Bool { storedResolver != nil }

  /// Links the router to the module's view controller (weakly) and to its story's resolver.
  ///
  /// - Parameters:
  ///   - viewController: The controller to navigate from.
  ///   - resolver: Resolves the modules the router shows.
  public func wire(viewController: any ViewControlling, resolver: Resolver) {
    viewControllerObject = viewController
    storedResolver = resolver
  }
}

/// The message of a link read before its links were wired: built outside the builder, or a second
/// layer that the builder never saw, typically one held in a property that hides a link.
///
/// - Parameters:
///   - read: What was read: `RouterLinks.resolver`.
///   - layer: The role of the layer whose links these are: `router`.
///   - wireCall: The call that wires them in a unit test.
///   - holder: A property that typically holds such a second layer: `a presenter's \`var router\``.
///   - before: When to wire them: `first`, or `before the view loads`.
func unwiredLinkMessage(
  _ read: String, layer: String, wireCall: String, holder: String, before: String = "first"
) -> String {
  "\(read) was read before the module was wired. Was the module built outside its VIPERBuilder? "
    + "Build it with its builder (or call \(wireCall) in a unit test) \(before). Was it built with "
    + "its builder? Then this \(layer) is not the one the builder wired: a second \(layer), made or "
    + "resolved by hand, probably held in a property that hides a link (such as \(holder)); "
    + "remove that property and read the \(layer) through the links."
}
