/// What a controller shows in the navigation bar while it is on top of a stack (UIKit's
/// `UINavigationItem`): the part of it that VIPER views set, usually in `viewDidLoad()`.
///
/// ```swift
/// override func viewDidLoad() {
///   title = "Contacts"                      // also the navigation item's title
///   navigationItem.hidesBackButton = true   // the user cannot go back from here
/// }
/// ```
@MainActor
public final class HeadlessNavigationItem {
  /// The title in the navigation bar; nil shows none. Setting the controller's
  /// ``HeadlessViewController/title`` sets it too, as in UIKit.
  public var title: String?
  /// Whether the back button is hidden. While the top controller hides it, the user can neither
  /// tap it nor swipe back (``HeadlessHost/tapBack(in:)`` and ``HeadlessHost/swipeBack(in:completes:)``
  /// return `false`).
  public var hidesBackButton = false
  /// The title of the back button that leads back to this controller from the one above it; nil
  /// for the default (this item's title, or "Back").
  public var backButtonTitle: String?

  init() {}

  /// Hides or shows the back button (UIKit's `setHidesBackButton(_:animated:)`).
  ///
  /// - Parameters:
  ///   - hidesBackButton: Whether to hide it.
  ///   - animated: Whether the change animates; the headless host has no animation to show.
  public func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
    self.hidesBackButton = hidesBackButton
  }
}
