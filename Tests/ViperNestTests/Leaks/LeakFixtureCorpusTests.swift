import Testing

@testable import ViperNest

/// One leaked object as the corpus states its known answer.
struct LeakAnswer: Equatable, CustomStringConvertible {
  let typeName: String
  let role: LeakRole
  let cause: LeakReport.Cause
  /// The retain cycles, or the single path from the object that retains it.
  let paths: [String]
  var holder: String?

  init(
    _ typeName: String, _ role: LeakRole, _ cause: LeakReport.Cause, _ paths: [String] = [],
    holder: String? = nil
  ) {
    self.typeName = typeName
    self.role = role
    self.cause = cause
    self.paths = paths
    self.holder = holder
  }

  init(_ leak: LeakReport.Leak) {
    typeName = leak.typeName
    role = leak.role
    cause = leak.cause
    paths =
      leak.cause == .retainCycle
      ? leak.retainCycles.map(\.description) : leak.retainedBy.map { [$0.description] } ?? []
    holder = leak.holder
  }

  var description: String {
    "\(typeName) (\(role)): \(cause) \(paths)" + (holder.map { " held by \($0)" } ?? "")
  }
}

func answers(_ report: LeakReport?) -> [LeakAnswer] {
  report?.leaks.map(LeakAnswer.init) ?? []
}

/// Presents a module, dismisses it and checks; everything the module built is local to this
/// function, so only the module's own references can keep it alive.
func dismissAndCheck(
  timeout: Duration = .milliseconds(200), _ present: (LeakDetector) -> FixtureScreen
) async -> LeakReport? {
  let detector = LeakDetector(timeout: timeout)
  present(detector).dismiss()
  return await detector.check()
}

struct LeakFixtureCorpusTests {
  private let interactorRetained = LeakAnswer(
    "ContactListInteractor", .interactor, .retainedByLeakedObject,
    ["ContactListPresenter.interactor -> ContactListInteractor (strong)"])
  private let routerRetained = LeakAnswer(
    "ContactListRouter", .router, .retainedByLeakedObject,
    ["ContactListPresenter.router -> ContactListRouter (strong)"])

  // MARK: - Clean

  @Test func cleanModuleIsNotReported() async {
    let report = await dismissAndCheck { CleanModule.present(detector: $0) }
    #expect(report == nil)
  }

  @Test func cleanModuleFollowsOwnershipRules() {
    let view = CleanModule.ContactListView()
    let presenter = CleanModule.ContactListPresenter()
    let interactor = CleanModule.ContactListInteractor()
    let router = CleanModule.ContactListRouter()
    view.attach(presenter: presenter)
    presenter.attach(view: view, interactor: interactor, router: router)
    interactor.attach(output: presenter)
    router.attach(viewController: view)
    #expect(
      OwnershipViolation.violations(
        view: view, presenter: presenter, interactor: interactor, router: router
      ).isEmpty)
  }

  // MARK: - Strong back references

  @Test func strongPresenterToViewLeaksTheModuleThroughTheCycle() async {
    let report = await dismissAndCheck { StrongPresenterToView.present(detector: $0) }
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListView", .view, .retainCycle,
          ["ContactListView.presenter -> ContactListPresenter.view -> ContactListView (strong)"]),
        LeakAnswer(
          "ContactListPresenter", .presenter, .retainCycle,
          [
            "ContactListPresenter.view -> ContactListView.presenter -> ContactListPresenter (strong)"
          ]
        ),
        interactorRetained,
        routerRetained,
      ])
    #expect(
      report?.ownershipViolations.map(\.description) == [
        "ContactListPresenter.view is strong; VIPER requires weak: declare it `weak var view`"
      ])
  }

  @Test func strongInteractorToPresenterLeaksPresenterInteractorAndRouter() async {
    let report = await dismissAndCheck { StrongInteractorToPresenter.present(detector: $0) }
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListPresenter", .presenter, .retainCycle,
          [
            "ContactListPresenter.interactor -> ContactListInteractor.output -> "
              + "ContactListPresenter (strong)"
          ]),
        LeakAnswer(
          "ContactListInteractor", .interactor, .retainCycle,
          [
            "ContactListInteractor.output -> ContactListPresenter.interactor -> "
              + "ContactListInteractor (strong)"
          ]),
        routerRetained,
      ])
    #expect(
      report?.ownershipViolations.map(\.description) == [
        "ContactListInteractor.output is strong; VIPER requires weak: declare it `weak var output`"
      ])
  }

  @Test func strongRouterToViewControllerLeaksTheModuleThroughTheCycle() async {
    let report = await dismissAndCheck { StrongRouterToViewController.present(detector: $0) }
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListView", .view, .retainCycle,
          [
            "ContactListView.presenter -> ContactListPresenter.router -> "
              + "ContactListRouter.viewController -> ContactListView (strong)"
          ]),
        LeakAnswer(
          "ContactListPresenter", .presenter, .retainCycle,
          [
            "ContactListPresenter.router -> ContactListRouter.viewController -> "
              + "ContactListView.presenter -> ContactListPresenter (strong)"
          ]),
        interactorRetained,
        LeakAnswer(
          "ContactListRouter", .router, .retainCycle,
          [
            "ContactListRouter.viewController -> ContactListView.presenter -> "
              + "ContactListPresenter.router -> ContactListRouter (strong)"
          ]),
      ])
    #expect(
      report?.ownershipViolations.map(\.description) == [
        "ContactListRouter.viewController is strong; VIPER requires weak: "
          + "declare it `weak var viewController`"
      ])
  }

  // MARK: - Closures

  @Test func closureStoredOnPresenterCapturingSelfIsACycle() async {
    let report = await dismissAndCheck { ClosureCapturingSelf.present(detector: $0) }
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListPresenter", .presenter, .retainCycle,
          ["ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter"]),
        interactorRetained,
        routerRetained,
      ])
    #expect(report?.ownershipViolations == [])
  }

  @Test func closuresCapturingSelfInsideStructAndArrayAreCycles() async {
    let report = await dismissAndCheck { ClosureInStructAndArray.present(detector: $0) }
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListPresenter", .presenter, .retainCycle,
          [
            "ContactListPresenter.actions.onSelect (closure captures) -> ContactListPresenter",
            "ContactListPresenter.observers[0] (closure captures) -> ContactListPresenter",
          ]),
        interactorRetained,
        routerRetained,
      ])
  }

  // MARK: - Services

  @Test func delegateHeldStronglyByAServiceIsACycle() async {
    let report = await dismissAndCheck { DelegateHeldByService.present(detector: $0) }
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListInteractor", .interactor, .retainCycle,
          [
            "ContactListInteractor.syncService -> ContactSyncService.delegate -> "
              + "ContactListInteractor (strong)"
          ])
      ])
  }

  @Test func storyServiceHoldingThePresenterIsNamedAndNeverReportedWhileTheStoryIsOpen() async {
    let detector = LeakDetector(timeout: .milliseconds(200))
    let story = FixtureStory("Contacts", detector: detector)
    do {
      let service = story.service { StoryServiceHoldsPresenter.ContactsStoryService() }
      StoryServiceHoldsPresenter.present(detector: detector, story: story, service: service)
        .dismiss()
    }

    let report = await detector.check()
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListPresenter", .presenter, .heldByTrackedObject,
          ["ContactsStoryService.lastPresenter -> ContactListPresenter (strong)"],
          holder: "storyService of story Contacts, still open"),
        interactorRetained,
        routerRetained,
      ])
    #expect(
      report?.leaks.allSatisfy { $0.module == "ContactList" && $0.story == "Contacts" } == true)

    story.close()
    #expect(await detector.check() == nil)
  }

  @Test func openStoryServicesAreNotReportedUntilTheStoryCloses() async {
    let detector = LeakDetector(timeout: .milliseconds(200))
    let story = FixtureStory("Contacts", detector: detector)
    var service: StoryServiceHoldsPresenter.ContactsStoryService? = story.service {
      StoryServiceHoldsPresenter.ContactsStoryService()
    }
    CleanModule.present(detector: detector, story: story).dismiss()
    #expect(await detector.check() == nil)

    // Closing the story while something else still holds its service is a leak.
    story.close()
    let report = await detector.check()
    #expect(
      answers(report) == [
        LeakAnswer("ContactsStoryService", .storyService, .heldFromOutside)
      ])
    #expect(report?.leaks.first?.story == "Contacts")
    #expect(report?.leaks.first?.module == nil)
    service = nil
    _ = service
  }

  @Test func closingAnOuterStoryEndsTheModulesOpenedInside() async {
    let detector = LeakDetector(timeout: .milliseconds(200))
    let main = FixtureStory("Main", detector: detector)
    let contacts = FixtureStory("Contacts", detector: detector, parent: main)
    // The screen goes away without dismissing the module; closing the story ends it.
    _ = assembleContactList(
      view: CleanModule.ContactListView(), presenter: ClosureCapturingSelf.ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector, story: contacts)

    // Nothing has ended yet.
    #expect(await detector.check(timeout: .zero) == nil)

    main.close()
    let report = await detector.check()
    #expect(
      report?.leaks.map(\.typeName) == [
        "ContactListPresenter", "ContactListInteractor", "ContactListRouter",
      ])
    #expect(report?.leaks.allSatisfy { $0.story == "Main > Contacts" } == true)
  }

  // MARK: - Superclass

  @Test func cycleThroughASuperclassPropertyIsFound() async {
    let report = await dismissAndCheck { SuperclassCycle.present(detector: $0) }
    #expect(
      answers(report) == [
        LeakAnswer(
          "ContactListView", .view, .retainCycle,
          ["ContactListView.presenter -> ContactListPresenter.view -> ContactListView (strong)"]),
        LeakAnswer(
          "ContactListPresenter", .presenter, .retainCycle,
          [
            "ContactListPresenter.view -> ContactListView.presenter -> ContactListPresenter (strong)"
          ]
        ),
        interactorRetained,
        routerRetained,
      ])
    #expect(
      report?.ownershipViolations.map(\.description) == [
        "ContactListPresenter.view (declared in BasePresenter) is strong; VIPER requires weak: "
          + "declare it `weak var view`"
      ])
  }

  // MARK: - Asynchronous teardown

  @Test func taskEndingWithinTheDeadlineIsNotALeak() async {
    let gate = UnfinishedTask.Gate()
    let report = await dismissAndCheck(timeout: .seconds(30)) { detector in
      let screen = UnfinishedTask.present(detector: detector, gate: gate)
      // The task finishes on its own after the dismissal; the check must wait for it.
      gate.open()
      return screen
    }
    #expect(report == nil)
  }

  @Test func taskOutlivingTheDeadlineIsALeak() async {
    let gate = UnfinishedTask.Gate()
    let detector = LeakDetector(timeout: .milliseconds(50))
    let followUp = LeakDetector(timeout: .seconds(30))
    do {
      let screen = UnfinishedTask.present(detector: detector, gate: gate)
      if let presenter = (screen.view as? CleanModule.ContactListView)?.presenter {
        followUp.track(presenter, role: .presenter)
      }
      screen.dismiss()
    }
    let report = await detector.check()
    #expect(
      answers(report) == [
        LeakAnswer("ContactListPresenter", .presenter, .heldFromOutside),
        interactorRetained,
        routerRetained,
      ])

    // Once the task ends, the module is released.
    gate.open()
    #expect(await followUp.check() == nil)
  }
}

@Suite(.serialized)
struct SingletonFixtureTests {
  @Test func viewHeldByAnUntrackedSingletonIsHeldFromOutside() async {
    defer { SingletonHoldsView.AppSession.shared.currentView = nil }
    let report = await dismissAndCheck { SingletonHoldsView.present(detector: $0) }
    // An optimized build may allocate `AppSession.shared` itself in global storage (static
    // initialization of global objects): its field then holds the view from global storage.
    let viewCause = answers(report).first?.cause
    #expect(viewCause == .heldFromOutside || viewCause == .heldByGlobalVariable)
    #expect(
      answers(report) == [
        LeakAnswer("ContactListView", .view, viewCause ?? .heldFromOutside),
        LeakAnswer(
          "ContactListPresenter", .presenter, .retainedByLeakedObject,
          ["ContactListView.presenter -> ContactListPresenter (strong)"]),
        LeakAnswer(
          "ContactListInteractor", .interactor, .retainedByLeakedObject,
          ["ContactListPresenter.interactor -> ContactListInteractor (strong)"]),
        LeakAnswer(
          "ContactListRouter", .router, .retainedByLeakedObject,
          ["ContactListPresenter.router -> ContactListRouter (strong)"]),
      ])
  }

  @Test func viewHeldByATrackedSingletonNamesTheSingleton() async {
    defer { SingletonHoldsView.AppSession.shared.currentView = nil }
    let detector = LeakDetector(timeout: .milliseconds(200))
    let app = detector.beginOwner(.story, name: "App")
    app.track(SingletonHoldsView.AppSession.shared, role: .singleton)
    SingletonHoldsView.present(detector: detector).dismiss()
    let report = await detector.check()
    #expect(
      answers(report).first
        == LeakAnswer(
          "ContactListView", .view, .heldByTrackedObject,
          ["AppSession.currentView -> ContactListView (strong)"], holder: "app singleton"))
    #expect(report?.leaks.map(\.typeName).contains("AppSession") == false)
  }
}
