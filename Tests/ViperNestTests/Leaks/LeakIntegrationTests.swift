import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

// A module with the classic VIPER leak: its presenter keeps a strong reference to its view.
@MainActor protocol RetainingViewOutput: AnyObject {}

final class RetainingView: HeadlessViewController, VIPERView {
  let links = ViewLinks<any RetainingViewOutput>()
}

final class RetainingPresenter: VIPERPresenter, RetainingViewOutput {
  let links = PresenterLinks<RetainingView, RetainingInteractor, RetainingRouter>()
  /// The bug: a strong back reference.
  var retainedView: RetainingView?
}

final class RetainingInteractor: VIPERInteractor {
  let links = InteractorLinks<RetainingPresenter>()
}

final class RetainingRouter: VIPERRouter {
  let links = RouterLinks()
}

final class RetainingBuilder: VIPERBuilder<
  RetainingView, RetainingPresenter, RetainingInteractor, RetainingRouter
>
{}

func registerRetainingModule(_ r: Registrar) {
  r.register(RetainingPresenter.self, mainActor: RetainingPresenter.init)
  r.register(RetainingInteractor.self, mainActor: RetainingInteractor.init)
  r.register(RetainingRouter.self, mainActor: RetainingRouter.init)
}

/// A plain controller (an MVC module) with the classic closure leak: it captures itself.
final class SelfCapturingController: HeadlessViewController {
  var onSave: (() -> Void)?
  override func viewDidLoad() { onSave = { self.title = "saved" } }
}

/// The registry, the module builder and transitions feed the leak detector on their own.
@MainActor
struct LeakIntegrationTests {
  @Test(.detectsLeaks) func dismissedModuleAndClosedStoryLeaveNothingBehind() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    let module = try ContactDetailBuilder.build(in: story, passing: ada)
    let transition = PresentTransition(from: list, to: module)
    try transition.perform()
    try transition.reverse()
    let addContact = try story.open(AddContactStory.self)
    _ = try addContact.resolve(ContactDraft.self)
    addContact.close()
  }

  @Test func moduleKeptAliveByItsPresenterIsReportedWithTheRetainPath() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try ContactsApp(registerRetainingModule)
      let (story, list) = try app.showContacts()
      do {
        let module = try RetainingBuilder.build(in: story)
        module.presenter.retainedView = module.view
        let transition = PresentTransition(from: list, to: module)
        try transition.perform()
        try transition.reverse()
      }
      return await detector.check()
    }
    let found = try #require(report)
    let leaked = Set(found.leaks.map(\.typeName))
    #expect(leaked.isSuperset(of: ["RetainingView", "RetainingPresenter"]))
    #expect(found.leaks.allSatisfy { $0.module == "Retaining" })
    let text = found.description
    #expect(text.contains("RetainingPresenter.retainedView -> RetainingView"))
    #expect(text.contains("(strong)"))
  }

  @Test func aLeakingModuleTheUserPopsIsReported() async throws {
    // No transition is reversed and no router pops: the user's back button alone ends the module.
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try ContactsApp(registerRetainingModule)
      let (story, list) = try app.showContacts()
      let navigation = try #require(list.navigationContainer as? HeadlessNavigationController)
      do {
        let module = try RetainingBuilder.build(in: story)
        module.presenter.retainedView = module.view
        try PushTransition(from: list, to: module).perform()
      }
      #expect(try app.host.tapBack(in: navigation))
      return await detector.check()
    }
    let found = try #require(report)
    #expect(found.leaks.contains { $0.typeName == "RetainingView" })
    #expect(found.description.contains("RetainingPresenter.retainedView -> RetainingView"))
  }

  @Test func theTraitFailsATestWhoseModuleLeaksAfterTheUsersBackTap() async throws {
    let test = try #require(Test.current)
    try await withKnownIssue {
      try await DetectsLeaksTrait(timeout: .milliseconds(100)).provideScope(
        for: test, testCase: nil
      ) {
        try await MainActor.run {
          let host = HeadlessHost(timing: .strict)
          let app = try Registry(
            host.assembly, ContactsAppAssembly(), AnyAssembly("Retaining", registerRetainingModule)
          )
          .start(quiet)
          let contacts = try app.open(ContactsStory.self)
          let window = host.makeWindow()
          let list = try ContactsBuilder.build(in: contacts)
          try list.attachToWindow(window, withNavigationController: true)
          let navigation = try #require(
            list.view.navigationContainer as? HeadlessNavigationController)
          do {
            let module = try RetainingBuilder.build(in: contacts)
            module.presenter.retainedView = module.view
            try PushTransition(from: list.view, to: module).perform()
          }
          host.finishTransitions()
          try host.tapBack(in: navigation)
          host.finishTransitions()
          try window.setRootController(nil)
          contacts.close()
          app.close()
        }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("RetainingPresenter.retainedView")
    }
  }

  @Test func aPlainControllerModuleIsTrackedAndReportedOnceTheUserDismissesIt() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try ContactsApp()
      let (story, list) = try app.showContacts()
      do {
        let controller = SelfCapturingController(host: app.host)
        let module = Module<SelfCapturingController, Void>(view: controller, input: controller)
        try PresentTransition(from: list, to: module, appearance: .init(style: .pageSheet))
          .perform()
      }
      do {
        let sheet = try #require(list.presentedController as? HeadlessViewController)
        #expect(try app.host.swipeDown(sheet))
      }
      let report = await detector.check()
      story.close()
      return report
    }
    let found = try #require(report)
    let leak = try #require(found.leaks.first { $0.typeName == "SelfCapturingController" })
    #expect(leak.module == "SelfCapturing")
    #expect(found.description.contains("(closure captures) -> SelfCapturingController"))
  }

  @Test func aPlainControllerThatIsReleasedIsNotReported() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try ContactsApp()
      let (story, list) = try app.showContacts()
      do {
        let controller = PlainController(host: app.host)
        let module = Module<PlainController, Void>(view: controller, input: controller)
        try PresentTransition(from: list, to: module).perform()
      }
      do {
        let sheet = try #require(list.presentedController as? HeadlessViewController)
        #expect(try app.host.swipeDown(sheet))
      }
      let report = await detector.check()
      story.close()
      return report
    }
    #expect(report == nil)
  }

  @Test func storyServicesAreCheckedWhenTheirStoryCloses() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let keeper = Keeper()
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let app = try Registry(
        AnyAssembly { r in
          r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
        }
      ).start(quiet)
      let story = try app.open(AddContactStory.self)
      keeper.object = try story.resolve(ContactDraft.self)
      // Open and shared: never reported while its story lives.
      #expect(detector.checkNow() == nil)
      story.close()
      return await detector.check()
    }
    let found = try #require(report)
    #expect(found.leaks.map(\.typeName) == ["ContactDraft"])
    #expect(found.leaks.first?.story == "App > AddContact")
  }
}

/// Holds an object from outside any story or module, like a global would.
final class Keeper: @unchecked Sendable {
  // Invariant: only touched from the test's own task.
  var object: AnyObject?
}

// A module whose presenter takes a strong reference to its view only once the view loads: the
// build-time check sees nil and passes; the check when the module is shown catches it.
@MainActor protocol LateBindingViewOutput: AnyObject {
  func viewDidLoad()
}

final class LateBindingView: HeadlessViewController, VIPERView {
  let links = ViewLinks<any LateBindingViewOutput>()
  override func viewDidLoad() { presenter.viewDidLoad() }
}

final class LateBindingPresenter: VIPERPresenter, LateBindingViewOutput {
  let links = PresenterLinks<LateBindingView, LateBindingInteractor, LateBindingRouter>()
  /// The bug: a strong back reference, taken after the build.
  var strongView: LateBindingView?
  func viewDidLoad() { strongView = view }
}

final class LateBindingInteractor: VIPERInteractor {
  let links = InteractorLinks<LateBindingPresenter>()
}

final class LateBindingRouter: VIPERRouter {
  let links = RouterLinks()
}

final class LateBindingBuilder: VIPERBuilder<
  LateBindingView, LateBindingPresenter, LateBindingInteractor, LateBindingRouter
>
{}

@MainActor
struct OwnershipTimingTests {
  @Test func aStrongBackReferenceTakenAfterTheBuildIsCaughtWhenTheModuleIsShown() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    try await detector.withTracking { () async throws in
      let app = try ContactsApp { r in
        r.register(LateBindingPresenter.self, mainActor: LateBindingPresenter.init)
        r.register(LateBindingInteractor.self, mainActor: LateBindingInteractor.init)
        r.register(LateBindingRouter.self, mainActor: LateBindingRouter.init)
      }
      let (story, list) = try app.showContacts()
      defer { story.close() }
      let module = try LateBindingBuilder.build(in: story)
      #expect(detector.checkNow() == nil, "at build time the back reference is still nil")

      let transition = PresentTransition(from: list, to: module)
      try transition.perform()
      let report = try #require(detector.checkNow())
      #expect(
        report.ownershipViolations.map(\.property) == ["strongView"],
        "checked again once shown: viewDidLoad took the strong reference")
      module.presenter.strongView = nil
      try transition.reverse()
    }
  }
}
