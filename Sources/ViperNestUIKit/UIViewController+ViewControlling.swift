#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// Every `UIViewController` is a ViperNest view controller: transitions present, dismiss and
  /// embed it with UIKit's own calls.
  ///
  /// Where UIKit only logs a warning and never presents (and never calls the completion), the
  /// adapter throws a ``TransitionError`` saying how to fix it, so no transition is left "showing".
  extension UIViewController: ViewControlling {
    /// ``UIKitToolkit/shared``.
    public var toolkit: any UIToolkit { UIKitToolkit.shared }

    /// `presentedViewController`.
    public var presentedController: (any ViewControlling)? { presentedViewController }

    /// `presentingViewController`.
    public var presentingController: (any ViewControlling)? { presentingViewController }

    /// `parent`.
    public var parentController: (any ViewControlling)? { parent }

    /// `navigationController`.
    public var navigationContainer: (any NavigationControlling)? { navigationController }

    /// `children`, less ViperNest's lifecycle observer (for a navigation controller, its stack; for
    /// a tab bar controller, its tabs).
    public var childControllers: [any ViewControlling] {
      children.filter { !($0 is LifecycleObserverController) }
    }

    /// Sets `modalPresentationStyle`, then calls `present(_:animated:completion:)`.
    ///
    /// - Throws: ``TransitionError``: ``TransitionError/Code/notInWindow``,
    ///   ``TransitionError/Code/transitionInFlight``, ``TransitionError/Code/alreadyPresenting``
    ///   or ``TransitionError/Code/alreadyShown`` where UIKit would refuse with a console warning
    ///   or an exception.
    public func presentController(
      _ controller: any ViewControlling, style: PresentationStyle, animated: Bool,
      completion: (@MainActor () -> Void)?
    ) throws {
      let controller = try uiViewController(controller)
      try checkCanPresent(controller, "present")
      controller.modalPresentationStyle = UIModalPresentationStyle(style)
      observeLifecycle(of: controller)
      present(controller, animated: animated) { completion?() }
    }

    /// Presents `controller` as a page sheet configured by `appearance`: its detents, its grabber
    /// (or a handle view of `handleColor`), and whether a swipe dismisses it.
    ///
    /// - Throws: As ``presentController(_:style:animated:completion:)``.
    public func presentOverlay(
      _ controller: any ViewControlling, appearance: OverlayAppearance, animated: Bool,
      completion: (@MainActor () -> Void)?
    ) throws {
      let controller = try uiViewController(controller)
      try checkCanPresent(controller, "overlay")
      controller.modalPresentationStyle = .pageSheet
      controller.isModalInPresentation = !appearance.dismissesInteractively
      if let sheet = controller.sheetPresentationController {
        sheet.detents = (appearance.detents.isEmpty ? [.large] : appearance.detents).map {
          $0 == .medium ? .medium() : .large()
        }
        sheet.prefersGrabberVisible = appearance.showsHandle && appearance.handleColor == nil
      }
      if appearance.showsHandle, let color = appearance.handleColor {
        controller.view.addSubview(Self.handle(color, width: controller.view.bounds.width))
      }
      observeLifecycle(of: controller)
      present(controller, animated: animated) { completion?() }
    }

    /// Throws what UIKit would only log (or raise) for presenting `controller` from this one.
    private func checkCanPresent(_ controller: UIViewController, _ verb: String) throws {
      let name = String(describing: type(of: self))
      let shown = String(describing: type(of: controller))
      guard viewIfLoaded?.window != nil else {
        throw TransitionError(
          .notInWindow,
          "Cannot \(verb) \(shown) from \(name): its view is not in a window (UIKit would only log "
            + "\"whose view is not in the window hierarchy\" and never present).",
          fix: "present from a controller that is on screen (the top of the visible stack)")
      }
      if transitionCoordinator != nil || presentedViewController?.transitionCoordinator != nil {
        throw TransitionError(
          .transitionInFlight,
          "Cannot \(verb) \(shown) from \(name): a transition is still animating (UIKit would "
            + "ignore the presentation).",
          fix: "present from the completion of the transition in flight")
      }
      if let presented = presentedViewController {
        throw TransitionError(
          .alreadyPresenting,
          "Cannot \(verb) \(shown) from \(name): its presentation context already presents "
            + "\(type(of: presented)) (UIKit would only log a warning).",
          fix: "dismiss \(type(of: presented)) first, or present from it")
      }
      try ensureNotShown(controller, verb)
    }

    /// A handle drawn in `color`, centred at the top of a view `width` wide.
    private static func handle(_ color: AppearanceColor, width: CGFloat) -> UIView {
      let handle = UIView(frame: CGRect(x: (width - 36) / 2, y: 5, width: 36, height: 5))
      handle.backgroundColor = UIColor(color)
      handle.layer.cornerRadius = 2.5
      handle.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
      return handle
    }

    /// `dismiss(animated:completion:)`, called on this controller when it presents something;
    /// the modules of the dismissed chain end when it completes. While another transition
    /// animates, the dismissal waits for it (UIKit would ignore it and never call the completion).
    public func dismissPresentedController(
      animated: Bool, completion: (@MainActor () -> Void)?
    ) {
      guard let dismissed = presentedViewController else {
        completion?()
        return
      }
      let coordinator = transitionCoordinator ?? dismissed.transitionCoordinator
      guard let coordinator else {
        dismiss(animated: animated) {
          NavigationLifecycle.controllerDidLeaveHierarchy(dismissed)
          completion?()
        }
        return
      }
      _ = coordinator.animate(alongsideTransition: nil) { [weak self] _ in
        guard let self else { return }
        self.dismissPresentedController(animated: animated, completion: completion)
      }
    }

    /// `addChild(_:)` (which first removes a controller that has a parent from it), the child's
    /// view added to `area` with its frame and autoresizing, then `didMove(toParent:)`.
    public func embedController(_ child: any ViewControlling, in area: any ContainerArea) throws {
      let child = try uiViewController(child)
      guard let area = area as? UIView else {
        throw TransitionError.incompatible(area, expected: "UIView", toolkit: "UIKit")
      }
      guard area.isDescendant(of: view) else {
        throw TransitionError(
          .areaNotInParent,
          "Cannot embed \(type(of: child)) in \(type(of: self)): the container view is not in its "
            + "view hierarchy.",
          fix: "embed into a subview of the parent's view")
      }
      if let presenter = child.presentingViewController, child.parent == nil {
        throw TransitionError(
          .alreadyShown,
          "Cannot embed \(type(of: child)) in \(type(of: self)): it is presented by "
            + "\(type(of: presenter)).",
          fix: "dismiss it first, or embed a controller that is not shown")
      }
      addChild(child)
      child.view.frame = area.bounds
      child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      area.addSubview(child.view)
      child.didMove(toParent: self)
      observeLifecycle(of: child)
    }

    /// `willMove(toParent: nil)`, `removeFromSuperview()`, `removeFromParent()`; the modules inside
    /// end.
    public func removeFromParentController() {
      guard parent != nil else { return }
      willMove(toParent: nil)
      viewIfLoaded?.removeFromSuperview()
      removeFromParent()
      NavigationLifecycle.controllerDidLeaveHierarchy(self)
    }

    /// Sets `navigationItem`'s appearances, large title display mode and back button, which UIKit
    /// applies while this controller is on top of its stack.
    public func applyNavigationBarAppearance(_ appearance: NavigationBarAppearance) {
      if let color = appearance.barTintColor {
        let bar = UINavigationBarAppearance()
        bar.configureWithDefaultBackground()
        bar.backgroundColor = UIColor(color)
        navigationItem.standardAppearance = bar
        navigationItem.scrollEdgeAppearance = bar
      }
      if let large = appearance.prefersLargeTitles {
        navigationItem.largeTitleDisplayMode = large ? .always : .never
        if large { navigationController?.navigationBar.prefersLargeTitles = true }
      }
      if let hides = appearance.hidesBackButton { navigationItem.hidesBackButton = hides }
    }

    /// Sets `tabBarItem`.
    public func applyTabItem(_ item: TabItem) {
      tabBarItem = UITabBarItem(item)
    }
  }
#endif
