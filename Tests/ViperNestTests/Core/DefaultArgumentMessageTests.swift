import Testing
import ViperNest

// Initializers with default arguments, registered by reference (autowired).
private final class HTTPSession {}
private final class Client {
  init(session: HTTPSession = HTTPSession()) {}
}
private final class StoreClient {
  init(store: Draft, session: HTTPSession = HTTPSession()) {}
}
private protocol Fetching: AnyObject {}
private final class Fetcher: Fetching {
  init(store: Draft, session: HTTPSession = HTTPSession()) {}
}
@MainActor private final class HTTPSessionView {
  init(session: HTTPSession = HTTPSession()) {}
}

struct DefaultArgumentMessageTests {
  // MARK: - Resolving

  @Test func aMissingParameterOfAnAutowiredInitializerExplainsDefaultValuesAndTheClosure() throws {
    let app = try start { r in r.register(Client.self, Client.init) }
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(Client.self) }
    #expect(error.code == .missingRegistration)
    #expect(error.description.contains("No registration for HTTPSession."))
    #expect(
      error.description.contains(
        "note: Client is autowired (registered at DefaultArgumentMessageTests.swift:"))
    #expect(
      error.description.contains(
        "if its initializer gives the HTTPSession parameter a default value, Swift does not use "
          + "it through a `Client.init` reference, which passes every argument"))
    #expect(
      error.description.hasSuffix(
        "fix: register it in an assembly: r.register(HTTPSession.self, ...); or, for the default "
          + "value, a closure that calls the initializer without that argument: "
          + "r.register(Client.self) { _ in Client() }"))
  }

  @Test func theClosureKeepsTheOtherParametersTheLifetimeAndTheName() throws {
    let app = try start { r in
      r.register(Draft.self, Draft.init)
      r.register(StoreClient.self, name: "main", lifetime: .app, StoreClient.init)
    }
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve(StoreClient.self, name: "main")
    }
    #expect(
      error.description.contains(
        "(its other parameters, in order: Draft): r.register(StoreClient.self, name: \"main\", "
          + "lifetime: .app) { r in StoreClient(<#label#>: try r.resolve()) }"))
  }

  @Test func aProtocolRegistrationAsksForTheConcreteType() throws {
    let app = try start { r in
      r.register(Draft.self, Draft.init)
      r.register((any Fetching).self, Fetcher.init)
    }
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) { try app.resolve((any Fetching).self) }
    #expect(
      error.description.contains(
        "r.register((any Fetching).self) { r in <#Fetching type#>(<#label#>: try r.resolve()) }"))
    #expect(error.description.contains("through a `YourType.init` reference"))
  }

  @MainActor @Test func aMainActorRegistrationGetsAMainActorClosure() throws {
    let app = try start { r in r.register(HTTPSessionView.self, mainActor: HTTPSessionView.init) }
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(HTTPSessionView.self) }
    #expect(
      error.description.contains(
        "r.register(HTTPSessionView.self, mainActor: { _ in HTTPSessionView() })"))
  }

  // MARK: - Not an autowired parameter

  @Test func aMissingTypeResolvedByAClosureSaysNothingAboutDefaultValues() throws {
    let app = try start { r in r.register(Client.self) { r in Client(session: try r.resolve()) } }
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(Client.self) }
    #expect(error.code == .missingRegistration)
    #expect(!error.description.contains("default value"))
  }

  @Test func aMissingTypeResolvedDirectlySaysNothingAboutDefaultValues() throws {
    let app = try start { _ in }
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(HTTPSession.self) }
    #expect(!error.description.contains("default value"))
  }

  // MARK: - Validation

  @Test func validationExplainsDefaultValuesToo() throws {
    let registry = try Registry(
      AnyAssembly("Network") { r in r.register(Client.self, Client.init) })
    let problem = try #require(registry.validate().problems.first)
    #expect(problem.code == .missingRegistration)
    #expect(problem.description.contains("parameter a default value, Swift does not use it"))
    #expect(problem.description.contains("in Network)"))
    #expect(problem.description.contains("r.register(Client.self) { _ in Client() }"))
  }
}

extension DefaultArgumentMessageTests {
  @Test func aForwardingToAMissingSourceSaysNothingAboutDefaultValues() throws {
    let app = try start { r in r.forward((any Fetching).self, to: Fetcher.self) { $0 } }
    defer { app.close() }
    let error = try #require(throws: ViperNestError.self) { try app.resolve((any Fetching).self) }
    #expect(error.code == .missingRegistration)
    #expect(!error.description.contains("default value"))
  }
}
