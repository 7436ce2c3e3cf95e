import Synchronization
import Testing
import ViperNest

// Ports of Swinject's and Factory's own tests (Swinject: ContainerTests.TypeForwarding,
// LazyTests, ProviderTests; Factory: FactoryCoreTests optional resolution and decorators) onto
// ViperNest's registry.

private protocol AccountsReading: AnyObject { var balance: Int { get } }
private protocol AccountsWriting: AnyObject { func deposit(_ amount: Int) }
private final class AccountsService: AccountsReading, AccountsWriting, @unchecked Sendable {
  // Only touched by one test thread at a time.
  var balance = 0
  func deposit(_ amount: Int) { balance += amount }
}

private enum OnboardingStory: UserStory {}

/// Counts how many times something ran, from any thread.
private final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

// MARK: - Type forwarding

struct TypeForwardingTests {
  @Test func forwardedTypesShareTheAppInstance() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(AccountsService.self, lifetime: .app, AccountsService.init)
        r.forward((any AccountsReading).self, to: AccountsService.self) { $0 }
        r.forward((any AccountsWriting).self, to: AccountsService.self) { $0 }
      }
    ).start()
    let writer = try app.resolve((any AccountsWriting).self)
    writer.deposit(5)
    let reader = try app.resolve((any AccountsReading).self)
    #expect(reader.balance == 5)
    #expect(reader === (try app.resolve(AccountsService.self)))
    #expect(writer === reader)
  }

  @Test func forwardedTypesShareOneInstancePerStory() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(
          AccountsService.self, lifetime: .story(OnboardingStory.self), AccountsService.init)
        r.forward((any AccountsReading).self, to: AccountsService.self) { $0 }
      }
    ).start()
    let first = try app.open(OnboardingStory.self)
    let second = try app.open(OnboardingStory.self)
    defer {
      first.close()
      second.close()
    }
    let a = try first.resolve((any AccountsReading).self)
    #expect(a === (try first.resolve(AccountsService.self)))
    #expect(a !== (try second.resolve((any AccountsReading).self)))
  }

  @Test func forwardingATransientRegistrationBuildsANewInstanceEachTime() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(AccountsService.self, AccountsService.init)
        r.forward((any AccountsReading).self, to: AccountsService.self) { $0 }
      }
    ).start()
    #expect(
      (try app.resolve((any AccountsReading).self))
        !== (try app.resolve((any AccountsReading).self)))
  }

  @Test func forwardedTypeResolvesOnlyByItsOwnName() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(AccountsService.self, lifetime: .app, AccountsService.init)
        r.forward((any AccountsReading).self, name: "main", to: AccountsService.self) { $0 }
      }
    ).start()
    #expect(try app.resolve((any AccountsReading).self, name: "main") is AccountsService)
    let error = #expect(throws: ViperNestError.self) {
      try app.resolve((any AccountsReading).self)
    }
    #expect(error?.code == .missingRegistration)
  }

  @Test func forwardingToNothingIsReportedByValidation() throws {
    let registry = try Registry(
      AnyAssembly { r in r.forward((any AccountsReading).self, to: AccountsService.self) { $0 } })
    let report = registry.validate()
    let problem = try #require(report.problems.first)
    #expect(problem.code == .missingRegistration)
    #expect(problem.resolutionPath == ["AccountsReading", "AccountsService"])
  }

  @Test func forwardingIsAnEdgeInTheGraphExport() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(AccountsService.self, lifetime: .app, AccountsService.init)
        r.forward((any AccountsReading).self, to: AccountsService.self) { $0 }
      })
    let dot = registry.graph(.dot)
    #expect(dot.contains("n1 -> n0;"), "\(dot)")
    #expect(registry.graph(.mermaid).contains("n1 --> n0"))
    #expect(registry.validate().isValid)
  }
}

// MARK: - Optional dependencies

private final class Tracker: Sendable {}
private final class Screen: Sendable {
  let tracker: Tracker?
  init(tracker: Tracker?) { self.tracker = tracker }
}

struct OptionalDependencyTests {
  @Test func optionalParameterIsNilWhenNotRegistered() throws {
    let registry = try Registry(AnyAssembly { r in r.register(Screen.self, Screen.init(tracker:)) })
    #expect(registry.validate().isValid, "\(registry.validate())")
    let app = try registry.start()
    #expect(try app.resolve(Screen.self).tracker == nil)
  }

  @Test func optionalParameterIsTheInstanceWhenRegistered() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Tracker.self, lifetime: .app, Tracker.init)
        r.register(Screen.self, Screen.init(tracker:))
      }
    ).start()
    let tracker = try app.resolve(Tracker.self)
    #expect(try app.resolve(Screen.self).tracker === tracker)
  }

  @Test func optionalParameterSeesTheStoryItIsResolvedIn() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Screen.self, Screen.init(tracker:))
        r.story(OnboardingStory.self) { r in r.register(Tracker.self, Tracker.init) }
      }
    ).start()
    #expect(try app.resolve(Screen.self).tracker == nil)
    try app.withStory(OnboardingStory.self) { story throws in
      #expect(try story.resolve(Screen.self).tracker != nil)
    }
  }

  @Test func optionalParameterWhoseFactoryFailsIsAnErrorNotNil() throws {
    struct Broken: Error {}
    let app = try Registry(
      AnyAssembly { r in
        r.register(Tracker.self) { _ in throw Broken() }
        r.register(Screen.self, Screen.init(tracker:))
      }
    ).start()
    let error = #expect(throws: ViperNestError.self) { try app.resolve(Screen.self) }
    #expect(error?.code == .factoryFailed)
  }

  @Test func resolvingAnOptionalTypeGivesNilForAMissingRegistration() throws {
    let app = try Registry(AnyAssembly { r in r.register(Tracker.self, name: "a", Tracker.init) })
      .start()
    #expect(try app.resolve(Tracker?.self) == nil)
    #expect(try app.resolveIfRegistered(Tracker.self) == nil)
    #expect(try app.resolveIfRegistered(Tracker.self, name: "a") != nil)
    #expect(try app.resolveIfRegistered(Tracker.self, name: "b") == nil)
  }

  @Test func childStorySeesParentRegistrations() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Tracker.self, lifetime: .app, Tracker.init)
        r.story(OnboardingStory.self) { r in r.register(Screen.self, Screen.init(tracker:)) }
      }
    ).start()
    #expect(app.hasRegistration(Tracker.self))
    #expect(!app.hasRegistration(Screen.self))
    try app.withStory(OnboardingStory.self) { story throws in
      #expect(story.hasRegistration(Tracker.self))
      #expect(story.hasRegistration(Screen.self))
      #expect(try story.resolveIfRegistered(Screen.self)?.tracker != nil)
    }
  }

  @Test func optionalDependencyIsNotDrawnAsMissing() throws {
    let registry = try Registry(AnyAssembly { r in r.register(Screen.self, Screen.init(tracker:)) })
    #expect(!registry.graph(.mermaid).contains("MISSING"))
  }
}

// MARK: - Lazy and Provider

private final class Exporter: Sendable {
  let name: String
  init(name: String = "default") { self.name = name }
}
private final class ExportAction: Sendable {
  let exporter: Lazy<Exporter>
  init(exporter: Lazy<Exporter>) { self.exporter = exporter }
}

struct LazyAndProviderTests {
  @Test func lazyDoesNotBuildUntilRequestedThenBuildsOnce() throws {
    let built = Counter()
    let app = try Registry(
      AnyAssembly { r in
        r.register(Exporter.self) { _ in
          built.increment()
          return Exporter()
        }
        r.register(ExportAction.self, ExportAction.init(exporter:))
      }
    ).start()
    let action = try app.resolve(ExportAction.self)
    #expect(built.value == 0)
    let first = try action.exporter.instance
    let second = try action.exporter()
    #expect(built.value == 1)
    #expect(first === second)
  }

  @Test func lazyOfAMissingTypeIsReportedByValidation() throws {
    let registry = try Registry(
      AnyAssembly { r in r.register(ExportAction.self, ExportAction.init(exporter:)) })
    let problem = try #require(registry.validate().problems.first)
    #expect(problem.code == .missingRegistration)
    let app = try registry.start()
    let action = try app.resolve(ExportAction.self)
    #expect(throws: ViperNestError.self) { try action.exporter.instance }
  }

  @Test func lazyOfAnAppInstanceIsThatInstance() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Exporter.self, lifetime: .app) { _ in Exporter() }
        r.register(ExportAction.self, ExportAction.init(exporter:))
      }
    ).start()
    let a = try app.resolve(ExportAction.self)
    let b = try app.resolve(ExportAction.self)
    #expect(try a.exporter.instance === b.exporter.instance)
  }

  @Test func lazyAndProviderWithANameOrArguments() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Exporter.self, name: "pdf") { _ in Exporter(name: "pdf") }
        r.register(Exporter.self, arguments: String.self) { _, name in Exporter(name: name) }
      }
    ).start()
    #expect(try app.lazy(Exporter.self, name: "pdf").instance.name == "pdf")
    #expect(try app.provider(Exporter.self, name: "pdf")().name == "pdf")
    #expect(try app.lazy(Exporter.self, arguments: "csv").instance.name == "csv")
    #expect(try app.provider(Exporter.self)("html").name == "html")
    #expect(throws: ViperNestError.self) { try app.lazy(Exporter.self, name: "doc").instance }
  }

  @Test func lazyForwardedTypeResolves() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(AccountsService.self, lifetime: .app, AccountsService.init)
        r.forward((any AccountsReading).self, to: AccountsService.self) { $0 }
      }
    ).start()
    #expect(try app.lazy((any AccountsReading).self).instance is AccountsService)
  }

  @Test func lazyFirstUseRacingOnManyThreadsKeepsOneInstance() async throws {
    let app = try Registry(AnyAssembly { r in r.register(Exporter.self) { _ in Exporter() } })
      .start()
    let lazy = app.lazy(Exporter.self)
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 { group.addTask { ObjectIdentifier(try lazy.instance) } }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
  }
}

// MARK: - Decorators

struct DecoratorTests {
  @Test func decoratorRunsOncePerBuiltInstance() throws {
    let seen = Counter()
    let app = try Registry(
      AnyAssembly { r in
        r.register(Exporter.self) { _ in Exporter() }
        r.register(Tracker.self, lifetime: .app, Tracker.init)
        r.decorate(Exporter.self) { exporter in
          seen.increment()
          return exporter
        }
        r.decorate(Tracker.self) { tracker in
          seen.increment()
          return tracker
        }
      }
    ).start()
    _ = try app.resolve(Exporter.self)
    _ = try app.resolve(Exporter.self)
    #expect(seen.value == 2)
    _ = try app.resolve(Tracker.self)
    _ = try app.resolve(Tracker.self)
    #expect(seen.value == 3)
  }

  @Test func decoratorsWrapInInstallOrder() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Exporter.self) { _ in Exporter(name: "base") }
        r.decorate(Exporter.self) { Exporter(name: $0.name + "+log") }
        r.decorate(Exporter.self) { Exporter(name: $0.name + "+metrics") }
      }
    ).start()
    #expect(try app.resolve(Exporter.self).name == "base+log+metrics")
  }

  @Test func decoratorAppliesToTheNamedRegistrationOnly() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Exporter.self, name: "pdf") { _ in Exporter(name: "pdf") }
        r.register(Exporter.self) { _ in Exporter(name: "plain") }
        r.decorate(Exporter.self, name: "pdf") { Exporter(name: $0.name + "!") }
      }
    ).start()
    #expect(try app.resolve(Exporter.self, name: "pdf").name == "pdf!")
    #expect(try app.resolve(Exporter.self).name == "plain")
  }

  @Test func decoratorOfALaterInstalledAssemblyDecoratesEarlierRegistrations() throws {
    let registry = try Registry(AnyAssembly { r in r.register(Exporter.self) { _ in Exporter() } })
    try registry.install { r in r.decorate(Exporter.self) { Exporter(name: $0.name + "!") } }
    #expect(try registry.start().resolve(Exporter.self).name == "default!")
  }

  @Test func decoratingNothingIsRefusedAndInstallsNothing() throws {
    let registry = Registry()
    let error = #expect(throws: ViperNestError.self) {
      try registry.install { r in
        r.register(Tracker.self, Tracker.init)
        r.decorate(Exporter.self) { $0 }
      }
    }
    #expect(error?.code == .invalidRegistration)
    #expect(error?.description.contains("found no registration of it in the root registry") == true)
    let app = try registry.start()
    #expect(!app.hasRegistration(Tracker.self))
  }

  @Test func storyLocalDecoratorDecoratesTheStoryLocalRegistration() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Exporter.self) { _ in Exporter(name: "root") }
        r.story(OnboardingStory.self) { r in
          r.overriding.register(Exporter.self) { _ in Exporter(name: "local") }
          r.decorate(Exporter.self) { Exporter(name: $0.name + "!") }
        }
      }
    ).start()
    #expect(try app.resolve(Exporter.self).name == "root")
    try app.withStory(OnboardingStory.self) { story throws in
      #expect(try story.resolve(Exporter.self).name == "local!")
    }
  }

  @Test func decoratorThatThrowsFailsTheResolutionAndCachesNothing() throws {
    struct Refused: Error {}
    let attempts = Counter()
    let app = try Registry(
      AnyAssembly { r in
        r.register(Tracker.self, lifetime: .app, Tracker.init)
        r.decorate(Tracker.self) { tracker in
          attempts.increment()
          if attempts.value == 1 { throw Refused() }
          return tracker
        }
      }
    ).start()
    let error = #expect(throws: ViperNestError.self) { try app.resolve(Tracker.self) }
    #expect(error?.code == .factoryFailed)
    let tracker = try app.resolve(Tracker.self)
    #expect(try app.resolve(Tracker.self) === tracker)
    #expect(attempts.value == 2)
  }
}

// MARK: - Resetting one service

private final class SessionToken: Sendable {
  let value: Int
  init(value: Int) { self.value = value }
}

struct ResetTests {
  @Test func resetDropsTheAppInstanceAndTheNextResolveBuildsANewOne() throws {
    let built = Counter()
    let app = try Registry(
      AnyAssembly { r in
        r.register(SessionToken.self, lifetime: .app) { _ in
          built.increment()
          return SessionToken(value: built.value)
        }
        r.register(Tracker.self, lifetime: .app, Tracker.init)
      }
    ).start()
    let tracker = try app.resolve(Tracker.self)
    #expect(try app.resolve(SessionToken.self).value == 1)
    try app.reset(SessionToken.self)
    #expect(try app.resolve(SessionToken.self).value == 2)
    #expect(try app.resolve(SessionToken.self).value == 2)
    #expect(try app.resolve(Tracker.self) === tracker)  // other services keep theirs
  }

  @Test func resetFromAChildStoryDropsTheInstanceOfTheStoryItResolvesIn() throws {
    let built = Counter()
    let app = try Registry(
      AnyAssembly { r in
        r.register(SessionToken.self, lifetime: .story(OnboardingStory.self)) { _ in
          built.increment()
          return SessionToken(value: built.value)
        }
      }
    ).start()
    let first = try app.open(OnboardingStory.self)
    let second = try app.open(OnboardingStory.self)
    defer {
      first.close()
      second.close()
    }
    #expect(try first.resolve(SessionToken.self).value == 1)
    #expect(try second.resolve(SessionToken.self).value == 2)
    try first.reset(SessionToken.self)
    #expect(try first.resolve(SessionToken.self).value == 3)
    #expect(try second.resolve(SessionToken.self).value == 2)
    try app.reset(SessionToken.self)  // its story is not open here: nothing to drop
    #expect(try first.resolve(SessionToken.self).value == 3)
  }

  @Test func resetReleasesTheInstanceItDropped() throws {
    final class Session {}
    weak var released: Session?
    let app = try Registry(
      AnyAssembly { r in r.register(Session.self, lifetime: .app, Session.init) }
    )
    .start()
    released = try app.resolve(Session.self)
    #expect(released != nil)
    try app.reset(Session.self)
    #expect(released == nil)
  }

  @Test func resettingAnUnregisteredTypeIsAMissingRegistration() throws {
    let app = try Registry(AnyAssembly { r in r.register(Tracker.self, Tracker.init) }).start()
    try app.reset(Tracker.self)  // transient: nothing cached, not an error
    let error = #expect(throws: ViperNestError.self) { try app.reset(SessionToken.self) }
    #expect(error?.code == .missingRegistration)
  }

  @Test func resetWhileOtherThreadsResolveNeverHandsOutAReleasedInstance() async throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(SessionToken.self, lifetime: .app) { _ in SessionToken(value: 7) }
      }
    ).start()
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var sum = 0
          for _ in 0..<2_000 { sum += try app.resolve(SessionToken.self).value }
          return sum
        }
      }
      group.addTask {
        for _ in 0..<500 { try app.reset(SessionToken.self) }
        return 0
      }
      return try await group.reduce(0, +)
    }
    #expect(total == 4 * 2_000 * 7)
  }
}

// MARK: - Instances cached per argument

private final class Conversation: Sendable {
  let id: Int
  let tracker: Tracker
  init(id: Int, tracker: Tracker) {
    self.id = id
    self.tracker = tracker
  }
}

struct CachedArgumentTests {
  @Test func sameArgumentGivesTheSameInstanceAndAnotherArgumentAnother() throws {
    let built = Counter()
    let app = try Registry(
      AnyAssembly { r in
        r.register(Tracker.self, Tracker.init)
        r.register(Conversation.self, lifetime: .app, cachedBy: Int.self) { r, id in
          built.increment()
          return Conversation(id: id, tracker: try r.resolve())
        }
      }
    ).start()
    let seven = try app.resolve(Conversation.self, arguments: 7)
    #expect(try app.resolve(Conversation.self, arguments: 7) === seven)
    let eight = try app.resolve(Conversation.self, arguments: 8)
    #expect(eight !== seven && eight.id == 8)
    #expect(built.value == 2)
  }

  @Test func storyLifetimeCachesPerStoryAndReleasesOnClose() throws {
    weak var released: Conversation?
    let app = try Registry(
      AnyAssembly { r in
        r.register(Tracker.self, Tracker.init)
        r.register(Conversation.self, lifetime: .story(OnboardingStory.self), cachedBy: Int.self) {
          r, id in Conversation(id: id, tracker: try r.resolve())
        }
      }
    ).start()
    let first = try app.open(OnboardingStory.self)
    let second = try app.open(OnboardingStory.self)
    defer { second.close() }
    let a = try first.resolve(Conversation.self, arguments: 1)
    #expect(try first.resolve(Conversation.self, arguments: 1) === a)
    #expect(try second.resolve(Conversation.self, arguments: 1) !== a)
    released = a
    first.close()
    #expect(released != nil)  // `a` still holds it
    _ = consume a
    #expect(released == nil)
    #expect(throws: ViperNestError.self) { try app.resolve(Conversation.self, arguments: 1) }
  }

  @Test func overridingACachedByArgumentRegistrationReplacesIt() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Conversation.self, lifetime: .app, cachedBy: Int.self) { _, id in
          Conversation(id: id, tracker: Tracker())
        }
      },
      AnyAssembly { r in
        r.overriding.register(Conversation.self, lifetime: .app, cachedBy: Int.self) { _, id in
          Conversation(id: id * 10, tracker: Tracker())
        }
      }
    ).start()
    let seventy = try app.resolve(Conversation.self, arguments: 7)
    #expect(seventy.id == 70)
    #expect(try app.resolve(Conversation.self, arguments: 7) === seventy)
  }

  @Test func uncachedLifetimeIsRefusedAtInstall() throws {
    let error = #expect(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly { r in
          r.register(Conversation.self, lifetime: .transient, cachedBy: Int.self) { _, id in
            Conversation(id: id, tracker: Tracker())
          }
        })
    }
    #expect(error?.code == .invalidRegistration)
    #expect(error?.description.contains("need a lifetime that keeps them") == true)
  }

  @Test func racingFirstResolvesOfOneArgumentShareOneInstance() async throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Tracker.self, Tracker.init)
        r.register(Conversation.self, lifetime: .app, cachedBy: Int.self) { r, id in
          Conversation(id: id, tracker: try r.resolve())
        }
      }
    ).start()
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 {
        group.addTask { ObjectIdentifier(try app.resolve(Conversation.self, arguments: 3)) }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
  }
}

// MARK: - Time-to-live

struct ExpiringInstanceTests {
  @Test func anInstanceWithinItsTimeToLiveIsServedAgain() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(SessionToken.self, lifetime: .app, expiringAfter: .seconds(3_600)) { _ in
          SessionToken(value: 1)
        }
      }
    ).start()
    let token = try app.resolve(SessionToken.self)
    #expect(try app.resolve(SessionToken.self) === token)
  }

  @Test func anExpiredInstanceIsBuiltAgainAndReleased() throws {
    final class Flags {}
    weak var expired: Flags?
    let app = try Registry(
      AnyAssembly { r in
        r.register(Flags.self, lifetime: .app, expiringAfter: .zero) { _ in Flags() }
      }
    ).start()
    do {
      let first = try app.resolve(Flags.self)
      expired = first
      #expect(try app.resolve(Flags.self) !== first)  // expired at once: a new one
    }
    #expect(expired == nil)  // the registry let the expired one go
  }

  @Test func storyLifetimeKeepsOneExpiringInstancePerStory() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(
          SessionToken.self, lifetime: .story(OnboardingStory.self), expiringAfter: .seconds(3_600)
        ) { _ in SessionToken(value: 1) }
      }
    ).start()
    let first = try app.open(OnboardingStory.self)
    let second = try app.open(OnboardingStory.self)
    defer {
      first.close()
      second.close()
    }
    let token = try first.resolve(SessionToken.self)
    #expect(try first.resolve(SessionToken.self) === token)
    #expect(try second.resolve(SessionToken.self) !== token)
  }

  @Test func aTimeToLiveWithoutACachedLifetimeIsRefused() throws {
    let error = #expect(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly { r in
          r.register(SessionToken.self, lifetime: .weak, expiringAfter: .seconds(1)) { _ in
            SessionToken(value: 1)
          }
        })
    }
    #expect(error?.code == .invalidRegistration)
  }

  @Test func expiringInstanceResolvedOnManyThreadsIsAlwaysALiveInstance() async throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(SessionToken.self, lifetime: .app, expiringAfter: .zero) { _ in
          SessionToken(value: 3)
        }
      }
    ).start()
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var sum = 0
          for _ in 0..<500 { sum += try app.resolve(SessionToken.self).value }
          return sum
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(total == 4 * 500 * 3)
  }
}
