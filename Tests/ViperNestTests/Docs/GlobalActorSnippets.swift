import Testing
import ViperNest

// docs/Registration.md, "Async factories": a factory isolated to a global actor.

@globalActor actor StorageActor {
  static let shared = StorageActor()
}

@StorageActor final class Database {
  init() {}
}

struct DatabaseAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(Database.self, lifetime: .app) { @StorageActor _ async in Database() }
  }
}

@Suite struct GlobalActorSnippetTests {
  @Test func databaseAssemblyBuildsItsDatabaseOnTheStorageActor() async throws {
    let app = try Registry(DatabaseAssembly()).start()
    defer { app.close() }
    let database = try await app.resolveAsync(Database.self)
    #expect(try await app.resolveAsync(Database.self) === database)
  }
}
