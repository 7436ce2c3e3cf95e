import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI
import ViperNestTesting

/// Native SwiftUI navigation: a story's `ScreenNavigation`, driven by routers, shown by the
/// headless SwiftUI stack with the user's gestures. Every removal (back, swipe, history menu, app
/// path edit, swipe-down, programmatic dismissal) ends the removed modules and closes their
/// stories.
///
/// SwiftUI facts (tags of ../shared/notes/swiftui-behaviour.md): N1 the back button and swipe write
/// a shorter path, the root cannot be popped; N3 when a cancelled swipe writes is not documented
/// (the strictest model: never); N4 the history menu writes several elements shorter in one set;
/// S3 a swipe-down writes the sheet binding at the very end of the dismissal; S4
/// `interactiveDismissDisabled` blocks only the user's dismissal; S6 a full-screen cover cannot be
/// swiped; S8 one presentation per level; N14 popped views' values are kept until SwiftUI's next
/// update (when is not documented: the strictest model keeps them until the update after the pop).
@MainActor
struct ScreenNavigationTests {
  /// The notes list at the root of a headless SwiftUI stack.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  private struct Shown {
    let notes: NotesApp
    let story: Story
    let navigation: ScreenNavigation
    let stack: HeadlessScreenStack
    let router: NotesRouter

    init(_ notes: NotesApp) throws {
      self.notes = notes
      story = try notes.app.open(NotesStory.self)
      navigation = try story.resolve(ScreenNavigation.self)
      let root = try NotesScreenBuilder.build(in: story)
      router = try #require(root.router)
      stack = HeadlessScreenStack(navigation: navigation, root: root)
    }

    /// The story of each pushed note, bottom first.
    var pushedStories: [String] { story.tree.children.map(\.name) }
  }

  // MARK: - Stack

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aRouterPushesAScreenAndTheBackButtonEndsItAndClosesItsStory() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.showNote(1)
    shown.stack.update()
    let presenter = try #require(
      (shown.stack.shownPath.first?.screen as? NoteDetailScreen)?.presenter)
    #expect(presenter.index == 1)
    #expect(shown.pushedStories == ["NoteDetail"])
    let released = WeakRef(presenter)
    _ = consume presenter

    #expect(shown.stack.tapBack())

    #expect(shown.navigation.path.isEmpty)
    #expect(shown.pushedStories.isEmpty, "the module ended at the path write")
    #expect(released.object != nil, "N14: SwiftUI still holds the popped view's value")
    shown.stack.update()
    #expect(released.object != nil, "…until the update after the pop")
    shown.stack.update()
    #expect(released.object == nil)
    #expect(
      shown.stack.log.suffix(3) == [
        "user taps Back", "path write: [NoteDetailScreen] -> []",
        "update: path [NoteDetailScreen] -> []",
      ])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aCancelledSwipeBackWritesNothingAndACompletedOneEndsTheScreen() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.showNote(1)
    shown.stack.update()

    #expect(!shown.stack.swipeBack(completes: false))
    #expect(shown.navigation.path.count == 1)
    #expect(shown.pushedStories == ["NoteDetail"])

    #expect(shown.stack.swipeBack())
    #expect(shown.navigation.path.isEmpty)
    #expect(shown.pushedStories.isEmpty)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theHistoryMenuPopsSeveralScreensInOneWrite() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    // Each detail pushes the next note from the list's router, as a "next note" button would.
    for index in 0..<3 {
      try shown.router.showNote(index)
      shown.stack.update()
    }
    #expect(shown.pushedStories == ["NoteDetail", "NoteDetail", "NoteDetail"])
    let writesBefore = shown.stack.log.filter { $0.hasPrefix("path write") }.count

    #expect(shown.stack.popWithHistoryMenu(keeping: 1))

    #expect(shown.navigation.path.count == 1)
    #expect(shown.pushedStories == ["NoteDetail"])
    #expect(shown.stack.log.filter { $0.hasPrefix("path write") }.count == writesBefore + 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theRootCannotBePopped() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }

    #expect(!shown.stack.tapBack())
    #expect(shown.stack.log.last == "user taps Back, ignored: the root cannot be popped")
    let error = try #require(throws: ScreenNavigationError.self) { try shown.navigation.pop() }
    #expect(error.code == .emptyPath)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func anAppPathEditEndsTheModulesItRemovesOnly() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    for index in 0..<3 {
      try shown.router.showNote(index)
    }
    let path = shown.navigation.path
    let indices = path.map { ($0.screen as? NoteDetailScreen)?.presenter.index }

    shown.navigation.path.remove(at: 1)  // the app drops the middle screen

    #expect(indices == [0, 1, 2])
    #expect(shown.navigation.path == [path[0], path[2]])
    #expect(shown.pushedStories == ["NoteDetail", "NoteDetail"])

    shown.navigation.popToRoot()
    #expect(shown.pushedStories.isEmpty)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aGestureWhileAnUpdateIsPendingIsIgnored() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.showNote(1)
    try shown.router.showNote(2)
    shown.stack.update()

    #expect(shown.stack.tapBack())
    #expect(!shown.stack.tapBack(), "N6: the pop is still in flight")
    #expect(shown.navigation.path.count == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aModuleThatIsNotAScreenOrAlreadyShownIsRefusedAndItsStoryClosed() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    let plain = HeadlessViewController(host: shown.notes.host)
    let story = try shown.story.open(NoteDetailStory.self)

    let error = try #require(throws: ScreenNavigationError.self) {
      try shown.navigation.push(plain, story: story)
    }
    #expect(error.code == .notAScreen)
    #expect(story.isClosed)

    let (detailStory, detail) = try shown.story.open(NoteDetailStory.self) {
      try $0.resolve(NoteDetailModule.self)
    }
    try shown.navigation.push(detail, story: detailStory)
    let again = try #require(throws: ScreenNavigationError.self) {
      try shown.navigation.push(detail)
    }
    #expect(again.code == .alreadyShown)
    #expect(shown.navigation.path.count == 1)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func dismissActsWhereTheScreenIsPoppingItWithTheScreensAboveIt() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    for index in 0..<3 {
      try shown.router.showNote(index)
    }
    let middleRoute = shown.navigation.path[1]
    let middle = try #require((middleRoute.screen as? NoteDetailScreen)?.presenter)

    middle.didTapClose()  // S11: dismiss pops the screen it is read in

    #expect(shown.navigation.path.count == 1)
    #expect(shown.pushedStories == ["NoteDetail"])
    shown.navigation.dismiss(middleRoute.controller)
    #expect(shown.navigation.path.count == 1, "no effect on a screen that is not shown")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func closingTheStoryReleasesItsNavigationAndEveryScreenItShows() async throws {
    let detector = LeakDetector(timeout: .milliseconds(200))
    let released = try await detector.withTracking { () async throws -> WeakRef in
      let notes = try NotesApp()
      let story = try notes.app.open(NotesStory.self)
      let navigation = WeakRef(try story.resolve(ScreenNavigation.self))
      try NotesScreenBuilder.build(in: story).router?.showNote(1)
      try NotesScreenBuilder.build(in: story).router?.editNote(0)
      #expect(story.tree.children.map(\.name) == ["NoteDetail", "NoteEditor"])

      story.close()

      #expect(story.tree.children.isEmpty)
      #expect(await detector.check() == nil)
      return navigation
    }
    #expect(released.object == nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func setPathReplacesThePathInOneWriteOrChangesNothing() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.showNote(7)
    let old = shown.navigation.path
    func detail() throws -> (module: any Presentable, story: Story?) {
      let (story, module) = try shown.story.open(NoteDetailStory.self) {
        try $0.resolve(NoteDetailModule.self)
      }
      return (module, story)
    }
    let first = try detail()
    let plainStory = try shown.story.open(NoteDetailStory.self)
    let last = try detail()

    let error = try #require(throws: ScreenNavigationError.self) {
      try shown.navigation.setPath([
        first, (HeadlessViewController(host: shown.notes.host), plainStory), last,
      ])
    }
    #expect(error.code == .notAScreen)
    #expect(shown.navigation.path == old)
    #expect([first.story, plainStory, last.story].allSatisfy { $0?.isClosed == true })
    #expect(shown.pushedStories == ["NoteDetail"])

    try shown.navigation.setPath([try detail(), try detail()])
    #expect(shown.navigation.path.count == 2)
    #expect(shown.pushedStories == ["NoteDetail", "NoteDetail"])
    #expect(
      shown.stack.log.last
        == "path write: [NoteDetailScreen] -> [NoteDetailScreen, NoteDetailScreen]")
  }

  // MARK: - Sheets and covers

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aSwipedDownSheetEndsWhenItsBindingIsWrittenAtTheEndOfTheDismissal() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.editNote(0)
    shown.stack.update()
    let sheet = try #require(shown.stack.shownSheet)
    #expect(shown.pushedStories == ["NoteEditor"])

    #expect(shown.stack.swipeDownSheet())

    #expect(shown.stack.shownSheet == nil, "off screen at once")
    #expect(shown.navigation.sheet == sheet, "S3: the binding is written at the very end")
    #expect(shown.pushedStories == ["NoteEditor"])
    shown.stack.update()
    #expect(shown.navigation.sheet == nil)
    #expect(shown.pushedStories.isEmpty)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func interactiveDismissDisabledRefusesTheSwipeButNotTheApp() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    let (story, editor) = try shown.story.open(NoteEditorStory.self) {
      try $0.resolve(NoteEditorModule.self)
    }
    try shown.navigation.presentSheet(editor, story: story, interactiveDismissDisabled: true)
    shown.stack.update()

    #expect(!shown.stack.swipeDownSheet())
    #expect(!shown.stack.swipeDownSheet(completes: true))
    #expect(
      shown.stack.log.last
        == "user swipes down NoteEditorScreen, refused: interactiveDismissDisabled")
    #expect(!story.isClosed)

    shown.navigation.dismissSheet()  // S4: no effect on programmatic dismissal
    #expect(story.isClosed)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aFullScreenCoverCannotBeSwipedDown() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    let (story, editor) = try shown.story.open(NoteEditorStory.self) {
      try $0.resolve(NoteEditorModule.self)
    }
    try shown.navigation.presentFullScreenCover(editor, story: story)
    shown.stack.update()
    #expect(shown.stack.shownFullScreenCover != nil)

    #expect(!shown.stack.swipeDownSheet())
    #expect(!story.isClosed)
    shown.navigation.dismissFullScreenCover()
    #expect(story.isClosed)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aSecondPresentationAtTheSameLevelIsRefusedAndItsStoryClosed() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.editNote(0)
    let (story, editor) = try shown.story.open(NoteEditorStory.self) {
      try $0.resolve(NoteEditorModule.self)
    }

    let error = try #require(throws: ScreenNavigationError.self) {
      try shown.navigation.presentFullScreenCover(editor, story: story)
    }

    #expect(error.code == .presentationShown)
    #expect(story.isClosed)
    #expect(shown.navigation.fullScreenCover == nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPresentationRequestedDuringASwipeDownWaitsForItsEnd() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.editNote(0)
    shown.stack.update()
    #expect(shown.stack.swipeDownSheet())
    // The binding is still set: the model refuses a second sheet until the dismissal ends (S9).
    #expect(throws: ScreenNavigationError.self) { try shown.router.editNote(1) }

    shown.stack.update()
    try shown.router.editNote(1)
    shown.stack.update()
    shown.stack.update()
    #expect(shown.stack.shownSheet != nil)
  }

  // MARK: - Deep links

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aDeepLinkIsAppliedInOnePathWrite() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    let navigator = LinkNavigator(
      registry: try Registry(shown.notes.host.assembly, NotesAssembly()), app: shown.notes.app,
      window: shown.notes.window)
    try shown.router.showNote(7)  // what the link replaces
    shown.stack.update()
    let replaced = try #require(shown.stack.shownPath.first?.screen as? NoteDetailScreen)
    let replacedPresenter = WeakRef(replaced.presenter)
    _ = consume replaced
    let logBefore = shown.stack.log.count

    try shown.navigation.open(
      try #require(URL(string: "notes://notes/2/share")), with: navigator, in: shown.story)

    let writes = shown.stack.log.dropFirst(logBefore)
    #expect(
      Array(writes) == [
        "path write: [NoteDetailScreen] -> [NoteDetailScreen]",
        "sheet write: nil -> NoteEditorScreen",
      ])
    let detail = try #require(shown.navigation.path.first?.screen as? NoteDetailScreen)
    #expect(detail.presenter.index == 2)
    #expect(shown.story.tree.children.map(\.name) == ["NoteDetail"])
    #expect(shown.story.tree.children.first?.children.map(\.name) == ["NoteShare"])
    shown.stack.update()
    shown.stack.update()
    #expect(replacedPresenter.object == nil, "the replaced note ended and was released")
    #expect(shown.stack.shownSheet != nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aDeepLinkWithABadParameterChangesNothing() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    let navigator = LinkNavigator(
      registry: try Registry(shown.notes.host.assembly, NotesAssembly()), app: shown.notes.app,
      window: shown.notes.window)
    try shown.router.showNote(7)
    let path = shown.navigation.path

    let error = try #require(throws: LinkError.self) {
      try shown.navigation.open(
        try #require(URL(string: "notes://notes/seven/share")), with: navigator, in: shown.story)
    }

    #expect(error.code == .invalidParameter)
    #expect(shown.navigation.path == path)
    #expect(shown.story.tree.children.map(\.name) == ["NoteDetail"])
  }

  // MARK: - Leak checks

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func screensThatLeaveThePathPassTheLeakCheckAfterSwiftUIsUpdate() async throws {
    let detector = LeakDetector(timeout: .milliseconds(500))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let shown = try Shown(NotesApp())
      defer { shown.story.close() }
      try shown.router.showNote(1)
      try shown.router.showNote(2)
      shown.stack.update()
      #expect(shown.stack.popWithHistoryMenu(keeping: 0))
      try shown.router.editNote(0)
      shown.stack.update()
      #expect(shown.stack.swipeDownSheet())
      // The stack still holds the removed screens' values; its scheduled updates release them
      // while the check waits.
      return await detector.check()
    }
    #expect(report == nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks(timeout: .milliseconds(500)))
  func screensTheUserDismissesPassTheDetectsLeaksTrait() throws {
    let shown = try Shown(NotesApp())
    defer { shown.story.close() }
    try shown.router.showNote(1)
    shown.stack.update()
    #expect(shown.stack.swipeBack())
    try shown.router.editNote(0)
    shown.stack.update()
    #expect(shown.stack.swipeDownSheet())
    // The trait checks the ended modules (and the Notes story, closed) once the test returns.
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aSheetsPresenterCapturedByItsOwnClosureIsReportedWithItsRetainPath() async throws {
    let detector = LeakDetector(timeout: .milliseconds(200))
    let leaked = LeakedPresenter()
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let shown = try Shown(NotesApp())
      defer { shown.story.close() }
      try shown.router.editNote(0)
      shown.stack.update()
      let presenter = try #require((shown.navigation.sheet?.screen as? NoteEditorScreen)?.presenter)
      presenter.onSave = { presenter.text = "" }  // the leak, as a `.task` closure kept by a model
      leaked.object = presenter
      _ = consume presenter
      #expect(shown.stack.swipeDownSheet())
      return await detector.check()
    }
    let found = try #require(report)
    #expect(found.leaks.map(\.typeName).contains("NoteEditorPresenter"))
    #expect(found.description.contains("NoteEditorPresenter.onSave"), "\(found)")
    leaked.breakCycle()
  }
}
