import Testing
import ViperNest

// Assemblies for the composition tests.
private struct LeafAssembly: Assembly {
  func assemble(_ r: Registrar) { r.register(Leaf.self, Leaf.init) }
}

private struct DraftAssembly: Assembly {
  func assemble(_ r: Registrar) { r.register(Draft.self, Draft.init) }
}

/// Composes its features, as an app assembly does.
private struct FeaturesAssembly: Assembly {
  let features: [any Assembly]
  func assemble(_ r: Registrar) {
    for feature in features { r.install(feature) }
  }
}

/// Counts the `loaded(_:)` calls it gets.
private final class LoadCounter: Assembly {
  var loads = 0
  func assemble(_ r: Registrar) { r.register(Draft.self, Draft.init) }
  func loaded(_ registry: Registry) { loads += 1 }
}

/// Registers the store under a name only, and an interactor that needs it unnamed.
private struct NamedStoreAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register((any ContactStore).self, name: "memory", InMemoryContactStore.init)
    r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
  }
}

/// Main-actor state, as an app target with the main actor as its default isolation has.
@MainActor private var mainActorAssemblyRuns = 0

/// An assembly isolated to the main actor (an app target's default in Xcode 26): `Assembly` is not
/// `Sendable`, so its conformance may be main-actor-isolated. This only has to compile.
@MainActor private struct MainActorAssembly: @MainActor Assembly {
  func assemble(_ r: Registrar) {
    mainActorAssemblyRuns += 1
    r.register(Leaf.self, Leaf.init)
  }
}

private struct SendableLeafAssembly: Assembly, Sendable {
  func assemble(_ r: Registrar) { r.register(Leaf.self, Leaf.init) }
}

struct AssemblyCompositionTests {
  // MARK: - A list of assemblies

  @Test func registryIsCreatedFromAListOfAssemblies() throws {
    var assemblies: [any Assembly] = [LeafAssembly()]
    assemblies.append(DraftAssembly())
    let app = try Registry(assemblies).start(quiet)
    defer { app.close() }
    _ = try app.resolve(Leaf.self)
    _ = try app.resolve(Draft.self)
  }

  @Test func aListWithADuplicateFailsAsTheVariadicFormDoes() throws {
    let list = try #require(throws: ViperNestError.self) {
      try Registry([LeafAssembly(), DraftAssembly(), LeafAssembly()])
    }
    let variadic = try #require(throws: ViperNestError.self) {
      try Registry(LeafAssembly(), DraftAssembly(), LeafAssembly())
    }
    #expect(list.code == .duplicateRegistration)
    #expect(list.description == variadic.description)
  }

  @Test func installingAListIsAllOrNothing() throws {
    let registry = try Registry([LeafAssembly()])
    #expect(throws: ViperNestError.self) {
      try registry.install([DraftAssembly(), LeafAssembly()])
    }
    try registry.install([DraftAssembly()])
    let app = try registry.start(quiet)
    defer { app.close() }
    _ = try app.resolve(Draft.self)
  }

  @Test func aListOfSendableAssembliesIsAccepted() throws {
    let assemblies: [any Assembly & Sendable] = [SendableLeafAssembly()]
    let app = try Registry(assemblies).start(quiet)
    defer { app.close() }
    _ = try app.resolve(Leaf.self)
  }

  @MainActor @Test func aMainActorIsolatedAssemblyIsInstalledFromTheMainActor() throws {
    let runs = mainActorAssemblyRuns
    let app = try Registry(MainActorAssembly()).start(quiet)
    defer { app.close() }
    _ = try app.resolve(Leaf.self)
    #expect(mainActorAssemblyRuns == runs + 1)
  }

  // MARK: - Composed assemblies

  @Test func aDuplicateInComposedAssembliesNamesEachInnerAssembly() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        FeaturesAssembly(features: [LeafAssembly(), DraftAssembly()]),
        AnyAssembly("Mocks") { r in r.install(LeafAssembly()) })
    }
    #expect(error.code == .duplicateRegistration)
    #expect(error.description.contains("in LeafAssembly (in FeaturesAssembly)"))
    #expect(error.description.contains("in LeafAssembly (in Mocks)"))
  }

  @Test func validationNamesTheInnerAssemblyThatMadeTheRegistration() throws {
    let registry = try Registry(
      FeaturesAssembly(features: [
        LeafAssembly(), NamedStoreAssembly(),
        AnyAssembly("Opaque") { r in r.register(Draft.self) { _ in Draft() } },
      ]))
    let report = registry.validate()
    let problem = try #require(report.problems.first)
    #expect(problem.code == .missingRegistration)
    // The near miss names the assembly that registered the store.
    #expect(problem.description.contains("in NamedStoreAssembly (in FeaturesAssembly))"))
    #expect(
      report.opaqueRegistrations.contains { $0.hasSuffix("in Opaque (in FeaturesAssembly))") })
  }

  @Test func composedAssembliesNestTheirNames() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(
        LeafAssembly(),
        AnyAssembly("App") { r in r.install(FeaturesAssembly(features: [LeafAssembly()])) })
    }
    #expect(error.description.contains("in LeafAssembly (in FeaturesAssembly (in App))"))
  }

  @Test func composedAssembliesAreToldTheyWereLoaded() throws {
    let inner = LoadCounter()
    _ = try Registry(FeaturesAssembly(features: [inner]))
    #expect(inner.loads == 1)
  }

  @Test func composedAssembliesAreNotLoadedWhenTheInstallFails() throws {
    let inner = LoadCounter()
    #expect(throws: ViperNestError.self) {
      try Registry(FeaturesAssembly(features: [inner]), DraftAssembly())
    }
    #expect(inner.loads == 0)
  }

  @Test func composedRegistrationsOverrideThroughAnOverridingRegistrar() throws {
    let app = try Registry(
      AnyAssembly("Real") { r in r.register(String.self) { _ in "real" } },
      AnyAssembly("Mocks") { r in
        r.overriding.install(
          AnyAssembly("StringMock") { r in r.register(String.self) { _ in "mock" } })
      }
    ).start(quiet)
    defer { app.close() }
    #expect(try app.resolve(String.self) == "mock")
  }

  @Test func composedRegistrationsStayLocalToTheirStory() throws {
    let app = try Registry(
      AnyAssembly("App") { r in
        r.story(ContactsStory.self) { r in r.install(LeafAssembly()) }
      }
    ).start(quiet)
    defer { app.close() }
    #expect(throws: ViperNestError.self) { try app.resolve(Leaf.self) }
    let contacts = try app.open(ContactsStory.self)
    defer { contacts.close() }
    _ = try contacts.resolve(Leaf.self)
  }
}
