import Testing
import ViperNest

struct ValidationTests {
  @Test func validGraphPasses() throws {
    let registry = try Registry(
      AnyAssembly { r in
        registerContacts(r)
        r.story(AddContactStory.self, in: ContactsStory.self) { r in
          r.register(Draft.self, lifetime: .story(AddContactStory.self), Draft.init)
        }
      })
    let report = registry.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checkedStoryChains == ["App", "App > Contacts > AddContact", "App > Contacts"])
    try report.check()
  }

  @Test func dependencyLocalToANestedStoryIsFineWhereThatStoryIsOpen() throws {
    final class Screen { init(draft: Draft) {} }
    let registry = try Registry(
      AnyAssembly { r in
        r.story(ContactsStory.self) { r in r.register(Screen.self, Screen.init(draft:)) }
        r.story(AddContactStory.self, in: ContactsStory.self) { r in
          r.register(Draft.self, Draft.init)
        }
      })
    #expect(registry.validate().isValid)
  }

  @Test func validationFindsADependencyNoChainCanSee() throws {
    final class Screen { init(draft: Draft) {} }
    let registry = try Registry(
      AnyAssembly { r in
        r.story(ContactsStory.self) { r in r.register(Screen.self, Screen.init(draft:)) }
        r.story(CheckoutStory.self) { r in r.register(Draft.self, Draft.init) }
      })
    let report = registry.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.code == .missingRegistration)
    #expect(problem.storyChain == ["App", "Contacts"])
    #expect(problem.resolutionPath == ["Screen", "Draft"])
    #expect(problem.description.contains("registered only inside story Checkout"))
    #expect(problem.description.contains("it resolves in none of the story chains checked"))
  }

  @Test func storyServiceNeededOnlyWhereItsStoryIsOpenIsNotAProblem() throws {
    let registry = try Registry(AnyAssembly { r in registerContacts(r) })
    let report = registry.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checkedStoryChains == ["App", "App > Contacts"])
  }

  @Test func validationReportsEveryProblemAtOnce() throws {
    final class A { init(b: B) {} }
    final class B { init(a: A) {} }
    final class Cache { init(draft: Draft) {} }
    final class Orphan { init(leaf: Leaf) {} }
    let registry = try Registry(
      AnyAssembly { r in
        r.register(A.self, A.init(b:))
        r.register(B.self, B.init(a:))
        r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
        r.register(Cache.self, lifetime: .app, Cache.init(draft:))
        r.register(Orphan.self, Orphan.init(leaf:))
      })
    let report = registry.validate()
    let codes = report.problems.map(\.code)
    #expect(codes.filter { $0 == .circularDependency }.count == 1)
    #expect(codes.filter { $0 == .captiveDependency }.count == 1)
    #expect(codes.filter { $0 == .missingRegistration }.count == 1)
    #expect(report.problems.count == 3, "\(report)")
    #expect(report.description.hasPrefix("Registration graph has 3 problems:"))
    #expect(throws: ViperNestError.self) { try report.check() }
  }

  @Test func validationAgreesWithResolutionOnCaptiveDependency() throws {
    final class Cache { init(draft: Draft) {} }
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
        r.register(Cache.self, lifetime: .app, Cache.init(draft:))
      })
    let problem = try #require(registry.validate().problems.first)
    #expect(problem.code == .captiveDependency)
    let app = try registry.start(quiet)
    let contacts = try app.open(ContactsStory.self)
    let runtime = try #require(throws: ViperNestError.self) { try contacts.resolve(Cache.self) }
    #expect(runtime.code == problem.code)
    app.close()
  }

  @Test func closureFactoriesAreListedAsOpaque() throws {
    let registry = try Registry(
      AnyAssembly("Opaque") { r in r.register(Leaf.self) { _ in Leaf() } })
    let report = registry.validate()
    #expect(report.isValid)
    #expect(report.opaqueRegistrations.count == 1)
    #expect(report.opaqueRegistrations[0].hasPrefix("Leaf (ValidationTests.swift:"))
    #expect(
      report.description.contains(
        "1 registration not checked (closure factories, dependencies unknown): Leaf"))
  }

  @Test func validationDoesNotFreezeTheRegistry() throws {
    let registry = try Registry(AnyAssembly { r in r.register(Leaf.self, Leaf.init) })
    _ = registry.validate()
    try registry.install { r in r.register(Draft.self, Draft.init) }
    _ = try registry.start(quiet).resolve(Draft.self)
  }

  // MARK: - Export

  @Test func graphExportsAsDOTWithLifetimesEdgesAndStoryClusters() throws {
    let registry = try Registry(
      AnyAssembly { r in
        registerContacts(r)
        r.story(AddContactStory.self) { r in
          r.register(Draft.self, lifetime: .story(AddContactStory.self), Draft.init)
        }
      })
    let dot = registry.graph(.dot)
    #expect(dot.hasPrefix("digraph ViperNest {"))
    #expect(dot.contains("label=\"ContactStore\\nstory(Contacts)\""))
    #expect(dot.contains("label=\"story AddContact\";"))
    #expect(dot.contains("n3 -> n1;"))  // presenter -> interactor
    #expect(dot.contains("n1 -> n0;"))  // interactor -> store
  }

  @Test func graphExportsAsMermaidAndMarksMissingDependencies() throws {
    final class Orphan { init(leaf: Leaf) {} }
    let registry = try Registry(AnyAssembly { r in r.register(Orphan.self, Orphan.init(leaf:)) })
    let mermaid = registry.graph(.mermaid)
    #expect(mermaid.hasPrefix("flowchart LR\n"))
    #expect(mermaid.contains("n0[\"Orphan<br/>transient\"]"))
    #expect(mermaid.contains("missing_Leaf[\"Leaf<br/>MISSING\"]"))
    #expect(mermaid.contains("n0 --> missing_Leaf"))
  }
}
