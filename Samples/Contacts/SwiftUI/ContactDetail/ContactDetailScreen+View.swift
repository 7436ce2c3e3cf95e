// The screen's SwiftUI body: compiled where SwiftUI is (Apple platforms). On Linux the screen is
// a plain value that the headless session draws as text (`TextScreen`).
#if canImport(SwiftUI)
  import ContactsSample
  import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ContactDetailScreen: View {
    var body: some View {
      Form {
        LabeledContent("First name", value: presenter.contact?.firstName ?? "")
        LabeledContent("Last name", value: presenter.contact?.lastName ?? "")
      }
      .navigationTitle(presenter.contact?.fullName ?? "Contact")
    }
  }
#endif
