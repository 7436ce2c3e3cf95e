#if canImport(SwiftUI)
  public import SwiftUI
  public import ViperNest

  /// A `NavigationStack` bound to a ``ScreenNavigation``: its path, sheet and full-screen cover
  /// (``SwiftUI/View/screenPresentations(_:)``) show the navigation's screen modules, and the user's back button, edge swipe and swipe-down
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
    private let root: ScreenView

    /// Creates the stack.
    ///
    /// - Parameters:
    ///   - navigation: The navigation of the root's story.
    ///   - root: The stack's root: a screen module, built once. The stack keeps its controller.
    public init(navigation: ScreenNavigation, root: some Presentable) {
      self.navigation = navigation
      self.root = ScreenView(root)
    }

    public var body: some View {
      NavigationStack(path: $navigation.path) {
        root
          .navigationDestination(for: ScreenRoute.self) { route in ScreenView(route: route) }
      }
      .screenPresentations(navigation)
    }
  }
#endif
