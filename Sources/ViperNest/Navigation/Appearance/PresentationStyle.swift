/// How a controller is presented modally (UIKit's `UIModalPresentationStyle`).
///
/// ```swift
/// try router.present(module, appearance: .init(style: .fullScreen))
/// ```
public enum PresentationStyle: Hashable, Sendable, CustomStringConvertible {
  /// The system's choice (a sheet on iOS 13 and later).
  case automatic
  /// Covers the screen; the presenter's view is removed.
  case fullScreen
  /// A card that leaves part of the presenter visible.
  case pageSheet
  /// A centred card on wide screens.
  case formSheet
  /// Covers the screen; the presenter's view stays underneath.
  case overFullScreen
  /// Covers the presenter's area only; the presenter's view stays underneath.
  case overCurrentContext

  public var description: String {
    switch self {
    case .automatic: "automatic"
    case .fullScreen: "fullScreen"
    case .pageSheet: "pageSheet"
    case .formSheet: "formSheet"
    case .overFullScreen: "overFullScreen"
    case .overCurrentContext: "overCurrentContext"
    }
  }
}
