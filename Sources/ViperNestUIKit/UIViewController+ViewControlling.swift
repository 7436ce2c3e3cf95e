#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// Every `UIViewController` is a ViperNest view controller: transitions present, dismiss and
  /// embed it with UIKit's own calls.
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

    /// Sets `modalPresentationStyle`, then calls `present(_:animated:completion:)`.
    public func presentController(
      _ controller: any ViewControlling, style: PresentationStyle, animated: Bool,
      completion: (@MainActor () -> Void)?
    ) throws {
      let controller = try uiViewController(controller)
      controller.modalPresentationStyle = UIModalPresentationStyle(style)
      present(controller, animated: animated) { completion?() }
    }

    /// Presents `controller` as a page sheet configured by `appearance`: its detents, its grabber
    /// (or a handle view of `handleColor`), and whether a swipe dismisses it.
    public func presentOverlay(
      _ controller: any ViewControlling, appearance: OverlayAppearance, animated: Bool,
      completion: (@MainActor () -> Void)?
    ) throws {
      let controller = try uiViewController(controller)
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
      present(controller, animated: animated) { completion?() }
    }

    /// A handle drawn in `color`, centred at the top of a view `width` wide.
    private static func handle(_ color: AppearanceColor, width: CGFloat) -> UIView {
      let handle = UIView(frame: CGRect(x: (width - 36) / 2, y: 5, width: 36, height: 5))
      handle.backgroundColor = UIColor(color)
      handle.layer.cornerRadius = 2.5
      handle.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
      return handle
    }

    /// `dismiss(animated:completion:)`, called on this controller when it presents something.
    public func dismissPresentedController(
      animated: Bool, completion: (@MainActor () -> Void)?
    ) {
      guard presentedViewController != nil else {
        completion?()
        return
      }
      dismiss(animated: animated) { completion?() }
    }

    /// `addChild(_:)`, the child's view added to `area` with its frame and autoresizing, then
    /// `didMove(toParent:)`.
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
      addChild(child)
      child.view.frame = area.bounds
      child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      area.addSubview(child.view)
      child.didMove(toParent: self)
    }

    /// `willMove(toParent: nil)`, `removeFromSuperview()`, `removeFromParent()`.
    public func removeFromParentController() {
      guard parent != nil else { return }
      willMove(toParent: nil)
      viewIfLoaded?.removeFromSuperview()
      removeFromParent()
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
