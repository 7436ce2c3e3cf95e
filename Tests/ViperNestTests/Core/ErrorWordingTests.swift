import Foundation
import Testing
import ViperNest
import ViperNestGenerator

/// The wording of error messages: articles, fix lines that compile, the code that names the
/// real problem, and readable decoding failures.
struct ErrorWordingTests {
  // MARK: - Articles

  @Test func captiveDependencyOfAnAppSingletonSaysAnAppInstance() throws {
    final class Cache {
      init(draft: Draft) {}
    }
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
      r.register(Cache.self, lifetime: .app, Cache.init(draft:))
    }
    let contacts = try app.open(ContactsStory.self)
    let error = try #require(throws: ViperNestError.self) { try contacts.resolve(Cache.self) }
    #expect(error.description.contains("note: an app instance is created once and reused"))
    #expect(!error.description.contains("a app"))
    contacts.close()
  }

  @Test func aWeakLifetimeBuildingAValueNamesItWithTheRightArticle() throws {
    let app = try start { r in r.register(Int.self, lifetime: .weak) { _ in 1 } }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(Int.self) }
    #expect(error.description.contains("needs a class instance, but it built an Int"))
  }

  @Test(arguments: [
    ("app", "an app"), ("transient", "a transient"), ("weak", "a weak"), ("graph", "a graph"),
    ("story(Contacts)", "a story(Contacts)"), ("Int", "an Int"), ("UInt", "a UInt"),
    ("UIViewController", "a UIViewController"), ("HTTPClient", "an HTTPClient"),
    ("URLSession", "a URLSession"), ("unowned", "an unowned"), ("user", "a user"),
    ("ObjectStore", "an ObjectStore"), ("executable", "an executable"),
  ])
  func theIndefiniteArticleFollowsTheSound(word: String, expected: String) {
    #expect(withIndefiniteArticle(word) == expected)
  }

  // MARK: - Fix lines

  enum Archive: Hashable, Sendable { case primary, old }

  @Test func missingNamedProtocolRegistrationFixWritesTheNameAndAnExistential() throws {
    let app = try start { r in
      r.register((any ContactStore).self, name: Archive.old) { _ in InMemoryContactStore() }
    }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve((any ContactStore).self, name: Archive.primary)
    }
    #expect(error.code == .missingRegistration)
    #expect(
      error.description.contains(
        "fix: register it in an assembly: r.register((any ContactStore).self, name: Archive.primary, ...)"
      ))
  }

  @Test func missingStringNamedClassRegistrationFixQuotesTheName() throws {
    let app = try start { _ in }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve(Leaf.self, name: "left")
    }
    #expect(error.description.contains(#"r.register(Leaf.self, name: "left", ...)"#))
  }

  @Test func missingRegistrationWithArgumentsFixNamesTheArgumentTypes() throws {
    let app = try start { _ in }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve((any ContactStore).self, arguments: "ada")
    }
    #expect(
      error.description.contains(
        "r.register((any ContactStore).self, arguments: String.self, ...)"))
  }

  // MARK: - Closed stories

  @Test func resolvingAnUnregisteredTypeFromAClosedStoryReportsTheClosedStory() throws {
    let app = try start { r in r.register(Leaf.self, Leaf.init) }
    let contacts = try app.open(ContactsStory.self)
    contacts.close()
    let unregistered = try #require(throws: ViperNestError.self) {
      try contacts.resolve(Draft.self)
    }
    let registered = try #require(throws: ViperNestError.self) {
      try contacts.resolve(Leaf.self)
    }
    #expect(unregistered.code == .storyClosed)
    #expect(registered.code == .storyClosed)
    #expect(
      unregistered.description.hasPrefix(
        "Story App > Contacts is closed; cannot resolve Draft."))
  }

  // MARK: - Decoding failures

  struct Settings: Decodable {
    struct Account: Decodable {
      let name: String
      let limit: Int
    }
    let accounts: [Account]
  }

  private func factoryError(decoding json: String) throws -> ViperNestError {
    let app = try start { r in
      r.register(Settings.self) { _ in
        try JSONDecoder().decode(Settings.self, from: Data(json.utf8))
      }
    }
    return try #require(throws: ViperNestError.self) { try app.resolve(Settings.self) }
  }

  @Test func aMissingKeyIsNamedWithItsPlaceInTheData() throws {
    let error = try factoryError(
      decoding: #"{"accounts": [{"name": "a", "limit": 1}, {"name": "b"}]}"#)
    #expect(error.code == .factoryFailed)
    #expect(error.underlyingError is DecodingError)
    #expect(
      error.description.hasPrefix(
        #"The factory of Settings could not decode its data: key "limit" is missing at accounts[1]."#
      ))
    #expect(error.description.contains(#"fix: add "limit" to the data at accounts[1]"#))
    #expect(!error.description.contains("CodingKeys(stringValue"))
    #expect(!error.description.contains("fix what the factory reported"))
  }

  @Test func aValueOfTheWrongTypeNamesTheExpectedType() throws {
    let error = try factoryError(decoding: #"{"accounts": [{"name": "a", "limit": "ten"}]}"#)
    #expect(
      error.description.contains(
        "could not decode its data: the value at accounts[0].limit is not an Int."))
    #expect(error.description.contains("fix: make the data at accounts[0].limit an Int"))
  }

  @Test func aNullValueSuggestsAnOptional() throws {
    let error = try factoryError(decoding: #"{"accounts": [{"name": null, "limit": 1}]}"#)
    #expect(
      error.description.contains(
        "the value at accounts[0].name is null, but String is not optional"))
    #expect(error.description.contains("declare the property as String?"))
  }

  @Test func invalidDataSaysWhereAndKeepsTheDecodersNote() throws {
    let error = try factoryError(decoding: "{not json")
    #expect(
      error.description.contains(
        "could not decode its data: the data at the top level is not valid."))
    #expect(error.description.contains("note: decoder: "))
  }
}

struct GeneratorWordingTests {
  @Test func targetKindsTakeTheirArticle() {
    typealias Kind = PackageFacts.Target.Kind
    #expect(Kind.executable.withArticle == "an executable")
    #expect(Kind.other.withArticle == "an other")
    #expect(Kind.test.withArticle == "a test")
    #expect(Kind.generic.withArticle == "a generic")
  }
}
