#if canImport(SwiftUI) && canImport(UIKit)
  public import SwiftUI
  public import ViperNest

  /// A `NavigationStack` bound to a ``ScreenNavigation``: its path, sheet and full-screen cover
  /// show the navigation's screen modules, and the user's back button, edge swipe and swipe-down
  /// write the navigation's bindings, which end the modules they remove.
  ///
  /// Build the root module once, where the app keeps its registry (never in a `body` or a
  /// `@State` initializer, which SwiftUI runs again), and pass it with its story's navigation:
  ///
  /// ```swift
  /// @main struct NotesApp: App {
  ///   let notes = try! NotesLauncher()   // opens NotesStory, builds the root module once
  ///   var body: some Scene {
  ///     WindowGroup {
  ///       ScreenNavigationStack(navigation: notes.navigation, root: notes.root)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// This file is type-checked on Linux against `Tests/SwiftUIStub` by `.ci/typecheck-swiftui.sh`.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  public struct ScreenNavigationStack: View {
    @Bindable private var navigation: ScreenNavigation
    private let root: any ViewControlling

    /// Creates the stack.
    ///
    /// - Parameters:
    ///   - navigation: The navigation of the root's story.
    ///   - root: The stack's root: a screen module, built once. The stack keeps its controller.
    public init(navigation: ScreenNavigation, root: some Presentable) {
      self.navigation = navigation
      self.root = root.viewController
    }

    public var body: some View {
      NavigationStack(path: $navigation.path) {
        ScreenContent(host: root as? any ScreenHosting)
          .navigationDestination(for: ScreenRoute.self) { route in
            ScreenContent(host: route.host)
          }
      }
      .sheet(item: $navigation.sheet) { route in
        ScreenContent(host: route.host)
          .interactiveDismissDisabled(route.isInteractiveDismissDisabled)
      }
      .fullScreenCover(item: $navigation.fullScreenCover) { route in
        ScreenContent(host: route.host)
      }
    }
  }

  /// A route's screen as a SwiftUI view, forwarding its appearance to its presenter
  /// (``ScreenAppearance``).
  struct ScreenContent: View {
    let host: (any ScreenHosting)?

    var body: AnyView {
      guard let view = host?.hostedScreen as? any View else { return AnyView(EmptyView()) }
      return AnyView(AnyView(view).forwardingAppearance(to: host?.screenLinks))
    }
  }
#endif
