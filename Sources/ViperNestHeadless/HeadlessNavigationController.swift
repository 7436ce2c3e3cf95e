public import ViperNest

/// A navigation stack without a screen: it holds its controllers strongly; popping releases them.
///
/// Make one with ``HeadlessHost/makeNavigationContainer(root:)`` (or let a transition make it). The
/// user's back button and edge swipe are ``HeadlessHost/tapBack(in:)`` and
/// ``HeadlessHost/swipeBack(in:completes:)``.
@MainActor
open class HeadlessNavigationController: HeadlessViewController, NavigationControlling {
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

  override var appearanceChildren: [HeadlessViewController] {
    (topController.map { [$0] } ?? []) + children
  }

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
    var appearance = AppearanceTransition(animated: false)
    if isAppearingOrAppeared, topController !== controllers.last {
      appearance.disappear(topController)
      appearance.appear(controllers.last)
    }
    for controller in self.controllers { controller.parent = nil }
    self.controllers = controllers
    for controller in controllers { controller.parent = self }
    appearance.begin()
    appearance.end()
    for controller in removed { NavigationLifecycle.controllerDidLeaveHierarchy(controller) }
  }

  /// Throws what UIKit raises for pushing `controller`.
  private func checkPushable(_ controller: HeadlessViewController, allowingOwnStack: Bool = false)
    throws
  {
    if controller is HeadlessNavigationController {
      throw TransitionError(
        .incompatibleController,
        "\(logName) cannot push \(controller.logName): it is a navigation controller (UIKit raises an "
          + "exception: a navigation stack cannot hold another).",
        fix: "push the module itself, or present the navigation controller")
    }
    if let holder = controller.parent, !(allowingOwnStack && holder === self) {
      throw TransitionError(
        .alreadyShown,
        "\(logName) cannot push \(controller.logName): it is already in \(holder.logName) (UIKit raises an "
          + "exception for a controller pushed twice).",
        fix: "push a module that is not shown")
    }
    if let presenter = controller.presentingController as? HeadlessViewController,
      controller.parent == nil
    {
      throw TransitionError(
        .alreadyShown,
        "\(logName) cannot push \(controller.logName): it is presented by \(presenter.logName).",
        fix: "dismiss it first, or push a module that is not shown")
    }
  }

  private func checkNotAnimating(_ verb: String, _ controller: HeadlessViewController) throws {
    if let inFlight = stackTransitionInFlight {
      throw TransitionError(
        .transitionInFlight,
        "\(logName) cannot \(verb) \(controller.logName): the \(inFlight) is still animating.",
        fix: "wait for its completion (or call host.finishTransitions() in a test)")
    }
  }

  public func pushController(
    _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
  ) throws {
    let controller = try host.headless(controller)
    try checkPushable(controller)
    try checkNotAnimating("push", controller)
    let covered = topController
    controllers.append(controller)
    controller.parent = self
    host.record(.pushed(controller.logName, onto: logName))
    if isViewLoaded { controller.becameVisible() }
    var appearance = AppearanceTransition(animated: animated)
    if isAppearingOrAppeared {
      appearance.disappear(covered)
      appearance.appear(controller, \.isMovingToParent)
    }
    appearance.begin()
    animate(
      animated, "push of \(controller.logName)", inStack: true, completion: completion,
      then: appearance.end)
  }

  public func popController(
    _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
  ) throws {
    guard let index = controllers.firstIndex(where: { $0 === controller }) else {
      throw TransitionError(
        .noNavigationStack,
        "\(logName) cannot pop \((controller as? HeadlessViewController)?.logName ?? "a controller"): "
          + "it is not in this stack.",
        fix: "pop from the stack that holds it")
    }
    guard index > 0 else {
      throw TransitionError(
        .cannotPopRoot, "\(logName) cannot pop \(controllers[0].logName): it is the stack's root.",
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
    host.record(.popped(popped.map(\.logName), from: logName))
    if isViewLoaded { topController?.becameVisible() }
    // Only the visible (top) controller disappears; the one revealed appears.
    var appearance = AppearanceTransition(animated: animated)
    if isAppearingOrAppeared {
      appearance.disappear(popped.last, \.isMovingFromParent)
      appearance.appear(topController)
    }
    appearance.begin()
    animate(
      animated, "pop of \(popped.map(\.logName).joined(separator: ", "))", inStack: true,
      completion: completion
    ) {
      appearance.end()
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
