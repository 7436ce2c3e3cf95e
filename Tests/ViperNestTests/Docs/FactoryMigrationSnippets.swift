// swift-format-ignore-file
// The code of docs/MigratingFromFactory.md, compiled and run.
import Foundation
import Testing
import ViperNest

enum FactoryMigrationGuide {
  nonisolated protocol ProfileStore: AnyObject { var name: String { get set } }
  nonisolated final class MemoryProfileStore: ProfileStore { var name = "" }
  nonisolated final class EmptyProfileStore: ProfileStore { var name: String { get { "" } set {} } }
  nonisolated protocol Analytics: AnyObject { func log(_ event: String) }
  nonisolated final class ConsoleAnalytics: Analytics { func log(_ event: String) { print(event) } }
  nonisolated final class SilentAnalytics: Analytics { func log(_ event: String) {} }

  nonisolated final class ProfileViewModel {
    @Injected var store: any ProfileStore
    @LazyInjected var analytics: any Analytics

    func save(_ name: String) {
      store.name = name
      analytics.log("profile saved")
    }
  }

  struct ProfileAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ProfileStore).self, lifetime: .app, MemoryProfileStore.init)
      r.register((any Analytics).self, lifetime: .app, ConsoleAnalytics.init)
      r.register(
        ProfileViewModel.self,
        injecting: [.eager((any ProfileStore).self), .lazy((any Analytics).self)],
        ProfileViewModel.init)
    }
  }

  nonisolated final class MigratedProfileViewModel {
    let store: any ProfileStore
    let analytics: Provider<any Analytics>

    init(store: any ProfileStore, analytics: Provider<any Analytics>) {
      self.store = store
      self.analytics = analytics
    }
  }

  struct MigratedProfileAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(MigratedProfileViewModel.self, MigratedProfileViewModel.init(store:analytics:))
    }
  }

  struct SilentAnalyticsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any Analytics).self, lifetime: .app, SilentAnalytics.init)
    }
  }

  struct EmptyProfileAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ProfileStore).self, lifetime: .app, EmptyProfileStore.init)
    }
  }

  static func makeRegistry(_ launch: LaunchEnvironment = .current) throws -> Registry {
    try Registry(
      ProfileAssembly(),
      EnvironmentOverride(.test, in: launch, SilentAnalyticsAssembly()),
      EnvironmentOverride(.argument("-empty-profile"), in: launch, EmptyProfileAssembly()))
  }

  static func buildByHand(_ app: Story) throws -> ProfileViewModel {
    let model = try app.withPropertyInjection { ProfileViewModel() }
    return model
  }

  @MainActor final class AppRoot {
    let app: Story

    init() throws {
      let registry = try makeRegistry()
      try registry.validate().check()
      app = try registry.start()
    }

    func makeProfile() throws -> ProfileViewModel {
      try app.resolve(ProfileViewModel.self)
    }
  }
}

struct FactoryMigrationSnippetTests {
  typealias Guide = FactoryMigrationGuide

  @Test func propertyInjectedViewModelIsBuiltByTheRegistry() throws {
    let app = try Registry(Guide.ProfileAssembly()).start()
    let model = try app.resolve(Guide.ProfileViewModel.self)
    #expect(model.$analytics.resolvedOrNil() == nil)
    model.save("Ada")
    #expect(try app.resolve((any Guide.ProfileStore).self).name == "Ada")
    #expect(model.$analytics.resolvedOrNil() is Guide.ConsoleAnalytics)
    app.close()
  }

  @Test func migratedViewModelTakesItsDependenciesInItsInitializer() throws {
    let registry = try Registry(Guide.ProfileAssembly(), Guide.MigratedProfileAssembly())
    try registry.validate().check()
    let app = try registry.start()
    let model = try app.resolve(Guide.MigratedProfileViewModel.self)
    #expect(try model.analytics() is Guide.ConsoleAnalytics)
    app.close()
  }

  @Test func everyLaunchOverrideIsValid() throws {
    try FactoryMigrationGuide.makeRegistry(.everyCondition).validate().check()
  }

  @Test func launchArgumentChoosesTheEmptyProfile() throws {
    let launch = LaunchEnvironment(arguments: ["Profile", "-empty-profile"])
    let app = try FactoryMigrationGuide.makeRegistry(launch).start()
    #expect(try app.resolve((any Guide.ProfileStore).self) is Guide.EmptyProfileStore)
    #expect(try app.resolve((any Guide.Analytics).self) is Guide.ConsoleAnalytics)
    let testing = try FactoryMigrationGuide.makeRegistry(LaunchEnvironment(isTest: true)).start()
    #expect(try testing.resolve((any Guide.Analytics).self) is Guide.SilentAnalytics)
  }

  @Test @MainActor func appRootOwnsTheRegistryInsteadOfAGlobal() throws {
    let root = try FactoryMigrationGuide.AppRoot()
    #expect(try root.makeProfile().store === (try root.app.resolve((any Guide.ProfileStore).self)))
    // Under `swift test` the test override is chosen: nothing is logged.
    #expect(try root.app.resolve((any Guide.Analytics).self) is Guide.SilentAnalytics)
    root.app.close()
  }

  @Test func profileSavesThroughTheStore() throws {
    let registry = try Registry(Guide.ProfileAssembly())
    try registry.install { r in
      r.overriding.register((any Guide.Analytics).self, lifetime: .app, Guide.SilentAnalytics.init)
    }
    let app = try registry.start()
    let model = try app.resolve(Guide.ProfileViewModel.self)
    model.save("Ada")
    #expect(try app.resolve((any Guide.ProfileStore).self).name == "Ada")
  }

  @Test func objectsBuiltByHandTakeTheirPropertiesFromAStory() throws {
    let app = try Registry(Guide.ProfileAssembly()).start()
    let model = try Guide.buildByHand(app)
    #expect(model.store === (try app.resolve((any Guide.ProfileStore).self)))
  }

  @Test func registrationsCanBeObserved() throws {
    let registry = Registry()
    registry.observeRegistrations { event in
      print("registered \(event.key) (\(event.lifetime)) at \(event.origin)")
    }
    let keys = KeyList()
    registry.observeRegistrations { keys.add($0.key) }
    try registry.install(Guide.ProfileAssembly())
    #expect(keys.all == ["ProfileStore", "Analytics", "ProfileViewModel"])
  }
}

/// Collects registration keys from an observer.
private nonisolated final class KeyList: @unchecked Sendable {
  // Invariant: `keys` is only touched while holding `lock`.
  private let lock = NSLock()
  private var keys: [String] = []
  func add(_ key: String) { lock.withLock { keys.append(key) } }
  var all: [String] { lock.withLock { keys } }
}
