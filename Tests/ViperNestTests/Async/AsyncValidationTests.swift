import Testing
import ViperNest

struct AsyncValidationTests {
  final class Account: Sendable {
    init(session: Session) async { await Task.yield() }
  }
  final class Ledger: Sendable {
    init(account: Account) async { await Task.yield() }
  }
  final class Statement: Sendable {
    init(ledger: Provider<Ledger>) {}
  }
  final class AsyncStatement: Sendable {
    init(ledger: AsyncProvider<Ledger>) {}
  }
  final class Loop1: Sendable {
    init(loop: Loop2) async { await Task.yield() }
  }
  final class Loop2: Sendable {
    init(loop: Loop1) async { await Task.yield() }
  }

  static func sessionFactory(_ r: Resolver) async throws -> Session {
    await Task.yield()
    return Session(token: "t")
  }

  @Test func validateAcceptsAsyncChainsAndAsyncProviders() throws {
    let registry = try Registry(
      AnyAssembly("Bank") { r in
        r.register(Session.self, lifetime: .app, factory: Self.sessionFactory)
        r.register(Account.self, lifetime: .app, Account.init(session:))
        r.register(Ledger.self, Ledger.init(account:))
        r.register(AsyncStatement.self, AsyncStatement.init(ledger:))
      })
    #expect(registry.validate().isValid)
  }

  @Test func validateReportsASynchronousFactoryThatDependsOnAnAsyncOne() throws {
    let registry = try Registry(
      AnyAssembly("Bank") { r in
        r.register(Session.self, lifetime: .app, factory: Self.sessionFactory)
        r.register(SessionBadge.self, SessionBadge.init(session:))
      })
    let report = registry.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.code == .awaitRequired)
    #expect(problem.resolutionPath == ["SessionBadge", "Session"])
    #expect(problem.description.contains("make SessionBadge's factory async"))
  }

  @Test func validateReportsASynchronousProviderOfAnAsyncRegistration() throws {
    let registry = try Registry(
      AnyAssembly("Bank") { r in
        r.register(Session.self, lifetime: .app, factory: Self.sessionFactory)
        r.register(Account.self, lifetime: .app, Account.init(session:))
        r.register(Ledger.self, Ledger.init(account:))
        r.register(Statement.self, Statement.init(ledger:))
      })
    let problem = try #require(registry.validate().problems.first)
    #expect(problem.code == .awaitRequired)
    #expect(problem.description.contains("takes it as Provider<Ledger>"))
    #expect(problem.description.contains("AsyncProvider<Ledger>"))
  }

  @Test func validateReportsACycleThroughAsyncRegistrations() throws {
    let registry = try Registry(
      AnyAssembly("Loop") { r in
        r.register(Loop1.self, lifetime: .app, Loop1.init(loop:))
        r.register(Loop2.self, lifetime: .app, Loop2.init(loop:))
      })
    let problem = try #require(registry.validate().problems.first)
    #expect(problem.code == .circularDependency)
  }

  @Test func validateReportsACaptiveAsyncDependency() throws {
    let registry = try Registry(
      AnyAssembly("Bank") { r in
        r.register(Session.self, lifetime: .story(SessionStory.self), factory: Self.sessionFactory)
        r.register(Account.self, lifetime: .app, Account.init(session:))
      })
    let problem = try #require(registry.validate().problems.first)
    #expect(problem.code == .captiveDependency)
  }

  @Test func graphExportMarksAsyncRegistrations() throws {
    let registry = try Registry(
      AnyAssembly("Bank") { r in
        r.register(Session.self, lifetime: .app, factory: Self.sessionFactory)
        r.register(Account.self, lifetime: .app, Account.init(session:))
        r.register(SessionBadge.self, lifetime: .app) { _ in
          SessionBadge(session: Session(token: ""))
        }
      })
    for format in [GraphFormat.dot, .mermaid] {
      let text = registry.graph(format)
      #expect(text.contains("Account\\napp · async") || text.contains("Account<br/>app · async"))
      #expect(
        text.contains("Session\\napp · async · opaque")
          || text.contains("Session<br/>app · async · opaque"))
      #expect(
        !text.contains("SessionBadge\\napp · async")
          && !text.contains("SessionBadge<br/>app · async"))
    }
  }
}
