import ViperNest

/// The signed-in part of the app: the tabs, App > Session > Dashboard and App > Session > Payments.
enum SessionStory: UserStory {}

/// The window's root, for the routers that replace it (signing in and out): the window the app
/// keeps, held weakly, and how the signed-in tabs are composed. It holds no resolver: each router
/// opens the next root's story from its own, at the app level, and validation checks it there.
@MainActor
final class BankRoot {
  /// The app's window.
  weak var window: (any WindowHosting)?
  /// Told of the tabs' stories (Dashboard, Payments) each time the tabs are composed.
  var onSignIn: ([Story]) -> Void = { _ in }

  /// The window, or a typed error when the app let it go.
  var currentWindow: any WindowHosting {
    get throws {
      guard let window else {
        throw TransitionError(
          .sourceReleased, "Cannot replace the window's root: the window was released.",
          fix: "keep the window (an app keeps it in its scene delegate)")
      }
      return window
    }
  }

  /// Opens the tabs' stories inside `session` and composes the tabs, a navigation stack each:
  /// they close with the session, when the tabs leave the window.
  ///
  /// - Parameter session: The new session, App > Session.
  /// - Returns: The tab container, to show as the window's root.
  /// - Throws: What resolving or showing the tabs throws.
  func composeTabs(in session: Story) throws -> any TabControlling {
    let dashboard = try session.open(DashboardStory.self)
    let payments = try session.open(PaymentsStory.self)
    let container = try session.resolve((any UIToolkit).self).makeTabContainer()
    try TabTransition(
      container: container,
      tabs: [
        try DashboardBuilder.build(in: dashboard).attachToNavigationController(
          tabBarItem: TabItem(title: "Dashboard", imageName: "house", tag: 0)),
        try PaymentsBuilder.build(in: payments).attachToNavigationController(
          tabBarItem: TabItem(title: "Payments", imageName: "arrow.left.arrow.right", tag: 1)),
      ]
    ).perform()
    onSignIn([dashboard, payments])
    return container
  }
}
