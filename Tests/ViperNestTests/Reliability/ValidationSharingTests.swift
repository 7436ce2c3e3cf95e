import Testing

@testable import ViperNest

// `validate()` checks the root registrations whose outcome cannot depend on the story chain once
// (`ChainIndependentEntries`), not once per chain. These tests compare its report with the
// reference run, which checks every visible registration in every chain, on the cases where
// sharing could go wrong and on random graphs.

/// The report `validate()` gives (sharing) and the reference run's, for the same graph.
private func reports(_ registry: Registry) -> (
  shared: ValidationReport, reference: ValidationReport
) {
  let graph = registry.validationGraph()
  var shared = Validator(graph: graph)
  var reference = Validator(graph: graph, sharesChainIndependentChecks: false)
  return (shared.run(), reference.run())
}

/// Whether two reports say the same, problem by problem (code, chain, path and message).
private func differences(_ shared: ValidationReport, _ reference: ValidationReport) -> [String] {
  var differences: [String] = []
  if shared.description != reference.description {
    differences.append("shared:\n\(shared)\nreference:\n\(reference)")
  }
  if shared.problems.map(\.code) != reference.problems.map(\.code) {
    differences.append("codes differ")
  }
  if shared.problems.map(\.storyChain) != reference.problems.map(\.storyChain) {
    differences.append("story chains differ")
  }
  if shared.problems.map(\.resolutionPath) != reference.problems.map(\.resolutionPath) {
    differences.append("resolution paths differ")
  }
  if shared.opaqueRegistrations != reference.opaqueRegistrations {
    differences.append("opaque registrations differ")
  }
  if shared.checkedStoryChains != reference.checkedStoryChains {
    differences.append("checked chains differ")
  }
  return differences
}

/// Checks that `validate()` and the reference run agree, and returns the report.
@discardableResult
private func expectReferenceReport(
  _ registry: Registry, sourceLocation: SourceLocation = #_sourceLocation
) -> ValidationReport {
  let (shared, reference) = reports(registry)
  #expect(differences(shared, reference) == [], sourceLocation: sourceLocation)
  #expect(registry.validate().description == shared.description, sourceLocation: sourceLocation)
  return shared
}

/// The registration of `type` (and `name`) at the root, or local to `story`.
private func entry(
  _ type: Any.Type, name: String? = nil, in story: (any UserStory.Type)? = nil,
  of registry: Registry
) throws -> AnyEntry {
  let graph = registry.validationGraph()
  let key = ServiceKey(type, name: name.map { ServiceName($0) })
  let table = try story.map { try #require(graph.locals[ObjectIdentifier($0)]) } ?? graph.root
  return try #require(table.entry(for: key))
}

struct ValidationSharingTests {
  final class Session { init(draft: Draft) {} }
  final class Screen { init(draft: Draft) {} }
  final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
  }
  final class Child { weak var parent: Parent? }

  // MARK: - Registrations whose outcome depends on the chain

  @Test func appSingletonValidInTheAppButCaptiveWhereAStoryRegistersItsDependency() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Session.self, lifetime: .app, Session.init(draft:))
        r.story(ContactsStory.self) { r in r.register(Draft.self, Draft.init) }
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    #expect(!independent.contains(try entry(Session.self, of: registry)))

    let report = expectReferenceReport(registry)
    let captive = try #require(report.problems.first { $0.code == .captiveDependency })
    #expect(captive.storyChain == ["App", "Contacts"])
    #expect(captive.resolutionPath == ["Session", "Draft"])
  }

  @Test func storyRegistrationShadowingARootOneIsCheckedInItsChain() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Draft.self, Draft.init)
        r.register(Screen.self, Screen.init(draft:))
        r.story(ContactsStory.self) { r in
          // Shadows the root Draft in App > Contacts, and needs a Leaf nobody registers.
          r.overriding.register(Draft.self, { (_: Leaf) in Draft() })
        }
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    #expect(independent.contains(try entry(Draft.self, of: registry)))
    #expect(!independent.contains(try entry(Screen.self, of: registry)))
    #expect(!independent.contains(try entry(Draft.self, in: ContactsStory.self, of: registry)))

    let report = expectReferenceReport(registry)
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1, "\(report)")
    #expect(problem.code == .missingRegistration)
    #expect(problem.storyChain == ["App", "Contacts"])
  }

  @Test func namedRegistrationIsShadowedOnlyByTheSameName() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Draft.self, Draft.init)
        r.register(Draft.self, name: "imported", { (_: Leaf) in Draft() })
        r.register(Draft.self, name: "pasted", { (_: Leaf) in Draft() })
        r.register(Draft.self, arguments: String.self) { _, _ in Draft() }
        r.story(ContactsStory.self) { r in
          r.overriding.register(Draft.self, name: "imported", Draft.init)
        }
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    #expect(independent.contains(try entry(Draft.self, of: registry)))
    #expect(!independent.contains(try entry(Draft.self, name: "imported", of: registry)))
    #expect(independent.rootRemainder.count == 2)

    // "pasted" is visible, and broken, in both chains; "imported" only in App, where the story's
    // registration does not shadow it.
    let report = expectReferenceReport(registry)
    #expect(report.problems.count == 2, "\(report)")
    let chains = report.problems.map { ($0.storyChain, $0.description.contains("also in")) }
    #expect(chains.contains { $0.0 == ["App"] && !$0.1 })
    #expect(chains.contains { $0.0 == ["App"] && $0.1 })
    #expect(report.opaqueRegistrations.count == 1)
  }

  @Test func rootRegistrationWithAStoryScopedDependencyIsCheckedInEveryChain() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
        r.register(Screen.self, Screen.init(draft:))
        r.story(ContactsStory.self, in: AppStory.self)
        r.story(CheckoutStory.self, in: AppStory.self)
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    #expect(!independent.contains(try entry(Screen.self, of: registry)))
    #expect(!independent.contains(try entry(Draft.self, of: registry)))
    // Resolves in App > Contacts only: story-bound elsewhere, so not a problem.
    #expect(expectReferenceReport(registry).isValid)
  }

  @Test func registrationOnACycleThroughAPostInitialisationHookIsCheckedInEveryChain() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .graph, Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
        r.story(ContactsStory.self, in: AppStory.self)
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    #expect(!independent.contains(try entry(Child.self, of: registry)))
    let report = expectReferenceReport(registry)
    #expect(report.isValid, "\(report)")
    #expect(report.checkedStoryChains == ["App", "App > Contacts"])
  }

  @Test func synchronousConsumerOfAnAsyncRegistrationIsReportedInEveryChain() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Leaf.self) { () async in Leaf() }
        r.register(Draft.self, { (_: Leaf) in Draft() })
        r.story(ContactsStory.self, in: AppStory.self)
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    #expect(independent.contains(try entry(Leaf.self, of: registry)))
    #expect(!independent.contains(try entry(Draft.self, of: registry)))
    let report = expectReferenceReport(registry)
    #expect(report.problems.map(\.code) == [.awaitRequired])
    #expect(report.checkedStoryChains == ["App", "App > Contacts"])
    #expect(report.problems.first?.description.contains("also in: App > Contacts") == true)
  }

  // MARK: - Registrations checked once

  @Test func rootClosureWithoutStoriesIsCheckedOnceForEveryChain() throws {
    final class Store { init(clock: any Clock, leaf: Leaf?) {} }
    let registry = try Registry(
      AnyAssembly { r in
        r.register((any Clock).self, lifetime: .app, FixedClock.init)
        r.register(Store.self, lifetime: .weak, Store.init(clock:leaf:))
        r.register(Screen.self, Screen.init(draft:))
        r.register(Draft.self, lifetime: .graph, Draft.init)
        r.story(ContactsStory.self) { r in r.register(Session.self, Session.init(draft:)) }
        r.story(AddContactStory.self, in: ContactsStory.self)
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    #expect(independent.rootRemainder.isEmpty)
    #expect(independent.contains(try entry(Store.self, of: registry)))
    // A story's own registration is not one of the root's: it is skipped by the story rule
    // (`storyRegistrationsNeedingOnlyTheirStoryAndTheRootAreCheckedOnce`), not by this one.
    #expect(!independent.contains(try entry(Session.self, in: ContactsStory.self, of: registry)))
    #expect(expectReferenceReport(registry).isValid)
  }

  // MARK: - Story registrations checked once

  @Test func storyRegistrationsNeedingOnlyTheirStoryAndTheRootAreCheckedOnce() throws {
    final class Form { init(draft: Draft, session: Session, leaf: Leaf) {} }
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Leaf.self, Leaf.init)
        r.story(ContactsStory.self) { r in
          r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
          r.register(Session.self, lifetime: .weak, Session.init(draft:))
          r.register(Form.self, Form.init(draft:session:leaf:))
        }
        r.story(AddContactStory.self, in: ContactsStory.self)
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    for type in [Draft.self, Session.self, Form.self] as [Any.Type] {
      let local = try entry(type, in: ContactsStory.self, of: registry)
      #expect(independent.skips(local), "\(type)")
    }
    let report = expectReferenceReport(registry)
    #expect(report.isValid, "\(report)")
    #expect(report.checkedStoryChains.count == 3, "\(report.checkedStoryChains)")
  }

  @Test func storyRegistrationsThatAStoryOrALifetimeCanChangeAreCheckedInEveryChain() throws {
    final class Form { init(draft: Draft) {} }
    final class Card { init(leaf: Leaf) {} }
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Leaf.self, Leaf.init)
        r.story(ContactsStory.self) { r in
          r.register(Draft.self, Draft.init)
          // Its Draft is AddContact's in App > Contacts > AddContact.
          r.register(Form.self, Form.init(draft:))
          // Needs a story that is not always open where it is visible.
          r.register(Card.self, lifetime: .story(CheckoutStory.self), Card.init(leaf:))
        }
        r.story(AddContactStory.self, in: ContactsStory.self) { r in
          r.overriding.register(Draft.self, { (_: Screen) in Draft() })
        }
      })
    let independent = ChainIndependentEntries(graph: registry.validationGraph())
    // Contacts' own Draft needs nothing: the same wherever it is visible.
    #expect(independent.skips(try entry(Draft.self, in: ContactsStory.self, of: registry)))
    for type in [Form.self, Card.self] as [Any.Type] {
      let local = try entry(type, in: ContactsStory.self, of: registry)
      #expect(!independent.skips(local), "\(type)")
    }
    let report = expectReferenceReport(registry)
    // Card is visible in no chain (no chain opens Checkout), so not checked.
    #expect(report.problems.map(\.code) == [.missingRegistration], "\(report)")
  }

  // MARK: - Random graphs

  @Test func sharingGivesTheReferenceReportOnRandomGraphs() throws {
    let baseSeed = environmentInteger("VIPERNEST_PROPERTY_SEED") ?? 0x5EED_5A4E
    let cases = environmentInteger("VIPERNEST_PROPERTY_CASES") ?? 500
    var failed = 0
    var (invalid, skipped, checked) = (0, 0, 0)
    for index in 0..<cases {
      let seed = baseSeed &+ index &* 0x9E37_79B9_7F4A_7C15
      var random = SeededGenerator(seed: seed)
      let graph = PropertyGraph(random: &random)
      let registry = Registry()
      try graph.install(into: registry, instances: PropertyInstances())
      let (shared, reference) = reports(registry)
      if !reference.isValid { invalid += 1 }
      let independent = ChainIndependentEntries(graph: registry.validationGraph())
      let rootCount = registry.validationGraph().root.entries.count
      skipped += rootCount - independent.rootRemainder.count
      checked += independent.rootRemainder.count
      let found = differences(shared, reference)
      guard !found.isEmpty else { continue }
      failed += 1
      if failed <= 3 {
        Issue.record(
          """
          Seed \(String(seed, radix: 16)): \(found.joined(separator: "\n"))
          graph:
          \(graph)
          """)
      }
    }
    #expect(failed == 0, "\(failed) of \(cases) graphs")
    // Not vacuous: graphs with problems, and root registrations both shared and not.
    #expect(invalid > 0 && skipped > 0 && checked > 0, "\(invalid) \(skipped) \(checked)")
  }
}
