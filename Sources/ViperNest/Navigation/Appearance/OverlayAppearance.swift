/// How an overlay (a curtain over the current screen) looks and behaves.
///
/// ```swift
/// let curtain = OverlayTransition(
///   from: contactsView, to: filterModule,
///   appearance: .init(handleColor: AppearanceColor(hex: 0x8E8E93), detents: [.medium]))
/// ```
public struct OverlayAppearance: Hashable, Sendable, CustomStringConvertible {
  /// A height the curtain can rest at.
  public enum Detent: Hashable, Sendable, CustomStringConvertible {
    /// About half the screen.
    case medium
    /// The full height.
    case large

    public var description: String { self == .medium ? "medium" : "large" }
  }

  /// Whether the curtain shows a grab handle.
  public var showsHandle: Bool
  /// The handle's colour. `nil`: the system grabber.
  public var handleColor: AppearanceColor?
  /// The heights the curtain can rest at, smallest first. Empty means `[.large]`.
  public var detents: [Detent]
  /// Whether the user can swipe the curtain away.
  public var dismissesInteractively: Bool

  /// Creates an overlay appearance.
  ///
  /// - Parameters:
  ///   - showsHandle: Whether the curtain shows a grab handle. Default: yes.
  ///   - handleColor: The handle's colour. Default: the system grabber.
  ///   - detents: The heights it rests at. Default: medium and large.
  ///   - dismissesInteractively: Whether a swipe dismisses it. Default: yes.
  public init(
    showsHandle: Bool = true, handleColor: AppearanceColor? = nil,
    detents: [Detent] = [.medium, .large], dismissesInteractively: Bool = true
  ) {
    self.showsHandle = showsHandle
    self.handleColor = handleColor
    self.detents = detents
    self.dismissesInteractively = dismissesInteractively
  }

  public var description: String {
    var parts = [
      showsHandle ? "handle \(handleColor.map(\.description) ?? "system")" : "no handle",
      "detents \(detents.map(\.description).joined(separator: "/"))",
    ]
    if !dismissesInteractively { parts.append("not swipe-dismissable") }
    return parts.joined(separator: ", ")
  }
}
