import Testing

@testable import ViperNest

// Factory's `FactoryContextTests`, ported: overriding registrations by launch context, decided
// once at install, validated like any override.

private protocol ContextService: Sendable { var name: String { get } }
private struct NamedService: ContextService { let name: String }

private func service(_ name: String) -> AnyAssembly {
  AnyAssembly("\(name)Assembly") { r in
    r.register((any ContextService).self) { _ in NamedService(name: name) }
  }
}

private var registered: AnyAssembly { service("REGISTERED") }

struct EnvironmentOverrideTests {
  private func resolvedName(_ assemblies: any Assembly...) throws -> String {
    let registry = Registry()
    for assembly in assemblies { try registry.install(assembly) }
    return try registry.start(quiet).resolve((any ContextService).self).name
  }

  @Test func overrideAppliesOnlyWhenItsConditionHolds() throws {
    let plain = LaunchEnvironment()
    let testing = LaunchEnvironment(isTest: true)
    #expect(
      try resolvedName(registered, EnvironmentOverride(.test, in: plain, service("TEST")))
        == "REGISTERED")
    #expect(
      try resolvedName(registered, EnvironmentOverride(.test, in: testing, service("TEST")))
        == "TEST")
    let preview = LaunchEnvironment(isPreview: true)
    #expect(
      try resolvedName(registered, EnvironmentOverride(.preview, in: preview, service("PREVIEW")))
        == "PREVIEW")
    let debug = LaunchEnvironment(isDebug: true)
    #expect(
      try resolvedName(registered, EnvironmentOverride(.debug, in: debug, service("DEBUG")))
        == "DEBUG")
    let simulator = LaunchEnvironment(isSimulator: true)
    #expect(
      try resolvedName(registered, EnvironmentOverride(.simulator, in: simulator, service("SIM")))
        == "SIM")
  }

  @Test func launchArgumentChoosesAnOverride() throws {
    let uiTest = LaunchEnvironment(arguments: ["App", "ARG"])
    let arg = EnvironmentOverride(.argument("ARG"), in: uiTest, service("ARG"))
    let other = EnvironmentOverride(.argument("ARG3"), in: uiTest, service("ARG3"))
    #expect(try resolvedName(registered, arg) == "ARG")
    #expect(try resolvedName(registered, other) == "REGISTERED")
    let any = EnvironmentOverride(
      .anyArgument(["ARG1", "ARG2"]), in: LaunchEnvironment(arguments: ["ARG2"]), service("ARGS"))
    #expect(try resolvedName(registered, any) == "ARGS")
  }

  @Test func laterOverridesWin() throws {
    let environment = LaunchEnvironment(arguments: ["ARG"], isTest: true, isDebug: true)
    let name = try resolvedName(
      registered,
      EnvironmentOverride(.debug, in: environment, service("DEBUG")),
      EnvironmentOverride(.test, in: environment, service("TEST")),
      EnvironmentOverride(.argument("ARG"), in: environment, service("ARG")))
    #expect(name == "ARG")
  }

  @Test func overrideOfNothingIsRefusedAndInstallsNothing() throws {
    let registry = try Registry(registered)
    let stray = AnyAssembly("StrayAssembly") { r in
      r.register(Int.self) { _ in 1 }
      r.register((any ContextService).self) { _ in NamedService(name: "STRAY") }
    }
    let error = try #require(throws: ViperNestError.self) {
      try registry.install(EnvironmentOverride(.test, in: LaunchEnvironment(isTest: true), stray))
    }
    #expect(error.code == .overrideWithoutOriginal)
    #expect(error.description.contains("StrayAssembly (on test)"))
    #expect(try registry.start(quiet).resolve((any ContextService).self).name == "REGISTERED")
  }

  @Test func everyConditionInstallsEveryOverrideForValidation() throws {
    let broken = AnyAssembly("BrokenMock") { r in
      r.register((any ContextService).self, NamedService.init(name:))  // String is not registered
    }
    let registry = try Registry(
      registered, EnvironmentOverride(.argument("-never-passed"), in: .everyCondition, broken))
    let report = registry.validate()
    #expect(report.problems.map(\.code) == [.missingRegistration])
    #expect(
      EnvironmentOverride(.custom("never") { _ in false }, in: .everyCondition, broken).isActive)
  }

  @Test func currentEnvironmentKnowsItRunsTests() {
    let current = LaunchEnvironment.current
    #expect(current.isTest)
    #expect(current.arguments == CommandLine.arguments)
    #expect(!current.isPreview)
  }

  @Test func customConditionReadsTheEnvironment() {
    let dark = LaunchCondition.custom("dark theme") { $0.arguments.contains("-dark") }
    #expect(dark.holds(in: LaunchEnvironment(arguments: ["-dark"])))
    #expect(!dark.holds(in: LaunchEnvironment()))
    #expect(dark.description == "dark theme")
  }
}
