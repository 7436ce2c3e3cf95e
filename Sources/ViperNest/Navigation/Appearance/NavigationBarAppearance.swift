/// How the navigation bar looks while a controller is on top of its navigation stack.
///
/// Applied to the controller, not to the bar, so it reverts by itself when the controller is
/// popped (in UIKit through the controller's `navigationItem`).
///
/// ```swift
/// try router.push(detail, appearance: .init(navigationBar: .init(barTintColor: .white)))
/// ```
public struct NavigationBarAppearance: Hashable, Sendable, CustomStringConvertible {
  /// The bar's background colour. `nil`: the system default.
  public var barTintColor: AppearanceColor?
  /// Whether the title is shown large. `nil`: as the stack decides.
  public var prefersLargeTitles: Bool?
  /// Whether the back button is hidden. `nil`: shown.
  public var hidesBackButton: Bool?

  /// Creates a bar appearance; every property left `nil` keeps the system default.
  ///
  /// - Parameters:
  ///   - barTintColor: The bar's background colour.
  ///   - prefersLargeTitles: Whether the title is shown large.
  ///   - hidesBackButton: Whether the back button is hidden.
  public init(
    barTintColor: AppearanceColor? = nil, prefersLargeTitles: Bool? = nil,
    hidesBackButton: Bool? = nil
  ) {
    self.barTintColor = barTintColor
    self.prefersLargeTitles = prefersLargeTitles
    self.hidesBackButton = hidesBackButton
  }

  public var description: String {
    var parts: [String] = []
    if let barTintColor { parts.append("barTint \(barTintColor)") }
    if let prefersLargeTitles { parts.append("largeTitles \(prefersLargeTitles)") }
    if let hidesBackButton { parts.append("hidesBackButton \(hidesBackButton)") }
    return parts.isEmpty ? "default bar" : parts.joined(separator: ", ")
  }
}
