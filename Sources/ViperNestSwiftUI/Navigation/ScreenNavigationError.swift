/// A ``ScreenNavigation`` refused a request: nothing changed (a story passed with the module was
/// closed).
///
/// ```swift
/// do {
///   try navigation.presentSheet(editor, story: story)
/// } catch let error as ScreenNavigationError where error.code == .presentationShown {
///   print(error)  // a sheet is already shown at this level …
/// }
/// ```
public struct ScreenNavigationError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure this is. Compare with the static members.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Sendable {
      case notAScreen, alreadyShown, presentationShown, emptyPath
    }

    let value: Value

    /// The module is not a screen module: its view does not host a screen (a UIKit or MVC
    /// module). Show it with a transition (`push`, `present` from a router) instead.
    public static let notAScreen = Code(value: .notAScreen)
    /// The module is already shown (in this navigation or elsewhere).
    public static let alreadyShown = Code(value: .alreadyShown)
    /// A sheet or full-screen cover is already shown at this level: SwiftUI shows one presentation
    /// per level, and would not show the second.
    public static let presentationShown = Code(value: .presentationShown)
    /// Nothing is pushed: the root cannot be popped.
    public static let emptyPath = Code(value: .emptyPath)

    public var description: String { value.rawValue }
  }

  /// What kind of failure this is.
  public let code: Code
  /// What failed.
  public let summary: String
  /// How to fix it.
  public let fix: String

  init(_ code: Code, _ summary: String, fix: String) {
    self.code = code
    self.summary = summary
    self.fix = fix
  }

  public var description: String { "\(summary)\n  fix: \(fix)" }
}
