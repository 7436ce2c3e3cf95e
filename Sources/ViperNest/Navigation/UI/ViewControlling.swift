/// A view controller, as ViperNest sees it: something that can be shown, present other controllers,
/// sit in a navigation stack and host child controllers.
///
/// ViperNest's modules and transitions are written against this protocol, not against UIKit, so the
/// same code runs in an app (`ViperNestUIKit` makes `UIViewController` conform) and in tests on any
/// platform (`ViperNestHeadless` provides `HeadlessViewController`, with UIKit's ownership rules).
///
/// Ownership follows UIKit: a controller holds what it presents and the children it embeds; a
/// presented controller refers back to its presenter weakly. Transitions rely on that, so a module
/// that is dismissed is released.
///
/// ```swift
/// let transition = PresentTransition(from: contactsView, to: addContactModule)
/// try transition.perform()
/// #expect(contactsView.presentedController === addContactModule.view)
/// ```
@MainActor
public protocol ViewControlling: Presentable, AnyObject {
  /// The UI framework this controller belongs to; transitions ask it for containers.
  var toolkit: any UIToolkit { get }

  /// The controller this one presents modally, if any (held strongly, as in UIKit).
  var presentedController: (any ViewControlling)? { get }

  /// The controller that presents this one, or the one that presents the container it sits in.
  var presentingController: (any ViewControlling)? { get }

  /// The container this controller is a child of: a navigation stack, a tab container or a parent
  /// it is embedded in.
  var parentController: (any ViewControlling)? { get }

  /// The nearest navigation stack this controller is in, if any.
  var navigationContainer: (any NavigationControlling)? { get }

  /// The controllers this one contains and holds: a navigation stack's controllers, a tab
  /// container's tabs, the children embedded in it. ViperNest walks them to end every module
  /// inside a controller that leaves the screen (``NavigationLifecycle``).
  var childControllers: [any ViewControlling] { get }

  /// Presents `controller` modally over this one.
  ///
  /// - Parameters:
  ///   - controller: The controller to present. This controller holds it until it is dismissed.
  ///   - style: How it is presented.
  ///   - animated: Whether to animate.
  ///   - completion: Called once it is on screen.
  /// - Throws: ``TransitionError`` when `controller` belongs to another UI framework.
  func presentController(
    _ controller: any ViewControlling, style: PresentationStyle, animated: Bool,
    completion: (@MainActor () -> Void)?) throws

  /// Presents `controller` as an overlay (a curtain) over this one.
  ///
  /// - Parameters:
  ///   - controller: The controller to show. This controller holds it until it is dismissed.
  ///   - appearance: The curtain's handle, heights and dismissal behaviour.
  ///   - animated: Whether to animate.
  ///   - completion: Called once it is on screen.
  /// - Throws: ``TransitionError`` when `controller` belongs to another UI framework.
  func presentOverlay(
    _ controller: any ViewControlling, appearance: OverlayAppearance, animated: Bool,
    completion: (@MainActor () -> Void)?) throws

  /// Dismisses the controller this one presents (and everything it presents in turn), releasing it.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate.
  ///   - completion: Called once it is off screen; immediately when nothing is presented.
  func dismissPresentedController(animated: Bool, completion: (@MainActor () -> Void)?)

  /// Adds `child` as a child controller whose view fills `area`.
  ///
  /// - Parameters:
  ///   - child: The controller to embed. This controller holds it until it is removed.
  ///   - area: A view inside this controller's view.
  /// - Throws: ``TransitionError`` when `area` is not inside this controller's view or an object
  ///   belongs to another UI framework.
  func embedController(_ child: any ViewControlling, in area: any ContainerArea) throws

  /// Removes this controller from the parent it is embedded in, releasing the parent's hold on it.
  func removeFromParentController()

  /// Applies the navigation bar look this controller wants while it is on top of a navigation
  /// stack. It reverts when another controller is on top.
  ///
  /// - Parameter appearance: The bar's look.
  func applyNavigationBarAppearance(_ appearance: NavigationBarAppearance)

  /// Sets the item that represents this controller in a tab container.
  ///
  /// - Parameter item: The tab's title, image or system item.
  func applyTabItem(_ item: TabItem)
}

extension ViewControlling {
  /// The controller itself.
  public var viewController: any ViewControlling { self }

  /// The controller's type name, for messages.
  var typeName: String { ViperNest.typeName(type(of: self)) }
}
