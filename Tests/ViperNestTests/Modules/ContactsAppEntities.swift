import ViperNest
import ViperNestHeadless

// The contacts app of the seeds, as modules: a list (Contacts), Add Contact (VIPER and an MVC
// twin behind the same Input/Output), a contact's detail (data passed at build time).

/// Registers the contacts app's services and modules.
///
/// Services live at the root; each feature's layers are registered inside the story they belong
/// to, so validation checks them where they are used; the modules routers resolve are registered
/// at the root, by the types routers know, so a test story can override them.
struct ContactsAppAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register((any NameFormatting).self, lifetime: .app, NameFormatter.init)
    r.register(ContactBook.self, lifetime: .story(ContactsStory.self), ContactBook.init)

    r.register(
      AddContactModule.self,
      mainActor: { r in
        try AddContactBuilder.build(in: r).module(input: { $0 }, output: \.output)
      })
    r.register(
      ContactDetailModule.self, arguments: Contact.self,
      mainActor: { r, contact in
        try ContactDetailBuilder.build(in: r, passing: contact).module(input: { $0 })
      })

    r.story(ContactsStory.self) { r in
      r.register(ContactsPresenter.self, mainActor: ContactsPresenter.init(formatter:))
      r.register(ContactsInteractor.self, mainActor: ContactsInteractor.init(book:))
      r.register(ContactsRouter.self, mainActor: ContactsRouter.init)

      r.register(
        ContactDetailPresenter.self, arguments: Contact.self,
        mainActor: { r, contact in
          ContactDetailPresenter(contact: contact, formatter: try r.resolve())
        })
      r.register(ContactDetailInteractor.self, mainActor: ContactDetailInteractor.init)
      r.register(ContactDetailRouter.self, mainActor: ContactDetailRouter.init)
    }

    r.story(AddContactStory.self, in: ContactsStory.self) { r in
      r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
      r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
      r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
      r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
    }
  }
}

/// A started contacts app on a headless host.
@MainActor
struct ContactsApp {
  let host = HeadlessHost()
  let app: Story
  let window: HeadlessWindow

  /// - Parameter configure: More registrations (overrides for a test story, mock layers).
  init(_ configure: @escaping (Registrar) -> Void = { _ in }) throws {
    let registry = try Registry(
      host.assembly, ContactsAppAssembly(), AnyAssembly("TestAssembly", configure))
    app = try registry.start(quiet)
    window = host.makeWindow()
  }

  /// Opens a Contacts story and shows its list as the window's root, in a navigation container.
  func showContacts() throws -> (story: Story, view: ContactsView) {
    let story = try app.open(ContactsStory.self)
    let module = try ContactsBuilder.build(in: story)
    try module.attachToWindow(window, withNavigationController: true)
    return (story, module.view)
  }
}
