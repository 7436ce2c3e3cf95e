/// Shows a module (``perform(animated:completion:)``) and hides it again
/// (``reverse(animated:completion:)``), so the module itself never knows where or how it is shown.
///
/// ViperNest provides ``PresentTransition``, ``PushTransition``, ``EmbedTransition``,
/// ``WindowRootTransition``, ``TabTransition`` and ``OverlayTransition``. Each holds its destination
/// strongly only until it is performed, then weakly: once shown, the UI hierarchy owns the module.
/// A transition is single-use.
///
/// A transition can own a ``Story``: it stays open while the module is shown and closes when the
/// transition is reversed, or when the module is released some other way (a swipe, a back button).
///
/// ```swift
/// let (story, module) = try resolver.open(AddContactStory.self) {
///   try $0.resolve(AddContactModule.self)
/// }
/// let transition = PresentTransition(from: view, to: module, embedIn: .navigationController,
///   story: story)
/// try transition.perform()
/// // later
/// try transition.reverse()   // dismissed, AddContactStory closed
/// ```
@MainActor
public protocol Transition: AnyObject {
  /// The controller the transition shows (held weakly once shown).
  var destination: (any ViewControlling)? { get }

  /// The story the transition closes when it is reversed, if it was given one.
  var story: Story? { get }

  /// Whether the transition was performed and not reversed yet.
  var isShown: Bool { get }

  /// Shows the destination.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate.
  ///   - completion: Called once the destination is on screen.
  /// - Throws: ``TransitionError`` saying why it cannot be shown; nothing changes then.
  func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws

  /// Hides the destination, releasing it (unless something else holds it), and closes the
  /// transition's story.
  ///
  /// Reversing a transition whose destination is already gone (dismissed another way, released)
  /// only closes the story; reversing twice does nothing.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate.
  ///   - completion: Called once the destination is off screen and the story closed.
  /// - Throws: ``TransitionError/Code/notPerformed`` when the transition was never performed.
  func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws
}

extension Transition {
  /// Shows the destination.
  ///
  /// - Parameter animated: Whether to animate. Default: yes.
  /// - Throws: As ``perform(animated:completion:)``.
  public func perform(animated: Bool = true) throws {
    try perform(animated: animated, completion: nil)
  }

  /// Hides the destination and closes the transition's story.
  ///
  /// - Parameter animated: Whether to animate. Default: yes.
  /// - Throws: As ``reverse(animated:completion:)``.
  public func reverse(animated: Bool = true) throws {
    try reverse(animated: animated, completion: nil)
  }
}

/// What a presented or root module is wrapped in.
public enum Embedding: Hashable, Sendable {
  /// Shown as it is.
  case none
  /// Wrapped in a new navigation container, so it can push further modules.
  case navigationController
}
