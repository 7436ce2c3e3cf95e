public import ViperNest

/// What a navigation conformance scenario needs from a UI toolkit: a window, plain screens, the
/// user's own gestures, and a way to let transitions finish.
///
/// ``NavigationConformance`` runs the same scenarios against any toolkit: the headless host in
/// `swift test`, UIKit in an iOS simulator (Tests/UIKitConformanceTests).
@MainActor
public protocol NavigationConformanceDriver: AnyObject {
  /// A window that is on screen, kept for the scenario.
  var window: any WindowHosting { get }

  /// A new plain controller named `name`, which writes its appearance callbacks to
  /// ``appearanceLog``.
  func makeScreen(_ name: String) -> any ViewControlling

  /// The appearance callbacks of the screens ``makeScreen(_:)`` made, oldest first:
  /// `"<name> willAppear"`, `"<name> didAppear"`, `"<name> willDisappear"`,
  /// `"<name> didDisappear"`.
  var appearanceLog: [String] { get set }

  /// The user taps Back in `navigation` (UIKit: what the back button does).
  func userTapsBack(in navigation: any NavigationControlling) async throws

  /// The user swipes down the presented sheet `presented` to the end.
  func userSwipesDown(_ presented: any ViewControlling) async throws

  /// Lets every transition in flight finish, with its completions.
  func finishTransitions() async

  /// Waits until `condition` holds or a short deadline passes (UIKit may release objects a run
  /// loop turn later); returns whether it held.
  func eventually(_ condition: @MainActor () -> Bool) async -> Bool
}

/// A scenario's expectation that did not hold.
public struct ConformanceFailure: Error, CustomStringConvertible {
  /// What was expected, and where.
  public let description: String
}

/// Requires `condition`, or fails the scenario with `message`.
@MainActor
func require(
  _ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line
) throws {
  guard condition else {
    throw ConformanceFailure(description: "NavigationConformance.swift:\(line): \(message())")
  }
}
