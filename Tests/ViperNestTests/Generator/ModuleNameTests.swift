import Testing

@testable import ViperNestGenerator

struct ModuleNameTests {
  // MARK: - Accepted names

  @Test(arguments: ["ContactDetail", "About", "URLViewer", "Step2Review", "A"])
  func upperCamelCaseIdentifiersAreAccepted(_ raw: String) throws {
    #expect(try ModuleName(validating: raw).value == raw)
  }

  @Test func derivedNamesFollowSwiftConventions() throws {
    #expect(try moduleName("ContactDetail").lowerCamelCase == "contactDetail")
    #expect(try moduleName("URLViewer").lowerCamelCase == "urlViewer")
    #expect(try moduleName("ABC").lowerCamelCase == "abc")
    #expect(try moduleName("ContactDetail").words == "Contact Detail")
    #expect(try moduleName("URLViewer").words == "URL Viewer")
  }

  // MARK: - Refused names

  @Test(arguments: [
    ("contact-detail", "Did you mean ContactDetail?"),
    ("contactDetail", "Did you mean ContactDetail?"),
    ("contact_detail", "Did you mean ContactDetail?"),
    ("Contact Detail", "Did you mean ContactDetail?"),
  ])
  func namesThatAreNotTypeIdentifiersAreRefusedWithASuggestion(_ raw: String, _ hint: String) {
    let message = expectGeneratorError(.invalidName) { _ = try ModuleName(validating: raw) }
    #expect(message.contains("\"\(raw)\" is not an UpperCamelCase Swift type name"))
    #expect(message.hasSuffix(hint))
  }

  @Test func namesWithoutAUsableSpellingAreRefusedWithoutASuggestion() {
    for raw in ["2Fast", "Contäct", "-"] {
      let message = expectGeneratorError(.invalidName) { _ = try ModuleName(validating: raw) }
      #expect(message.contains("use ASCII letters and digits only, starting with an uppercase"))
      #expect(!message.contains("Did you mean"))
    }
    let empty = expectGeneratorError(.invalidName) { _ = try ModuleName(validating: "") }
    #expect(empty.contains("The module name is empty"))
  }

  @Test(arguments: [
    ("ContactDetailModule", "Module", "ContactDetail"),
    ("ProfileView", "View", "Profile"),
    ("SettingsViewController", "ViewController", "Settings"),
    ("CartPresenter", "Presenter", "Cart"),
    ("CartAssembly", "Assembly", "Cart"),
  ])
  func namesEndingWithASuffixTheGeneratorAppendsAreRefused(
    _ raw: String, _ suffix: String, _ stem: String
  ) {
    let message = expectGeneratorError(.invalidName) { _ = try ModuleName(validating: raw) }
    #expect(message.contains("ends with \(suffix)"))
    #expect(message.contains("it would write \(raw)\(suffix)"))
    #expect(message.hasSuffix("Did you mean \(stem)?"))
  }

  @Test func aSuffixAloneIsAName() throws {
    #expect(try ModuleName(validating: "View").value == "View")
  }
}

extension ModuleNameTests {
  @Test func suggestionsAreOfferedOnlyWhenTheIntentIsClear() {
    #expect(ModuleName.upperCamelCase("contact-detail") == "ContactDetail")
    #expect(ModuleName.upperCamelCase("_Private") == "Private")
    #expect(ModuleName.upperCamelCase("2Fast") == nil)
    #expect(ModuleName.upperCamelCase("Contäct") == nil)
    #expect(ModuleName.upperCamelCase("-") == nil)
  }
}
