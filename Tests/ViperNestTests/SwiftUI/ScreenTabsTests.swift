import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI
import ViperNestTesting

/// A TabView with a story and a stack per tab, and a sheet over the whole TabView
/// (`SwiftUITabsGuide`, the guide's app), on the headless hosts: `HeadlessScreenTabs`,
/// `HeadlessScreenStack(navigation:root:presentationsOnly:)`.
@MainActor
struct ScreenTabsTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  typealias Guide = SwiftUITabsGuide

  /// The guide's app, shown headless: Home's presentations over two tabs.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct Shown {
    let launcher: Guide.HomeLauncher
    let home: HeadlessScreenStack
    let tabs: HeadlessScreenTabs<Guide.HomeTab>
    let homePresenter: Guide.HomePresenter
    let notes: Guide.HomeTabContent<Guide.NotesModule>
    let ratings: Guide.HomeTabContent<Guide.RatingsModule>
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  func show(_ host: HeadlessHost, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Shown
  {
    let launcher = try Guide.HomeLauncher(host.assembly)
    let presenter = try #require(
      launcher.home.input as? Guide.HomePresenter, sourceLocation: sourceLocation)
    let notes = try #require(presenter.notes, sourceLocation: sourceLocation)
    let ratings = try #require(presenter.ratings, sourceLocation: sourceLocation)
    let home = HeadlessScreenStack(
      navigation: launcher.navigation, root: launcher.home, presentationsOnly: true)
    let tabs = HeadlessScreenTabs(
      selection: Guide.HomeTab.notes,
      [
        (.notes, notes.navigation, notes.root),
        (.ratings, ratings.navigation, ratings.root),
      ])
    return Shown(
      launcher: launcher, home: home, tabs: tabs, homePresenter: presenter, notes: notes,
      ratings: ratings)
  }

  // MARK: - Registration

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func eachTabStoryHasItsOwnNavigationRegisteredWithoutOverriding() throws {
    let shown = try show(HeadlessHost())
    defer { shown.launcher.app.close() }
    #expect(shown.notes.navigation !== shown.ratings.navigation)
    #expect(shown.notes.navigation !== shown.launcher.navigation)
    #expect(shown.ratings.navigation !== shown.launcher.navigation)
    // A story opened inside a tab resolves its tab's navigation.
    let note = try shown.notes.story.open(Guide.NoteStory.self)
    #expect(try note.resolve(ScreenNavigation.self) === shown.notes.navigation)
    note.close()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func validateChecksTheTabStoriesAndAcceptsTheirOwnNavigations() throws {
    let registry = try Registry([HeadlessHost().assembly, Guide.HomeAssembly()])
    let report = expectValid(registry)
    for story in ["Home", "NotesTab", "RatingsTab", "Note", "Website"] {
      #expect(
        report.checkedModules.contains { $0.hasSuffix("in story \(story))") },
        "the module of \(story) is checked: \(report.checkedModules)")
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct SecondNavigationForATab: Assembly {
    func assemble(_ r: Registrar) { r.registerScreenNavigation(for: Guide.NotesTabStory.self) }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aSecondNavigationForOneStoryIsADuplicate() {
    #expect(throws: ViperNestError.self) {
      try Registry([HeadlessHost().assembly, Guide.HomeAssembly(), SecondNavigationForATab()])
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct PlainTabNavigation: Assembly {
    func assemble(_ r: Registrar) {
      r.registerScreenNavigation(for: Guide.HomeStory.self)
      r.story(Guide.NotesTabStory.self, in: Guide.HomeStory.self) { r in
        r.register(
          ScreenNavigation.self, lifetime: .story(Guide.NotesTabStory.self),
          mainActor: { _ in ScreenNavigation() })
      }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPlainRegistrationThatShadowsAParentsNavigationIsStillReported() throws {
    let registry = try Registry([PlainTabNavigation()])
    let report = registry.validate()
    #expect(report.problems.map(\.code) == [.duplicateRegistration])
  }

  // MARK: - Tabs keep their own stacks

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func pushingInOneTabLeavesTheOtherIntact() throws {
    let shown = try show(HeadlessHost())
    let notes = try #require(shown.notes.root.input as? Guide.NotesPresenter)
    notes.didSelect(0)  // the router pushes a note on the Notes tab's stack
    shown.tabs[.notes].update()
    #expect(shown.tabs[.notes].shownPath.count == 1)
    #expect(shown.ratings.navigation.path.isEmpty)
    #expect(shown.tabs[.ratings].shownPath.isEmpty)
    #expect(shown.launcher.navigation.sheet == nil)

    #expect(shown.tabs.tapTab(.ratings))
    #expect(shown.tabs[.notes].shownPath.count == 1, "a tab switched away keeps its path (T2)")
    #expect(shown.tabs.tapTab(.notes))
    #expect(shown.tabs[.notes].tapBack())
    #expect(shown.notes.story.tree.children.isEmpty, "the note's story closed")
    shown.launcher.app.close()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func closingATabsStoryEndsItsScreens() throws {
    let shown = try show(HeadlessHost())
    let notes = try #require(shown.notes.root.input as? Guide.NotesPresenter)
    notes.didSelect(1)
    let tab = shown.tabs[.notes]
    tab.update()
    let noteStory = try #require(shown.notes.story.tree.children.first)
    #expect(noteStory.name == "Note")

    shown.notes.story.close()
    #expect(shown.notes.story.isClosed)
    #expect(shown.notes.story.tree.children.isEmpty, "the note's story closed with its tab's")
    #expect(!shown.ratings.story.isClosed, "the other tab's story is open")
    shown.launcher.app.close()  // then .detectsLeaks checks the note's objects are gone
  }

  // MARK: - Appearance

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aTabSwitchMakesTheOldTabsTopDisappearAndTheNewOnesAppear() throws {
    let shown = try show(HeadlessHost())
    defer { shown.launcher.app.close() }
    let ratings = try #require(shown.ratings.root.input as? Guide.RatingsPresenter)
    #expect(!ratings.isOnScreen, "a tab is shown when first selected (T2, iOS 18)")
    let notes = try #require(shown.notes.root.input as? Guide.NotesPresenter)
    notes.didSelect(0)
    shown.tabs[.notes].update()
    let note = try #require(shown.tabs[.notes].shownPath.last?.screen as? Guide.NoteScreen)
    #expect(note.presenter.appearances == 1)

    shown.tabs.selectedTab = .ratings  // the app (or a deep link) writes the selection
    #expect(ratings.isOnScreen)
    #expect(shown.tabs.selectedTab == .ratings)
    #expect(!shown.tabs[.notes].tapBack(), "the user cannot pop a tab that is not selected")

    shown.tabs.selectedTab = .notes
    #expect(!ratings.isOnScreen)
    #expect(note.presenter.appearances == 2, "the note appears again: its tab kept it (T2)")
  }

  // MARK: - Presentations over the TabView

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func aChildScreenReachesTheSheetOverTheWholeTabViewThroughItsParents()
    throws
  {
    let shown = try show(HeadlessHost())
    let notes = try #require(shown.notes.root.input as? Guide.NotesPresenter)
    notes.didSelect(0)
    shown.tabs[.notes].update()
    let note = try #require(shown.tabs[.notes].shownPath.last?.screen as? Guide.NoteScreen)

    note.presenter.didTapWebsite()  // Note -> Notes -> Home, whose router presents it
    shown.home.update()
    let website = try #require(shown.home.shownSheet?.screen as? Guide.WebsiteScreen)
    #expect(website.presenter.url?.host == "example.com")
    #expect(shown.notes.navigation.sheet == nil, "not the tab's sheet: Home's")

    #expect(shown.home.swipeDownSheet())
    shown.home.update()
    #expect(shown.launcher.navigation.sheet == nil)
    #expect(shown.launcher.story.tree.children.count == 2, "the website's story closed")
    shown.launcher.app.close()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func thePresentationsHostShowsItsRootAndNeverAPath() throws {
    let shown = try show(HeadlessHost())
    defer { shown.launcher.app.close() }
    let (story, website) = try shown.launcher.story.open(Guide.WebsiteStory.self) {
      try $0.resolve(Guide.WebsiteModule.self)
    }
    try shown.launcher.navigation.push(website, story: story)
    shown.home.update()
    #expect(shown.home.shownPath.isEmpty)
    #expect(shown.home.log.contains { $0.hasPrefix("warning: the path [WebsiteScreen]") })
    #expect(!shown.home.tapBack())
    shown.launcher.navigation.popToRoot()
  }
}
