import Testing

@testable import ViperNest

// Swinject's `Behavior` (told about each registration) and `Assembly.loaded(resolver:)`, ported.

private final class Recorder: @unchecked Sendable {
  // Invariant: `items` is only touched while holding `lock`.
  private let lock = ConditionLock()
  private var items: [String] = []
  func append(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
}

private struct LoadedAssembly: Assembly {
  let recorder: Recorder
  let name: String
  func assemble(_ r: Registrar) {
    r.register(Leaf.self, name: name) { _ in Leaf() }
  }
  func loaded(_ registry: Registry) {
    recorder.append("loaded \(name), valid: \(registry.validate().isValid)")
  }
}

struct RegistrationHooksTests {
  @Test func observersSeeEachInstalledRegistrationInOrder() throws {
    let registry = Registry()
    let recorder = Recorder()
    registry.observeRegistrations { recorder.append($0.description) }
    try registry.install { r in
      r.register((any Clock).self, lifetime: .app, FixedClock.init)
      r.story(ContactsStory.self) { r in
        r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
      }
      r.overriding.register((any Clock).self) { _ in FixedClock() }
    }
    let events = recorder.all
    #expect(events.count == 3)
    #expect(events[0].hasPrefix("Clock (app) at RegistrationHooksTests.swift:"))
    #expect(events[1].hasPrefix("Draft (story(Contacts)) in story Contacts at"))
    #expect(events[2].hasPrefix("override Clock (transient) at"))
  }

  @Test func observerEventsCarryTheDeclaredDependencies() throws {
    let registry = Registry()
    let recorder = Recorder()
    registry.observeRegistrations { event in
      recorder.append(
        "\(event.key): \(event.dependencies.map { $0.map(typeName) } ?? ["opaque"])")
    }
    try registry.install { r in
      registerContacts(r)
      r.register(Int.self) { _ in 1 }
    }
    #expect(recorder.all.contains("ContactListInteracting: [\"ContactStore\"]"))
    #expect(recorder.all.contains("Int: [\"opaque\"]"))
  }

  @Test func failedInstallTellsNobody() throws {
    let registry = try Registry(AnyAssembly { r in r.register(Leaf.self) { _ in Leaf() } })
    let recorder = Recorder()
    registry.observeRegistrations { recorder.append($0.key) }
    let duplicate = LoadedAssembly(recorder: recorder, name: "x")
    #expect(throws: ViperNestError.self) {
      try registry.install(duplicate, AnyAssembly { r in r.register(Leaf.self) { _ in Leaf() } })
    }
    #expect(recorder.all.isEmpty)
  }

  @Test func loadedRunsOnceAfterTheWholeInstallSucceeded() throws {
    let recorder = Recorder()
    let registry = try Registry(
      LoadedAssembly(recorder: recorder, name: "a"), LoadedAssembly(recorder: recorder, name: "b"))
    #expect(recorder.all == ["loaded a, valid: true", "loaded b, valid: true"])
    _ = try registry.start(quiet)
    #expect(recorder.all.count == 2)
  }

  @Test func environmentOverrideForwardsLoadedWhenActive() throws {
    let recorder = Recorder()
    let active = EnvironmentOverride(
      .test, in: LaunchEnvironment(isTest: true), LoadedAssembly(recorder: recorder, name: "mock"))
    let inactive = EnvironmentOverride(
      .preview, in: LaunchEnvironment(), LoadedAssembly(recorder: recorder, name: "preview"))
    _ = try Registry(LoadedAssembly(recorder: recorder, name: "mock"), active, inactive)
    #expect(recorder.all == ["loaded mock, valid: true", "loaded mock, valid: true"])
  }
}
