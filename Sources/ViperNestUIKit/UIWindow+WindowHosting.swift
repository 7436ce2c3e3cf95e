#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// A `UIWindow` is a ViperNest window.
  extension UIWindow: WindowHosting {
    /// ``UIKitToolkit/shared``.
    public var toolkit: any UIToolkit { UIKitToolkit.shared }

    /// `rootViewController`.
    public var rootController: (any ViewControlling)? { rootViewController }

    /// Sets `rootViewController`, then `makeKeyAndVisible()` when there is a root; the old root's
    /// modules end. (As in UIKit, what the old root presents is not dismissed: `WindowRootTransition`
    /// dismisses it first.)
    ///
    /// - Throws: ``TransitionError``: ``TransitionError/Code/incompatibleController`` for a
    ///   controller of another toolkit, ``TransitionError/Code/alreadyShown`` for one in a
    ///   container or presented.
    public func setRootController(_ controller: (any ViewControlling)?) throws {
      let controller = try controller.map(uiViewController)
      if let controller, controller !== rootViewController {
        try ensureNotShown(controller, "make", "the window's root")
      }
      let old = rootViewController === controller ? nil : rootViewController
      rootViewController = controller
      if let controller {
        makeKeyAndVisible()
        observeLifecycle(of: controller)
      }
      if let old, old.presentedViewController == nil {
        NavigationLifecycle.controllerDidLeaveHierarchy(old)
      }
    }
  }
#endif
