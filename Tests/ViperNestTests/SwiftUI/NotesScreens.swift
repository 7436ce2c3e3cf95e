import Observation
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI

// A small app of screen modules (SwiftUI views in an app; plain values here, hosted by the
// headless host): a list of notes, a note's detail, and an editor shown as a sheet.

enum NotesStory: UserStory {}
enum NoteDetailStory: UserStory {}
enum NoteEditorStory: UserStory {}
enum NoteShareStory: UserStory {}

/// Story-scoped state: one per open Notes story.
final class NoteStore: @unchecked Sendable {
  // Invariant: only touched on the main actor (by the interactors of the tests).
  var notes = ["Groceries", "Ideas", "Trip"]
}

// MARK: - Notes (list)

@MainActor protocol NotesInput: AnyObject {
  var notes: [String] { get }
}
typealias NotesModule = Module<any NotesInput, Never>

@MainActor protocol NotesInteractorInput: AnyObject { func load() }
@MainActor protocol NotesInteractorOutput: AnyObject { func didLoad(_ notes: [String]) }
@MainActor protocol NotesRouting: AnyObject {
  func showNote(_ index: Int) throws
  func editNote(_ index: Int) throws
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class NotesPresenter: VIPERPresenter, NotesInput, NotesInteractorOutput {
  @ObservationIgnored let links = PresenterLinks<
    NoView, any NotesInteractorInput, any NotesRouting
  >()
  private(set) var notes: [String] = []

  func screenDidAppear() { interactor.load() }
  func didSelect(_ index: Int) { try? router.showNote(index) }
  func didLoad(_ notes: [String]) { self.notes = notes }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class NotesInteractor: VIPERInteractor, NotesInteractorInput {
  let links = InteractorLinks<any NotesInteractorOutput>()
  private let store: NoteStore
  init(store: NoteStore) { self.store = store }
  func load() { presenter?.didLoad(store.notes) }
}

/// Navigates with the story's ``ScreenNavigation``, read from the resolver at each use (never
/// stored: the navigation holds the modules, which hold this router).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class NotesRouter: VIPERRouter, NotesRouting {
  let links = RouterLinks()

  func showNote(_ index: Int) throws {
    let navigation = try resolver.resolve(ScreenNavigation.self)
    let (story, module) = try resolver.open(NoteDetailStory.self) {
      try $0.resolve(NoteDetailModule.self)
    }
    module.input.index = index
    try navigation.push(module, story: story)
  }

  func editNote(_ index: Int) throws {
    let navigation = try resolver.resolve(ScreenNavigation.self)
    let (story, module) = try resolver.open(NoteEditorStory.self) {
      try $0.resolve(NoteEditorModule.self)
    }
    try navigation.presentSheet(module, story: story, interactiveDismissDisabled: false)
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NotesScreen: VIPERScreen {
  let presenter: NotesPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias NotesScreenBuilder = ScreenBuilder<
  NotesScreen, NotesPresenter, NotesInteractor, NotesRouter
>

// MARK: - Note detail (no interactor)

@MainActor protocol NoteDetailInput: AnyObject {
  var index: Int { get set }
}
typealias NoteDetailModule = Module<any NoteDetailInput, Never>

@MainActor protocol NoteDetailRouting: AnyObject { func close() }

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class NoteDetailPresenter: VIPERPresenter, NoteDetailInput {
  @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, any NoteDetailRouting>()
  var index = 0
  func didTapClose() { router.close() }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class NoteDetailRouter: VIPERRouter, NoteDetailRouting {
  let links = RouterLinks()
  func close() { try? resolver.resolve(ScreenNavigation.self).dismiss(viewController) }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NoteDetailScreen: VIPERScreen {
  let presenter: NoteDetailPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias NoteDetailScreenBuilder = ScreenBuilder<
  NoteDetailScreen, NoteDetailPresenter, NoInteractor, NoteDetailRouter
>

// MARK: - Note editor (neither interactor nor router)

@MainActor protocol NoteEditorInput: AnyObject {}
typealias NoteEditorModule = Module<any NoteEditorInput, Never>

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class NoteEditorPresenter: VIPERPresenter, NoteEditorInput {
  @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, NoRouter>()
  var text = ""
  /// A closure kept as long as the presenter: the leak fixture stores one that captures the
  /// presenter itself, as a `.task` or `.onReceive` closure handed to a long-lived model does.
  @ObservationIgnored var onSave: (() -> Void)?
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NoteEditorScreen: VIPERScreen {
  let presenter: NoteEditorPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias NoteEditorScreenBuilder = ScreenBuilder<
  NoteEditorScreen, NoteEditorPresenter, NoInteractor, NoRouter
>

// MARK: - Assembly and app

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NotesAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(NotesModule.self, builder: NotesScreenBuilder.self, in: NotesStory.self) {
      $0.module(input: { $0 })
    }
    r.story(NotesStory.self) { r in
      r.register(NoteStore.self, lifetime: .story(NotesStory.self), NoteStore.init)
      r.register(
        ScreenNavigation.self, lifetime: .story(NotesStory.self),
        mainActor: { _ in ScreenNavigation() })
      r.register(NotesPresenter.self, mainActor: NotesPresenter.init)
      r.register(NotesInteractor.self, mainActor: NotesInteractor.init(store:))
      r.register(NotesRouter.self, mainActor: NotesRouter.init)
    }
    r.register(
      NoteDetailModule.self, builder: NoteDetailScreenBuilder.self, in: NoteDetailStory.self
    ) {
      $0.module(input: { $0 })
    }
    r.story(NoteDetailStory.self, in: NotesStory.self) { r in
      r.register(NoteDetailPresenter.self, mainActor: NoteDetailPresenter.init)
      r.register(NoteDetailRouter.self, mainActor: NoteDetailRouter.init)
    }
    r.register(
      NoteEditorModule.self, builder: NoteEditorScreenBuilder.self, in: NoteEditorStory.self
    ) {
      $0.module(input: { $0 })
    }
    r.story(NoteEditorStory.self, in: NotesStory.self) { r in
      r.register(NoteEditorPresenter.self, mainActor: NoteEditorPresenter.init)
    }
    // The editor again, shared from a note's detail.
    r.register(
      NoteEditorModule.self, builder: NoteEditorScreenBuilder.self, in: NoteShareStory.self
    ) {
      $0.module(input: { $0 })
    }
    r.story(NoteShareStory.self, in: NoteDetailStory.self) { r in
      r.register(NoteEditorPresenter.self, mainActor: NoteEditorPresenter.init)
    }
    // Deep links: a note, and a note with its editor over it (one push, then a sheet).
    r.route(
      "/notes/:index",
      .show(NotesModule.self, in: NotesStory.self, .windowRoot(embedIn: .navigationController)),
      .show(NoteDetailModule.self, in: NoteDetailStory.self, .push(), LinkParameter<Int>("index")) {
        link, index in link.input.index = index
      })
    r.route(
      "/notes/:index/share",
      .show(NotesModule.self, in: NotesStory.self, .windowRoot(embedIn: .navigationController)),
      .show(NoteDetailModule.self, in: NoteDetailStory.self, .push(), LinkParameter<Int>("index")) {
        link, index in link.input.index = index
      },
      .show(NoteEditorModule.self, in: NoteShareStory.self, .present()))
  }
}

/// A started notes app on a headless host.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
struct NotesApp {
  let host: HeadlessHost
  let app: Story
  let window: HeadlessWindow

  init(
    timing: HeadlessHost.Timing = .immediate, _ configure: @escaping (Registrar) -> Void = { _ in }
  ) throws {
    host = HeadlessHost(timing: timing)
    let registry = try Registry(
      host.assembly, NotesAssembly(), AnyAssembly("TestAssembly", configure))
    app = try registry.start(quiet)
    window = host.makeWindow()
  }
}

/// The presenter a leak test leaks on purpose, held weakly, so the test can break its cycle once
/// the leak is reported (LeakSanitizer then sees no leak).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class LeakedPresenter {
  weak var object: NoteEditorPresenter?

  func breakCycle() { object?.onSave = nil }
}
