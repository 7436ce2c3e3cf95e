// docs/Registration.md, "Composing assemblies": assemblies made of others, and a list built at run
// time. The code is in `RegistrationGuide` (CoreGuideSnippets.swift).
import Testing
import ViperNest

@MainActor
struct AssemblyCompositionSnippetTests {
  typealias Guide = RegistrationGuide

  @Test func theComposedAppAssemblyInstallsItsFeaturesAndTheListItsDoubles() throws {
    let app = try Guide.makeRegistry(withTestDoubles: true).start(quiet)
    defer { app.close() }
    #expect(try Guide.pay(in: app) == "11 EUR")
    let contacts = try app.open(Guide.ContactsStory.self)
    defer { contacts.close() }
    #expect(try contacts.resolve((any Guide.ContactStore).self).contacts == ["Fake"])
  }

  @Test func withoutTestDoublesTheComposedAppAssemblyKeepsTheRealStore() throws {
    let app = try Guide.makeRegistry(withTestDoubles: false).start(quiet)
    defer { app.close() }
    let contacts = try app.open(Guide.ContactsStory.self)
    defer { contacts.close() }
    #expect(try contacts.resolve((any Guide.ContactStore).self) is Guide.InMemoryContactStore)
  }

  @Test func aDuplicateInAComposedAssemblyNamesTheInnerAssembly() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(Guide.AppAssembly(), Guide.PaymentsAssembly())
    }
    #expect(error.description.contains("in PaymentsAssembly (in AppAssembly)"))
  }
}
