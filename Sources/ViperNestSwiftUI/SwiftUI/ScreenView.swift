#if canImport(SwiftUI)
  public import SwiftUI
  public import ViperNest

  /// A built screen module's screen, shown inside any SwiftUI view: a tab of a `TabView`, a
  /// `NavigationStack`'s root, a pane of a split view. Its presenter gets its ``ScreenAppearance``
  /// callbacks when SwiftUI shows and hides it.
  ///
  /// Build the module once, where the app keeps it (a launcher, a parent presenter that owns its
  /// child modules), never in a `body` or a `@State` initializer, which SwiftUI runs again; the
  /// view only shows it:
  ///
  /// ```swift
  /// TabView {
  ///   Tab("Notes", systemImage: "note") { ScreenView(launcher.notes) }
  /// }
  /// ```
  ///
  /// A module that is not a screen module (a UIKit or MVC module, whose view is a view
  /// controller) shows a text that says so; show it with a transition instead.
  ///
  /// This file is type-checked on Linux against `Tests/SwiftUIStub` by `.ci/typecheck-swiftui.sh`.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  public struct ScreenView: View {
    private let host: (any ScreenHosting)?
    private let controllerType: String

    /// Creates a view of `module`'s screen.
    ///
    /// - Parameter module: A screen module (a `Module` or ``ScreenModule`` built by a
    ///   ``ScreenBuilder``). The view keeps its controller, which owns the screen.
    public init(_ module: some Presentable) {
      let controller = module.viewController
      host = controller as? any ScreenHosting
      controllerType = String(describing: type(of: controller))
    }

    /// The screen of a route of a ``ScreenNavigation``.
    init(route: ScreenRoute) {
      host = route.host
      controllerType = String(describing: type(of: route.host))
    }

    /// The screen, forwarding its appearance to its presenter.
    public var body: AnyView {
      guard let host, let screen = host.hostedScreen as? any View else {
        return AnyView(
          Text(
            verbatim: "\(controllerType) is not a screen module's view: ScreenView shows screens "
              + "built by a ScreenBuilder. Show this module with a transition."))
      }
      return AnyView(AnyView(screen).forwardingAppearance(to: host.screenLinks))
    }
  }
#endif
