// The code of docs/SwiftUI.md's "Composing screens" and "Tabs and nested stacks", compiled and
// run. `DocumentationTests` checks that every ```swift block of the guide appears in a snippet
// file verbatim. The SwiftUI code (screens' bodies, the app) is in `#if canImport(SwiftUI)`
// branches: compiled on Apple platforms, skipped on Linux, where the same screens are plain
// `VIPERScreen` values hosted headless.
import Foundation
import Observation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI
import ViperNestTesting

#if canImport(SwiftUI)
  import SwiftUI
#endif

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum SwiftUITabsGuide {
  enum HomeStory: UserStory {}
  enum NotesTabStory: UserStory {}
  enum RatingsTabStory: UserStory {}
  enum NoteStory: UserStory {}
  enum WebsiteStory: UserStory {}

  // MARK: - Home: the TabView

  enum HomeTab: Hashable { case notes, ratings }

  /// A tab: its story, the navigation of its stack and its stack's root.
  struct HomeTabContent<Root: Presentable> {
    let story: Story
    let navigation: ScreenNavigation
    let root: Root
  }

  @MainActor protocol HomeInput: AnyObject { func showTabs() throws }
  typealias HomeModule = Module<any HomeInput, Never>

  @MainActor protocol HomeRouting: AnyObject {
    func makeTabs() throws -> (HomeTabContent<NotesModule>, HomeTabContent<RatingsModule>)
    func showWebsite(_ url: URL)
  }

  @Observable
  final class HomePresenter: VIPERPresenter, HomeInput, NotesOutput {
    @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, any HomeRouting>()
    var selectedTab = HomeTab.notes
    private(set) var notes: HomeTabContent<NotesModule>?
    private(set) var ratings: HomeTabContent<RatingsModule>?

    func showTabs() throws {
      let (notes, ratings) = try router.makeTabs()
      notes.root.output = self  // the Notes tab reports to Home
      (self.notes, self.ratings) = (notes, ratings)
    }

    func notesWantWebsite(_ url: URL) { router.showWebsite(url) }  // NotesOutput
  }

  #if canImport(SwiftUI)
    struct HomeScreen: View, VIPERScreen {
      @Bindable var presenter: HomePresenter

      var body: some View {
        TabView(selection: $presenter.selectedTab) {
          if let notes = presenter.notes {
            ScreenNavigationStack(navigation: notes.navigation, root: notes.root)
              .tabItem { Text("Notes") }
              .tag(HomeTab.notes)
          }
          if let ratings = presenter.ratings {
            ScreenNavigationStack(navigation: ratings.navigation, root: ratings.root)
              .tabItem { Text("Ratings") }
              .tag(HomeTab.ratings)
          }
        }
      }
    }
  #else
    struct HomeScreen: VIPERScreen {
      let presenter: HomePresenter
    }
  #endif

  final class HomeRouter: VIPERRouter, HomeRouting {
    let links = RouterLinks()

    func makeTabs() throws -> (HomeTabContent<NotesModule>, HomeTabContent<RatingsModule>) {
      let (notesStory, notes) = try resolver.open(NotesTabStory.self) {
        try $0.resolve(NotesModule.self)
      }
      let (ratingsStory, ratings) = try resolver.open(RatingsTabStory.self) {
        try $0.resolve(RatingsModule.self)
      }
      return (
        HomeTabContent(
          story: notesStory, navigation: try notesStory.resolve(ScreenNavigation.self),
          root: notes),
        HomeTabContent(
          story: ratingsStory, navigation: try ratingsStory.resolve(ScreenNavigation.self),
          root: ratings)
      )
    }

    func showWebsite(_ url: URL) {
      navigate {
        let navigation = try resolver.resolve(ScreenNavigation.self)  // Home's, over the tabs
        let (story, module) = try resolver.open(WebsiteStory.self) {
          try $0.resolve(WebsiteModule.self)
        }
        module.input.url = url
        try navigation.presentSheet(module, story: story)
      }
    }
  }

  typealias HomeScreenBuilder = ScreenBuilder<HomeScreen, HomePresenter, NoInteractor, HomeRouter>

  // MARK: - The Notes tab: a list, a note pushed on it

  @MainActor protocol NotesOutput: AnyObject { func notesWantWebsite(_ url: URL) }
  @MainActor protocol NotesInput: AnyObject { func didSelect(_ index: Int) }
  typealias NotesModule = Module<any NotesInput, any NotesOutput>

  @MainActor protocol NotesRouting: AnyObject {
    func showNote(_ index: Int, output: any NoteOutput)
  }

  @Observable
  final class NotesPresenter: VIPERPresenter, NotesInput, NoteOutput {
    @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, any NotesRouting>()
    @ObservationIgnored weak var output: (any NotesOutput)?
    let notes = ["Groceries", "Trip"]
    func didSelect(_ index: Int) { router.showNote(index, output: self) }
    func noteWantsWebsite(_ url: URL) { output?.notesWantWebsite(url) }  // up to Home
  }

  struct NotesScreen: VIPERScreen {
    let presenter: NotesPresenter
  }

  final class NotesRouter: VIPERRouter, NotesRouting {
    let links = RouterLinks()
    func showNote(_ index: Int, output: any NoteOutput) {
      navigate {
        let navigation = try resolver.resolve(ScreenNavigation.self)  // the Notes tab's stack
        let (story, module) = try resolver.open(NoteStory.self) {
          try $0.resolve(NoteModule.self)
        }
        module.output = output
        try navigation.push(module, story: story)
      }
    }
  }

  typealias NotesScreenBuilder = ScreenBuilder<
    NotesScreen, NotesPresenter, NoInteractor, NotesRouter
  >

  @MainActor protocol NoteOutput: AnyObject { func noteWantsWebsite(_ url: URL) }
  @MainActor protocol NoteInput: AnyObject {}
  typealias NoteModule = Module<any NoteInput, any NoteOutput>

  @Observable
  final class NotePresenter: VIPERPresenter, NoteInput, ScreenAppearance {
    @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, NoRouter>()
    @ObservationIgnored weak var output: (any NoteOutput)?
    private(set) var appearances = 0
    func screenDidAppear() { appearances += 1 }
    func didTapWebsite() { output?.noteWantsWebsite(URL(string: "https://example.com")!) }
  }

  struct NoteScreen: VIPERScreen {
    let presenter: NotePresenter
  }

  typealias NoteScreenBuilder = ScreenBuilder<NoteScreen, NotePresenter, NoInteractor, NoRouter>

  // MARK: - The Ratings tab, and Home's website sheet

  @MainActor protocol RatingsInput: AnyObject {}
  typealias RatingsModule = Module<any RatingsInput, Never>

  @Observable
  final class RatingsPresenter: VIPERPresenter, RatingsInput, ScreenAppearance {
    @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, NoRouter>()
    private(set) var isOnScreen = false
    func screenDidAppear() { isOnScreen = true }
    func screenDidDisappear() { isOnScreen = false }
  }

  struct RatingsScreen: VIPERScreen {
    let presenter: RatingsPresenter
  }

  typealias RatingsScreenBuilder = ScreenBuilder<
    RatingsScreen, RatingsPresenter, NoInteractor, NoRouter
  >

  @MainActor protocol WebsiteInput: AnyObject {
    var url: URL? { get set }
  }
  typealias WebsiteModule = Module<any WebsiteInput, Never>

  @Observable
  final class WebsitePresenter: VIPERPresenter, WebsiteInput {
    @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, NoRouter>()
    var url: URL?
  }

  struct WebsiteScreen: VIPERScreen {
    let presenter: WebsitePresenter
  }

  typealias WebsiteScreenBuilder = ScreenBuilder<
    WebsiteScreen, WebsitePresenter, NoInteractor, NoRouter
  >

  // MARK: - Registration

  struct HomeAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.registerScreenNavigation(for: HomeStory.self)  // Home's: the sheet over the TabView
      r.registerScreenNavigation(for: NotesTabStory.self)  // each tab's own stack
      r.registerScreenNavigation(for: RatingsTabStory.self)
      r.story(NotesTabStory.self, in: HomeStory.self)
      r.story(RatingsTabStory.self, in: HomeStory.self)
      r.story(NoteStory.self, in: NotesTabStory.self)
      r.story(WebsiteStory.self, in: HomeStory.self)

      r.register(HomeModule.self, builder: HomeScreenBuilder.self, in: HomeStory.self) {
        $0.module(input: { $0 })
      }
      r.register(NotesModule.self, builder: NotesScreenBuilder.self, in: NotesTabStory.self) {
        $0.module(input: { $0 }, output: { $0.output = $1 })
      }
      registerScreens(r)
    }

    private func registerScreens(_ r: Registrar) {
      r.register(RatingsModule.self, builder: RatingsScreenBuilder.self, in: RatingsTabStory.self) {
        $0.module(input: { $0 })
      }
      r.register(NoteModule.self, builder: NoteScreenBuilder.self, in: NoteStory.self) {
        $0.module(input: { $0 }, output: { $0.output = $1 })
      }
      r.register(WebsiteModule.self, builder: WebsiteScreenBuilder.self, in: WebsiteStory.self) {
        $0.module(input: { $0 })
      }
      r.story(HomeStory.self) { r in
        r.register(HomePresenter.self, mainActor: HomePresenter.init)
        r.register(HomeRouter.self, mainActor: HomeRouter.init)
      }
      r.story(NotesTabStory.self) { r in
        r.register(NotesPresenter.self, mainActor: NotesPresenter.init)
        r.register(NotesRouter.self, mainActor: NotesRouter.init)
      }
      r.story(RatingsTabStory.self) { r in
        r.register(RatingsPresenter.self, mainActor: RatingsPresenter.init)
      }
      r.story(NoteStory.self) { r in
        r.register(NotePresenter.self, mainActor: NotePresenter.init)
      }
      r.story(WebsiteStory.self) { r in
        r.register(WebsitePresenter.self, mainActor: WebsitePresenter.init)
      }
    }
  }

  // MARK: - The app

  /// Opens the Home story and builds Home's screen with its tabs once.
  @MainActor final class HomeLauncher {
    let registry: Registry
    let app: Story
    let story: Story
    let navigation: ScreenNavigation
    let home: HomeModule

    init(_ extra: any Assembly...) throws {
      registry = try Registry(extra + [HomeAssembly()])
      app = try registry.start()
      story = try app.open(HomeStory.self)
      navigation = try story.resolve(ScreenNavigation.self)
      home = try story.resolve(HomeModule.self)
      try home.input.showTabs()
    }
  }

  #if canImport(SwiftUI)
    struct HomeApp: App {
      let launcher = try! HomeLauncher()

      var body: some Scene {
        WindowGroup {
          ScreenView(launcher.home)  // Home's screen: the TabView
            .screenPresentations(launcher.navigation)  // Home's sheet, over every tab
        }
      }
    }
  #endif
}

// MARK: - The guide's tests

@MainActor
struct SwiftUITabsGuideTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func eachTabKeepsItsStackAndHomePresentsOverBoth() throws {
    typealias Guide = SwiftUITabsGuide
    let launcher = try Guide.HomeLauncher(HeadlessHost().assembly)
    let homePresenter = try #require(launcher.home.input as? Guide.HomePresenter)
    let notes = try #require(homePresenter.notes)
    let ratings = try #require(homePresenter.ratings)
    let home = HeadlessScreenStack(
      navigation: launcher.navigation, root: launcher.home, presentationsOnly: true)
    let tabs = HeadlessScreenTabs(
      selection: Guide.HomeTab.notes,
      [(.notes, notes.navigation, notes.root), (.ratings, ratings.navigation, ratings.root)])

    notes.root.input.didSelect(0)  // the Notes tab pushes a note on its own stack
    tabs[.notes].update()
    #expect(tabs.tapTab(.ratings))  // the note disappears, the Ratings root appears
    #expect(tabs[.notes].shownPath.count == 1)  // the Notes tab kept its stack
    #expect(tabs.tapTab(.notes))

    let note = try #require(tabs[.notes].shownPath.last?.screen as? Guide.NoteScreen)
    note.presenter.didTapWebsite()  // Note -> Notes -> Home: Home's sheet, over both tabs
    home.update()
    #expect(home.shownSheet?.screen is Guide.WebsiteScreen)
    #expect(home.swipeDownSheet())
    launcher.app.close()
  }
}
