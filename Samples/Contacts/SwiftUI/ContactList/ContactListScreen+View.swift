// The screen's SwiftUI body: compiled where SwiftUI is (Apple platforms). On Linux the screen is
// a plain value that the headless session draws as text (`TextScreen`).
#if canImport(SwiftUI)
  import ContactsSample
  import SwiftUI

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ContactListScreen: View {
    var body: some View {
      List {
        if let error = presenter.error {
          Text(error).foregroundStyle(.red)
        }
        if let contacts = presenter.contacts {
          ForEach(contacts, id: \.self) { contact in
            Button(contact.fullName) { presenter.didSelect(contact) }
          }
        } else if presenter.error == nil {
          ProgressView("Loading contacts…")
        }
      }
      .navigationTitle("Contacts")
      .toolbar {
        Button("Add", systemImage: "plus") { presenter.didTapAdd() }
      }
      // No `.task`: the presenter's ScreenAppearance loads the contacts when the list appears.
    }
  }
#endif
