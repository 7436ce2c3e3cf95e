// swift-format-ignore-file
// docs/Registration.md, "Default arguments and closures", compiled and run.
import Foundation
import Testing
import ViperNest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

enum DefaultArgumentsGuide {
  nonisolated final class APIClient {
    let session: URLSession
    init(session: URLSession = .shared) { self.session = session }
  }

  struct NetworkAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(APIClient.self, lifetime: .app) { _ in APIClient() }   // session: .shared
    }
  }

  /// The registration the guide warns about.
  struct AutowiredNetworkAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(APIClient.self, lifetime: .app, APIClient.init)
    }
  }

  /// The annotated positional closure the guide mentions.
  struct AnnotatedClosureAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(APIClient.self, { (r: Resolver) in APIClient(session: try r.resolve()) })
      r.register(URLSession.self, lifetime: .app) { _ in .shared }
    }
  }
}

struct DefaultArgumentsSnippetTests {
  @Test func theClosureUsesTheDefaultValue() throws {
    let app = try Registry(DefaultArgumentsGuide.NetworkAssembly()).start(quiet)
    defer { app.close() }
    #expect(try app.resolve(DefaultArgumentsGuide.APIClient.self).session === URLSession.shared)
  }

  @Test func theAutowiredInitializerFailsWithTheGuidesMessage() throws {
    let registry = try Registry(DefaultArgumentsGuide.AutowiredNetworkAssembly())
    let problem = try #require(registry.validate().problems.first)
    #expect(problem.description.hasPrefix("No registration for URLSession."))
    #expect(
      problem.description.contains(
        "Swift does not use it through a `APIClient.init` reference, which passes every argument"))
    #expect(
      problem.description.hasSuffix(
        "without that argument: r.register(APIClient.self, lifetime: .app) { _ in APIClient() }"))
    let app = try registry.start(quiet)
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve(DefaultArgumentsGuide.APIClient.self)
    }
    #expect(error.description.contains("{ _ in APIClient() }"))
  }

  @Test func anAnnotatedPositionalClosureIsAClosureFactory() throws {
    let registry = try Registry(DefaultArgumentsGuide.AnnotatedClosureAssembly())
    #expect(registry.validate().opaqueRegistrations.contains { $0.hasPrefix("APIClient ") })
    let app = try registry.start(quiet)
    defer { app.close() }
    _ = try app.resolve(DefaultArgumentsGuide.APIClient.self)
  }
}
