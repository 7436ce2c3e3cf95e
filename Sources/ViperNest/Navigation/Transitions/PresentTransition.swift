/// Presents a module modally over a source controller, optionally wrapped in a navigation
/// container; reversing it dismisses the module.
///
/// ```swift
/// let transition = PresentTransition(
///   from: contactsView, to: addContactModule, embedIn: .navigationController,
///   appearance: .init(style: .formSheet, navigationBar: .init(barTintColor: .white)))
/// try transition.perform()
/// try transition.reverse()
/// ```
@MainActor
public final class PresentTransition: Transition {
  /// How the presented module looks.
  public struct Appearance: Hashable, Sendable {
    /// The modal presentation style.
    public var style: PresentationStyle
    /// The navigation bar while the module is on top of its navigation container (used with
    /// ``Embedding/navigationController``, or when the module is itself in a stack).
    public var navigationBar: NavigationBarAppearance?

    /// Creates an appearance.
    ///
    /// - Parameters:
    ///   - style: The modal presentation style. Default: the system's choice.
    ///   - navigationBar: The navigation bar's look. Default: the system's.
    public init(
      style: PresentationStyle = .automatic, navigationBar: NavigationBarAppearance? = nil
    ) {
      self.style = style
      self.navigationBar = navigationBar
    }
  }

  /// The controller the module is presented from (held weakly).
  public private(set) weak var source: (any ViewControlling)?
  /// What the module is wrapped in.
  public let embedding: Embedding
  /// How the presented module looks.
  public let appearance: Appearance
  /// The controller actually presented: the destination, or the navigation container around it.
  public private(set) weak var presented: (any ViewControlling)?
  private let core: TransitionCore

  /// Creates a transition that presents `destination` over `source`.
  ///
  /// - Parameters:
  ///   - source: The controller to present from; it must not be presenting anything yet.
  ///   - destination: The module or controller to present.
  ///   - embedding: What to wrap it in. Default: nothing.
  ///   - appearance: Its presentation style and navigation bar.
  ///   - story: A story to close when the transition is reversed or the module released.
  public init(
    from source: any ViewControlling, to destination: some Presentable,
    embedIn embedding: Embedding = .none, appearance: Appearance = Appearance(),
    story: Story? = nil
  ) {
    self.source = source
    self.embedding = embedding
    self.appearance = appearance
    core = TransitionCore("present", destination: destination.viewController, story: story)
  }

  public var destination: (any ViewControlling)? { core.destination }
  public var story: Story? { core.story }
  public var isShown: Bool { core.phase == .shown }

  /// Presents the destination.
  ///
  /// - Throws: ``TransitionError``: ``TransitionError/Code/sourceReleased``,
  ///   ``TransitionError/Code/alreadyPresenting`` (the source presents something already),
  ///   ``TransitionError/Code/alreadyShown``, ``TransitionError/Code/alreadyPerformed``.
  public func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    let destination = try core.destinationToShow()
    let source = try presentingSource(self.source, destination, "present")
    try ensureNotShown(destination, "present")
    var presented = destination
    if embedding == .navigationController {
      presented = try source.toolkit.makeNavigationContainer(root: destination)
      ShownControllers.trackContainer(presented)
    }
    if let bar = appearance.navigationBar { destination.applyNavigationBarAppearance(bar) }
    self.presented = presented
    try core.show(destination, completion: completion) { done in
      try source.presentController(
        presented, style: appearance.style, animated: animated, completion: done)
    }
  }

  /// Dismisses the module (and anything it presents) and closes the story.
  ///
  /// - Throws: ``TransitionError/Code/notPerformed`` when it was never performed.
  public func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    try dismissPresented(presented, core, animated: animated, completion: completion)
  }
}

/// Checks that `source` is alive and free to present `destination`.
@MainActor
func presentingSource(
  _ source: (any ViewControlling)?, _ destination: any ViewControlling, _ verb: String
) throws -> any ViewControlling {
  guard let source else {
    throw TransitionError(
      .sourceReleased,
      "Cannot \(verb) \(destination.typeName): the controller to present from was released.",
      fix: "present from a controller that is on screen; keep transitions only while their source "
        + "module lives")
  }
  if let current = source.presentedController {
    throw TransitionError(
      .alreadyPresenting,
      "Cannot \(verb) \(destination.typeName) from \(source.typeName): it already presents "
        + "\(current.typeName).",
      fix: "dismiss \(current.typeName) first, or present from \(current.typeName)")
  }
  return source
}

/// Reverses a modal transition: dismisses `presented` if it is still presented, then finishes.
@MainActor
func dismissPresented(
  _ presented: (any ViewControlling)?, _ core: TransitionCore, animated: Bool,
  completion: (@MainActor () -> Void)?
) throws {
  try core.hide(completion: completion) { _, done in
    guard let presented, let presenting = presented.presentingController,
      presenting.presentedController === presented
    else {
      done()
      return
    }
    presenting.dismissPresentedController(animated: animated, completion: done)
  }
}
