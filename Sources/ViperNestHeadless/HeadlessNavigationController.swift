public import ViperNest

/// A navigation stack without a screen: it holds its controllers strongly; popping releases them.
///
/// Make one with ``HeadlessHost/makeNavigationContainer(root:)`` (or let a transition make it).
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

  override func becameVisible() {
    super.becameVisible()
    topController?.becameVisible()
  }

  /// Replaces the stack without logging (used when the container is created).
  func setStack(_ controllers: [HeadlessViewController]) throws {
    for controller in self.controllers { controller.parent = nil }
    self.controllers = controllers
    for controller in controllers { controller.parent = self }
  }

  public func pushController(
    _ controller: any ViewControlling, animated: Bool, completion: (@MainActor () -> Void)?
  ) throws {
    let controller = try host.headless(controller)
    if controller is HeadlessNavigationController
      || controllers.contains(where: { $0 === controller })
    {
      throw TransitionError(
        .alreadyShown, "\(name) cannot push \(controller.name): it is already in a stack.",
        fix: "push a module that is not shown")
    }
    controllers.append(controller)
    controller.parent = self
    host.record(.pushed(controller.name, onto: name))
    if isViewLoaded { controller.becameVisible() }
    completion?()
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
    let popped = Array(controllers[index...])
    controllers.removeSubrange(index...)
    for controller in popped { controller.parent = nil }
    host.record(.popped(popped.map(\.name), from: name))
    completion?()
  }

  override func removeChild(_ child: HeadlessViewController) {
    guard let index = controllers.firstIndex(where: { $0 === child }) else { return }
    controllers.remove(at: index)
    child.parent = nil
    host.record(.removed(child.name, from: name))
  }
}
