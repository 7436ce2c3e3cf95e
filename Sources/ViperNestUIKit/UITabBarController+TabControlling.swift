#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// A `UITabBarController` is a ViperNest tab container. (Its members are `tabRoots` and
  /// `setTabRoots(_:animated:)`, so that they never clash with UIKit's own `tabs` of iOS 18.)
  extension UITabBarController: TabControlling {
    /// `viewControllers`.
    public var tabRoots: [any ViewControlling] { viewControllers ?? [] }

    /// `selectedIndex`.
    public var selectedTabIndex: Int {
      get { selectedIndex }
      set { selectedIndex = newValue }
    }

    /// `setViewControllers(_:animated:)`; the modules of the tabs that are not kept end.
    ///
    /// - Throws: ``TransitionError``: ``TransitionError/Code/incompatibleController`` for a
    ///   controller of another toolkit, ``TransitionError/Code/alreadyShown`` for one shown
    ///   elsewhere.
    public func setTabRoots(_ tabs: [any ViewControlling], animated: Bool) throws {
      let controllers = try tabs.map(uiViewController)
      for controller in controllers {
        try ensureNotShown(controller, "show", "as a tab", except: self)
      }
      let removed = (viewControllers ?? []).filter { old in
        !controllers.contains { $0 === old }
      }
      setViewControllers(controllers, animated: animated)
      for controller in controllers { observeLifecycle(of: controller) }
      for controller in removed { NavigationLifecycle.controllerDidLeaveHierarchy(controller) }
    }
  }
#endif
