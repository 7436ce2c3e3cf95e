import Dispatch
import Foundation
import Testing

@testable import ViperNest

// Real threads hammering one registry with every kind of operation at once. Run under
// ThreadSanitizer in CI (`TSAN_OPTIONS=halt_on_error=1 swift test --sanitize=thread`): a data race
// anywhere in the registry aborts the run.

enum StressFlowStory: UserStory {}
enum StressStepStory: UserStory {}
enum StressScratchStory: UserStory {}

// App singletons: they depend only on each other, so after every story closes the live instances
// are exactly these three.
final class StressClock: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "app") }
}
final class StressCatalog: Counted, @unchecked Sendable {
  let clock: StressClock
  init(census: Census, clock: StressClock) {
    self.clock = clock
    super.init(census, "app")
  }
}
final class StressAnalytics: Counted, @unchecked Sendable {
  let catalog: StressCatalog
  init(census: Census, catalog: StressCatalog, clock: StressClock) {
    self.catalog = catalog
    super.init(census, "app")
  }
}

/// One per open flow story; knows which story node built it.
final class FlowState: Counted, @unchecked Sendable {
  let owner: ObjectIdentifier
  init(census: Census, owner: ObjectIdentifier) {
    self.owner = owner
    super.init(census, "flow")
  }
}

/// One per open step story (nested in a flow).
final class StepState: Counted, @unchecked Sendable {
  let owner: ObjectIdentifier
  let flow: FlowState
  let catalog: StressCatalog
  init(census: Census, owner: ObjectIdentifier, flow: FlowState, catalog: StressCatalog) {
    self.owner = owner
    self.flow = flow
    self.catalog = catalog
    super.init(census, "step")
  }
}

final class ScratchState: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "scratch") }
}

/// Built by a factory that opens a story, resolves inside it and closes it again.
final class ScratchReport: Counted, @unchecked Sendable {
  init(census: Census, sawScratch: Bool) { super.init(census, sawScratch ? "report" : "broken") }
}

final class StressLeaf: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "transient") }
}

final class WeakCache: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "weak") }
}

/// Built from a runtime argument; its factory throws for multiples of 5.
final class Flaky: Counted, @unchecked Sendable {
  init(census: Census) { super.init(census, "flaky") }
}

// A VIPER module: a transient presenter, interactor and a `graph` router they share.
final class StressRouter: Counted, @unchecked Sendable {
  let steps: Provider<StepState>
  init(census: Census, steps: Provider<StepState>) {
    self.steps = steps
    super.init(census, "module")
  }
}
final class StressInteractor: Counted, @unchecked Sendable {
  let flow: FlowState
  let router: StressRouter
  init(census: Census, flow: FlowState, router: StressRouter, analytics: StressAnalytics) {
    self.flow = flow
    self.router = router
    super.init(census, "module")
  }
}
final class StressPresenter: Counted, @unchecked Sendable {
  let interactor: StressInteractor
  let router: StressRouter
  init(census: Census, interactor: StressInteractor, router: StressRouter) {
    self.interactor = interactor
    self.router = router
    super.init(census, "module")
  }
}

/// Everything the stress registry can resolve. Closure factories report the story node that owns
/// what they build, to count creations per owner.
func registerStressGraph(_ r: Registrar, census: Census, flows: PerOwnerCounter) {
  r.register(Census.self, lifetime: .app) { _ in census }
  r.register(StressClock.self, lifetime: .app, StressClock.init(census:))
  r.register(StressCatalog.self, lifetime: .app, StressCatalog.init(census:clock:))
  r.register(StressAnalytics.self, lifetime: .app, StressAnalytics.init(census:catalog:clock:))
  r.register(FlowState.self, lifetime: .story(StressFlowStory.self)) { r in
    flows.increment(ObjectIdentifier(r.node))
    return FlowState(census: census, owner: ObjectIdentifier(r.node))
  }
  r.register(StepState.self, lifetime: .story(StressStepStory.self)) { r in
    StepState(
      census: census, owner: ObjectIdentifier(r.node), flow: try r.resolve(),
      catalog: try r.resolve())
  }
  r.story(StressScratchStory.self) { r in
    r.register(
      ScratchState.self, lifetime: .story(StressScratchStory.self), ScratchState.init(census:))
  }
  r.register(ScratchReport.self) { r in
    try r.withStory(StressScratchStory.self) { scratch in
      let state = try scratch.resolve(ScratchState.self)
      return ScratchReport(
        census: census, sawScratch: state === (try scratch.resolve(ScratchState.self)))
    }
  }
  r.register(StressLeaf.self, StressLeaf.init(census:))
  r.register(WeakCache.self, lifetime: .weak, WeakCache.init(census:))
  r.register(Flaky.self, arguments: Int.self) { _, number in
    if number.isMultiple(of: 5) { throw Boom() }
    return Flaky(census: census)
  }
  r.register(StressRouter.self, lifetime: .graph, StressRouter.init(census:steps:))
  r.register(StressInteractor.self, StressInteractor.init(census:flow:router:analytics:))
  r.register(StressPresenter.self, StressPresenter.init(census:interactor:router:))
}

/// An open flow story shared by the workers, with the flow state each of its resolutions saw.
final class SharedFlow: @unchecked Sendable {
  // Invariant: `story` and `step` are immutable; `seen` is only touched while holding `lock`.
  let story: Story
  /// A step story opened inside the flow at once, resolved from while the flow may be closing.
  let step: Story
  private let lock = NSLock()
  private var seen: Set<ObjectIdentifier> = []

  init(_ story: Story) throws {
    self.story = story
    step = try story.open(StressStepStory.self)
  }

  func saw(_ state: FlowState) { lock.withLock { _ = seen.insert(ObjectIdentifier(state)) } }
  var distinctStates: Int { lock.withLock { seen.count } }
}

/// What the workers did and what went wrong.
final class StressLedger: @unchecked Sendable {
  // Invariant: every `var` is only touched while holding `lock`.
  private let lock = NSLock()
  private var operations = 0
  private var expectedFailures: [String: Int] = [:]
  private var problems: [String] = []
  private var droppedOpen = 0

  func count(_ operations: Int) { lock.withLock { self.operations += operations } }
  func expected(_ kind: String) { lock.withLock { expectedFailures[kind, default: 0] += 1 } }
  func droppedWithoutClose() { lock.withLock { droppedOpen += 1 } }
  func problem(_ text: String) {
    lock.withLock { if problems.count < 20 { problems.append(text) } }
  }

  var totalOperations: Int { lock.withLock { operations } }
  var failures: [String: Int] { lock.withLock { expectedFailures } }
  var allProblems: [String] { lock.withLock { problems } }
  var storiesDroppedOpen: Int { lock.withLock { droppedOpen } }
}

struct StressTests {
  static let workers = 4
  static let operationsPerWorker = 10_000

  @Test func mixedOperationsOnManyThreadsLoseNothingAndLeakNothing() throws {
    let census = Census()
    let flowCreations = PerOwnerCounter()
    let diagnostics = DiagnosticSink()
    var configuration = Registry.Configuration()
    configuration.onDiagnostic = { diagnostics.append($0) }
    let registry = try Registry(
      AnyAssembly("Stress") { r in registerStressGraph(r, census: census, flows: flowCreations) })
    #expect(registry.validate().problems.isEmpty, "\(registry.validate())")
    let app = try registry.start(configuration)

    let pool = Locked<[SharedFlow]>(
      try (0..<4).map { _ in try SharedFlow(app.open(StressFlowStory.self)) })
    let retired = Locked<[SharedFlow]>([])
    let analytics = Locked<[ObjectIdentifier]>([])
    let ledger = StressLedger()
    let start = Rendezvous(parties: Self.workers)

    let finished = runThreads(Self.workers, within: 300) { worker in
      var random = SeededGenerator(seed: 0x5EED_0000 + UInt64(worker))
      start.arrive()
      // First access races: every worker asks for the app singletons at the same moment.
      do {
        let first = try app.resolve(StressAnalytics.self)
        analytics.withLock { $0.append(ObjectIdentifier(first)) }
      } catch {
        ledger.problem("first access: \(error)")
      }
      for step in 0..<Self.operationsPerWorker {
        Self.operation(
          Int.random(in: 0..<100, using: &random), step: step, app: app, pool: pool,
          retired: retired, ledger: ledger, random: &random)
      }
      ledger.count(Self.operationsPerWorker + 1)
    }
    try #require(finished)

    for flow in pool.current + retired.current { flow.story.close() }
    #expect(ledger.allProblems.isEmpty, "\(ledger.allProblems.joined(separator: "\n"))")
    #expect(ledger.totalOperations == Self.workers * (Self.operationsPerWorker + 1))
    // Every singleton was created exactly once per owner.
    #expect(census.created("app") == 3)
    #expect(Set(analytics.current).count == 1)
    #expect(flowCreations.all.values.allSatisfy { $0 == 1 }, "\(flowCreations.all.values.sorted())")
    let flows = pool.current + retired.current
    #expect(flows.allSatisfy { $0.distinctStates <= 1 })
    // After every story closed, only the app singletons are alive.
    #expect(app.tree.children.isEmpty)
    #expect(census.totalAlive == 3, "\(census.aliveByLabel)")
    #expect(census.alive("app") == 3)
    // A dropped step whose flow another worker closed first was already closed: no report.
    #expect(diagnostics.all.count <= ledger.storiesDroppedOpen)
    #expect(diagnostics.all.count > ledger.storiesDroppedOpen / 2)
    #expect(
      diagnostics.all.allSatisfy {
        $0.kind == .storyReleasedWithoutClose
          && $0.storyChain == ["App", "StressFlow", "StressStep"]
      })
    app.close()
    #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
    print(
      "StressTests: \(ledger.totalOperations) operations on \(Self.workers) threads; expected "
        + "failures \(ledger.failures.sorted { $0.key < $1.key })")
  }

  /// One random operation. Failures that concurrency makes legitimate (the story was closed by
  /// another worker, the flaky factory threw) are counted; anything else is a problem.
  private static func operation(
    _ choice: Int, step: Int, app: Story, pool: Locked<[SharedFlow]>,
    retired: Locked<[SharedFlow]>, ledger: StressLedger, random: inout SeededGenerator
  ) {
    let flow = pool.withLock { $0.isEmpty ? nil : $0[Int.random(in: 0..<$0.count, using: &random)] }
    do {
      switch choice {
      case 0..<12:
        _ = try (flow?.story ?? app).resolve(StressLeaf.self)
      case 12..<20:
        let analytics = try (flow?.step ?? app).resolve(StressAnalytics.self)
        if analytics.catalog !== (try app.resolve(StressCatalog.self)) {
          ledger.problem("app singleton not shared")
        }
      case 20..<34:
        guard let flow else { return }
        let state = try flow.story.resolve(FlowState.self)
        flow.saw(state)
        if state.owner != ObjectIdentifier(flow.story.node) {
          ledger.problem("flow state owned by another story")
        }
      case 34..<46:
        guard let flow else { return }
        let presenter = try flow.story.resolve(StressPresenter.self)
        if presenter.router !== presenter.interactor.router {
          ledger.problem("graph lifetime not shared within one resolution")
        }
        flow.saw(presenter.interactor.flow)
      case 46..<56:
        guard let flow else { return }
        let step = try flow.story.open(StressStepStory.self)
        let state = try step.resolve(StepState.self)
        if state !== (try step.resolve(StepState.self)) { ledger.problem("step state not shared") }
        if state.owner != ObjectIdentifier(step.node) { ledger.problem("step state misowned") }
        flow.saw(state.flow)
        _ = try step.resolve(StressPresenter.self).router.steps()
        if Int.random(in: 0..<10, using: &random) == 0 {
          ledger.droppedWithoutClose()  // Released below without close(): closed and reported.
        } else {
          step.close()
        }
      case 56..<60:
        let story = try app.open(StressFlowStory.self)
        let shared = try SharedFlow(story)
        let full = pool.withLock { pool in
          if pool.count >= 8 { return true }
          pool.append(shared)
          return false
        }
        if full { story.close() }
      case 60..<65:
        // Close a flow while other workers resolve from it and from the step inside it.
        let victim = pool.withLock { pool -> SharedFlow? in
          pool.count <= 2 ? nil : pool.remove(at: Int.random(in: 0..<pool.count, using: &random))
        }
        if let victim {
          victim.story.close()
          if !victim.step.isClosed { ledger.problem("step left open after its flow closed") }
          retired.withLock { $0.append(victim) }
        }
      case 65..<75:
        guard let flow else { return }
        let report = try flow.step.resolve(ScratchReport.self)
        if report.label != "report" { ledger.problem("scratch story not shared inside itself") }
      case 75..<85:
        let number = Int.random(in: 0..<100, using: &random)
        do {
          _ = try (flow?.story ?? app).resolve(Flaky.self, arguments: number)
          if number.isMultiple(of: 5) { ledger.problem("flaky factory did not throw") }
        } catch let error as ViperNestError where error.code == .factoryFailed {
          if !(error.underlyingError is Boom) { ledger.problem("wrong underlying error: \(error)") }
          ledger.expected("flaky factory threw")
        }
      case 85..<92:
        let held = try app.resolve(WeakCache.self)
        if held !== (try (flow?.story ?? app).resolve(WeakCache.self)) {
          ledger.problem("weak instance not shared while held")
        }
      default:
        guard let flow else { return }
        let state = try flow.step.resolve(StepState.self)
        flow.saw(state.flow)
      }
    } catch let error as ViperNestError where error.code == .storyClosed {
      ledger.expected("story closed by another worker")
    } catch {
      ledger.problem("operation \(choice) at step \(step): \(error)")
    }
  }

  // MARK: - First access

  @Test func racingFirstAccessCreatesEachSingletonOncePerOwnerEvenWhenTheFirstAttemptThrows()
    throws
  {
    for round in 0..<25 {
      let census = Census()
      let attempts = Locked<[ObjectIdentifier: Int]>([:])
      let app = try start { r in
        r.register(StressClock.self, lifetime: .app) { _ in StressClock(census: census) }
        // The first attempt in each story throws; the waiting threads then retry.
        r.register(FlowState.self, lifetime: .story(StressFlowStory.self)) { r in
          let attempt = attempts.withLock { attempts in
            attempts[ObjectIdentifier(r.node), default: 0] += 1
            return attempts[ObjectIdentifier(r.node)]!
          }
          if attempt == 1 { throw Boom() }
          return FlowState(census: census, owner: ObjectIdentifier(r.node))
        }
      }
      let stories = try (0..<2).map { _ in try app.open(StressFlowStory.self) }
      let seen = Locked<[Int: Set<ObjectIdentifier>]>([:])
      let clocks = Locked<Set<ObjectIdentifier>>([])
      let unexpected = Locked<[String]>([])
      let gate = Rendezvous(parties: 4)
      try #require(
        runThreads(4, within: 60) { worker in
          gate.arrive()
          do {
            let clock = try app.resolve(StressClock.self)
            clocks.withLock { _ = $0.insert(ObjectIdentifier(clock)) }
          } catch {
            unexpected.withLock { $0.append("\(error)") }
          }
          let story = stories[worker % 2]
          for _ in 0..<2 {
            do {
              let state = try story.resolve(FlowState.self)
              seen.withLock { _ = $0[worker % 2, default: []].insert(ObjectIdentifier(state)) }
            } catch let error as ViperNestError where error.underlyingError is Boom {
            } catch {
              unexpected.withLock { $0.append("\(error)") }
            }
          }
        })
      #expect(unexpected.current.isEmpty, "round \(round): \(unexpected.current)")
      #expect(census.created("app") == 1, "round \(round)")
      #expect(clocks.current.count == 1, "round \(round)")
      #expect(census.created("flow") <= 2, "round \(round)")
      #expect(seen.current.values.allSatisfy { $0.count == 1 }, "round \(round)")
      for story in stories { story.close() }
      #expect(census.alive("flow") == 0)
      app.close()
      #expect(census.totalAlive == 0)
    }
  }

  // MARK: - Waiting for each other without a cycle

  final class Hub: @unchecked Sendable {
    // Invariant: immutable after init.
    init() {}
  }
  final class Spoke: @unchecked Sendable {
    // Invariant: immutable after init.
    let hub: Hub
    init(hub: Hub) { self.hub = hub }
  }
  final class Rim: @unchecked Sendable {
    // Invariant: immutable after init.
    let spoke: Spoke
    init(spoke: Spoke) { self.spoke = spoke }
  }

  /// Thread 1 builds Spoke and waits for Hub, which thread 2 builds; thread 2 then builds Rim,
  /// which waits for Spoke; thread 3 waits for Rim. Whatever the order, nobody waits for anybody
  /// in a circle, so nothing may report a circular dependency (before the fix, a waiter that had
  /// not woken up yet still counted as waiting, and closed a circle that did not exist).
  @Test func threadsWaitingForEachOthersSingletonsInAChainNeverSeeACycle() throws {
    let outcomes = Locked<[String: Int]>([:])
    for _ in 0..<300 {
      let app = try start { r in
        r.register(Hub.self, lifetime: .app, Hub.init)
        r.register(Spoke.self, lifetime: .app, Spoke.init(hub:))
        r.register(Rim.self, lifetime: .app, Rim.init(spoke:))
      }
      let gate = Rendezvous(parties: 3)
      try #require(
        runThreads(3, within: 60) { worker in
          gate.arrive()
          let outcome: String
          do {
            switch worker {
            case 0: _ = try app.resolve(Spoke.self)
            case 1:
              _ = try app.resolve(Hub.self)
              _ = try app.resolve(Rim.self)
            default: _ = try app.resolve(Rim.self)
            }
            outcome = "ok"
          } catch {
            outcome = "\(error)"
          }
          outcomes.withLock { $0[outcome, default: 0] += 1 }
        })
      app.close()
    }
    #expect(outcomes.current == ["ok": 900], "\(outcomes.current)")
  }

  // MARK: - No lock held while user code runs

  /// What another thread must be able to do, without waiting, while a factory runs in `story`.
  private static func everythingElseSucceeds(in story: Story, app: Story) throws -> String {
    _ = story.tree
    _ = try story.resolve(StressLeaf.self)
    _ = try story.resolve(StressClock.self)
    try story.withStory(StressScratchStory.self) { scratch in
      _ = try scratch.resolve(ScratchState.self)
    }
    let sibling = try app.open(StressFlowStory.self)
    _ = try sibling.resolve(FlowState.self)
    sibling.close()
    return "\(app.tree)"
  }

  @Test(arguments: ["app", "story", "transient", "weak"])
  func whileAFactoryRunsAnotherThreadCanDoEverythingInTheSameStory(lifetime: String) throws {
    final class Slow: @unchecked Sendable {
      // Invariant: immutable after init.
      let report: String
      init(report: String) { self.report = report }
    }
    let census = Census()
    let storyBox = Locked<Story?>(nil)
    let appBox = Locked<Story?>(nil)
    let registry = try Registry(
      AnyAssembly { r in
        r.register(StressClock.self, lifetime: .app) { _ in StressClock(census: census) }
        r.register(StressLeaf.self) { _ in StressLeaf(census: census) }
        r.register(FlowState.self, lifetime: .story(StressFlowStory.self)) { r in
          FlowState(census: census, owner: ObjectIdentifier(r.node))
        }
        r.story(StressScratchStory.self) { r in
          r.register(ScratchState.self, lifetime: .story(StressScratchStory.self)) { _ in
            ScratchState(census: census)
          }
        }
        let chosen: Lifetime =
          switch lifetime {
          case "app": .app
          case "story": .story(StressFlowStory.self)
          case "weak": .weak
          default: .transient
          }
        r.register(Slow.self, lifetime: chosen) { _ in
          // Runs on the resolving thread; another thread must get through while it waits.
          let done = Signal()
          let result = Locked("not finished")
          let helper = Thread {
            let outcome = Result {
              try Self.everythingElseSucceeds(in: storyBox.current!, app: appBox.current!)
            }
            result.withLock { $0 = (try? outcome.get()) ?? "failed: \(outcome)" }
            done.fire()
          }
          helper.start()
          guard done.wait(seconds: 60) else {
            return Slow(report: "blocked: a lock is held while a factory runs")
          }
          return Slow(report: result.current)
        }
      })
    let app = try registry.start(quiet)
    let flow = try app.open(StressFlowStory.self)
    appBox.withLock { $0 = app }
    storyBox.withLock { $0 = flow }
    let slow = try flow.resolve(Slow.self)
    #expect(slow.report.hasPrefix("App"), "\(slow.report)")
    flow.close()
    appBox.withLock { $0 = nil }
    storyBox.withLock { $0 = nil }
    app.close()
    #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
  }

  @Test func factoriesThatResolveOpenStoriesAndThrowOnManyThreadsNeverDeadlock() throws {
    let census = Census()
    let flows = PerOwnerCounter()
    let app = try Registry(
      AnyAssembly { r in registerStressGraph(r, census: census, flows: flows) }
    ).start(quiet)
    let flow = try app.open(StressFlowStory.self)
    let outcomes = Locked<[String: Int]>([:])
    try #require(
      runThreads(4, within: 120) { worker in
        for index in 0..<500 {
          let outcome: String
          do {
            switch (worker + index) % 3 {
            case 0: _ = try flow.resolve(ScratchReport.self)
            case 1: _ = try flow.resolve(Flaky.self, arguments: index)
            default: _ = try flow.resolve(StressPresenter.self)
            }
            outcome = "ok"
          } catch let error as ViperNestError where error.underlyingError is Boom {
            outcome = "boom"
          } catch {
            outcome = "\(error)"
          }
          outcomes.withLock { $0[outcome, default: 0] += 1 }
        }
      })
    #expect(Set(outcomes.current.keys) == ["ok", "boom"], "\(outcomes.current)")
    #expect(outcomes.current.values.reduce(0, +) == 2_000)
    flow.close()
    app.close()
    #expect(census.totalAlive == 0, "\(census.aliveByLabel)")
  }
}
