/// A window: it shows one root controller and holds it strongly (UIKit's `UIWindow`).
///
/// ```swift
/// try contactsModule.attachToWindow(window, withNavigationController: true)
/// #expect(window.rootController is any NavigationControlling)
/// ```
@MainActor
public protocol WindowHosting: AnyObject {
  /// The UI framework this window belongs to.
  var toolkit: any UIToolkit { get }

  /// The controller the window shows.
  var rootController: (any ViewControlling)? { get }

  /// Shows `controller` as the window's root and makes the window visible; `nil` removes the root,
  /// releasing it.
  ///
  /// - Parameter controller: The new root.
  /// - Throws: ``TransitionError`` when `controller` belongs to another UI framework.
  func setRootController(_ controller: (any ViewControlling)?) throws
}
