import Dispatch
import Foundation
import Testing
import ViperNest

// Faults: factories that throw halfway, stories closed at awkward moments, leak checks racing
// closes. Each runs on a thread with a deadline, so a deadlock fails the test instead of hanging.

enum FaultFlowStory: UserStory {}
enum FaultStepStory: UserStory {}

/// Turns a fault on and off from the test.
final class FaultSwitch: @unchecked Sendable {
  // Invariant: `isOn` is only touched while holding `lock`.
  private let lock = NSLock()
  private var isOn = true
  var active: Bool {
    get { lock.withLock { isOn } }
    set { lock.withLock { isOn = newValue } }
  }
}

final class FaultStore: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "store") }
}
final class FaultService: Counted, @unchecked Sendable {
  init(census: Census, fault: FaultSwitch) throws {
    if fault.active { throw Boom() }
    super.init(census, "service")
  }
}
final class FaultRouter: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "router") }
}
final class FaultInteractor: Counted, @unchecked Sendable {
  let store: FaultStore
  let service: FaultService
  init(census: Census, store: FaultStore, service: FaultService) {
    self.store = store
    self.service = service
    super.init(census, "interactor")
  }
}
final class FaultPresenter: Counted, @unchecked Sendable {
  let interactor: FaultInteractor
  let router: FaultRouter
  init(census: Census, interactor: FaultInteractor, router: FaultRouter) {
    self.interactor = interactor
    self.router = router
    super.init(census, "presenter")
  }
}

/// Holds a story for factories that need to reach it.
final class StoryBox: @unchecked Sendable {
  // Invariant: `story` is only touched while holding `lock`.
  private let lock = NSLock()
  private var story: Story?
  var current: Story? {
    get { lock.withLock { story } }
    set { lock.withLock { story = newValue } }
  }
}

/// Runs `body` on its own thread and waits for it up to `seconds`; a hang fails the test.
func withinDeadline(
  _ seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () throws -> Void
) {
  let failure = Locked<(any Error)?>(nil)
  let finished = runThreads(1, within: seconds, sourceLocation: sourceLocation) { _ in
    do { try body() } catch { failure.withLock { $0 = error } }
  }
  if finished, let error = failure.current {
    Issue.record(error, sourceLocation: sourceLocation)
  }
}

struct FaultTests {
  // MARK: - A factory throwing halfway through a module graph

  @Test func factoryThrowingHalfwayThroughAModuleCachesNothingPartialNamesThePathAndRetries() {
    withinDeadline {
      let census = Census()
      let fault = FaultSwitch()
      let app = try start { r in
        r.register(Census.self, lifetime: .app) { _ in census }
        r.register(FaultSwitch.self, lifetime: .app) { _ in fault }
        r.register(FaultStore.self, lifetime: .story(FaultFlowStory.self), FaultStore.init(census:))
        r.register(
          FaultService.self, lifetime: .story(FaultFlowStory.self), FaultService.init(census:fault:)
        )
        r.register(FaultRouter.self, FaultRouter.init(census:))
        r.register(
          FaultInteractor.self, lifetime: .story(FaultFlowStory.self),
          FaultInteractor.init(census:store:service:))
        r.register(FaultPresenter.self, FaultPresenter.init(census:interactor:router:))
      }
      let flow = try app.open(FaultFlowStory.self)
      for _ in 0..<3 {
        let error = expectError(
          .factoryFailed,
          containing: [
            "The factory of FaultService threw: boom",
            "resolving: FaultPresenter -> FaultInteractor -> FaultService",
            "story: App > FaultFlow",
            "nothing was cached, the next resolve retries",
          ]
        ) { try flow.resolve(FaultPresenter.self) }
        #expect(error?.key == "FaultService")
        #expect(error?.resolutionPath == ["FaultPresenter", "FaultInteractor", "FaultService"])
        #expect(error?.underlyingError is Boom)
      }
      // The store finished before the fault and is a complete instance: it stays, once. Nothing
      // that depends on the failed service was kept.
      #expect(flow.tree.instances == ["FaultStore (story(FaultFlow))"])
      #expect(census.created("store") == 1)
      #expect(census.created("interactor") == 0)
      #expect(census.alive("presenter") == 0)

      fault.active = false
      do {
        let presenter = try flow.resolve(FaultPresenter.self)
        #expect(presenter.interactor === (try flow.resolve(FaultInteractor.self)))
        #expect(presenter.interactor.store === (try flow.resolve(FaultStore.self)))
      }
      #expect(census.created("store") == 1)
      #expect(census.created("service") == 1)
      flow.close()
      app.close()
      #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
    }
  }

  @Test func throwingFactoryThatAlreadyResolvedSomeDependenciesLeavesThemConsistent() {
    withinDeadline {
      let census = Census()
      let fault = FaultSwitch()
      let app = try start { r in
        r.register(FaultStore.self, lifetime: .story(FaultFlowStory.self)) { _ in
          FaultStore(census: census)
        }
        // A closure factory that resolves a dependency, then fails.
        r.register(FaultInteractor.self, lifetime: .story(FaultFlowStory.self)) { r in
          let store = try r.resolve(FaultStore.self)
          return FaultInteractor(
            census: census, store: store, service: try FaultService(census: census, fault: fault))
        }
      }
      let flow = try app.open(FaultFlowStory.self)
      expectError(.factoryFailed, containing: ["The factory of FaultInteractor threw: boom"]) {
        try flow.resolve(FaultInteractor.self)
      }
      #expect(flow.tree.instances == ["FaultStore (story(FaultFlow))"])
      fault.active = false
      do {
        let interactor = try flow.resolve(FaultInteractor.self)
        #expect(interactor.store === (try flow.resolve(FaultStore.self)))
      }
      flow.close()
      #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
    }
  }

  final class FragileLeaf { init() throws { throw Boom() } }
  final class FragileUser { init(leaf: FragileLeaf) {} }
  final class FragileScreen { init(user: FragileUser) {} }

  @Test func throwingInitializerWithoutParametersIsReportedWithTheWholePath() throws {
    let app = try start { r in
      r.register(FragileLeaf.self, FragileLeaf.init)
      r.register(FragileUser.self, FragileUser.init(leaf:))
      r.register(FragileScreen.self, FragileScreen.init(user:))
    }
    let error = expectError(
      .factoryFailed,
      containing: [
        "The factory of FragileLeaf threw: boom",
        "resolving: FragileScreen -> FragileUser -> FragileLeaf",
      ]
    ) { try app.resolve(FragileScreen.self) }
    #expect(error?.resolutionPath == ["FragileScreen", "FragileUser", "FragileLeaf"])
    #expect(error?.key == "FragileLeaf")
  }

  // MARK: - Weak instances coming and going

  @Test func weakInstanceRebuiltManyTimesIsListedOnceAndKeptByNobody() throws {
    let census = Census()
    let app = try start { r in
      r.register(WeakCache.self, lifetime: .weak) { _ in WeakCache(census: census) }
    }
    for _ in 0..<1_000 {
      let held = try app.resolve(WeakCache.self)
      #expect(held === (try app.resolve(WeakCache.self)))
    }
    #expect(census.created("weak") == 1_000)
    #expect(census.alive("weak") == 0)
    let held = try app.resolve(WeakCache.self)
    #expect(app.tree.instances == ["WeakCache (weak)"])
    _ = held
    app.close()
  }

  // MARK: - Closing at awkward moments

  @Test func closingAStoryFromInsideAFactoryRunningInItFailsThatResolutionAndLeaksNothing() {
    withinDeadline {
      let census = Census()
      let box = StoryBox()
      let app = try start { r in
        r.register(FaultStore.self, lifetime: .story(FaultFlowStory.self)) { _ in
          box.current?.close()
          return FaultStore(census: census)
        }
        r.register(FaultRouter.self) { _ in
          box.current?.close()
          return FaultRouter(census: census)
        }
      }
      // A story singleton: the story closed under it, so it is not cached and the caller is told.
      let flow = try app.open(FaultFlowStory.self)
      box.current = flow
      expectError(.storyClosed, containing: ["Story App > FaultFlow is closed"]) {
        try flow.resolve(FaultStore.self)
      }
      #expect(flow.isClosed)
      #expect(census.created("store") == 1)
      #expect(census.alive("store") == 0)
      expectError(.storyClosed) { try flow.resolve(FaultStore.self) }

      // A transient: the story owns nothing of it, so the caller gets what was built.
      let other = try app.open(FaultFlowStory.self)
      box.current = other
      let router = try other.resolve(FaultRouter.self)
      #expect(router.label == "router")
      #expect(other.isClosed)
      expectError(.storyClosed) { try other.resolve(FaultRouter.self) }
      #expect(app.tree.children.isEmpty)
      box.current = nil
      app.close()
    }
  }

  @Test func closingTheParentFromInsideAFactoryOfANestedStoryClosesBoth() {
    withinDeadline {
      let census = Census()
      let box = StoryBox()
      let app = try start { r in
        r.register(FaultStore.self, lifetime: .story(FaultStepStory.self)) { _ in
          box.current?.close()
          return FaultStore(census: census)
        }
      }
      let flow = try app.open(FaultFlowStory.self)
      let step = try flow.open(FaultStepStory.self)
      box.current = flow
      expectError(.storyClosed, containing: ["Story App > FaultFlow > FaultStep is closed"]) {
        try step.resolve(FaultStore.self)
      }
      #expect(flow.isClosed && step.isClosed)
      #expect(census.totalAlive == 0)
      #expect(app.tree.children.isEmpty)
      box.current = nil
    }
  }

  /// An app whose flow story owns a store and whose step story owns a router; diagnostics go to
  /// `diagnostics`.
  private func startFlowAndStep(census: Census, diagnostics: DiagnosticSink) throws -> Story {
    var configuration = Registry.Configuration()
    configuration.onDiagnostic = { diagnostics.append($0) }
    return try Registry(
      AnyAssembly { r in
        r.register(FaultStore.self, lifetime: .story(FaultFlowStory.self)) { _ in
          FaultStore(census: census)
        }
        r.register(FaultRouter.self, lifetime: .story(FaultStepStory.self)) { _ in
          FaultRouter(census: census)
        }
      }
    ).start(configuration)
  }

  @Test func closingTwiceOrFromManyThreadsAtOnceReleasesEverythingExactlyOnce() throws {
    let census = Census()
    let diagnostics = DiagnosticSink()
    let app = try startFlowAndStep(census: census, diagnostics: diagnostics)
    let flow = try app.open(FaultFlowStory.self)
    _ = try flow.resolve(FaultStore.self)
    flow.close()
    flow.close()
    #expect(flow.isClosed)
    #expect(census.totalAlive == 0)

    for _ in 0..<50 {
      let flow = try app.open(FaultFlowStory.self)
      let step = try flow.open(FaultStepStory.self)
      _ = try step.resolve(FaultStore.self)
      _ = try step.resolve(FaultRouter.self)
      try #require(
        runThreads(4, within: 60) { worker in
          if worker.isMultiple(of: 2) { flow.close() } else { step.close() }
        })
      #expect(flow.isClosed && step.isClosed)
    }
    #expect(census.created("store") == 51)
    #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
    #expect(app.tree.children.isEmpty)
    #expect(diagnostics.all.isEmpty)
  }

  @Test func resolvingAnythingAfterCloseIsRefusedWithTheClosedStoryNamed() throws {
    let census = Census()
    let app = try start { r in
      r.register(FaultRouter.self) { _ in FaultRouter(census: census) }
      r.register(FaultRouter.self, name: "graph", lifetime: .graph) { _ in
        FaultRouter(census: census)
      }
      r.register(FaultRouter.self, name: "weak", lifetime: .weak) { _ in
        FaultRouter(census: census)
      }
      r.register(StressClock.self, lifetime: .app) { _ in StressClock(census: census) }
      r.register(FaultStore.self, lifetime: .story(FaultFlowStory.self)) { _ in
        FaultStore(census: census)
      }
    }
    let flow = try app.open(FaultFlowStory.self)
    let step = try flow.open(FaultStepStory.self)
    // Warm every cache first: a closed story must refuse even what is already built elsewhere.
    let clock = try step.resolve(StressClock.self)
    let store = try flow.resolve(FaultStore.self)
    let weak = try app.resolve(FaultRouter.self, name: "weak")
    let resolver = step.resolver
    let provider = step.provider(FaultStore.self)
    step.close()
    let message = "Story App > FaultFlow > FaultStep is closed"
    expectError(.storyClosed, containing: [message]) { try step.resolve(FaultRouter.self) }
    expectError(.storyClosed, containing: [message]) {
      try step.resolve(FaultRouter.self, name: "graph")
    }
    expectError(.storyClosed, containing: [message]) {
      try step.resolve(FaultRouter.self, name: "weak")
    }
    expectError(.storyClosed, containing: [message, "cannot resolve StressClock"]) {
      try step.resolve(StressClock.self)
    }
    expectError(.storyClosed, containing: [message, "cannot resolve FaultStore"]) {
      try step.resolve(FaultStore.self)
    }
    expectError(.storyClosed, containing: [message]) { try resolver.resolve(FaultStore.self) }
    expectError(.storyClosed, containing: [message]) { try provider() }
    expectError(.storyClosed, containing: [message]) { try step.open(FaultStepStory.self) }
    expectError(.storyClosed, containing: [message]) {
      try step.withStory(FaultStepStory.self) { _ in }
    }
    // The open stories around it are unaffected.
    #expect(try flow.resolve(FaultStore.self) === store)
    #expect(try app.resolve(StressClock.self) === clock)
    #expect(try app.resolve(FaultRouter.self, name: "weak") === weak)
    flow.close()
    app.close()
  }

  @Test func droppingTheLastReferenceToAnOpenStoryClosesItAndItsChildrenAndReportsIt() throws {
    let census = Census()
    let diagnostics = DiagnosticSink()
    let app = try startFlowAndStep(census: census, diagnostics: diagnostics)
    var flow: Story? = try app.open(FaultFlowStory.self)
    let step = try flow!.open(FaultStepStory.self)
    _ = try step.resolve(FaultStore.self)
    _ = try step.resolve(FaultRouter.self)
    #expect(census.totalAlive == 2)
    flow = nil
    #expect(census.totalAlive == 0)
    #expect(step.isClosed)
    expectError(.storyClosed, containing: ["Story App > FaultFlow > FaultStep is closed"]) {
      try step.resolve(FaultRouter.self)
    }
    #expect(app.tree.children.isEmpty)
    #expect(diagnostics.all.map(\.storyChain) == [["App", "FaultFlow"]])

    // Dropped on another thread while this one still resolves through a stored resolver.
    var other: Story? = try app.open(FaultFlowStory.self)
    let resolver = other!.resolver
    _ = try resolver.resolve(FaultStore.self)
    let handOff = Locked<Story?>(other)
    other = nil
    try #require(runThreads(1, within: 60) { _ in handOff.withLock { $0 = nil } })
    expectError(.storyClosed) { try resolver.resolve(FaultStore.self) }
    #expect(census.totalAlive == 0)
    #expect(diagnostics.all.count == 2)
    app.close()
  }

  // MARK: - Leak checks racing closes

  /// Weak references to what a story owned, checked once its `close()` returned: a leak detector's
  /// check. It answers with the labels still alive.
  struct LeakCheck {
    final class Reference: @unchecked Sendable {
      // Invariant: `object` is a weak reference, which the runtime reads and clears atomically.
      weak var object: AnyObject?
      let label: String
      init(_ object: Counted) {
        self.object = object
        self.label = object.label
      }
    }

    var references: [Reference] = []

    mutating func track(_ object: Counted) { references.append(Reference(object)) }

    var leaked: [String] { references.filter { $0.object != nil }.map(\.label).sorted() }
  }

  @Test func leakCheckRightAfterCloseIsRightWhileOtherThreadsCloseTheSameStories() throws {
    let census = Census()
    let flows = PerOwnerCounter()
    let app = try Registry(
      AnyAssembly { r in registerStressGraph(r, census: census, flows: flows) }
    ).start(quiet)
    let stop = Signal()
    let churned = Locked(0)
    // Two threads open and close other stories all the time.
    let churn = Signal()
    Thread {
      runThreads(2, within: 240) { _ in
        while !stop.wait(seconds: 0) {
          guard let flow = try? app.open(StressFlowStory.self) else { continue }
          _ = try? flow.resolve(StressPresenter.self)
          _ = try? flow.open(StressStepStory.self).resolve(StepState.self)
          flow.close()
          churned.withLock { $0 += 1 }
        }
      }
      churn.fire()
    }.start()

    var verdicts: [[String]] = []
    var expected: [[String]] = []
    var kept: [AnyObject] = []
    for round in 0..<200 {
      let flow = try app.open(StressFlowStory.self)
      let step = try flow.open(StressStepStory.self)
      var check = LeakCheck()
      do {
        let state = try step.resolve(StepState.self)
        check.track(state)
        check.track(state.flow)
        check.track(try step.resolve(ScratchReport.self))
        // Every fourth round keeps the step state alive past the close: a real leak (with the
        // flow state it holds).
        if round.isMultiple(of: 4) {
          kept.append(state)
          expected.append(["flow", "step"])
        } else {
          expected.append([])
        }
      }
      // Another thread closes the same flow (or the step inside it) at the same moment.
      let gate = Rendezvous(parties: 2)
      let closer = Signal()
      Thread {
        gate.arrive()
        if round.isMultiple(of: 2) { flow.close() } else { step.close() }
        closer.fire()
      }.start()
      gate.arrive()
      flow.close()
      verdicts.append(check.leaked)
      #expect(closer.wait(seconds: 60))
    }
    stop.fire()
    #expect(churn.wait(seconds: 240))
    #expect(verdicts == expected)
    #expect(churned.current > 0)
    kept.removeAll()
    #expect(census.alive("app") == 3)
    #expect(census.totalAlive == 3, "\(census.aliveByLabel)")
    app.close()
  }
}
