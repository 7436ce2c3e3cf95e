import ContactsSample
import ViperNest
import ViperNestSwiftUI

/// Registers the Contacts app with SwiftUI screens: the same stories, store and interactors as the
/// UIKit flavour, screen modules instead of view controllers, and one `ScreenNavigation` per
/// Contacts story that routers drive.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ContactsSwiftUIAssembly: Assembly {
  let storage: StorageDirectory
  let leaky: Bool

  func assemble(_ r: Registrar) {
    let storage = storage
    let leaky = leaky
    r.register(StorageDirectory.self, lifetime: .app) { _ in storage }
    r.register(
      (any ContactStore).self, lifetime: .story(ContactsStory.self),
      mainActor: FileContactStore.init(storage:))

    r.register(
      ContactListScreenModule.self, builder: ContactListScreenBuilder.self, in: ContactsStory.self
    ) { $0.module(input: { _ in () }) }
    r.story(ContactsStory.self) { r in
      r.register(
        ScreenNavigation.self, lifetime: .story(ContactsStory.self),
        mainActor: { _ in ScreenNavigation() })
      r.register(ContactListScreenPresenter.self, mainActor: ContactListScreenPresenter.init)
      r.register(ContactListInteractor.self, mainActor: ContactListInteractor.init(store:))
      r.register(ContactListScreenRouter.self, mainActor: ContactListScreenRouter.init)
    }

    // Routers resolve Add Contact by its typed module, whichever builder makes it.
    r.register(
      AddContactModule.self, builder: AddContactScreenBuilder.self, in: AddContactStory.self
    ) { $0.module(input: { $0 }, output: { $0.output = $1 }) }
    r.story(AddContactStory.self, in: ContactsStory.self) { r in
      r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
      r.register(
        AddContactScreenPresenter.self,
        mainActor: { _ in
          AddContactScreenPresenter(capturesItself: leaky)
        })
      r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
      r.register(AddContactScreenRouter.self, mainActor: AddContactScreenRouter.init)
    }

    r.register(
      ContactDetailModule.self, builder: ContactDetailScreenBuilder.self,
      in: ContactDetailStory.self
    ) { $0.module(input: { $0 }) }
    r.story(ContactDetailStory.self, in: ContactsStory.self) { r in
      r.register(ContactDetailScreenPresenter.self, mainActor: ContactDetailScreenPresenter.init)
    }
  }
}
