import ViperNest

/// The Contacts flow: the list and its persistent store live in it.
enum ContactsStory: UserStory {}

/// Registers the Contacts app. Modules that routers resolve are registered by their typed
/// Input/Output at the root; each module's layers are registered inside the story they run in.
struct ContactsAssembly: Assembly {
  let storage: StorageDirectory
  let leaky: Bool

  func assemble(_ r: Registrar) {
    let storage = storage
    r.register(StorageDirectory.self, lifetime: .app) { _ in storage }
    r.register(
      (any ContactStore).self, lifetime: .story(ContactsStory.self),
      mainActor: FileContactStore.init(storage:))

    r.story(ContactsStory.self) { r in
      r.register(ContactListPresenter.self, mainActor: ContactListPresenter.init)
      r.register(ContactListInteractor.self, mainActor: ContactListInteractor.init(store:))
      r.register(ContactListRouter.self, mainActor: ContactListRouter.init)
    }

    if leaky {
      r.register(
        AddContactModule.self,
        mainActor: { r in
          try LeakyAddContactBuilder.build(in: r).module(input: { $0 }, output: \.output)
        })
    } else {
      r.register(
        AddContactModule.self,
        mainActor: { r in
          try AddContactBuilder.build(in: r).module(input: { $0 }, output: \.output)
        })
    }
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
