import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct ValidationOfModulesTests {
  @Test func aCorrectModuleAssemblyValidates() throws {
    let registry = try Registry(HeadlessHost().assembly, ContactsAppAssembly())
    let report = registry.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.problems.isEmpty)
  }
}
