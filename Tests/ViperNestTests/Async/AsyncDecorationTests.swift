import Synchronization
import Testing
import ViperNest

private final class Feed: Sendable {
  let decorations = Atomic<Int>(0)
  init() async {}
}

private struct FeedAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(Feed.self, lifetime: .app) { _ in await Feed() }
    r.decorate(Feed.self) { feed in
      feed.decorations.add(1, ordering: .relaxed)
      return feed
    }
  }
}

/// A decorator (issue 16) on an async registration (issue 13): the decorated registration stays
/// async and the decorator runs on what the async factory built.
@Suite struct AsyncDecorationTests {
  @Test func decoratedAsyncRegistrationStaysAsyncAndIsDecoratedOnce() async throws {
    let app = try Registry(FeedAssembly()).start()
    defer { app.close() }
    let error = #expect(throws: ViperNestError.self) { try app.resolve(Feed.self) }
    #expect(error?.code == .awaitRequired)
    let first = try await app.resolveAsync(Feed.self)
    let second = try await app.resolveAsync(Feed.self)
    #expect(first === second)
    #expect(first.decorations.load(ordering: .relaxed) == 1)
  }
}
