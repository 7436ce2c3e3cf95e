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

    /// Shows a new ratings module, in a story of its own, with `show` (the navigation's
    /// `push`, `presentSheet`…). Nothing is kept here: only the navigation holds the module.
    func show(_ show: (ScreenNavigation) -> (any Presentable, Story) throws -> Void) throws {
      let opened = try story.open(RatingsDetailStory.self)
      try show(navigation)(try RatingsScreenBuilder.build(in: opened), opened)
    }

    /// Pushes a new ratings module.
    func push() throws { try show { navigation in { try navigation.push($0, story: $1) } } }

    /// Presents a new ratings module as a sheet.
    func presentSheet() throws {
      try show { navigation in { try navigation.presentSheet($0, story: $1) } }
    }

    /// Writes a path of `count` new ratings modules in one write.
    func setPath(count: Int) throws {
      var modules: [(module: any Presentable, story: Story?)] = []
      for _ in 0..<count {
        let opened = try story.open(RatingsDetailStory.self)
        modules.append((try RatingsScreenBuilder.build(in: opened), opened))
      }
      try navigation.setPath(modules)
    }

    /// Presents a new ratings module as a full-screen cover.
    func presentFullScreenCover() throws {
      try show { navigation in { try navigation.presentFullScreenCover($0, story: $1) } }
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

    try shown.push()
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
    try shown.push()
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
    try shown.setPath(count: 3)
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

    try shown.presentSheet()
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

    try shown.presentFullScreenCover()
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
    let story = try shown.story.open(RatingsDetailStory.self)
    defer { story.close() }
    let controller = try #require(
      try RatingsScreenBuilder.build(in: story).viewController as? HeadlessScreenHostingController)

    let window = controller.host.makeWindow()
    try window.setRootController(controller)  // the host plays UIKit's appearance
    #expect(shown.log.appearance.last == "2 appeared")
    #expect(await eventually { shown.log.tasks.last == "2 task started" })
    try window.setRootController(nil)
    #expect(shown.log.appearance.last == "2 disappeared")
    #expect(await eventually { shown.log.tasks.last == "2 task cancelled" })
  }

  // MARK: - Leak checks

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(arguments: [nil, RatingsService.Leak.onAppear, .afterLoading])
  func aLeakStartedWhenASheetAppearsIsReported(_ leak: RatingsService.Leak?) async throws {
    let detector = LeakDetector(timeout: .milliseconds(200))
    var service: RatingsService?
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let shown = try Shown(leak: leak)
      defer { shown.story.close() }
      service = shown.service
      try shown.presentSheet()
      shown.stack.update()
      #expect(await eventually { shown.log.tasks.contains("2 loaded") })
      #expect(shown.stack.swipeDownSheet())
      return await detector.check()
    }
    defer { service?.listeners = [] }  // breaks the cycles, so that nothing is left leaking
    guard leak != nil else {
      #expect(report == nil, "without the leak, the dismissed sheet passes")
      return
    }
    let found = try #require(report, "the presenter the service keeps is reported")
    #expect(found.leaks.map(\.typeName).contains("RatingsPresenter"), "\(found)")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks(timeout: .milliseconds(500)))
  func screensWhoseLoadIsCancelledWhenTheyLeavePassTheDetectsLeaksTrait() async throws {
    let shown = try Shown()
    defer { shown.story.close() }
    #expect(await eventually { shown.log.tasks.contains("1 loaded") })
    shown.service.ratings = nil  // the next loads wait until they are cancelled
    try shown.push()
    shown.stack.update()
    try shown.presentSheet()
    shown.stack.update()
    #expect(await eventually { shown.log.tasks.contains("3 task started") })
    #expect(shown.stack.swipeDownSheet())
    shown.stack.update()  // the sheet's binding is written
    shown.stack.update()  // and its value released
    // The root, uncovered, loads again: let that load end, since the root stays on screen (a
    // task of a screen still shown keeps running, as in SwiftUI).
    shown.service.ratings = [5, 4]
    #expect(shown.stack.tapBack())
    // The trait checks the ended modules, whose loads wait until they are cancelled.
  }
}
