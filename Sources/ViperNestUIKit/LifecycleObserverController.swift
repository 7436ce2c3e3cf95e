#if canImport(UIKit)
  import UIKit
  import ViperNest

  /// A zero-size child controller that watches its parent leave the screen for good (popped by the
  /// back button or an edge swipe, dismissed by a swipe-down or by a presenter, a tab removed, a
  /// window root replaced) and tells ``NavigationLifecycle``, so the modules inside end: their
  /// stories close and the leak detector checks them.
  ///
  /// ViperNest adds one to every controller its UIKit adapters show. It uses only containment, as
  /// Apple's "Implementing a container view controller" describes: no swizzling, and no delegate of
  /// the app's is replaced. A temporary disappearance (another screen pushed on top, another tab
  /// selected, a full-screen presentation over it) ends nothing; neither does a cancelled edge
  /// swipe, which never reaches `viewDidDisappear`.
  @MainActor
  final class LifecycleObserverController: UIViewController {
    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      guard let observed = parent else { return }
      // Inside the appearance callbacks these flags tell a pop or a dismissal apart.
      if Self.isLeaving(observed) {
        NavigationLifecycle.controllerDidLeaveHierarchy(observed)
        return
      }
      // A window root or a tab set replaced sets no flag: look again once UIKit is done.
      Task { @MainActor [observed] in
        if Self.isDetached(observed) { NavigationLifecycle.controllerDidLeaveHierarchy(observed) }
      }
    }

    /// Whether `controller` or a container it sits in is being popped or dismissed.
    static func isLeaving(_ controller: UIViewController) -> Bool {
      var current: UIViewController? = controller
      while let candidate = current {
        if candidate.isMovingFromParent || candidate.isBeingDismissed { return true }
        current = candidate.parent
      }
      return false
    }

    /// Whether `controller`'s outermost container is in no window, not presented and presents
    /// nothing (a presenter covered by a full-screen presentation still presents it).
    static func isDetached(_ controller: UIViewController) -> Bool {
      var top = controller
      while let parent = top.parent { top = parent }
      return top.presentingViewController == nil && top.presentedViewController == nil
        && top.viewIfLoaded?.window == nil
    }
  }

  /// Adds a lifecycle observer to `controller`, or, for a navigation or tab container (whose
  /// children are its stack or its tabs), to the controllers it shows.
  @MainActor
  func observeLifecycle(of controller: UIViewController) {
    if let navigation = controller as? UINavigationController {
      for shown in navigation.viewControllers { observeLifecycle(of: shown) }
      return
    }
    if let tabs = controller as? UITabBarController {
      for shown in tabs.viewControllers ?? [] { observeLifecycle(of: shown) }
      return
    }
    guard !controller.children.contains(where: { $0 is LifecycleObserverController }) else {
      return
    }
    let observer = LifecycleObserverController()
    controller.addChild(observer)
    observer.view.frame = .zero
    observer.view.isHidden = true
    observer.view.isUserInteractionEnabled = false
    controller.view.addSubview(observer.view)
    observer.didMove(toParent: controller)
  }
#endif
