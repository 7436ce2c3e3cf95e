// swift-format-ignore-file
// The code of docs/MigratingFromSwinject.md, compiled and run.
import Testing
import ViperNest

enum SwinjectMigrationGuide {
  struct MigratedAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register((any ContactStore).self, lifetime: .app, InMemoryContactStore.init)
      r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
    }
  }

  static func migratedLookup() throws -> any ContactListInteracting {
    let app = try Registry(MigratedAssembly()).start()
    return try app.resolve((any ContactListInteracting).self)
  }
}

struct MigrationGuideSnippetTests {
  @Test func swinjectMigrationExampleResolves() throws {
    #expect(try SwinjectMigrationGuide.migratedLookup() is ContactListInteractor)
  }
}
