#if canImport(SwiftUI)
  import SwiftUI
  import ViperNest

  extension View {
    /// Forwards SwiftUI's appearance of this view (a screen) to its presenter's
    /// ``ScreenAppearance`` callbacks: `onAppear`, `onDisappear`, and `.task`, which SwiftUI
    /// cancels once the view disappears (L4 of the SwiftUI notes).
    ///
    /// The hooks are read when SwiftUI calls them, not now: a builder sets them after it made
    /// the hosting controller's root view.
    ///
    /// This file is type-checked on Linux against `Tests/SwiftUIStub` by
    /// `.ci/typecheck-swiftui.sh`.
    ///
    /// - Parameter links: The links of the module that shows the screen; nil: nothing to forward.
    /// - Returns: This view, forwarding its appearance.
    func forwardingAppearance(to links: ScreenLinks?) -> some View {
      onAppear { links?.appearance?.didAppear() }
        .onDisappear { links?.appearance?.didDisappear() }
        .task { await links?.appearance?.task() }
    }
  }
#endif
