import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

/// Module registrations (`r.register(M.self, builder: B.self, in: S.self) { ... }`): validated in
/// the story they run in, resolved like the closure registrations they replace.
@MainActor
struct ModuleRegistrationTests {
  /// The contacts app's services and its list's layers; Add Contact is registered by `addContact`.
  private func registry(
    addContact: @escaping (Registrar) -> Void, host: HeadlessHost = HeadlessHost()
  ) throws -> Registry {
    try Registry(
      host.assembly,
      AnyAssembly("ContactsServices") { r in
        r.register((any NameFormatting).self, lifetime: .app, NameFormatter.init)
        r.register(ContactBook.self, lifetime: .story(ContactsStory.self), ContactBook.init)
        r.story(ContactsStory.self) { r in
          r.register(ContactsPresenter.self, mainActor: ContactsPresenter.init(formatter:))
          r.register(ContactsInteractor.self, mainActor: ContactsInteractor.init(book:))
          r.register(ContactsRouter.self, mainActor: ContactsRouter.init)
        }
        r.story(AddContactStory.self, in: ContactsStory.self)
      },
      AnyAssembly("AddContact", addContact))
  }

  /// Add Contact's layers and draft, registered in `story`.
  private static func addContactLayers(_ r: Registrar, in story: any UserStory.Type) {
    r.story(story) { r in
      r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
      r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
      r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
      r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
    }
  }

  private static func registerModule(_ r: Registrar, in story: any UserStory.Type) {
    r.register(AddContactModule.self, builder: AddContactBuilder.self, in: story) {
      $0.module(input: { $0 }, output: \.output)
    }
  }

  private static func registerClosureModule(_ r: Registrar) {
    r.register(
      AddContactModule.self,
      mainActor: { r in
        try AddContactBuilder.build(in: r).module(input: { $0 }, output: \.output)
      })
  }

  // MARK: - Validation

  @Test func aModuleWhoseLayersAreRegisteredInAnotherStoryIsReportedBeforeAnythingRuns() throws {
    // The presenter is registered in a sibling story, where it validates on its own; the
    // module runs in AddContact, which cannot see it.
    let wrongStory: (Registrar) -> Void = { r in
      r.story(CheckoutStory.self) { r in
        r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
      }
      r.story(AddContactStory.self) { r in
        r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
        r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
        r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
      }
    }
    let closureForm = try registry { r in
      wrongStory(r)
      Self.registerClosureModule(r)
    }
    #expect(
      closureForm.validate().isValid,
      "a closure registration is opaque: validation cannot see the module's layers")

    let report = try registry { r in
      wrongStory(r)
      Self.registerModule(r, in: AddContactStory.self)
    }.validate()
    #expect(!report.isValid)
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1, "\(report)")
    #expect(problem.code == .missingRegistration)
    #expect(problem.storyChain == ["App", "Contacts", "AddContact"])
    #expect(problem.resolutionPath.last == "AddContactPresenter")
    let text = problem.description
    #expect(
      text.contains(
        "Module<AddContactInput, AddContactOutput> (built by AddContactBuilder) runs in "
          + "story AddContact, where its presenter AddContactPresenter is not registered."),
      "\(text)")
    #expect(
      text.contains(
        "AddContactPresenter is registered only inside story Checkout, which is not open here"),
      "\(text)")
    #expect(text.contains("fix: register AddContactPresenter where story AddContact sees it"))
    #expect(text.contains("App > Contacts > AddContact"))
  }

  @Test func aLayerWhoseDependencyIsOnlyInAChildStoryIsReportedForTheModulesStory() throws {
    // The module is declared to run in Contacts, with its layers there; the interactor's draft
    // is registered only in the child story AddContact. Every layer resolves somewhere (inside
    // AddContact), so only the module's story shows the mistake.
    let layers: (Registrar) -> Void = { r in
      r.story(ContactsStory.self) { r in
        r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
        r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
        r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
      }
      r.story(AddContactStory.self, in: ContactsStory.self) { r in
        r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
      }
    }
    let closureForm = try registry { r in
      layers(r)
      Self.registerClosureModule(r)
    }
    #expect(closureForm.validate().isValid)

    let report = try registry { r in
      layers(r)
      Self.registerModule(r, in: ContactsStory.self)
    }.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1, "\(report)")
    #expect(problem.storyChain == ["App", "Contacts"])
    #expect(
      problem.resolutionPath == [
        "Module<AddContactInput, AddContactOutput>", "AddContactInteractor",
        "ContactDraft",
      ])
    let text = problem.description
    #expect(
      text.contains(
        "runs in story Contacts, where its interactor AddContactInteractor cannot be built: "
          + "No registration for ContactDraft."),
      "\(text)")
    #expect(text.contains("ContactDraft is registered only inside story AddContact"))
    #expect(
      text.contains(
        "fix: register ContactDraft where story Contacts sees it (in Contacts or a story above "
          + "it: App > Contacts); or, if the module runs in another story, register it there: "
          + "r.register(Module<AddContactInput, AddContactOutput>.self, builder: "
          + "AddContactBuilder.self, in: <Story>.self) { ... }"))
  }

  @Test func aCorrectAppValidatesWithItsModulesCountedAsChecked() throws {
    let registry = try registry { r in
      Self.addContactLayers(r, in: AddContactStory.self)
      Self.registerModule(r, in: AddContactStory.self)
      r.register(AddContactModule.self, name: "closure") { _ in
        throw CancellationError()
      }
    }
    let report = registry.validate()
    #expect(report.isValid, "\(report)")
    #expect(
      report.checkedModules == [
        "Module<AddContactInput, AddContactOutput> (AddContactBuilder in story AddContact)"
      ])
    #expect(report.opaqueRegistrations.count == 1)
    #expect(report.description.contains("story chains, 1 module checked)."), "\(report)")
    #expect(
      report.description.contains(
        "1 registration not checked (closure factories, dependencies unknown): "
          + "Module<AddContactInput, AddContactOutput>[\"closure\"]"),
      "\(report)")
  }

  @Test func aModuleRunningAtTheRootIsCheckedInTheAppStory() throws {
    let report = try registry { r in
      Self.addContactLayers(r, in: AddContactStory.self)
      Self.registerModule(r, in: AppStory.self)
    }.validate()
    let problem = try #require(report.problems.first)
    #expect(problem.storyChain == ["App"])
    #expect(problem.description.contains("runs in story App, where its presenter"))
  }

  @Test func aViewRegisteredToBeBuiltInCodeIsCheckedWithTheModule() throws {
    final class Banner {}
    let report = try registry { r in
      Self.addContactLayers(r, in: AddContactStory.self)
      Self.registerModule(r, in: AddContactStory.self)
      r.story(AddContactStory.self) { r in
        r.register(
          AddContactView.self, mainActor: { (_: Banner) in AddContactView(host: HeadlessHost()) })
      }
      r.story(CheckoutStory.self) { r in r.register(Banner.self, Banner.init) }
    }.validate()
    // The view's own problem, and the module's.
    #expect(report.problems.count == 2, "\(report)")
    #expect(
      report.problems.contains {
        $0.description.contains(
          "where its view AddContactView cannot be built: No registration for Banner.")
      }, "\(report)")
  }

  // MARK: - Resolving

  @Test(.detectsLeaks) func resolvingAModuleRegistrationBuildsAndWiresTheModule() throws {
    let host = HeadlessHost()
    let app = try registry(
      addContact: { r in
        Self.addContactLayers(r, in: AddContactStory.self)
        Self.registerModule(r, in: AddContactStory.self)
      }, host: host
    ).start(quiet)
    let contacts = try app.open(ContactsStory.self)
    let list = try ContactsBuilder.build(in: contacts)
    let window = host.makeWindow()
    let shown = try list.attachToWindow(window)
    let spy = OutputSpy()
    do {
      let (story, module) = try contacts.open(AddContactStory.self) {
        try $0.resolve(AddContactModule.self)
      }
      let presenter = try #require(module.input as? AddContactPresenter)
      let view = try #require(module.view as? AddContactView)
      #expect(view.presenter === presenter, "wired by the builder")
      module.output = spy
      #expect(presenter.output === spy, "delivered where the registration's closure says")
      module.input.prefill(firstName: "Ada")
      #expect(try story.resolve(ContactDraft.self).firstName == "Ada")
      try PresentTransition(from: list.view, to: module, story: story).perform()
      view.tapDone(firstName: "Ada", lastName: "Lovelace")
    }
    #expect(spy.added == [Contact(firstName: "Ada", lastName: "Lovelace")])
    #expect(list.view.presentedController == nil, "dismissed through its router")
    try shown.reverse()
    contacts.close()
    app.close()
  }

  /// The two ways `VIPERModule.module(input:output:)` takes the output's destination.
  enum OutputForm: CaseIterable, Sendable { case closure, keyPath }

  @Test(.detectsLeaks, arguments: OutputForm.allCases)
  func eitherOutputFormDeliversTheOutputToThePresenter(_ form: OutputForm) throws {
    let app = try registry(addContact: { r in
      Self.addContactLayers(r, in: AddContactStory.self)
    }).start(quiet)
    let contacts = try app.open(ContactsStory.self)
    let story = try contacts.open(AddContactStory.self)
    let spy = OutputSpy()
    do {
      let built = try AddContactBuilder.build(in: story)
      let module: AddContactModule =
        switch form {
        case .closure: built.module(input: { $0 }, output: { $0.output = $1 })
        case .keyPath: built.module(input: { $0 }, output: \.output)
        }
      #expect(built.presenter.output == nil)
      module.output = spy
      #expect(built.presenter.output === spy)
      module.output = nil
      #expect(built.presenter.output == nil, "clearing the module's output clears the presenter's")
    }
    story.close()
    contacts.close()
    app.close()
  }

  @Test func aModuleResolvedOutsideItsStorySaysWhereItIsRegistered() throws {
    let app = try registry { r in
      Self.addContactLayers(r, in: AddContactStory.self)
      Self.registerModule(r, in: AddContactStory.self)
    }.start(quiet)
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    defer { contacts.close() }
    let error = try #require(throws: ViperNestError.self) {
      try contacts.resolve(AddContactModule.self)
    }
    #expect(error.code == .missingRegistration)
    #expect(
      error.description.contains("is registered only inside story AddContact, which is not open"))
  }

  @Test func aModuleRegistrationIsOverriddenInsideItsStory() throws {
    let app = try registry { r in
      Self.addContactLayers(r, in: AddContactStory.self)
      Self.registerModule(r, in: AddContactStory.self)
      r.story(AddContactStory.self) { r in SimpleAddContactController.register(r) }
    }.start(quiet)
    defer { app.close() }
    let contacts = try app.open(ContactsStory.self)
    defer { contacts.close() }
    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    defer { story.close() }
    #expect(module.view is SimpleAddContactController)
  }
}
