internal import ViperNest

/// The Contacts flow: the list and its persistent store live in it.
package enum ContactsStory: UserStory {}

/// Registers the Contacts app. Modules that routers resolve are registered by their typed
/// Input/Output with the story they run in; each module's layers are registered inside it.
struct ContactsAssembly: Assembly {
  let storage: StorageDirectory
  let leaky: Bool

  func assemble(_ r: Registrar) {
    let storage = storage
    r.register(StorageDirectory.self, lifetime: .app) { _ in storage }
    // An async factory: `FileContactStore.init(storage:)` is `async` (it reads the file off the
    // main actor). One per Contacts story; the list's interactor awaits it (`AsyncProvider`).
    r.register(
      (any ContactStore).self, lifetime: .story(ContactsStory.self),
      mainActor: FileContactStore.init(storage:))

    r.story(ContactsStory.self) { r in
      r.register(ContactListPresenter.self, mainActor: ContactListPresenter.init)
      r.register(ContactListInteractor.self, mainActor: ContactListInteractor.init(store:))
      r.register(ContactListRouter.self, mainActor: ContactListRouter.init)
    }

    // Each module is registered with its builder and the story it runs in: validation checks
    // its layers there.
    if leaky {
      r.register(
        AddContactModule.self, builder: LeakyAddContactBuilder.self, in: AddContactStory.self
      ) { $0.module(input: { $0 }, output: { $0.output = $1 }) }
    } else {
      r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
        $0.module(input: { $0 }, output: { $0.output = $1 })
      }
    }
    // Deep links: the list as the window's root (the launch opens it so), Add Contact presented
    // over it, prefilled from the link.
    r.register(ContactListModule.self, builder: ContactListBuilder.self, in: ContactsStory.self) {
      Module(view: $0.viewController, input: ())
    }
    r.route(
      "/contacts",
      .show(
        ContactListModule.self, in: ContactsStory.self,
        .windowRoot(embedIn: .navigationController)))
    r.route(
      "/contacts/add?first",
      .show(
        ContactListModule.self, in: ContactsStory.self,
        .windowRoot(embedIn: .navigationController)),
      .show(
        AddContactModule.self, in: AddContactStory.self,
        .present(embedIn: .navigationController), LinkParameter<String?>("first")
      ) { link, first in
        if let first { link.input.prefill(firstName: first) }
        // The list is Add Contact's host, as when its router presents it.
        link.module.output = (link.source as? ContactListView)?.presenter as? any AddContactOutput
      })

    r.story(AddContactStory.self, in: ContactsStory.self) { r in
      r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
      r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
      if leaky {
        r.register(LeakyAddContactPresenter.self, mainActor: LeakyAddContactPresenter.init)
      }
      r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
      r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
    }
  }
}
