/// Pushes a module onto the navigation stack of its source; reversing it pops the module (and
/// anything pushed above it).
///
/// The source must be in a navigation stack (or be one); otherwise ``perform(animated:completion:)``
/// throws ``TransitionError/Code/noNavigationStack`` saying how to fix it.
///
/// ```swift
/// let transition = PushTransition(
///   from: contactsView, to: detailModule,
///   appearance: .init(navigationBar: .init(barTintColor: .white, prefersLargeTitles: false)))
/// try transition.perform()
/// ```
@MainActor
public final class PushTransition: Transition {
  /// How the pushed module looks.
  public struct Appearance: Hashable, Sendable {
    /// The navigation bar while the module is on top; it reverts when the module is popped.
    public var navigationBar: NavigationBarAppearance?

    /// Creates an appearance.
    ///
    /// - Parameter navigationBar: The bar's look. Default: the system's.
    public init(navigationBar: NavigationBarAppearance? = nil) {
      self.navigationBar = navigationBar
    }
  }

  /// The controller the module is pushed from (held weakly).
  public private(set) weak var source: (any ViewControlling)?
  /// How the pushed module looks.
  public let appearance: Appearance
  /// The stack the module was pushed onto.
  public private(set) weak var navigation: (any NavigationControlling)?
  private let core: TransitionCore

  /// Creates a transition that pushes `destination` onto `source`'s navigation stack.
  ///
  /// - Parameters:
  ///   - source: A controller in a navigation stack, or the stack itself.
  ///   - destination: The module or controller to push.
  ///   - appearance: The navigation bar while it is on top.
  ///   - story: A story to close when the transition is reversed or the module released.
  public init(
    from source: any ViewControlling, to destination: some Presentable,
    appearance: Appearance = Appearance(), story: Story? = nil
  ) {
    self.source = source
    self.appearance = appearance
    core = TransitionCore("push", destination: destination.viewController, story: story)
  }

  public var destination: (any ViewControlling)? { core.destination }
  public var story: Story? { core.story }
  public var isShown: Bool { core.phase == .shown }

  /// Pushes the destination.
  ///
  /// - Throws: ``TransitionError``: ``TransitionError/Code/noNavigationStack`` when the source is
  ///   not in a navigation stack, ``TransitionError/Code/incompatibleController`` when the
  ///   destination is itself a navigation container, ``TransitionError/Code/sourceReleased``,
  ///   ``TransitionError/Code/alreadyShown``, ``TransitionError/Code/alreadyPerformed``.
  public func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    let destination = try core.destinationToShow()
    let navigation = try stack(from: source, pushing: destination)
    try ensureNotShown(destination, "push")
    if let bar = appearance.navigationBar { destination.applyNavigationBarAppearance(bar) }
    self.navigation = navigation
    try core.show(destination, completion: completion) { done in
      try navigation.pushController(destination, animated: animated, completion: done)
    }
  }

  /// Pops the module (and anything pushed above it) and closes the story.
  ///
  /// - Throws: ``TransitionError/Code/notPerformed`` when it was never performed.
  public func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    try core.hide(completion: completion) { destination, done in
      guard let navigation, navigation.stack.contains(where: { $0 === destination }) else {
        done()
        return
      }
      try navigation.popController(destination, animated: animated, completion: done)
    }
  }
}

/// The navigation stack to push `destination` onto from `source`.
@MainActor
func stack(from source: (any ViewControlling)?, pushing destination: any ViewControlling) throws
  -> any NavigationControlling
{
  guard let source else {
    throw TransitionError(
      .sourceReleased,
      "Cannot push \(destination.typeName): the controller to push from was released.",
      fix: "push from a controller that is on screen")
  }
  if destination is any NavigationControlling {
    throw TransitionError(
      .incompatibleController,
      "Cannot push \(destination.typeName) from \(source.typeName): it is a navigation container, "
        + "and a navigation stack cannot hold another.",
      fix: "push the module itself, or present the container")
  }
  if let navigation = source as? any NavigationControlling ?? source.navigationContainer {
    return navigation
  }
  throw TransitionError(
    .noNavigationStack,
    "Cannot push \(destination.typeName) from \(source.typeName): \(source.typeName) is not in a "
      + "navigation stack.",
    fix:
      "show \(source.typeName) inside a navigation container (attachToWindow(window, "
      + "withNavigationController: true), or present it with embedIn: .navigationController), or "
      + "present \(destination.typeName) instead of pushing it")
}
