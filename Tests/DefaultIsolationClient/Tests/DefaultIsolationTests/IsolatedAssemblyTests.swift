// What an assembly's isolated conformance to `Assembly` means in a target with default main-actor
// isolation (docs/Registration.md, "Apps with default main-actor isolation (Xcode 26)"). The code
// the compiler rejects is in Rejected/RegistryInNonisolatedCode.swift.
import Foundation
import Testing
import ViperNest

final class Greeter {
  let name: String
  init(name: String) { self.name = name }
}

/// Main-actor isolated, as every type of this target: its conformance to `Assembly` is too.
struct GreeterAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(String.self, instance: "Ada")
    r.register(Greeter.self, mainActor: Greeter.init(name:))
  }
}

/// Declared `nonisolated`: its conformance can be used anywhere.
nonisolated struct NonisolatedGreeterAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(String.self, instance: "Ada")
    r.register(Greeter.self, mainActor: Greeter.init(name:))
  }
}

/// Builds the registry off the main actor (what the isolated conformance does not allow).
@concurrent func startOffTheMainActor() async throws -> (app: Story, onMainThread: Bool) {
  let app = try Registry(NonisolatedGreeterAssembly()).start()
  return (app, Thread.isMainThread)
}

/// Resolves the main-actor registration off the main actor.
@concurrent func resolveGreeterOffTheMainActor(_ app: Story) async -> ViperNestError.Code? {
  do {
    _ = try app.resolve(Greeter.self)
    return nil
  } catch {
    return (error as? ViperNestError)?.code
  }
}

struct IsolatedAssemblyTests {
  @Test func aMainActorAssemblyIsInstalledFromMainActorCode() throws {
    let app = try Registry(GreeterAssembly()).start()
    defer { app.close() }
    #expect(try app.resolve(Greeter.self).name == "Ada")
  }

  @Test func aNonisolatedAssemblyIsInstalledOffTheMainActor() async throws {
    let (app, onMainThread) = try await startOffTheMainActor()
    defer { app.close() }
    #expect(!onMainThread)
    #expect(await resolveGreeterOffTheMainActor(app) == .mainActorRequired)
    #expect(try app.resolve(Greeter.self).name == "Ada")  // here, on the main actor
  }
}
