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
  public private(set) weak var viewController: (any ViewControlling)?
  private var storedResolver: Resolver?
  private var wired = false

  /// Creates unwired links.
  public nonisolated init() {}

  /// The resolver of the module's story.
  ///
  /// Reading it before the module is wired stops the program with a message: that is a
  /// programming error.
  public var resolver: Resolver {
    guard let storedResolver else {
      preconditionFailure(
        "RouterLinks.resolver was read before the module was wired. Build the module with its "
          + "VIPERBuilder (or call links.wire(viewController:resolver:) in a unit test) first.")
    }
    return storedResolver
  }

  /// Whether the links were wired.
  public var isWired: Bool { wired }

  /// Links the router to the module's view controller (weakly) and to its story's resolver.
  ///
  /// - Parameters:
  ///   - viewController: The controller to navigate from.
  ///   - resolver: Resolves the modules the router shows.
  public func wire(viewController: any ViewControlling, resolver: Resolver) {
    self.viewController = viewController
    storedResolver = resolver
    wired = true
  }
}
