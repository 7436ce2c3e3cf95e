import Testing

@testable import ViperNest

// An entry stores its factory type-erased (`Entry.make`) and the resolution site types it again
// (`Entry.build`): no generic class per registered type, values of any layout built in place.

private final class Service {}
private final class Dependent {
  let service: Service
  init(service: Service) { self.service = service }
}
private struct Wide: Equatable, Sendable {
  var name: String
  var values: [Int]
  var flag: Bool
}

/// Wider than the eight words `Entry.build` holds inline: built in a heap buffer.
private struct Large {
  var label: String
  var numbers: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
  var owner: Service
}

/// Counts its live instances, to see that a failed decoration releases what the factory built.
private final class ReleaseCounted: Sendable {
  nonisolated(unsafe) static var live = 0
  // Only the one test that reads `live` creates instances, on one thread at a time.
  init() { ReleaseCounted.live += 1 }
  deinit { ReleaseCounted.live -= 1 }
}

private struct DecorationFailed: Error {}

struct EntryRepresentationTests {
  @Test func registrationsOfDifferentTypesShareOneEntryClass() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Service.self, lifetime: .app, Service.init)
        r.register(Dependent.self, Dependent.init(service:))
        r.register(Wide.self) { _ in Wide(name: "w", values: [1], flag: true) }
        r.register(Int.self, instance: 7)
        r.register(String.self, mainActor: { "main" })
      })
    let classes = Set(registry.validationGraph().entries.map { ObjectIdentifier(type(of: $0)) })
    // One class whatever the registered types: no per-registration type metadata at install.
    #expect(classes.count == 1)
  }

  @Test func valuesOfEveryLayoutAreBuiltThroughTheErasedFactory() throws {
    let app = try start { r in
      r.register(Service.self, lifetime: .app, Service.init)
      r.register(Dependent.self, Dependent.init(service:))
      r.register(Wide.self) { _ in Wide(name: "wide", values: [1, 2, 3], flag: true) }
      r.register((any Sendable).self) { _ in Wide(name: "boxed", values: [], flag: false) }
      r.register(Large.self) { r in
        Large(label: "large", numbers: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), owner: try r.resolve())
      }
      r.register(Wide.self, name: "arguments", arguments: String.self, Int.self) { _, name, n in
        Wide(name: name, values: Array(repeating: n, count: n), flag: n > 1)
      }
    }
    let dependent = try app.resolve(Dependent.self)
    #expect(dependent.service === (try app.resolve(Service.self)))
    #expect(try app.resolve(Wide.self) == Wide(name: "wide", values: [1, 2, 3], flag: true))
    #expect(
      try app.resolve((any Sendable).self) as? Wide == Wide(name: "boxed", values: [], flag: false))
    let large = try app.resolve(Large.self)
    #expect(large.label == "large" && large.numbers.9 == 10)
    #expect(large.owner === (try app.resolve(Service.self)))
    #expect(
      try app.resolve(Wide.self, name: "arguments", arguments: "x", 2)
        == Wide(name: "x", values: [2, 2], flag: true))
  }

  @Test func aThrowingDecorationReleasesTheInstanceItWasGiven() throws {
    let app = try start { r in
      r.register(ReleaseCounted.self) { _ in ReleaseCounted() }
      r.decorate(ReleaseCounted.self) { _ in throw DecorationFailed() }
    }
    #expect(throws: ViperNestError.self) { try app.resolve(ReleaseCounted.self) }
    #expect(ReleaseCounted.live == 0)
  }
}
