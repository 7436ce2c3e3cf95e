import Testing
import ViperNest
import ViperNestTesting

struct TestingSupportTests {
  @Test func expectValidPassesAValidGraph() throws {
    let report = expectValid(try Registry(AnyAssembly { r in registerContacts(r) }))
    #expect(report.isValid)
  }

  @Test func expectValidRecordsEachProblem() throws {
    final class Orphan { init(leaf: Leaf) {} }
    let registry = try Registry(AnyAssembly { r in r.register(Orphan.self, Orphan.init(leaf:)) })
    withKnownIssue {
      expectValid(registry)
    } matching: { issue in
      issue.description.contains("No registration for Leaf.")
    }
  }
}
