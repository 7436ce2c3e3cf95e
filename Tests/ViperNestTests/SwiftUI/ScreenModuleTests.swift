import Observation
import Testing
import ViperNestHeadless
import ViperNestSwiftUI

@testable import ViperNest

/// A screen module (a SwiftUI view that owns an `@Observable` presenter) built by a
/// `ScreenBuilder`: wired with VIPER's ownership, hosted by the toolkit's hosting controller, and
/// shown, dismissed and leak-checked by the existing transitions like a UIKit module.
@MainActor
struct ScreenModuleTests {
  // MARK: - Wiring and ownership

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func theBuilderWiresTheLayersWithVIPERsOwnership() throws {
    let notes = try NotesApp()
    let story = try notes.app.open(NotesStory.self)
    defer { story.close() }
    var module: ScreenModule<NotesScreen, NotesPresenter, NotesInteractor, NotesRouter>? =
      try NotesScreenBuilder.build(in: story)
    let host = try #require(module?.view as? HeadlessScreenHostingController)
    let screen = try #require(host.screen as? NotesScreen)
    let presenter = WeakRef(module?.presenter)

    #expect(
      screen.presenter === module?.presenter, "the host owns the screen, which owns the presenter")
    #expect(module?.router?.viewController === host, "the router navigates from the host")
    #expect(module?.interactor?.presenter === module?.presenter)
    #expect(host.description == "NotesScreen")
    module?.presenter.screenDidAppear()
    #expect(module?.presenter.notes == ["Groceries", "Ideas", "Trip"])

    module = nil
    #expect(presenter.object != nil, "the host, held here, still holds the screen")
    withExtendedLifetime(host) {}
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func releasingTheHostReleasesTheWholeModule() throws {
    let notes = try NotesApp()
    let story = try notes.app.open(NotesStory.self)
    defer { story.close() }
    var module: NotesModule? = try story.resolve(NotesModule.self)
    let host = WeakRef(module?.view)
    let presenter = WeakRef(module?.input)
    #expect(host.object != nil && presenter.object != nil)

    module = nil

    #expect(host.object == nil)
    #expect(presenter.object == nil, "nothing but the screen held the presenter")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPresenterThatNamesAViewIsRefusedWithTheFix() throws {
    let notes = try NotesApp { r in
      r.register(ViewNamingPresenter.self, mainActor: ViewNamingPresenter.init)
    }
    let error = try #require(throws: ModuleError.self) {
      try ScreenBuilder<ViewNamingScreen, ViewNamingPresenter, NoInteractor, NoRouter>.build(
        in: notes.app)
    }
    #expect(error.code == .contractMismatch)
    #expect(error.problems.contains { $0.contains("so the links name NoView") })
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aSharedPresenterIsRefusedAsAlreadyWired() throws {
    let notes = try NotesApp { r in
      r.story(NoteEditorStory.self) { r in
        r.overriding.register(
          NoteEditorPresenter.self, lifetime: .story(NoteEditorStory.self),
          mainActor: NoteEditorPresenter.init)
      }
    }
    let notesStory = try notes.app.open(NotesStory.self)
    defer { notesStory.close() }
    let story = try notesStory.open(NoteEditorStory.self)
    let first = try NoteEditorScreenBuilder.build(in: story)
    let error = try #require(throws: ModuleError.self) {
      try NoteEditorScreenBuilder.build(in: story)
    }
    #expect(error.code == .layerAlreadyWired)
    withExtendedLifetime(first) {}
  }

  @Test func aVIPERBuilderRefusesAScreensPresenterAndNamesTheScreenBuilder() throws {
    let notes = try NotesApp()
    let notesStory = try notes.app.open(NotesStory.self)
    defer { notesStory.close() }
    let story = try notesStory.open(NoteEditorStory.self)
    let error = try #require(throws: ModuleError.self) {
      try VIPERBuilder<PlainEditorView, NoteEditorPresenter, NoInteractor, NoRouter>.build(
        in: story)
    }
    #expect(error.code == .contractMismatch)
    #expect(error.problems.contains { $0.contains("built with a ScreenBuilder") })
  }

  @Test func withoutAToolkitThatHostsScreensTheBuildFailsWithTheFix() throws {
    let registry = try Registry(NotesAssembly())
    let app = try registry.start(quiet)
    let story = try app.open(NotesStory.self)
    defer { story.close() }
    let error = try #require(throws: ModuleError.self) { try NotesScreenBuilder.build(in: story) }
    #expect(error.code == .noToolkit)
    #expect(error.fix.contains("HeadlessHost"))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func validationChecksAScreenModulesLayersInItsStory() throws {
    let registry = try Registry(
      HeadlessHost().assembly,
      AnyAssembly("Broken") { r in
        r.register(NotesModule.self, builder: NotesScreenBuilder.self, in: NotesStory.self) {
          $0.module(input: { $0 })
        }
        r.story(NotesStory.self) { r in
          r.register(NotesPresenter.self, mainActor: NotesPresenter.init)
          r.register(NotesRouter.self, mainActor: NotesRouter.init)
        }
      })
    let report = registry.validate()
    let problem = try #require(report.problems.first)
    #expect(problem.storyChain == ["App", "Notes"])
    #expect(problem.resolutionPath == ["Module<NotesInput, Never>", "NotesInteractor"])

    let valid = try Registry(HeadlessHost().assembly, NotesAssembly()).validate()
    #expect(valid.isValid, "\(valid.routeProblems)")
    #expect(
      valid.checkedModules == [
        "Module<NotesInput, Never> (ScreenBuilder<NotesScreen, NotesPresenter, NotesInteractor, "
          + "NotesRouter> in story Notes)",
        "Module<NoteDetailInput, Never> (ScreenBuilder<NoteDetailScreen, NoteDetailPresenter, "
          + "NoInteractor, NoteDetailRouter> in story NoteDetail)",
        "Module<NoteEditorInput, Never> (ScreenBuilder<NoteEditorScreen, NoteEditorPresenter, "
          + "NoInteractor, NoRouter> in story NoteEditor)",
        "Module<NoteEditorInput, Never> (ScreenBuilder<NoteEditorScreen, NoteEditorPresenter, "
          + "NoInteractor, NoRouter> in story NoteShare)",
      ])
  }

  // MARK: - Hosted in the existing transitions

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aHostedScreenIsPushedAndTheBackButtonEndsItAndClosesItsStory() throws {
    let notes = try NotesApp()
    let story = try notes.app.open(NotesStory.self)
    defer { story.close() }
    let list = try NotesScreenBuilder.build(in: story)
    try list.attachToWindow(notes.window, withNavigationController: true)
    let navigation = try #require(list.view.navigationContainer as? HeadlessNavigationController)
    let (detailStory, detail) = try story.open(NoteDetailStory.self) {
      try $0.resolve(NoteDetailModule.self)
    }
    try PushTransition(from: list.view, to: detail, story: detailStory).perform()
    let presenter = WeakRef(detail.input)
    let host = WeakRef(detail.view)
    #expect(story.tree.children.map(\.name) == ["NoteDetail"])

    #expect(try notes.host.tapBack(in: navigation))

    #expect(detailStory.isClosed)
    #expect(story.tree.children.isEmpty)
    #expect(notes.host.log.last?.description == "pop NoteDetailScreen from Navigation(NotesScreen)")
    withExtendedLifetime(detail) {}
    _ = consume detail
    #expect(host.object == nil)
    #expect(presenter.object == nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPresentedScreenSwipedDownEndsUnlessItRefusesInteractiveDismissal() throws {
    let notes = try NotesApp()
    let story = try notes.app.open(NotesStory.self)
    defer { story.close() }
    let list = try NotesScreenBuilder.build(in: story)
    try list.attachToWindow(notes.window, withNavigationController: false)
    let (editorStory, editor) = try story.open(NoteEditorStory.self) {
      try $0.resolve(NoteEditorModule.self)
    }
    try PresentTransition(from: list.view, to: editor, story: editorStory).perform()
    let sheet = try #require(editor.view as? HeadlessScreenHostingController)
    sheet.isModalInPresentation = true

    #expect(try !notes.host.swipeDown(sheet))
    #expect(!editorStory.isClosed)

    sheet.isModalInPresentation = false
    #expect(try notes.host.swipeDown(sheet))
    #expect(editorStory.isClosed)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aHostedScreenIsATabAWindowRootAndAnEmbeddedChild() throws {
    let notes = try NotesApp()
    let story = try notes.app.open(NotesStory.self)
    defer { story.close() }
    let editors = try story.open(NoteEditorStory.self)
    let first = try NotesScreenBuilder.build(in: story)
    let second = try NoteEditorScreenBuilder.build(in: editors)
    let container = notes.host.makeTabContainer()
    try TabTransition(container: container, tabs: [first, second]).perform()
    #expect(container.tabRoots.map { $0 === first.view || $0 === second.view } == [true, true])

    let third = try NoteEditorScreenBuilder.build(in: editors)
    let parent = try #require(second.view as? HeadlessScreenHostingController)
    try EmbedTransition(parent: parent, area: parent.area("preview"), child: third).perform()
    #expect(third.view.parentController === parent)

    let root = try NoteEditorScreenBuilder.build(in: editors)
    try root.attachToWindow(notes.window, withNavigationController: false)
    #expect(notes.window.rootController === root.view)
  }

  // MARK: - Leak checks

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aDismissedHostedScreenPassesTheLeakCheck() async throws {
    let detector = LeakDetector(timeout: .milliseconds(200))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let notes = try NotesApp()
      let story = try notes.app.open(NotesStory.self)
      defer { story.close() }
      let list = try NotesScreenBuilder.build(in: story)
      try list.attachToWindow(notes.window, withNavigationController: true)
      let (editorStory, editor) = try story.open(NoteEditorStory.self) {
        try $0.resolve(NoteEditorModule.self)
      }
      try PresentTransition(from: list.view, to: editor, story: editorStory).perform()
      try swipeDown(editor, on: notes.host)
      _ = consume editor
      return await detector.check()
    }
    #expect(report == nil)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aDismissedScreensHostKeptFromOutsideIsReported() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let keeper = Keeper()
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let notes = try NotesApp()
      let story = try notes.app.open(NotesStory.self)
      defer { story.close() }
      let list = try NotesScreenBuilder.build(in: story)
      try list.attachToWindow(notes.window, withNavigationController: true)
      // The editor's story stays open: the module ends on its own when it is swiped down.
      let editors = try story.open(NoteEditorStory.self)
      let editor = try editors.resolve(NoteEditorModule.self)
      try PresentTransition(from: list.view, to: editor).perform()
      keeper.object = editor.view  // the leak: a global keeps the dismissed screen's host
      try swipeDown(editor, on: notes.host)
      _ = consume editor
      return await detector.check()
    }
    let found = try #require(report, "the module ended when it was swiped down")
    #expect(found.leaks.map(\.typeName).contains("HeadlessScreenHostingController"), "\(found)")
    #expect(found.description.contains("view of module NoteEditor"), "\(found)")
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPresenterKeptByItsOwnClosureIsReportedWithItsRetainPath() async throws {
    let detector = LeakDetector(timeout: .milliseconds(100))
    let leaked = LeakedPresenter()
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let notes = try NotesApp()
      let story = try notes.app.open(NotesStory.self)
      defer { story.close() }
      let list = try NotesScreenBuilder.build(in: story)
      try list.attachToWindow(notes.window, withNavigationController: true)
      let (editorStory, editor) = try story.open(NoteEditorStory.self) {
        try $0.resolve(NoteEditorModule.self)
      }
      let presenter = try #require(editor.input as? NoteEditorPresenter)
      presenter.onSave = { presenter.text = "" }  // the leak: the closure captures its owner
      leaked.object = presenter
      try PresentTransition(from: list.view, to: editor, story: editorStory).perform()
      try swipeDown(editor, on: notes.host)
      _ = consume editor
      return await detector.check()
    }
    let found = try #require(report)
    #expect(found.leaks.map(\.typeName).contains("NoteEditorPresenter"))
    #expect(found.description.contains("NoteEditorPresenter.onSave"), "\(found)")
    leaked.breakCycle()
  }
}

/// The user swipes the module's sheet down.
@MainActor
private func swipeDown(_ module: some Presentable, on host: HeadlessHost) throws {
  let sheet = try #require(module.viewController as? HeadlessScreenHostingController)
  #expect(try host.swipeDown(sheet))
}

// MARK: - Fixtures of refused modules

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class ViewNamingPresenter: VIPERPresenter {
  @ObservationIgnored let links = PresenterLinks<any NotesInput, NoInteractor, NoRouter>()
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ViewNamingScreen: VIPERScreen {
  let presenter: ViewNamingPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class PlainEditorView: HeadlessViewController, VIPERView {
  let links = ViewLinks<NoteEditorPresenter>()
}

/// The wrong pattern, a screen that makes its presenter, is named by the message that stops it.
@MainActor
struct ScreenPresenterMessageTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aScreensPresenterReadBeforeWiringSaysTheScreenMustNotMakeIt() {
    let message = PresenterLinks<NoView, any NotesInteractorInput, any NotesRouting>
      .unwiredMessage("router")
    #expect(message.contains("this presenter was not made by a ScreenBuilder"))
    #expect(message.contains("`@State var presenter = ...`"))
    #expect(
      message.contains("hold the presenter the screen receives in init(presenter:) in a `let`"))
  }
}
