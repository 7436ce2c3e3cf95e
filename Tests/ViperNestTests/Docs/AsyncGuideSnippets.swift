// swift-format-ignore-file
// The async code of docs/Registration.md and docs/Lifetimes.md, compiled and run.
// `DocumentationTests` checks that every ```swift block of those guides appears here verbatim.
import Testing
import ViperNest

enum AsyncRegistrationGuide {
  final class SecureStore: Sendable {
    init() async { await Task.yield() }  // reads the keychain
  }
  final class UserSession: Sendable {
    let store: SecureStore
    init(store: SecureStore) async { self.store = store }
  }
  nonisolated final class AccountSummary: Sendable {
    let session: UserSession
    init(session: UserSession) { self.session = session }
  }

  struct SessionAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(SecureStore.self, lifetime: .app, SecureStore.init)
      r.register(UserSession.self, lifetime: .app, UserSession.init(store:))
      r.register(AccountSummary.self) { r in
        AccountSummary(session: try await r.resolveAsync(UserSession.self))
      }
    }
  }

  static func loadSummary(in app: Story) async throws -> AccountSummary {
    try await app.resolveAsync(AccountSummary.self)
  }
}

struct AsyncGuideSnippets {
  @Test func registrationGuideAsyncFactories() async throws {
    let registry = try Registry(AsyncRegistrationGuide.SessionAssembly())
    #expect(registry.validate().isValid)
    let app = try registry.start()
    let summary = try await AsyncRegistrationGuide.loadSummary(in: app)
    #expect(summary.session === (try await app.resolveAsync(AsyncRegistrationGuide.UserSession.self)))
    app.close()
  }

  @Test func lifetimesGuideAsyncSingletonIsShared() async throws {
    let app = try Registry(LifetimesGuide.SessionAssembly()).start()
    #expect(try await LifetimesGuide.warmUp(app))
    app.close()
  }
}
