#if canImport(SwiftUI)
  public import SwiftUI

  extension View {
    /// Binds `navigation`'s sheet and full-screen cover to this view, which is not a stack: a
    /// `TabView`, or a screen shown with ``ScreenView``. The navigation's path is not bound (use
    /// `ScreenNavigationStack` for that).
    ///
    /// The sheet is `sheet(item:)`, with the route's `interactiveDismissDisabled`; the cover is
    /// `fullScreenCover(item:)`, which macOS does not have: there, nothing shows a cover. The user's
    /// swipe-down writes the navigation's sheet, which ends its module.
    ///
    /// ```swift
    /// ScreenView(launcher.home)  // its screen holds the TabView
    ///   .screenPresentations(launcher.navigation)  // Home's sheet, over the whole TabView
    /// ```
    ///
    /// In tests, `HeadlessScreenStack(navigation:root:presentationsOnly:)` with
    /// `presentationsOnly: true` simulates it.
    ///
    /// This file is type-checked on Linux against `Tests/SwiftUIStub` by
    /// `.ci/typecheck-swiftui.sh`.
    ///
    /// - Parameter navigation: The navigation whose presentations this view shows.
    /// - Returns: This view, presenting the navigation's sheet and cover.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    public func screenPresentations(_ navigation: ScreenNavigation) -> some View {
      ScreenPresentations(content: self, navigation: navigation)
    }
  }

  /// A view with a navigation's sheet and full-screen cover bound to it.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct ScreenPresentations<Content: View>: View {
    let content: Content
    @Bindable var navigation: ScreenNavigation

    var body: some View {
      let sheet = content.sheet(item: $navigation.sheet) { route in
        ScreenView(route: route).interactiveDismissDisabled(route.isInteractiveDismissDisabled)
      }
      // SwiftUI's fullScreenCover is `@available(macOS, unavailable)`.
      #if os(macOS)
        return sheet
      #else
        return sheet.fullScreenCover(item: $navigation.fullScreenCover) { route in
          ScreenView(route: route)
        }
      #endif
    }
  }
#endif
