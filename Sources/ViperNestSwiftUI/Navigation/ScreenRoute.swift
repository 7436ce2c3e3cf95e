public import ViperNest

/// One screen module shown by a ``ScreenNavigation``: an element of its path, or its sheet or
/// full-screen cover. SwiftUI compares routes by identity (one per shown module).
///
/// In an app, `ScreenNavigationStack` shows a route's screen; in tests, ``HeadlessScreenStack``
/// records it. Routes are made by the navigation's methods (`push`, `presentSheet`…), never by
/// hand, so each one holds a built module.
public struct ScreenRoute: Hashable, Identifiable {
  /// The identity of the controller that hosts the module's screen.
  public let id: ObjectIdentifier
  /// The host, held strongly: a route in a path keeps its module alive.
  let host: any ScreenHosting
  /// Whether the user may not swipe the module away when it is shown as a sheet (SwiftUI's
  /// `interactiveDismissDisabled`); programmatic dismissal is never blocked.
  public let isInteractiveDismissDisabled: Bool
  /// The module's name, for logs.
  public let name: String

  init(host: any ScreenHosting, name: String, isInteractiveDismissDisabled: Bool) {
    id = ObjectIdentifier(host)
    self.host = host
    self.name = name
    self.isInteractiveDismissDisabled = isInteractiveDismissDisabled
  }

  /// The controller that hosts the module's screen (its view, as routers and the leak detector
  /// see it).
  @MainActor public var controller: any ViewControlling { host }

  /// The module's screen value (a SwiftUI view in an app).
  @MainActor public var screen: Any? { host.hostedScreen }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
