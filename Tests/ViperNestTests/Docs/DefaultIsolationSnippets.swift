// swift-format-ignore-file
// The code of docs/Registration.md, "Apps with default main-actor isolation (Xcode 26)", compiled
// and run here and, with the target's default isolation set to the main actor, in
// Tests/DefaultIsolationClient (.ci/build-default-isolation.sh).
import Testing
import ViperNest

enum DefaultIsolationGuide {
  final class ProfileStore {                       // @MainActor: the target's default
    private(set) var names: [String] = []
    func add(_ name: String) { names.append(name) }
  }

  final class ProfilePresenter {                   // @MainActor, and so is its initializer
    let store: ProfileStore
    init(store: ProfileStore) { self.store = store }
  }

  nonisolated final class AvatarCache: Sendable {  // built and used off the main actor
    init() {}
  }

  struct ProfileAssembly: Assembly {               // its conformance to Assembly is @MainActor
    func assemble(_ r: Registrar) {
      r.register(ProfileStore.self, lifetime: .app, ProfileStore.init)  // synthesized: nonisolated
      r.register(ProfilePresenter.self, mainActor: ProfilePresenter.init(store:))
      r.register(AvatarCache.self, lifetime: .app, AvatarCache.init)
    }
  }

  @MainActor
  static func launch() throws -> Story {                  // the app's code runs on the main actor
    let app = try Registry(ProfileAssembly()).start()
    try app.resolve(ProfilePresenter.self).store.add("Ada")
    return app
  }
}

struct DefaultIsolationSnippetTests {
  @MainActor @Test func theAppResolvesItsMainActorTypesOnTheMainActor() throws {
    let app = try DefaultIsolationGuide.launch()
    defer { app.close() }
    #expect(try app.resolve(DefaultIsolationGuide.ProfilePresenter.self).store.names == ["Ada"])
  }

  @MainActor @Test func offTheMainActorOnlyTheNonisolatedTypeResolves() async throws {
    let app = try DefaultIsolationGuide.launch()
    defer { app.close() }
    let offMain = await Task.detached { () -> (cache: Bool, presenter: ViperNestError.Code?) in
      let cache = (try? app.resolve(DefaultIsolationGuide.AvatarCache.self)) != nil
      do {
        _ = try app.resolve(DefaultIsolationGuide.ProfilePresenter.self)
        return (cache, nil)
      } catch let error as ViperNestError {
        return (cache, error.code)
      } catch {
        return (cache, nil)
      }
    }.value
    #expect(offMain.cache)
    #expect(offMain.presenter == .mainActorRequired)
  }
}
