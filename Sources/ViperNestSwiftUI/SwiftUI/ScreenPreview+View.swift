#if canImport(SwiftUI)
  public import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ScreenPreview: View where Screen: View {
    /// The screen, or why it could not be built.
    public var body: AnyView {
      if let screen { return AnyView(screen) }
      return AnyView(Text(verbatim: failure ?? ""))
    }
  }
#endif
