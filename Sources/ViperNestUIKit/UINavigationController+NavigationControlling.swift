#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// A `UINavigationController` is a ViperNest navigation container.
  extension UINavigationController: NavigationControlling {
    /// `viewControllers`.
    public var stack: [any ViewControlling] { viewControllers }

    /// `pushViewController(_:animated:)`; `completion` runs when the transition coordinator
    /// finishes (at once when not animated).
    public func pushController(
      _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
    ) throws {
      let controller = try uiViewController(controller)
      if controller.navigationItem.largeTitleDisplayMode == .always {
        navigationBar.prefersLargeTitles = true
      }
      pushViewController(controller, animated: animated)
      whenTransitionEnds(animated, completion)
    }

    /// `popViewController(animated:)` when `controller` is on top, otherwise
    /// `popToViewController(_:animated:)` to the controller below it.
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
      if index == viewControllers.count - 1 {
        _ = popViewController(animated: animated)
      } else {
        _ = popToViewController(viewControllers[index - 1], animated: animated)
      }
      whenTransitionEnds(animated, completion)
    }

    private func whenTransitionEnds(_ animated: Bool, _ completion: (@MainActor () -> Void)?) {
      guard let completion else { return }
      guard animated, let coordinator = transitionCoordinator else {
        completion()
        return
      }
      _ = coordinator.animate(alongsideTransition: nil) { _ in completion() }
    }
  }
#endif
