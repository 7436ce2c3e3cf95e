/// Shows a module as an overlay, a curtain over the current screen; reversing it dismisses the
/// curtain.
///
/// The curtain's look is typed: its handle, the heights it rests at, whether a swipe dismisses it.
///
/// ```swift
/// let curtain = OverlayTransition(
///   from: contactsView, to: filterModule,
///   appearance: .init(handleColor: AppearanceColor(hex: 0x8E8E93), detents: [.medium]))
/// try curtain.perform()
/// ```
@MainActor
public final class OverlayTransition: Transition {
  /// The controller the overlay covers (held weakly).
  public private(set) weak var source: (any ViewControlling)?
  /// How the curtain looks and behaves.
  public let appearance: OverlayAppearance
  private let core: TransitionCore

  /// Creates a transition that shows `destination` as a curtain over `source`.
  ///
  /// - Parameters:
  ///   - source: The controller to cover; it must not be presenting anything yet.
  ///   - destination: The module or controller to show.
  ///   - appearance: The curtain's handle, heights and dismissal.
  ///   - story: A story to close when the transition is reversed or the module released.
  public init(
    from source: any ViewControlling, to destination: some Presentable,
    appearance: OverlayAppearance = OverlayAppearance(), story: Story? = nil
  ) {
    self.source = source
    self.appearance = appearance
    core = TransitionCore("overlay", destination: destination.viewController, story: story)
  }

  public var destination: (any ViewControlling)? { core.destination }
  public var story: Story? { core.story }
  public var isShown: Bool { core.phase == .shown }

  /// Shows the curtain.
  ///
  /// - Throws: As ``PresentTransition/perform(animated:completion:)``.
  public func perform(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    let destination = try core.destinationToShow()
    let source = try presentingSource(self.source, destination, "overlay")
    try ensureNotShown(destination, "overlay")
    try core.show(destination, completion: completion) { done in
      try source.presentOverlay(
        destination, appearance: appearance, animated: animated, completion: done)
    }
  }

  /// Dismisses the curtain and closes the story.
  ///
  /// - Throws: ``TransitionError/Code/notPerformed`` when it was never performed.
  public func reverse(animated: Bool, completion: (@MainActor () -> Void)?) throws {
    try dismissPresented(core.destination, core, animated: animated, completion: completion)
  }
}
