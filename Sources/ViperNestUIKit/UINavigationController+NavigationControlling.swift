#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// A `UINavigationController` is a ViperNest navigation container.
  extension UINavigationController: NavigationControlling {
    /// `viewControllers`.
    public var stack: [any ViewControlling] { viewControllers }

    /// `pushViewController(_:animated:)`; `completion` runs when the transition coordinator
    /// finishes (at once when not animated).
    ///
    /// - Throws: ``TransitionError``: ``TransitionError/Code/incompatibleController`` for a
    ///   navigation controller and ``TransitionError/Code/alreadyShown`` for a controller already
    ///   in a stack or presented (UIKit raises an exception for both),
    ///   ``TransitionError/Code/transitionInFlight`` while the stack animates.
    public func pushController(
      _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
    ) throws {
      let controller = try uiViewController(controller)
      let name = String(describing: type(of: controller))
      if controller is UINavigationController {
        throw TransitionError(
          .incompatibleController,
          "Cannot push \(name): it is a navigation controller (UIKit raises an exception: a "
            + "navigation stack cannot hold another).",
          fix: "push the module itself, or present the navigation controller")
      }
      try ensureNotShown(controller, "push")
      try checkNotAnimating("push", name)
      if controller.navigationItem.largeTitleDisplayMode == .always {
        navigationBar.prefersLargeTitles = true
      }
      pushViewController(controller, animated: animated)
      observeLifecycle(of: controller)
      whenTransitionEnds(animated) { completion?() }
    }

    /// `popViewController(animated:)` when `controller` is on top, otherwise
    /// `popToViewController(_:animated:)` to the controller below it; the popped modules end when
    /// the pop does.
    ///
    /// - Throws: ``TransitionError``: ``TransitionError/Code/noNavigationStack``,
    ///   ``TransitionError/Code/cannotPopRoot``, ``TransitionError/Code/transitionInFlight``.
    public func popController(
      _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
    ) throws {
      guard let index = viewControllers.firstIndex(where: { $0 === controller }) else {
        throw TransitionError(
          .noNavigationStack,
          "Cannot pop \(type(of: controller)): it is not in this navigation controller's stack.",
          fix: "pop from the navigation controller that holds it")
      }
      guard index > 0 else {
        throw TransitionError(
          .cannotPopRoot,
          "Cannot pop \(type(of: controller)): it is the root of its navigation controller.",
          fix: "dismiss or replace the whole navigation controller instead")
      }
      try checkNotAnimating("pop", String(describing: type(of: controller)))
      let popped: [UIViewController]
      if index == viewControllers.count - 1 {
        popped = popViewController(animated: animated).map { [$0] } ?? []
      } else {
        popped = popToViewController(viewControllers[index - 1], animated: animated) ?? []
      }
      whenTransitionEnds(animated) {
        for controller in popped.reversed() {
          NavigationLifecycle.controllerDidLeaveHierarchy(controller)
        }
        completion?()
      }
    }

    private func checkNotAnimating(_ verb: String, _ name: String) throws {
      guard transitionCoordinator != nil else { return }
      throw TransitionError(
        .transitionInFlight,
        "Cannot \(verb) \(name): the navigation controller is still animating another transition "
          + "(UIKit would leave the stack in an inconsistent state).",
        fix: "\(verb) from the completion of the transition in flight")
    }

    private func whenTransitionEnds(_ animated: Bool, _ completion: @escaping @MainActor () -> Void)
    {
      guard animated, let coordinator = transitionCoordinator else {
        completion()
        return
      }
      _ = coordinator.animate(alongsideTransition: nil) { _ in completion() }
    }
  }
#endif
