// The screens' SwiftUI bodies: compiled where SwiftUI is (Apple platforms). On Linux the screens
// are plain values that the headless session draws as text (`TextScreen`).
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
      .task { await presenter.screenDidAppear() }
    }
  }

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
      .onAppear { presenter.screenDidAppear() }
    }
  }

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
