import Testing
import ViperNest

// Found by the property test: the same registration resolved in two scopes during one
// resolution (a story's, then an enclosing app singleton's) is not a cycle, and must not share a
// `graph` instance across those scopes.

enum ScopeFlowStory: UserStory {}
enum ScopeStepStory: UserStory {}

final class ScopeSource: Counted, @unchecked Sendable {
  init(census: Census, label: String) { super.init(census, label) }
}
/// `graph` lifetime; depends on whatever `ScopeSource` its scope sees.
final class ScopeReport: Counted, @unchecked Sendable {
  let source: ScopeSource
  init(census: Census, source: ScopeSource) {
    self.source = source
    super.init(census, "report")
  }
}
/// An app singleton that needs a report too.
final class ScopeHub: Counted, @unchecked Sendable {
  let report: ScopeReport
  init(census: Census, report: ScopeReport) {
    self.report = report
    super.init(census, "hub")
  }
}
/// Inside the flow story, the source is replaced by one owned by the step story, which needs
/// the hub.
final class ScopeScreen: Counted, @unchecked Sendable {
  let report: ScopeReport
  let hub: ScopeHub
  init(census: Census, report: ScopeReport, hub: ScopeHub) {
    self.report = report
    self.hub = hub
    super.init(census, "screen")
  }
}

struct ScopeConsistencyTests {
  private func registry(census: Census) throws -> Registry {
    try Registry(
      AnyAssembly { r in
        r.register(Census.self, lifetime: .app) { _ in census }
        r.register(ScopeSource.self) { _ in ScopeSource(census: census, label: "root source") }
        r.register(ScopeReport.self, lifetime: .graph, ScopeReport.init(census:source:))
        r.register(ScopeHub.self, lifetime: .app, ScopeHub.init(census:report:))
        r.register(ScopeScreen.self, ScopeScreen.init(census:report:hub:))
        r.story(ScopeFlowStory.self) { r in
          r.overriding.register(ScopeSource.self, lifetime: .story(ScopeStepStory.self)) { r in
            _ = try r.resolve(ScopeHub.self)
            return ScopeSource(census: census, label: "step source")
          }
        }
      })
  }

  @Test func aRegistrationResolvedAgainInAnotherScopeIsNotACycleWhateverWasResolvedBefore()
    throws
  {
    // The report (step scope) needs the step's source, which needs the hub (app), which needs a
    // report at app scope: the root source. Before, this threw "circular dependency" unless the
    // hub happened to be built already.
    for hubFirst in [false, true] {
      let census = Census()
      let registry = try registry(census: census)
      #expect(registry.validate().isValid, "\(registry.validate())")
      let app = try registry.start(quiet)
      if hubFirst { _ = try app.resolve(ScopeHub.self) }
      let flow = try app.open(ScopeFlowStory.self)
      let step = try flow.open(ScopeStepStory.self)
      let report = try step.resolve(ScopeReport.self)
      #expect(report.source.label == "step source")
      #expect(try app.resolve(ScopeHub.self).report.source.label == "root source")
      flow.close()
      app.close()
    }
  }

  @Test func anAppSingletonNeverGetsAGraphInstanceBuiltForANestedStory() throws {
    let census = Census()
    let app = try registry(census: census).start(quiet)
    let flow = try app.open(ScopeFlowStory.self)
    let step = try flow.open(ScopeStepStory.self)
    do {
      let screen = try step.resolve(ScopeScreen.self)
      // One resolution, two scopes: the screen's report sees the step's source; the hub's, built
      // in the same resolution, has its own report with the root source.
      #expect(screen.report.source.label == "step source")
      #expect(screen.hub.report !== screen.report)
      #expect(screen.hub.report.source.label == "root source")
    }
    flow.close()
    // Nothing of the step story outlives it inside the app singleton.
    #expect(census.alive("step source") == 0)
    #expect(census.alive("hub") == 1)
    app.close()
    #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
  }
}
