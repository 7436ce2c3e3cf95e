import Testing
import ViperNest
import ViperNestHeadless

/// A builder's module group is reused once the detector has forgotten it and nothing else holds
/// it; reuse never changes what a report says or which module a dismissal ends.
@MainActor
struct LeakGroupReuseTests {
  @Test func aModuleBuiltAfterAForgottenOneIsReportedUnderItsOwnNameAndStory() throws {
    let detector = LeakDetector()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (story, _) = try app.showContacts()
      // A clean module of one builder, dropped and checked: its group is forgotten.
      _ = try ContactDetailBuilder.build(in: story, passing: ada)
      #expect(detector.checkNow() == nil)
      // A leaking module of another builder, in a story of its own, takes that group over.
      let addContact = try story.open(AddContactStory.self)
      let leaked = try RetainingBuilder.build(in: addContact)
      leaked.presenter.retainedView = leaked.view
      addContact.close()
      let report = try #require(detector.checkNow())
      #expect(
        Set(report.leaks.map(\.typeName))
          == ["RetainingView", "RetainingPresenter", "RetainingInteractor", "RetainingRouter"])
      #expect(report.leaks.allSatisfy { $0.module == "Retaining" })
      #expect(report.leaks.allSatisfy { $0.story?.hasSuffix("AddContact") == true })
      leaked.presenter.retainedView = nil
    }
  }

  @Test func aReportedModuleThatEndsLaterLeavesTheNextModulesGroupAlone() throws {
    let detector = LeakDetector()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (story, _) = try app.showContacts()
      let addContact = try story.open(AddContactStory.self)
      let leaked = try RetainingBuilder.build(in: addContact)
      leaked.presenter.retainedView = leaked.view
      addContact.close()
      #expect(detector.checkNow()?.leaks.count == 4)
      // The leaked view's links still hold its (forgotten) group; the next module is open.
      let next = try RetainingBuilder.build(in: story)
      // The leaked module ends late: that must not end the next module's group.
      NavigationLifecycle.controllerDidLeaveHierarchy(leaked.view)
      let leaks = detector.checkNow()?.leaks ?? []
      #expect(leaks.isEmpty)
      leaked.presenter.retainedView = nil
      withExtendedLifetime(next) {}
    }
  }

  @Test func manyModulesBuiltAndDroppedInTurnLeaveNothingToReport() throws {
    let detector = LeakDetector()
    try detector.withTracking {
      let app = try ContactsApp(registerRetainingModule)
      let (story, _) = try app.showContacts()
      for _ in 0..<5 {
        _ = try RetainingBuilder.build(in: story)
        _ = try ContactDetailBuilder.build(in: story, passing: ada)
        // (The retaining presenter's strong back-reference is an ownership violation, reported
        // once; no object is left behind.)
        let leaks = detector.checkNow()?.leaks ?? []
        #expect(leaks.isEmpty)
      }
      // A leaked module after the reuse is still reported, every part of it.
      let addContact = try story.open(AddContactStory.self)
      let leaked = try RetainingBuilder.build(in: addContact)
      leaked.presenter.retainedView = leaked.view
      addContact.close()
      #expect(detector.checkNow()?.leaks.count == 4)
      leaked.presenter.retainedView = nil
    }
  }

  // The app and its stories start before tracking, so each module's group is the detector's only
  // group: the check that handles a lone group must put an open or leaked group back.

  @Test func aLoneOpenModuleGroupIsKeptUntilItsModuleLeaks() throws {
    let app = try ContactsApp(registerRetainingModule)
    let (story, _) = try app.showContacts()
    let detector = LeakDetector()
    try detector.withTracking {
      let module = try RetainingBuilder.build(in: story)
      // Shown and not dismissed: nothing to report, and the group stays tracked.
      #expect(detector.checkNow()?.leaks.isEmpty ?? true)
      module.presenter.retainedView = module.view
      NavigationLifecycle.controllerDidLeaveHierarchy(module.view)
      let report = try #require(detector.checkNow())
      #expect(
        Set(report.leaks.map(\.typeName))
          == ["RetainingView", "RetainingPresenter", "RetainingInteractor", "RetainingRouter"])
      #expect(report.leaks.allSatisfy { $0.module == "Retaining" })
      module.presenter.retainedView = nil
    }
  }

  @Test func aLoneLeakedModuleGroupIsReportedAfterCleanOnesWereReused() throws {
    let app = try ContactsApp(registerRetainingModule)
    let (story, _) = try app.showContacts()
    let detector = LeakDetector()
    try detector.withTracking {
      for _ in 0..<3 {
        _ = try ContactDetailBuilder.build(in: story, passing: ada)
        #expect(detector.checkNow() == nil)
      }
      let leaked = try RetainingBuilder.build(in: story)
      leaked.presenter.retainedView = leaked.view
      NavigationLifecycle.controllerDidLeaveHierarchy(leaked.view)
      let report = try #require(detector.checkNow())
      #expect(report.leaks.count == 4)
      #expect(report.leaks.allSatisfy { $0.module == "Retaining" })
      // Reported once: the next check finds nothing more.
      #expect(detector.checkNow()?.leaks.isEmpty ?? true)
      leaked.presenter.retainedView = nil
    }
  }
}
