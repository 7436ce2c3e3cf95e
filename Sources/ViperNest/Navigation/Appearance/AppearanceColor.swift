/// A colour for appearance settings, in sRGB components from 0 to 1.
///
/// The core does not depend on a UI framework; `ViperNestUIKit` converts it to `UIColor`.
///
/// ```swift
/// let brand = AppearanceColor(red: 1, green: 0.8, blue: 0)
/// let grey = AppearanceColor(hex: 0x8E8E93)
/// ```
public struct AppearanceColor: Hashable, Sendable, CustomStringConvertible {
  /// The red component, 0...1.
  public var red: Double
  /// The green component, 0...1.
  public var green: Double
  /// The blue component, 0...1.
  public var blue: Double
  /// The opacity, 0...1.
  public var alpha: Double

  /// Creates a colour from its components; values outside 0...1 are clamped.
  ///
  /// - Parameters:
  ///   - red: The red component.
  ///   - green: The green component.
  ///   - blue: The blue component.
  ///   - alpha: The opacity. Default: opaque.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = Self.clamp(red)
    self.green = Self.clamp(green)
    self.blue = Self.clamp(blue)
    self.alpha = Self.clamp(alpha)
  }

  /// Creates a colour from a 24-bit `0xRRGGBB` value.
  ///
  /// - Parameters:
  ///   - hex: The colour, such as `0xFFCC00`.
  ///   - alpha: The opacity. Default: opaque.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255, alpha: alpha)
  }

  /// Black.
  public static let black = AppearanceColor(red: 0, green: 0, blue: 0)
  /// White.
  public static let white = AppearanceColor(red: 1, green: 1, blue: 1)
  /// Fully transparent.
  public static let clear = AppearanceColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// `#RRGGBB`, with `AA` appended when not opaque.
  public var description: String {
    func byte(_ value: Double) -> String {
      let hex = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
      return hex.count == 1 ? "0" + hex : hex
    }
    return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
  }

  private static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
}
