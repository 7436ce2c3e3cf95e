// swift-format-ignore-file
// docs/Registration.md, "Assemblies": assemblies made of others, and a list built at run time.
import Testing
import ViperNest

enum AssemblyCompositionGuide {
  typealias ContactsAssembly = RegistrationGuide.ContactsAssembly
  typealias PaymentsAssembly = RegistrationGuide.PaymentsAssembly

  struct TestDoublesAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.overriding.register((any ContactStore).self, lifetime: .story(ContactsStory.self), RegistrationGuide.FakeContactStore.init)
    }
  }

  struct AppAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.install(ContactsAssembly(), PaymentsAssembly())
    }
  }

  static func makeRegistry(withTestDoubles: Bool) throws -> Registry {
    var assemblies: [any Assembly] = [AppAssembly()]
    if withTestDoubles { assemblies.append(TestDoublesAssembly()) }
    return try Registry(assemblies)
  }
}

@MainActor
struct AssemblyCompositionSnippetTests {
  @Test func theComposedAppAssemblyInstallsItsFeaturesAndTheListItsDoubles() throws {
    let app = try AssemblyCompositionGuide.makeRegistry(withTestDoubles: true).start(quiet)
    defer { app.close() }
    #expect(try RegistrationGuide.pay(in: app) == "11 EUR")
    let contacts = try app.open(ContactsStory.self)
    defer { contacts.close() }
    #expect(try contacts.resolve((any ContactStore).self).contacts == ["Fake"])
  }

  @Test func aDuplicateInAComposedAssemblyNamesTheInnerAssembly() throws {
    let error = try #require(throws: ViperNestError.self) {
      try Registry(AssemblyCompositionGuide.AppAssembly(), RegistrationGuide.PaymentsAssembly())
    }
    #expect(error.description.contains("in PaymentsAssembly (in AppAssembly)"))
  }
}
