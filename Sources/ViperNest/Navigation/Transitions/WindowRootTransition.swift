/// Shows a module as the root of a window, optionally wrapped in a navigation container
/// (viper-base's `attachToWindow`); reversing it removes the root.
///
/// ```swift
/// try WindowRootTransition(window: window, root: contactsModule, embedIn: .navigationController)
///   .perform()
/// // or, the same:
/// try contactsModule.attachToWindow(window, withNavigationController: true)
/// ```
@MainActor
public final class WindowRootTransition: Transition {
  /// How the root looks.
  public struct Appearance: Hashable, Sendable {
    /// The navigation bar while the module is on top of its stack.
    public var navigationBar: NavigationBarAppearance?

    /// Creates an appearance.
    ///
    /// - Parameter navigationBar: The bar's look. Default: the system's.
    public init(navigationBar: NavigationBarAppearance? = nil) {
      self.navigationBar = navigationBar
    }
  }

  /// The window (held weakly: keep it, as an app's scene delegate does).
  public private(set) weak var window: (any WindowHosting)?
  /// What the module is wrapped in.
  public let embedding: Embedding
  /// How the root looks.
  public let appearance: Appearance
  /// The window's root: the module, or the navigation container around it.
  public private(set) weak var root: (any ViewControlling)?
  private let core: TransitionCore

  /// Creates a transition that makes `root` the root of `window`.
  ///
  /// - Parameters:
  ///   - window: The window.
  ///   - root: The module or controller to show.
  ///   - embedding: What to wrap it in. Default: nothing.
  ///   - appearance: The navigation bar's look.
  ///   - story: A story to close when the transition is reversed or the module released.
  public init(
    window: any WindowHosting, root: some Presentable, embedIn embedding: Embedding = .none,
    appearance: Appearance = Appearance(), story: Story? = nil
  ) {
    self.window = window
    self.embedding = embedding
    self.appearance = appearance
    core = TransitionCore("window root", destination: root.viewController, story: story)
  }

  public var destination: (any ViewControlling)? { core.destination }
  public var story: Story? { core.story }
  public var isShown: Bool { core.phase == .shown }

  /// Makes the module the window's root (replacing the current root, which is released, after
  /// dismissing without animation whatever the old root presents) and makes the window visible.
  /// Completes at once; `completion` is called before this returns.
  ///
  /// The stories that close with the old root (those of the transitions that showed it, and of
  /// everything inside it) must not enclose the new root's: a root shown in a story that closes as
  /// it appears would fail at its first resolution. Open the new root's story beside the flow it
  /// replaces, at the app level: `resolver.open(SessionStory.self, in: AppStory.self)`
  /// (``Resolving/open(_:in:)``).
  ///
  /// - Throws: ``TransitionError``: ``TransitionError/Code/sourceReleased`` when the window was
  ///   released, ``TransitionError/Code/alreadyShown``,
  ///   ``TransitionError/Code/alreadyPerformed``, ``TransitionError/Code/storyWouldClose`` when
  ///   this transition's story, or a story of a module inside the new root, is one that closes
  ///   when the old root leaves, or is open inside one. Nothing changes when it throws.
  public func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    let destination = try core.destinationToShow()
    guard let window else {
      throw TransitionError(
        .sourceReleased,
        "Cannot make \(destination.typeName) a window root: the window was released.",
        fix: "keep the window (an app keeps it in its scene delegate)")
    }
    try ensureNotShown(destination, "make a window root of")
    try ReplacedStories.ensureKept(
      by: [destination], own: core.story, replacing: window.rootController.map { [$0] } ?? [],
      "make \(destination.typeName) a window root", leaving: "the window",
      replacement: destination.typeName)
    var root = destination
    if embedding == .navigationController {
      root = try window.toolkit.makeNavigationContainer(root: destination)
      ShownControllers.trackContainer(root)
    }
    if let bar = appearance.navigationBar { destination.applyNavigationBarAppearance(bar) }
    dismissPresentations(of: window.rootController)
    try window.setRootController(root)
    self.root = root
    core.didShow(destination)
    completion?()
  }

  /// Removes the root from the window (if it is still the root) and closes the story.
  ///
  /// - Throws: ``TransitionError/Code/notPerformed`` when it was never performed.
  public func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    try core.hide(completion: completion) { _, done in
      if let window, let root, window.rootController === root {
        dismissPresentations(of: root)
        try window.setRootController(nil)
      }
      done()
    }
  }
}

/// Dismisses, without animation, what a window's outgoing root presents: UIKit does not when the
/// root is replaced, and the presented chain would stay alive, still holding the old root (see
/// docs/Navigation.md, "Replacing a window's root").
@MainActor
private func dismissPresentations(of root: (any ViewControlling)?) {
  guard let root, root.presentedController != nil else { return }
  root.dismissPresentedController(animated: false, completion: nil)
}
