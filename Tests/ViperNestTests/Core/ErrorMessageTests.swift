import Testing
import ViperNest

struct ErrorMessageTests {
  // MARK: - Missing registrations

  @Test func missingDependencyNamesThePathAndTheStoryChain() throws {
    let app = try start { r in
      r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
      r.register((any ContactListRouting).self, ContactListRouter.init)
      r.register((any ContactListPresenting).self, ContactListPresenter.init(interactor:router:))
    }
    let contacts = try app.open(ContactsStory.self)
    let add = try contacts.open(AddContactStory.self)
    let error = try #require(throws: ViperNestError.self) {
      try add.resolve((any ContactListPresenting).self)
    }
    #expect(error.code == .missingRegistration)
    #expect(error.key == "ContactStore")
    #expect(
      error.resolutionPath == ["ContactListPresenting", "ContactListInteracting", "ContactStore"])
    #expect(error.storyChain == ["App", "Contacts", "AddContact"])
    #expect(
      error.description == """
        No registration for ContactStore.
          resolving: ContactListPresenting -> ContactListInteracting -> ContactStore
          story: App > Contacts > AddContact
          note: ContactListInteracting is autowired (registered at ErrorMessageTests.swift:9 in TestAssembly): if its initializer gives the ContactStore parameter a default value, Swift does not use it through a `YourType.init` reference, which passes every argument
          fix: register it in an assembly: r.register((any ContactStore).self, ...); or, for the default value, a closure that calls the initializer without that argument: r.register((any ContactListInteracting).self) { _ in <#ContactListInteracting type#>() }
        """)
    contacts.close()
  }

  @Test func missingRegistrationSuggestsSimilarTypeNames() throws {
    let app = try start { r in r.register(InMemoryContactStore.self, InMemoryContactStore.init) }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve((any ContactStore).self)
    }
    #expect(error.description.contains("did you mean InMemoryContactStore?"))
  }

  // MARK: - Cycles

  final class A { init(b: B) {} }
  final class B { init(c: C) {} }
  final class C { init(a: A) {} }
  final class SelfLoop { init(loop: SelfLoop) {} }

  @Test func circularDependencyShowsTheFullCycle() throws {
    let app = try start { r in
      r.register(A.self, A.init(b:))
      r.register(B.self, B.init(c:))
      r.register(C.self, C.init(a:))
    }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(A.self) }
    #expect(error.code == .circularDependency)
    #expect(error.description.hasPrefix("Circular dependency: A -> B -> C -> A."))
    #expect(error.description.contains("inject one side as Provider<A>"))
  }

  @Test func selfDependencyIsACycleOfOne() throws {
    let app = try start { r in r.register(SelfLoop.self, lifetime: .app, SelfLoop.init(loop:)) }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(SelfLoop.self) }
    #expect(error.code == .circularDependency)
    #expect(error.description.hasPrefix("Circular dependency: SelfLoop -> SelfLoop."))
    // Nothing half-created is cached.
    #expect(app.tree.instances.isEmpty)
  }

  @Test func providerBreaksACycle() throws {
    final class Parent {
      let child: Child
      init(child: Child) { self.child = child }
    }
    final class Child {
      let parent: Provider<Parent>
      init(parent: Provider<Parent>) { self.parent = parent }
    }
    let app = try start { r in
      r.register(Parent.self, lifetime: .app, Parent.init(child:))
      r.register(Child.self, Child.init(parent:))
    }
    let parent = try app.resolve(Parent.self)
    #expect(try parent.child.parent() === parent)
  }

  // MARK: - Captive dependencies

  @Test func appSingletonTakingAStoryScopedServiceIsCaptive() throws {
    final class Cache {
      init(draft: Draft) {}
    }
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
      r.register(Cache.self, lifetime: .app, Cache.init(draft:))
    }
    let contacts = try app.open(ContactsStory.self)
    let error = try #require(throws: ViperNestError.self) { try contacts.resolve(Cache.self) }
    #expect(error.code == .captiveDependency)
    #expect(
      error.description.hasPrefix(
        "Captive dependency: Cache (app) depends on Draft (story(Contacts)), which dies before it.")
    )
    #expect(error.storyChain == ["App", "Contacts"])
    contacts.close()
  }

  @Test func appSingletonTakingAStoryLocalTransientIsCaptive() throws {
    final class Cache {
      init(leaf: Leaf) {}
    }
    let app = try start { r in
      r.register(Cache.self, lifetime: .app, Cache.init(leaf:))
      r.story(ContactsStory.self) { r in r.register(Leaf.self, Leaf.init) }
    }
    let contacts = try app.open(ContactsStory.self)
    let error = try #require(throws: ViperNestError.self) { try contacts.resolve(Cache.self) }
    #expect(error.code == .captiveDependency)
    #expect(error.description.contains("Leaf (registered only in story Contacts)"))
    contacts.close()
  }

  // MARK: - Stories

  @Test func storyServiceResolvedWhereNoStoryIsOpenSaysWhichStory() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(AddContactStory.self), Draft.init)
    }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(Draft.self) }
    #expect(error.code == .storyNotOpen)
    #expect(
      error.description.hasPrefix(
        "Draft has lifetime story(AddContact), but no AddContact story is open here."))
    #expect(error.description.contains("try parent.open(AddContactStory.self)"))
  }

  // MARK: - Factories

  @Test func throwingFactoryIsReportedWithItsPathAndUnderlyingError() throws {
    final class Service { init(leaf: Leaf) {} }
    let app = try start { r in
      r.register(Leaf.self) { _ in throw Boom() }
      r.register(Service.self, Service.init(leaf:))
    }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(Service.self) }
    #expect(error.code == .factoryFailed)
    #expect(error.resolutionPath == ["Service", "Leaf"])
    #expect(error.description.hasPrefix("The factory of Leaf threw: boom"))
    #expect(error.underlyingError is Boom)
  }
}
