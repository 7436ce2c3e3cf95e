// The screen's SwiftUI body: compiled where SwiftUI is (Apple platforms). On Linux the screen is
// a plain value that the headless session draws as text (`TextScreen`).
#if canImport(SwiftUI)
  import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension AddContactScreen: View {
    var body: some View {
      @Bindable var presenter = presenter
      NavigationStack {
        Form {
          TextField("First name", text: $presenter.firstName)
          TextField("Last name", text: $presenter.lastName)
          if let error = presenter.error {
            Text(error).foregroundStyle(.red)
          }
        }
        .onSubmit { presenter.onSubmit?() }
        .navigationTitle("Add Contact")
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Cancel") { presenter.didTapCancel() }
          }
          ToolbarItem(placement: .confirmationAction) {
            Button("Done") { presenter.didTapDone() }
          }
        }
      }
      // No `.onAppear`: the presenter's ScreenAppearance is called when the sheet appears.
    }
  }
#endif
