import Testing
import ViperNest

/// A database (on the guide's `StorageActor`) whose state only `StorageActor` touches.
@StorageActor final class CountingDatabase {
  private(set) var opened = 0
  init() { opened += 1 }
  func isOnStorageActor() -> Bool {
    StorageActor.shared.assertIsolated()
    return true
  }
}

/// A service on no actor that is built from the database.
final class Archive: Sendable {
  let database: CountingDatabase
  init(database: CountingDatabase) { self.database = database }
}

private struct StorageAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(CountingDatabase.self, lifetime: .app) { @StorageActor _ async in CountingDatabase()
    }
    r.register(Archive.self) { r in
      Archive(database: try await r.resolveAsync(CountingDatabase.self))
    }
  }
}

/// Issue 16, item 10: factories isolated to a global actor other than the main actor. An `async`
/// factory closure marked with the actor runs on it; resolving it is awaited like any async
/// registration.
@Suite struct GlobalActorFactoryTests {
  @Test func factoryIsolatedToAGlobalActorRunsOnItAndIsBuiltOnce() async throws {
    let app = try Registry(StorageAssembly()).start()
    defer { app.close() }
    let archive = try await app.resolveAsync(Archive.self)
    let database = try await app.resolveAsync(CountingDatabase.self)
    #expect(archive.database === database)
    #expect(await database.isOnStorageActor())
    #expect(await database.opened == 1)
  }

  @Test func synchronousResolutionOfAnActorFactoryAsksToAwaitIt() throws {
    let app = try Registry(StorageAssembly()).start()
    defer { app.close() }
    let error = #expect(throws: ViperNestError.self) { try app.resolve(CountingDatabase.self) }
    #expect(error?.code == .awaitRequired)
  }
}
