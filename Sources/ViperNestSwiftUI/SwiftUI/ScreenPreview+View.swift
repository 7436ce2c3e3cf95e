#if canImport(SwiftUI)
  public import SwiftUI
  import ViperNest

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ScreenPreview: View where Screen: View {
    /// The screen, forwarding its appearance to its presenter (``ScreenAppearance``), or why it
    /// could not be built (with the registry's diagnostics).
    public var body: AnyView {
      if let screen {
        return AnyView(
          screen.forwardingAppearance(to: (host as? any ScreenHosting)?.screenLinks))
      }
      let reports = diagnostics.map(\.description)
      return AnyView(Text(verbatim: ([failure ?? ""] + reports).joined(separator: "\n\n")))
    }
  }
#endif
