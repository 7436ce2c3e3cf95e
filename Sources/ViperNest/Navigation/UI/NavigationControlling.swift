/// A navigation container: a stack of controllers where the top one is visible (UIKit's
/// `UINavigationController`).
///
/// The stack holds its controllers strongly; popping one releases it.
///
/// ```swift
/// let navigation = try view.toolkit.makeNavigationContainer(root: contactsView)
/// try navigation.pushController(detailView, animated: true, completion: nil)
/// #expect(navigation.stack.count == 2)
/// ```
@MainActor
public protocol NavigationControlling: ViewControlling {
  /// The controllers in the stack, root first.
  var stack: [any ViewControlling] { get }

  /// Pushes `controller` on top of the stack.
  ///
  /// - Parameters:
  ///   - controller: The controller to push. The stack holds it until it is popped.
  ///   - animated: Whether to animate.
  ///   - completion: Called once it is on screen.
  /// - Throws: ``TransitionError`` when `controller` belongs to another UI framework.
  func pushController(
    _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?) throws

  /// Pops `controller` and every controller above it.
  ///
  /// - Parameters:
  ///   - controller: A controller in the stack, other than the root.
  ///   - animated: Whether to animate.
  ///   - completion: Called once the controller below it is on screen.
  /// - Throws: ``TransitionError`` with ``TransitionError/Code/cannotPopRoot`` for the root, or
  ///   ``TransitionError/Code/noNavigationStack`` when `controller` is not in this stack.
  func popController(
    _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?) throws
}
