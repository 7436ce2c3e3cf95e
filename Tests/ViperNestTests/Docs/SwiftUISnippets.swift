// The code of docs/SwiftUI.md, compiled and run. `DocumentationTests` checks that every ```swift
// block of the guide appears here verbatim. The guide's SwiftUI code (a screen's `body`, the app's
// `ScreenNavigationStack`) is in `#if canImport(SwiftUI)` branches: compiled on Apple platforms,
// skipped on Linux, where the same screens are plain `VIPERScreen` values hosted headless.
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
enum SwiftUIGuide {
  enum TasksStory: UserStory {}
  enum TaskDetailStory: UserStory {}
  enum TaskEditorStory: UserStory {}

  /// The list's data, one per open Tasks story.
  final class TaskStore: Sendable {
    let tasks = ["Buy milk", "Call Ada", "Book the trip"]
  }

  // MARK: - A screen as a module's view

  @MainActor protocol TasksInput: AnyObject {
    var tasks: [String] { get }
  }
  typealias TasksModule = Module<any TasksInput, Never>

  @MainActor protocol TasksInteractorInput: AnyObject { func load() }
  @MainActor protocol TasksInteractorOutput: AnyObject { func didLoad(_ tasks: [String]) }
  @MainActor protocol TasksRouting: AnyObject { func showTask(_ index: Int) }

  @Observable
  final class TasksPresenter: VIPERPresenter, TasksInput, TasksInteractorOutput, ScreenAppearance {
    @ObservationIgnored let links = PresenterLinks<
      NoView, any TasksInteractorInput, any TasksRouting
    >()
    private(set) var tasks: [String] = []

    func screenDidAppear() { interactor.load() }  // ScreenAppearance: the screen appeared
    func didSelect(_ index: Int) { router.showTask(index) }
    func didLoad(_ tasks: [String]) { self.tasks = tasks }
  }

  #if canImport(SwiftUI)
    struct TasksScreen: View, VIPERScreen {
      let presenter: TasksPresenter  // made by the builder: never in `body`, never in `@State`

      var body: some View {
        List(presenter.tasks.indices, id: \.self) { index in
          Button(presenter.tasks[index]) { presenter.didSelect(index) }
        }  // no .onAppear or .task: the presenter's ScreenAppearance is called for it
      }
    }
  #else
    struct TasksScreen: VIPERScreen {
      let presenter: TasksPresenter
    }
  #endif

  final class TasksInteractor: VIPERInteractor, TasksInteractorInput {
    let links = InteractorLinks<any TasksInteractorOutput>()
    private let store: TaskStore
    init(store: TaskStore) { self.store = store }
    func load() { presenter?.didLoad(store.tasks) }
  }

  final class TasksRouter: VIPERRouter, TasksRouting {
    let links = RouterLinks()

    func showTask(_ index: Int) {
      navigate {
        let navigation = try resolver.resolve(ScreenNavigation.self)  // read it, never store it
        let (story, module) = try resolver.open(TaskDetailStory.self) {
          try $0.resolve(TaskDetailModule.self)
        }
        module.input.index = index
        try navigation.push(module, story: story)  // leaving the path closes the story
      }
    }
  }

  typealias TasksScreenBuilder = ScreenBuilder<
    TasksScreen, TasksPresenter, TasksInteractor, TasksRouter
  >

  // MARK: - A task's detail: no interactor

  @MainActor protocol TaskDetailInput: AnyObject {
    var index: Int { get set }
  }
  typealias TaskDetailModule = Module<any TaskDetailInput, Never>

  @MainActor protocol TaskDetailRouting: AnyObject {
    func edit()
    func close()
  }

  @Observable
  final class TaskDetailPresenter: VIPERPresenter, TaskDetailInput {
    @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, any TaskDetailRouting>()
    var index = 0
    func didTapEdit() { router.edit() }
    func didTapClose() { router.close() }
  }

  struct TaskDetailScreen: VIPERScreen {
    let presenter: TaskDetailPresenter
  }

  final class TaskDetailRouter: VIPERRouter, TaskDetailRouting {
    let links = RouterLinks()

    func edit() {
      navigate {
        let navigation = try resolver.resolve(ScreenNavigation.self)
        let (story, module) = try resolver.open(TaskEditorStory.self) {
          try $0.resolve(TaskEditorModule.self)
        }
        // The editor may hold unsaved text: the user cannot swipe it away, its buttons close it.
        try navigation.presentSheet(module, story: story, interactiveDismissDisabled: true)
      }
    }

    func close() {
      // As SwiftUI's `dismiss`: pops the screen if pushed, dismisses it if presented.
      navigate { try resolver.resolve(ScreenNavigation.self).dismiss(viewController) }
    }
  }

  typealias TaskDetailScreenBuilder = ScreenBuilder<
    TaskDetailScreen, TaskDetailPresenter, NoInteractor, TaskDetailRouter
  >

  // MARK: - The editor: a sheet, no interactor

  @MainActor protocol TaskEditorInput: AnyObject {}
  typealias TaskEditorModule = Module<any TaskEditorInput, Never>

  @MainActor protocol TaskEditorRouting: AnyObject { func close() }

  @Observable
  final class TaskEditorPresenter: VIPERPresenter, TaskEditorInput {
    @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, any TaskEditorRouting>()
    var text = ""
    /// How many times the draft was saved.
    private(set) var savedDrafts = 0
    func didTapCancel() { router.close() }
    func saveDraft() { savedDrafts += 1 }
  }

  struct TaskEditorScreen: VIPERScreen {
    let presenter: TaskEditorPresenter
  }

  final class TaskEditorRouter: VIPERRouter, TaskEditorRouting {
    let links = RouterLinks()
    func close() {
      navigate { try resolver.resolve(ScreenNavigation.self).dismiss(viewController) }
    }
  }

  typealias TaskEditorScreenBuilder = ScreenBuilder<
    TaskEditorScreen, TaskEditorPresenter, NoInteractor, TaskEditorRouter
  >

  // MARK: - Registration

  struct TasksAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(TasksModule.self, builder: TasksScreenBuilder.self, in: TasksStory.self) {
        $0.module(input: { $0 })
      }
      r.story(TasksStory.self) { r in
        r.register(TaskStore.self, lifetime: .story(TasksStory.self), TaskStore.init)
        r.register(
          ScreenNavigation.self, lifetime: .story(TasksStory.self),
          mainActor: { _ in ScreenNavigation() })
        r.register(TasksPresenter.self, mainActor: TasksPresenter.init)
        r.register(TasksInteractor.self, mainActor: TasksInteractor.init(store:))
        r.register(TasksRouter.self, mainActor: TasksRouter.init)
      }
      registerDetailAndEditor(r)
      r.route(
        "/tasks/:index",
        .show(TasksModule.self, in: TasksStory.self, .windowRoot(embedIn: .navigationController)),
        .show(TaskDetailModule.self, in: TaskDetailStory.self, .push(), LinkParameter<Int>("index"))
        { link, index in link.input.index = index })
      r.route(
        "/tasks/:index/edit",
        .show(TasksModule.self, in: TasksStory.self, .windowRoot(embedIn: .navigationController)),
        .show(TaskDetailModule.self, in: TaskDetailStory.self, .push(), LinkParameter<Int>("index"))
        { link, index in link.input.index = index },
        .show(TaskEditorModule.self, in: TaskEditorStory.self, .present()))
    }

    private func registerDetailAndEditor(_ r: Registrar) {
      r.register(
        TaskDetailModule.self, builder: TaskDetailScreenBuilder.self, in: TaskDetailStory.self
      ) {
        $0.module(input: { $0 })
      }
      r.story(TaskDetailStory.self, in: TasksStory.self) { r in
        r.register(TaskDetailPresenter.self, mainActor: TaskDetailPresenter.init)
        r.register(TaskDetailRouter.self, mainActor: TaskDetailRouter.init)
      }
      r.register(
        TaskEditorModule.self, builder: TaskEditorScreenBuilder.self, in: TaskEditorStory.self
      ) {
        $0.module(input: { $0 })
      }
      r.story(TaskEditorStory.self, in: TaskDetailStory.self) { r in
        r.register(TaskEditorPresenter.self, mainActor: TaskEditorPresenter.init)
        r.register(TaskEditorRouter.self, mainActor: TaskEditorRouter.init)
      }
    }
  }

  // MARK: - Native navigation

  /// Opens the Tasks story and builds its root screen once, where the app keeps its registry.
  @MainActor final class TasksLauncher {
    let registry: Registry
    let app: Story
    let story: Story
    let navigation: ScreenNavigation
    let root: TasksModule

    init(_ extra: any Assembly...) throws {
      registry = try Registry(extra + [TasksAssembly()])
      app = try registry.start()
      story = try app.open(TasksStory.self)
      navigation = try story.resolve(ScreenNavigation.self)
      root = try story.resolve(TasksModule.self)
    }
  }

  #if canImport(SwiftUI) && canImport(UIKit)
    struct TasksApp: App {
      let launcher = try! TasksLauncher()  // once, never in a `body` or a `@State` initializer

      var body: some Scene {
        WindowGroup {
          ScreenNavigationStack(navigation: launcher.navigation, root: launcher.root)
        }
      }
    }
  #endif

  // MARK: - Previews

  #if canImport(SwiftUI) && canImport(UIKit)
    struct TasksPreviews: PreviewProvider {
      static var previews: some View {
        ScreenPreview(TasksScreenBuilder.self, assemblies: [TasksAssembly()], in: [TasksStory.self])
      }
    }
  #endif

  /// The guide's previews, built as a test builds them on Linux (the headless host hosts them).
  @MainActor static func previews() -> (ScreenPreview<TasksScreen>, ScreenPreview<TasksScreen>) {
    let preview = ScreenPreview(
      TasksScreenBuilder.self, assemblies: [HeadlessHost().assembly, TasksAssembly()],
      in: [TasksStory.self])
    let forgotTheStory = ScreenPreview(
      TasksScreenBuilder.self, assemblies: [HeadlessHost().assembly, TasksAssembly()])
    // forgotTheStory.screen is nil: its failure names TasksPresenter and says how to fix it
    return (preview, forgotTheStory)
  }

  /// Shows the Tasks screen as a window's root, in a navigation stack, and pushes a task's detail
  /// on it with a transition.
  @MainActor static func showHosted(in tasks: Story, window: HeadlessWindow) throws -> (
    list: any ViewControlling, detailStory: Story
  ) {
    let list = try TasksScreenBuilder.build(in: tasks)  // a ScreenModule, Presentable
    try list.attachToWindow(window, withNavigationController: true)
    let (story, detail) = try tasks.open(TaskDetailStory.self) {
      try $0.resolve(TaskDetailModule.self)
    }
    try PushTransition(from: list.view, to: detail, story: story).perform()
    return (list.view, story)
  }
}

// The names the guide's tests use (the guide's types are in the SwiftUIGuide namespace here).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias TasksLauncher = SwiftUIGuide.TasksLauncher
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias TasksPresenter = SwiftUIGuide.TasksPresenter
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias TaskDetailScreen = SwiftUIGuide.TaskDetailScreen
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias TaskEditorScreen = SwiftUIGuide.TaskEditorScreen
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias TaskEditorPresenter = SwiftUIGuide.TaskEditorPresenter

// MARK: - Appearing and loading

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension TaskEditorPresenter: ScreenAppearance {
  func screenTask() async {
    // Saves the draft every 30 seconds while the editor is on screen: the sleep throws once
    // the task is cancelled, which ends the loop.
    while (try? await Task.sleep(for: .seconds(30))) != nil { saveDraft() }
  }
}

// MARK: - The guide's tests

@MainActor
struct SwiftUIGuideTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theListLoadsWhenTheStackShowsItWithoutACallFromItsScreen() throws {
    let host = HeadlessHost()
    let launcher = try TasksLauncher(host.assembly)
    defer { launcher.app.close() }
    let presenter = try #require(launcher.root.input as? TasksPresenter)
    #expect(presenter.tasks.isEmpty, "built, not shown yet")

    let stack = HeadlessScreenStack(navigation: launcher.navigation, root: launcher.root)

    #expect(presenter.tasks == ["Buy milk", "Call Ada", "Book the trip"])
    withExtendedLifetime(stack) {}
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func theEditorsAutosaveTaskEndsWhenTheEditorIsDismissed() async throws {
    let host = HeadlessHost()
    let launcher = try TasksLauncher(host.assembly)
    let stack = HeadlessScreenStack(navigation: launcher.navigation, root: launcher.root)
    try #require(launcher.root.input as? TasksPresenter).didSelect(0)
    stack.update()
    try #require(stack.shownPath.last?.screen as? TaskDetailScreen).presenter.didTapEdit()
    stack.update()  // the editor appears: its autosave task starts
    let editor = try #require(stack.shownSheet?.screen as? TaskEditorScreen)
    await Task.yield()

    editor.presenter.didTapCancel()
    stack.update()  // the editor disappears: its task is cancelled, its loop ends

    #expect(editor.presenter.savedDrafts == 0)
    launcher.app.close()  // .detectsLeaks: the running task would have kept the editor alive
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theTasksScreenIsBuiltWiredAndValidated() throws {
    let host = HeadlessHost()
    let launcher = try TasksLauncher(host.assembly)
    defer { launcher.app.close() }
    #expect(launcher.registry.validate().isValid)
    let presenter = try #require(launcher.root.input as? TasksPresenter)
    presenter.screenDidAppear()
    #expect(presenter.tasks == ["Buy milk", "Call Ada", "Book the trip"])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPreviewBuildsTheScreenAndShowsAMissingRegistrationAsItsMessage() throws {
    let (preview, forgotTheStory) = SwiftUIGuide.previews()
    let presenter = try #require(preview.screen?.presenter)
    presenter.screenDidAppear()
    #expect(presenter.tasks == ["Buy milk", "Call Ada", "Book the trip"])
    #expect(forgotTheStory.screen == nil)
    #expect(forgotTheStory.failure?.contains("TasksPresenter") == true)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func aScreenModuleIsHostedByTheExistingTransitions() throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, SwiftUIGuide.TasksAssembly()).start()
    defer { app.close() }
    let tasks = try app.open(SwiftUIGuide.TasksStory.self)
    defer { tasks.close() }
    let window = host.makeWindow()
    let (list, story) = try SwiftUIGuide.showHosted(in: tasks, window: window)
    let stack = try #require(list.navigationContainer as? HeadlessNavigationController)

    #expect(try host.tapBack(in: stack))  // the user's Back: the detail ends, its story closes

    #expect(story.isClosed)
    #expect(host.log.last?.description == "pop TaskDetailScreen from Navigation(TasksScreen)")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func theUsersGesturesEndTheScreensTheyRemove() throws {
    let host = HeadlessHost()
    let launcher = try TasksLauncher(host.assembly)
    let stack = HeadlessScreenStack(navigation: launcher.navigation, root: launcher.root)
    let tasks = try #require(launcher.root.input as? TasksPresenter)

    tasks.didSelect(1)  // the row's Button: the router pushes the detail
    stack.update()  // SwiftUI's next update shows it
    #expect(!stack.swipeBack(completes: false))  // a cancelled swipe writes nothing
    #expect(stack.tapBack())  // the path one shorter: the detail ends, its story closes
    #expect(launcher.story.tree.children.isEmpty)

    tasks.didSelect(2)
    stack.update()
    let detail = try #require(stack.shownPath.last?.screen as? TaskDetailScreen)
    detail.presenter.didTapEdit()  // the editor's sheet, which the user cannot swipe away
    stack.update()
    #expect(!stack.swipeDownSheet())
    let editor = try #require(stack.shownSheet?.screen as? TaskEditorScreen)
    editor.presenter.didTapCancel()  // its router dismisses it
    stack.update()
    #expect(stack.popWithHistoryMenu(keeping: 0))  // back to the list in one path write
    #expect(launcher.story.tree.children.isEmpty)
    launcher.app.close()  // then .detectsLeaks checks every screen that left
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aDeepLinkIsOnePathWriteAndOneSheetWrite() throws {
    let host = HeadlessHost()
    let launcher = try TasksLauncher(host.assembly)
    defer { launcher.app.close() }
    let stack = HeadlessScreenStack(navigation: launcher.navigation, root: launcher.root)
    let before = stack.log.count
    let navigator = LinkNavigator(
      registry: launcher.registry, app: launcher.app, window: host.makeWindow())
    let url = try #require(URL(string: "tasks://tasks/2/edit"))

    try launcher.navigation.open(url, with: navigator, in: launcher.story)

    #expect(
      Array(stack.log.dropFirst(before)) == [
        "path write: [] -> [TaskDetailScreen]", "sheet write: nil -> TaskEditorScreen",
      ])
    let detail = launcher.navigation.path.first?.screen as? TaskDetailScreen
    #expect(detail?.presenter.index == 2)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPoppedScreenIsKeptUntilTheUpdateAfterItLeftThenReleased() async throws {
    let detector = LeakDetector(timeout: .milliseconds(300))
    try await detector.withTracking { () async throws in
      let host = HeadlessHost()
      let launcher = try TasksLauncher(host.assembly)
      defer { launcher.app.close() }
      let stack = HeadlessScreenStack(navigation: launcher.navigation, root: launcher.root)
      try #require(launcher.root.input as? TasksPresenter).didSelect(0)
      stack.update()
      let popped = WeakRef((stack.shownPath.first?.screen as? TaskDetailScreen)?.presenter)
      #expect(stack.tapBack())
      #expect(launcher.story.tree.children.isEmpty, "the module ended at the path write")

      stack.update()
      #expect(popped.object != nil, "the stack keeps the popped screen's value…")
      stack.update()
      #expect(popped.object == nil, "…until the update after the one that showed the pop")
      #expect(await detector.check() == nil)
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theStackSchedulesTheUpdateThatReleasesAPoppedScreen() async throws {
    let detector = LeakDetector(timeout: .milliseconds(300))
    try await detector.withTracking { () async throws in
      let host = HeadlessHost()
      let launcher = try TasksLauncher(host.assembly)
      defer { launcher.app.close() }
      let stack = HeadlessScreenStack(navigation: launcher.navigation, root: launcher.root)
      try #require(launcher.root.input as? TasksPresenter).didSelect(0)
      stack.update()
      let popped = WeakRef((stack.shownPath.first?.screen as? TaskDetailScreen)?.presenter)
      #expect(stack.tapBack())

      // The update that shows the removal, then the one that releases the popped screen's value:
      // both are scheduled by the stack, so the check finds nothing while the stack lives.
      #expect(await detector.check() == nil)
      #expect(popped.object == nil)
    }
  }

  #if DEBUG
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aPresenterTheScreenMadeItselfStopsTheProgramWithTheFix() async throws {
      let result = try #require(
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          await MainActor.run {
            // What `@State private var presenter = TasksPresenter()` in a screen does: a
            // presenter no builder wired, whose router is read at the first tap.
            TasksPresenter().didSelect(0)
          }
        })
      let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(standardError.contains("this presenter was not made by a ScreenBuilder"))
      #expect(
        standardError.contains(
          "hold the presenter the screen receives in init(presenter:) in a `let`"))
    }
  #endif
}
