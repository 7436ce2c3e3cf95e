/// Embeds a module into an area of a parent controller, for screens composed of independent
/// modules; reversing it removes the module.
///
/// The parent holds the embedded module (as UIKit's child view controllers), so releasing the
/// parent releases it too.
///
/// ```swift
/// try EmbedTransition(parent: dashboard, area: dashboard.summaryArea, child: summaryModule)
///   .perform()
/// ```
@MainActor
public final class EmbedTransition: Transition {
  /// The parent controller (held weakly).
  public private(set) weak var parent: (any ViewControlling)?
  /// The area of the parent's view the module fills (held weakly).
  public private(set) weak var area: (any ContainerArea)?
  private let core: TransitionCore

  /// Creates a transition that embeds `child` into `area` of `parent`.
  ///
  /// - Parameters:
  ///   - parent: The controller to embed into.
  ///   - area: A view inside `parent`'s view.
  ///   - child: The module or controller to embed.
  ///   - story: A story to close when the transition is reversed or the module released.
  public init(
    parent: any ViewControlling, area: any ContainerArea, child: some Presentable,
    story: Story? = nil
  ) {
    self.parent = parent
    self.area = area
    core = TransitionCore("embed", destination: child.viewController, story: story)
  }

  public var destination: (any ViewControlling)? { core.destination }
  public var story: Story? { core.story }
  public var isShown: Bool { core.phase == .shown }

  /// Embeds the module. Embedding completes at once; `completion` is called before this returns.
  ///
  /// - Throws: ``TransitionError``: ``TransitionError/Code/sourceReleased`` when the parent or the
  ///   area was released, ``TransitionError/Code/areaNotInParent``,
  ///   ``TransitionError/Code/alreadyShown``, ``TransitionError/Code/alreadyPerformed``.
  public func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    let child = try core.destinationToShow()
    guard let parent, let area else {
      throw TransitionError(
        .sourceReleased,
        "Cannot embed \(child.typeName): the parent controller or its area was released.",
        fix: "embed into a parent that is alive")
    }
    try ensureNotShown(child, "embed")
    try parent.embedController(child, in: area)
    core.didShow(child)
    completion?()
  }

  /// Removes the module from its parent and closes the story.
  ///
  /// - Throws: ``TransitionError/Code/notPerformed`` when it was never performed.
  public func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    try core.hide(completion: completion) { child, done in
      if let parent, child.parentController === parent { child.removeFromParentController() }
      done()
    }
  }
}
