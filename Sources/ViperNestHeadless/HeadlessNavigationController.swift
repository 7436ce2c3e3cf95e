public import ViperNest

/// A navigation stack without a screen: it holds its controllers strongly; popping releases them.
///
/// Make one with ``HeadlessHost/makeNavigationContainer(root:)`` (or let a transition make it). The
/// user's back button and edge swipe are ``HeadlessHost/tapBack(in:)`` and
/// ``HeadlessHost/swipeBack(in:completes:)``.
@MainActor
public final class HeadlessNavigationController: HeadlessViewController, NavigationControlling {
  /// The controllers in the stack, root first.
  public private(set) var controllers: [HeadlessViewController] = []

  /// Creates an empty stack of `host`.
  ///
  /// - Parameter host: The host.
  public required init(host: HeadlessHost) {
    super.init(host: host)
  }

  /// The visible controller.
  public var topController: HeadlessViewController? { controllers.last }

  /// The navigation bar as shown now: the one the top controller asks for.
  public var visibleBarAppearance: NavigationBarAppearance? {
    topController?.navigationBarAppearance
  }

  public var stack: [any ViewControlling] { controllers }

  public override var childControllers: [any ViewControlling] { controllers + children }

  override func becameVisible() {
    super.becameVisible()
    topController?.becameVisible()
  }

  /// Replaces the stack without logging (used when the container is created).
  func setStack(_ controllers: [HeadlessViewController]) throws {
    for controller in controllers {
      try checkPushable(controller, allowingOwnStack: true)
    }
    let removed = self.controllers.filter { old in !controllers.contains { $0 === old } }
    for controller in self.controllers { controller.parent = nil }
    self.controllers = controllers
    for controller in controllers { controller.parent = self }
    for controller in removed { NavigationLifecycle.controllerDidLeaveHierarchy(controller) }
  }

  /// Throws what UIKit raises for pushing `controller`.
  private func checkPushable(_ controller: HeadlessViewController, allowingOwnStack: Bool = false)
    throws
  {
    if controller is HeadlessNavigationController {
      throw TransitionError(
        .incompatibleController,
        "\(name) cannot push \(controller.name): it is a navigation controller (UIKit raises an "
          + "exception: a navigation stack cannot hold another).",
        fix: "push the module itself, or present the navigation controller")
    }
    if let holder = controller.parent, !(allowingOwnStack && holder === self) {
      throw TransitionError(
        .alreadyShown,
        "\(name) cannot push \(controller.name): it is already in \(holder.name) (UIKit raises an "
          + "exception for a controller pushed twice).",
        fix: "push a module that is not shown")
    }
    if let presenter = controller.presentingController as? HeadlessViewController,
      controller.parent == nil
    {
      throw TransitionError(
        .alreadyShown,
        "\(name) cannot push \(controller.name): it is presented by \(presenter.name).",
        fix: "dismiss it first, or push a module that is not shown")
    }
  }

  private func checkNotAnimating(_ verb: String, _ controller: HeadlessViewController) throws {
    if let inFlight = stackTransitionInFlight {
      throw TransitionError(
        .transitionInFlight,
        "\(name) cannot \(verb) \(controller.name): the \(inFlight) is still animating.",
        fix: "wait for its completion (or call host.finishTransitions() in a test)")
    }
  }

  public func pushController(
    _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
  ) throws {
    let controller = try host.headless(controller)
    try checkPushable(controller)
    try checkNotAnimating("push", controller)
    controllers.append(controller)
    controller.parent = self
    host.record(.pushed(controller.name, onto: name))
    if isViewLoaded { controller.becameVisible() }
    animate(animated, "push of \(controller.name)", inStack: true, completion: completion)
  }

  public func popController(
    _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
  ) throws {
    guard let index = controllers.firstIndex(where: { $0 === controller }) else {
      throw TransitionError(
        .noNavigationStack,
        "\(name) cannot pop \((controller as? HeadlessViewController)?.name ?? "a controller"): "
          + "it is not in this stack.",
        fix: "pop from the stack that holds it")
    }
    guard index > 0 else {
      throw TransitionError(
        .cannotPopRoot, "\(name) cannot pop \(controllers[0].name): it is the stack's root.",
        fix: "dismiss or replace the whole navigation container instead")
    }
    try checkNotAnimating("pop", controllers[index])
    pop(from: index, animated: animated, completion: completion)
  }

  /// Pops the controllers from `index` up: they leave the stack at once (as UIKit's
  /// `viewControllers` does) and their modules end when the animation does.
  func pop(from index: Int, animated: Bool, completion: (@MainActor () -> Void)?) {
    let popped = Array(controllers[index...])
    controllers.removeSubrange(index...)
    for controller in popped { controller.parent = nil }
    host.record(.popped(popped.map(\.name), from: name))
    if isViewLoaded { topController?.becameVisible() }
    animate(
      animated, "pop of \(popped.map(\.name).joined(separator: ", "))", inStack: true,
      completion: completion
    ) {
      for controller in popped.reversed() {
        NavigationLifecycle.controllerDidLeaveHierarchy(controller)
      }
    }
  }

  override func detachChild(_ child: HeadlessViewController) -> Bool {
    guard let index = controllers.firstIndex(where: { $0 === child }) else {
      return super.detachChild(child)
    }
    controllers.remove(at: index)
    child.parent = nil
    return true
  }
}
