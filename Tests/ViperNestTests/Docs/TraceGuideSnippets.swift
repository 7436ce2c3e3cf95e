// swift-format-ignore-file
// The code of docs/Registration.md's "Tracing resolutions", compiled and run.
// `DocumentationTests` checks that every ```swift block of the guides appears in a snippet file.
import Synchronization
import Testing
import ViperNest

enum TraceGuide {
  final class ContactStore: Sendable {}
  nonisolated final class ContactListInteractor: Sendable {
    let store: ContactStore
    init(store: ContactStore) { self.store = store }
  }

  nonisolated final class TraceLog: Sendable {
    private let stored = Mutex<[String]>([])
    var lines: [String] { stored.withLock { $0 } }
    func append(_ line: String) { stored.withLock { $0.append(line) } }
  }

  static func tracedApp(log: TraceLog) throws -> Story {
    let registry = try Registry(AnyAssembly { r in
      r.register(ContactStore.self, lifetime: .app, ContactStore.init)
      r.register(ContactListInteractor.self, ContactListInteractor.init(store:))
    })
    var configuration = Registry.Configuration()
    configuration.trace = { event in log.append(event.description) }
    return try registry.start(configuration)
  }
}

struct TraceGuideSnippets {
  @Test func tracingGuidePrintsWhatItShows() throws {
    let log = TraceGuide.TraceLog()
    let app = try TraceGuide.tracedApp(log: log)
    defer { app.close() }
    _ = try app.resolve(TraceGuide.ContactListInteractor.self)
    _ = try app.resolve(TraceGuide.ContactListInteractor.self)
    #expect(
      log.lines == [
        "resolved ContactStore for ContactListInteractor in App: created (app)",
        "resolved ContactListInteractor in App: created (transient)",
        "resolved ContactStore for ContactListInteractor in App: from cache (app)",
        "resolved ContactListInteractor in App: created (transient)",
      ])
  }
}
