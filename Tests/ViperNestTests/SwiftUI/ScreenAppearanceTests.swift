import Testing
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI
import ViperNestTesting

/// A presenter that adopts `ScreenAppearance` is told when its screen appears and disappears, at
/// SwiftUI's moments, and runs `screenTask()` while its screen is on screen, as `.task` runs.
///
/// SwiftUI facts (tags of ../shared/notes/swiftui-behaviour.md): N14 views on a stack get
/// `onAppear`/`onDisappear` as they are covered and uncovered, and popping ends them; L4 `.task` is
/// cancelled "at some point after the view disappears". `onAppear` runs before the first frame
/// that shows the view (doc: swiftui/view/onappear(perform:)). A page sheet leaves the presenting
/// screen on screen (doc: uikit/uimodalpresentationstyle/pagesheet, "partially covers the
/// underlying content"); a full-screen cover removes it once presented
/// (doc: uikit/uimodalpresentationstyle/fullscreen).
@MainActor
struct ScreenAppearanceTests {
  /// A ratings screen at the root of a headless SwiftUI stack.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  private struct Shown {
    let host = HeadlessHost()
    let app: Story
    let story: Story
    let navigation: ScreenNavigation
    let service: RatingsService
    let log: RatingsLog
    let stack: HeadlessScreenStack

    init(loads ratings: [Int]? = [5, 4], leak: RatingsService.Leak? = nil) throws {
      app = try Registry(host.assembly, RatingsAssembly()).start(quiet)
      story = try app.open(RatingsStory.self)
      navigation = try story.resolve(ScreenNavigation.self)
      service = try story.resolve(RatingsService.self)
      service.ratings = ratings
      service.leak = leak
      log = try story.resolve(RatingsLog.self)
      stack = HeadlessScreenStack(
        navigation: navigation, root: try RatingsScreenBuilder.build(in: story))
    }

    /// A new ratings module in a story of its own, with the story.
    func build() throws -> (module: any Presentable, story: Story) {
      let opened = try story.open(RatingsDetailStory.self)
      return (try RatingsScreenBuilder.build(in: opened), opened)
    }

    /// The presenter of the screen `route` shows.
    func presenter(_ route: ScreenRoute?) throws -> RatingsPresenter {
      try #require((route?.screen as? RatingsScreen)?.presenter)
    }
  }

  /// Whether `condition` holds now or once the main actor ran what is queued (the screens'
  /// tasks), polled against a deadline.
  private func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(5))
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      await Task.yield()
    }
    return true
  }

  // MARK: - Stack

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theRootAppearsWhenTheStackFirstShowsItAndItsTaskLoadsWithoutACall() async throws {
    let shown = try Shown()
    defer { shown.story.close() }

    #expect(shown.log.appearance == ["1 appeared"])
    #expect(await eventually { shown.log.tasks == ["1 task started", "1 loaded"] })
    let root = try #require(shown.stack.root as? HeadlessScreenHostingController)
    #expect((root.screen as? RatingsScreen)?.presenter.ratings == [5, 4])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPushShowsThePushedScreenAndHidesTheCoveredOneAtTheUpdate() async throws {
    let shown = try Shown(loads: nil)
    defer { shown.story.close() }
    #expect(await eventually { shown.log.tasks == ["1 task started"] })
    let pushed = try shown.build()

    try shown.navigation.push(pushed.module, story: pushed.story)
    #expect(shown.log.appearance == ["1 appeared"], "nothing appears before SwiftUI renders")
    shown.stack.update()

    #expect(shown.log.appearance == ["1 appeared", "2 appeared", "1 disappeared"])
    #expect(
      await eventually {
        shown.log.tasks.sorted() == ["1 task cancelled", "1 task started", "2 task started"]
      }, "L4: the covered screen's task is cancelled; the pushed one's starts")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theBackButtonHidesThePoppedScreenCancelsItsLoadAndShowsTheRootAgain() async throws {
    let shown = try Shown(loads: nil)
    defer { shown.story.close() }
    let pushed = try shown.build()
    try shown.navigation.push(pushed.module, story: pushed.story)
    shown.stack.update()
    let presenter = WeakRef(try shown.presenter(shown.navigation.path.last))
    #expect(await eventually { shown.log.tasks.contains("2 task started") })

    #expect(shown.stack.tapBack())
    shown.stack.update()

    #expect(
      shown.log.appearance.suffix(2) == ["1 appeared", "2 disappeared"],
      "N14: the uncovered root appears again")
    #expect(await eventually { shown.log.tasks.contains("2 task cancelled") })
    #expect(
      await eventually { shown.log.tasks.filter { $0 == "1 task started" }.count == 2 },
      "the root's task starts again")
    shown.stack.update()
    #expect(presenter.object == nil, "the cancelled task no longer holds the popped presenter")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPathRewrittenInOneWriteShowsOnlyItsNewTop() throws {
    let shown = try Shown()
    defer { shown.story.close() }
    let first = try shown.build()
    let second = try shown.build()
    let third = try shown.build()

    try shown.navigation.setPath([
      (first.module, first.story), (second.module, second.story), (third.module, third.story),
    ])
    shown.stack.update()
    #expect(shown.log.appearance == ["1 appeared", "4 appeared", "1 disappeared"])

    #expect(shown.stack.popWithHistoryMenu(keeping: 1))
    shown.stack.update()
    #expect(
      shown.log.appearance.suffix(2) == ["2 appeared", "4 disappeared"],
      "the screen popped from under the top never appeared, so it does not disappear")
  }

  // MARK: - Presentations

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aSheetLeavesTheScreenBeneathShownAndDisappearsWhenItsSwipeEnds() throws {
    let shown = try Shown()
    defer { shown.story.close() }
    let sheet = try shown.build()

    try shown.navigation.presentSheet(sheet.module, story: sheet.story)
    shown.stack.update()
    #expect(shown.log.appearance == ["1 appeared", "2 appeared"], "the root stays on screen")

    #expect(shown.stack.swipeDownSheet())
    #expect(
      shown.log.appearance == ["1 appeared", "2 appeared", "2 disappeared"],
      "S3: the sheet is gone when the swipe ends, before SwiftUI writes its binding")
    #expect(shown.navigation.sheet != nil)
    shown.stack.update()
    #expect(shown.navigation.sheet == nil)
    #expect(shown.log.appearance.count == 3, "the root never left the screen")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aFullScreenCoverHidesTheScreenBeneathUntilItIsDismissed() async throws {
    let shown = try Shown(loads: nil)
    defer { shown.story.close() }
    let cover = try shown.build()

    try shown.navigation.presentFullScreenCover(cover.module, story: cover.story)
    shown.stack.update()
    #expect(shown.log.appearance == ["1 appeared", "2 appeared", "1 disappeared"])
    #expect(await eventually { shown.log.tasks.contains("1 task cancelled") })

    shown.navigation.dismissFullScreenCover()
    shown.stack.update()
    #expect(
      shown.log.appearance.suffix(2) == ["1 appeared", "2 disappeared"],
      "the uncovered root appears again")
    #expect(await eventually { shown.log.tasks.contains("2 task cancelled") })
  }

  // MARK: - Hosting controller

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theHeadlessHostingControllerForwardsItsAppearanceToThePresenter() async throws {
    let shown = try Shown(loads: nil)
    defer { shown.story.close() }
    let built = try shown.build()
    let controller = try #require(built.module.viewController as? HeadlessScreenHostingController)

    controller.viewDidAppear(false)
    #expect(shown.log.appearance.last == "2 appeared")
    #expect(await eventually { shown.log.tasks.last == "2 task started" })
    controller.viewDidDisappear(false)
    #expect(shown.log.appearance.last == "2 disappeared")
    #expect(await eventually { shown.log.tasks.last == "2 task cancelled" })
    built.story.close()
  }

  // MARK: - Leak checks

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(arguments: [RatingsService.Leak.onAppear, .afterLoading])
  func aLeakStartedWhenASheetAppearsIsReported(_ leak: RatingsService.Leak) async throws {
    let detector = LeakDetector(timeout: .milliseconds(200))
    var service: RatingsService?
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let shown = try Shown(leak: leak)
      defer { shown.story.close() }
      service = shown.service
      let sheet = try shown.build()
      try shown.navigation.presentSheet(sheet.module, story: sheet.story)
      shown.stack.update()
      #expect(await eventually { shown.log.tasks.contains("2 loaded") })
      #expect(shown.stack.swipeDownSheet())
      return await detector.check()
    }
    let found = try #require(report, "the presenter the service keeps is reported")
    #expect(found.leaks.map(\.typeName).contains("RatingsPresenter"), "\(found)")
    service?.listeners = []  // breaks the cycles, so that nothing is left leaking
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks(timeout: .milliseconds(500)))
  func screensWhoseLoadIsCancelledWhenTheyLeavePassTheDetectsLeaksTrait() async throws {
    let shown = try Shown()
    defer { shown.story.close() }
    #expect(await eventually { shown.log.tasks.contains("1 loaded") })
    shown.service.ratings = nil  // the next loads wait until they are cancelled
    let pushed = try shown.build()
    try shown.navigation.push(pushed.module, story: pushed.story)
    shown.stack.update()
    let sheet = try shown.build()
    try shown.navigation.presentSheet(sheet.module, story: sheet.story)
    shown.stack.update()
    #expect(await eventually { shown.log.tasks.contains("3 task started") })
    #expect(shown.stack.swipeDownSheet())
    shown.stack.update()
    #expect(shown.stack.tapBack())
    // The trait checks the ended modules, whose loads wait until they are cancelled.
  }
}
