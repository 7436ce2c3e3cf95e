public import ViperNest

/// A window without a screen: it holds its root controller strongly; replacing the root releases
/// the old one and ends its modules.
///
/// Make one with ``HeadlessHost/makeWindow(name:)`` and keep it.
///
/// Replacing the root of a window whose root presents something behaves as UIKit does: the
/// presented controllers are not dismissed. They stay in the window (``leftBehindPresentations``),
/// still holding the old root, until something dismisses them; their modules end all the same, so
/// the leak detector reports them. `WindowRootTransition` dismisses them first.
@MainActor
public final class HeadlessWindow: WindowHosting, @MainActor CustomStringConvertible {
  /// The host that records what happens to the window.
  public let host: HeadlessHost
  /// The window's name in the log.
  public let name: String
  /// The root controller, held strongly.
  public private(set) var root: HeadlessViewController?
  /// Whether the window was made key and visible (by setting a root).
  public private(set) var isKeyAndVisible = false
  /// Controllers an old root still presented when the root was replaced: UIKit keeps them in the
  /// window (in its transition view) and they keep the old root alive, until dismissed.
  public private(set) var leftBehindPresentations: [HeadlessViewController] = []

  init(host: HeadlessHost, name: String) {
    self.host = host
    self.name = name
  }

  public var description: String { name }

  public var toolkit: any UIToolkit { host }
  public var rootController: (any ViewControlling)? { root }

  /// Makes `controller` the root (`nil` removes it). The old root leaves the screen: its modules
  /// end; what it presents stays, as in UIKit (see the type's discussion).
  ///
  /// - Throws: `TransitionError` with code `incompatibleController` for a foreign controller,
  ///   `alreadyShown` for a controller that is in a container or presented.
  public func setRootController(_ controller: (any ViewControlling)?) throws {
    let controller = try controller.map { try host.headless($0) }
    if let controller, controller !== root,
      let holder = controller.parentController ?? controller.presentingController
    {
      throw TransitionError(
        .alreadyShown,
        "\(name) cannot make \(controller.logName) its root: it is shown by \(typeName(holder)).",
        fix: "remove it from there first, or build a new module")
    }
    let old = root === controller ? nil : root
    old?.window = nil
    root = controller
    controller?.window = self
    host.record(.root(controller?.logName, window: name))
    // The old root's view leaves the window and the new one's is added, without animation.
    var appearance = AppearanceTransition(animated: false)
    appearance.disappear(old)
    if let controller {
      isKeyAndVisible = true
      controller.becameVisible()
      appearance.appear(controller)
    }
    appearance.begin()
    appearance.end()
    guard let old else { return }
    if let presented = old.presentedController as? HeadlessViewController {
      leftBehindPresentations.append(presented)
      presented.leftBehindIn = self
      host.record(.leftBehind(presented.logName, window: name))
    }
    NavigationLifecycle.controllerDidLeaveHierarchy(old)
  }

  /// Forgets a left-behind presentation once it is dismissed.
  func forget(_ controller: HeadlessViewController) {
    leftBehindPresentations.removeAll { $0 === controller }
  }

  private func typeName(_ controller: any ViewControlling) -> String {
    (controller as? HeadlessViewController)?.logName
      ?? _typeName(type(of: controller), qualified: false)
  }
}
