import Testing

@testable import ViperNest

struct RegistrationTests {
  // MARK: - Autowiring

  @Test func autowiredInitializerResolvesItsParameters() throws {
    let app = try start(registerContacts)
    let contacts = try app.open(ContactsStory.self)
    let presenter = try contacts.resolve((any ContactListPresenting).self)
    #expect(presenter is ContactListPresenter)
    #expect(presenter.interactor is ContactListInteractor)
    #expect(presenter.router is ContactListRouter)
    contacts.close()
  }

  @Test func autowiringRecordsDependencyTypesWithoutRunningAnything() throws {
    let registry = try Registry(AnyAssembly { r in registerContacts(r) })
    let graph = registry.validationGraph()
    let presenter = try #require(
      graph.root.entry(for: ServiceKey((any ContactListPresenting).self)))
    let dependencies = try #require(presenter.dependencies)
    #expect(
      dependencies.map { typeName($0.type) } == ["ContactListInteracting", "ContactListRouting"])
  }

  @Test func closureFactoryIsOpaqueButResolves() throws {
    let app = try start { r in
      r.register((any Clock).self) { _ in FixedClock() }
      r.register(Int.self) { r in try r.resolve((any Clock).self).now + 1 }
    }
    #expect(try app.resolve(Int.self) == 43)
    let registry = try Registry(AnyAssembly { r in r.register(Int.self) { _ in 1 } })
    #expect(registry.validate().opaqueRegistrations.count == 1)
  }

  // MARK: - Names and arguments

  enum Gateway: Hashable, Sendable { case card, bank }

  @Test func typedNamesSelectBetweenImplementations() throws {
    let app = try start { r in
      r.register(String.self, name: Gateway.card) { _ in "card" }
      r.register(String.self, name: Gateway.bank) { _ in "bank" }
      r.register(String.self, name: "legacy") { _ in "legacy" }
    }
    #expect(try app.resolve(String.self, name: Gateway.card) == "card")
    #expect(try app.resolve(String.self, name: Gateway.bank) == "bank")
    #expect(try app.resolve(String.self, name: "legacy") == "legacy")
    let error = try #require(throws: ViperNestError.self) { try app.resolve(String.self) }
    #expect(error.code == .missingRegistration)
    #expect(error.description.contains("registered under name Gateway.card"))
  }

  @Test func runtimeArgumentsAreTyped() throws {
    let app = try start { r in
      r.register(String.self, arguments: String.self, Int.self) { _, name, age in "\(name) \(age)" }
    }
    #expect(try app.resolve(String.self, arguments: "Ada", 36) == "Ada 36")
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve(String.self, arguments: 36)
    }
    #expect(error.code == .missingRegistration)
    #expect(error.key == "String(Int)")
    #expect(error.description.contains("String is registered with arguments (String, Int)"))
  }

  // MARK: - Duplicates, overrides, freezing

  @Test func duplicateKeyWithoutOverrideIsRejectedAndRegistryUnchanged() throws {
    let registry = Registry()
    try registry.install { r in r.register(Leaf.self, Leaf.init) }
    let error = try #require(throws: ViperNestError.self) {
      try registry.install { r in
        r.register(Draft.self, Draft.init)
        r.register(Leaf.self, Leaf.init)
      }
    }
    #expect(error.code == .duplicateRegistration)
    #expect(error.description.contains("Leaf is registered twice"))
    #expect(error.description.contains("r.overriding.register(Leaf.self"))
    // Nothing of the failed install landed: Draft is not registered.
    let app = try registry.start()
    #expect(throws: ViperNestError.self) { try app.resolve(Draft.self) }
    _ = try app.resolve(Leaf.self)
  }

  @Test func originsKeepTheirOwnFileWhenRegistrationsAlternateBetweenFiles() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly("Shared") { r in
          r.register(Leaf.self, file: "App/One.swift", line: 3, Leaf.init)
          r.register(Draft.self, file: "App/Two.swift", line: 5, Draft.init)
          r.register(Leaf.self, file: "App/Two.swift", line: 8, Leaf.init)
          r.register(Draft.self, file: "App/One.swift", line: 13, Draft.init)
        })
    }
    #expect(error.description.contains("first at One.swift:3 in Shared"))
    #expect(error.description.contains("again at Two.swift:8 in Shared"))
    #expect(error.description.contains("first at Two.swift:5 in Shared"))
    #expect(error.description.contains("again at One.swift:13 in Shared"))
  }

  @Test func overrideReplacesTheOriginal() throws {
    let app = try start { r in
      r.register(String.self) { _ in "real" }
      r.overriding.register(String.self) { _ in "mock" }
    }
    #expect(try app.resolve(String.self) == "mock")
  }

  @Test func anOverrideAppliesWhereverItsAssemblyStandsInTheList() throws {
    let doubles = AnyAssembly("TestDoubles") { r in
      r.overriding.register(String.self) { _ in "mock" }
    }
    let app = AnyAssembly("App") { r in r.register(String.self) { _ in "real" } }
    let registry = try Registry(doubles, app)
    let started = try registry.start()
    defer { started.close() }
    #expect(try started.resolve(String.self) == "mock")
  }

  @Test func twoOverridesOfOneKeyInOneInstallAreAnError() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly("First") { r in r.overriding.register(String.self) { _ in "one" } },
        AnyAssembly("App") { r in r.register(String.self) { _ in "real" } },
        AnyAssembly("Second") { r in r.overriding.register(String.self) { _ in "two" } })
    }
    #expect(error.code == .duplicateRegistration)
    #expect(error.description.contains("String is registered twice"))
  }

  @Test func anOverrideOfAStoryRegistrationAtTheTopLevelSaysWhichStoryToOverrideIn() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly("App") { r in
          r.story(ContactsStory.self) { r in r.register(Leaf.self, Leaf.init) }
        },
        AnyAssembly("TestDoubles") { r in r.overriding.register(Leaf.self, Leaf.init) })
    }
    #expect(error.code == .overrideWithoutOriginal)
    #expect(error.description.contains("Leaf is registered inside story Contacts"))
    #expect(
      error.description.contains(
        "r.story(ContactsStory.self) { r in r.overriding.register(Leaf.self, ...) }"))
  }

  @Test func anOverrideOfNothingNamesTheNearMisses() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly("App") { r in r.register(Leaf.self, name: "green", Leaf.init) },
        AnyAssembly("TestDoubles") { r in r.overriding.register(Leaf.self, Leaf.init) })
    }
    #expect(error.code == .overrideWithoutOriginal)
    #expect(error.description.contains("did you mean Leaf[\"green\"]?"))
  }

  @Test func overrideOfMissingKeyIsRejected() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(AnyAssembly { r in r.overriding.register(Leaf.self, Leaf.init) })
    }
    #expect(error.code == .overrideWithoutOriginal)
    #expect(
      error.description.contains("Leaf is registered with `overriding`, but nothing registers it"))
  }

  @Test func everyProblemOfAnAssemblyIsReportedAtOnce() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly { r in
          r.register(Leaf.self, Leaf.init)
          r.register(Leaf.self, Leaf.init)
          r.overriding.register(Draft.self, Draft.init)
        })
    }
    #expect(error.otherProblems.count == 1)
    #expect(error.description.contains("1 more problem"))
  }

  @Test func installingAfterStartIsAClearError() throws {
    let registry = try Registry(AnyAssembly { r in r.register(Leaf.self, Leaf.init) })
    _ = try registry.start()
    let error = try #require(throws: ViperNestError.self) {
      try registry.install { r in r.register(Draft.self, Draft.init) }
    }
    #expect(error.code == .registryFrozen)
    #expect(error.description.contains("the registry was started at RegistrationTests.swift:"))
    #expect(error.description.contains("install every assembly before calling start()"))
  }

  @Test func appLifetimeInsideAStoryIsRejected() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly { r in
          r.story(ContactsStory.self) { r in r.register(Leaf.self, lifetime: .app, Leaf.init) }
        })
    }
    #expect(error.code == .invalidRegistration)
    #expect(error.description.contains("use `.story(ContactsStory.self)`"))
  }

  @Test func storyLocalRegistrationShadowingRootNeedsOverride() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(String.self) { _ in "root" }
        r.story(ContactsStory.self) { r in r.register(String.self) { _ in "local" } }
      })
    let error = try #require(throws: ViperNestError.self) { try registry.start() }
    #expect(error.code == .duplicateRegistration)
    #expect(error.description.contains("the second time inside story Contacts"))
  }

  @Test func storyLocalOverrideOfNothingIsRejectedAtStart() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.story(ContactsStory.self) { r in r.overriding.register(String.self) { _ in "local" } }
      })
    let error = try #require(throws: ViperNestError.self) { try registry.start() }
    #expect(error.code == .overrideWithoutOriginal)
    #expect(error.description.contains("nothing enclosing story Contacts registers it"))
  }

  @Test func storyLocalOverrideMayReplaceARegistrationOfTheSameStory() throws {
    let app = try start { r in
      r.story(ContactsStory.self) { r in
        r.register(String.self) { _ in "first" }
        r.overriding.register(String.self) { _ in "second" }
      }
    }
    let contacts = try app.open(ContactsStory.self)
    #expect(try contacts.resolve(String.self) == "second")
    contacts.close()
  }
}
