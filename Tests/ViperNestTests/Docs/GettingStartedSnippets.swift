// swift-format-ignore-file
// The code of docs/GettingStarted.md, compiled and run.
// `DocumentationTests` checks that every ```swift block of the guide appears here verbatim.
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

enum GettingStartedGuide {
  // MARK: - 2. A first assembly and a first story

  enum NotesStory: UserStory {}

  final class NoteStore {
    private(set) var titles: [String] = []
    func add(_ title: String) { titles.append(title) }
  }

  struct StoreAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(NoteStore.self, lifetime: .story(NotesStory.self), NoteStore.init)
    }
  }

  static func firstStory() throws -> (titles: [String], app: Story, notes: Story) {
    let registry = try Registry(StoreAssembly())
    try registry.validate().check()           // the whole graph, before anything runs
    let app = try registry.start()            // freezes the registrations; keep `app`
    let notes = try app.open(NotesStory.self)
    try notes.resolve(NoteStore.self).add("Buy milk")
    let titles = try notes.resolve(NoteStore.self).titles   // ["Buy milk"]: one store per NotesStory
    notes.close()                             // the store is released here
    app.close()
    return (titles, app, notes)
  }

  // MARK: - 3. A first VIPER module

  @MainActor protocol NotesViewProtocol: AnyObject { func show(titles: [String]) }
  @MainActor protocol NotesViewOutput: AnyObject {
    func viewDidLoad()
    func didTapAdd(title: String)
  }
  @MainActor protocol NotesInteractorProtocol: AnyObject {
    func loadNotes()
    func add(title: String)
  }
  @MainActor protocol NotesInteractorOutput: AnyObject { func didLoad(titles: [String]) }
  @MainActor protocol NotesRouterProtocol: AnyObject {}

  final class NotesView: HeadlessViewController, VIPERView, NotesViewProtocol {
    let links = ViewLinks<any NotesViewOutput>()
    private(set) var titles: [String] = []

    override func viewDidLoad() { presenter.viewDidLoad() }
    func show(titles: [String]) { self.titles = titles }
    func tapAdd(title: String) { presenter.didTapAdd(title: title) }   // a button's action
  }

  final class NotesPresenter: VIPERPresenter, NotesViewOutput, NotesInteractorOutput {
    let links = PresenterLinks<any NotesViewProtocol, any NotesInteractorProtocol, any NotesRouterProtocol>()

    func viewDidLoad() { interactor.loadNotes() }
    func didTapAdd(title: String) { interactor.add(title: title) }
    func didLoad(titles: [String]) { view?.show(titles: titles) }
  }

  final class NotesInteractor: VIPERInteractor, NotesInteractorProtocol {
    let links = InteractorLinks<any NotesInteractorOutput>()
    private let store: NoteStore
    init(store: NoteStore) { self.store = store }

    func loadNotes() { presenter?.didLoad(titles: store.titles) }
    func add(title: String) {
      store.add(title)
      loadNotes()
    }
  }

  final class NotesRouter: VIPERRouter, NotesRouterProtocol {
    let links = RouterLinks()
  }

  final class NotesBuilder: VIPERBuilder<NotesView, NotesPresenter, NotesInteractor, NotesRouter> {}

  struct NotesAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.story(NotesStory.self) { r in
        r.register(NotesPresenter.self, mainActor: NotesPresenter.init)
        r.register(NotesInteractor.self, mainActor: NotesInteractor.init(store:))
        r.register(NotesRouter.self, mainActor: NotesRouter.init)
      }
    }
  }

  // MARK: - 4. Show it

  @MainActor static func showIt() throws -> (
    host: HeadlessHost, app: Story, notes: Story, window: HeadlessWindow, titles: [String]
  ) {
    let host = HeadlessHost()
    let registry = try Registry(host.assembly, StoreAssembly(), NotesAssembly())
    try registry.validate().check()
    let app = try registry.start()
    let window = host.makeWindow()
    let notes = try app.open(NotesStory.self)
    let module = try NotesBuilder.build(in: notes)
    try module.attachToWindow(window, withNavigationController: true)
    module.view.tapAdd(title: "Buy milk")
    print(module.view.titles)      // ["Buy milk"]
    print(host.transcript)         // load NotesView from code
                                   // root of Window: Navigation(NotesView)
    return (host, app, notes, window, module.view.titles)
  }

  // MARK: - 5. Prove it leaks nothing

  @MainActor
  struct NotesTests {
    @Test(.detectsLeaks) func closingTheNotesScreenReleasesEverything() throws {
      let host = HeadlessHost()
      let app = try Registry(host.assembly, StoreAssembly(), NotesAssembly()).start()
      let notes = try app.open(NotesStory.self)
      let shown = try NotesBuilder.build(in: notes).attachToWindow(host.makeWindow())
      try shown.reverse()            // the window lets the module go
      notes.close()                  // and the story its store
      app.close()
    }
  }
}

@MainActor
struct GettingStartedSnippetTests {
  @Test func theFirstStoryKeepsOneStoreAndClosesIt() throws {
    let (titles, app, notes) = try GettingStartedGuide.firstStory()
    #expect(titles == ["Buy milk"])
    #expect(notes.isClosed)
    #expect(app.isClosed)
  }

  @Test func theFirstModuleIsShownAndAddsANote() throws {
    let shown = try GettingStartedGuide.showIt()
    defer { shown.app.close() }
    #expect(shown.titles == ["Buy milk"])
    #expect(
      shown.host.transcript == """
        load NotesView from code
        root of Window: Navigation(NotesView)
        """)
    let navigation = try #require(shown.window.root as? HeadlessNavigationController)
    let view = try #require(navigation.topController as? GettingStartedGuide.NotesView)
    #expect(view.titles == ["Buy milk"])
    #expect(try shown.notes.resolve(GettingStartedGuide.NoteStore.self).titles == ["Buy milk"])
  }

  @Test func theLeakTestFailsWhenThePresenterKeepsItsView() async throws {
    // The guide's suggestion, done: a presenter holding its view strongly is reported.
    let detector = LeakDetector(timeout: .milliseconds(100))
    let report = try await detector.withTracking { () async throws -> LeakReport? in
      let host = HeadlessHost()
      let app = try Registry(
        host.assembly, GettingStartedGuide.StoreAssembly(), GettingStartedGuide.NotesAssembly(),
        AnyAssembly { r in
          r.story(GettingStartedGuide.NotesStory.self) { r in
            r.register(StrongNotesPresenter.self, mainActor: StrongNotesPresenter.init)
          }
        }
      ).start(quiet)
      let notes = try app.open(GettingStartedGuide.NotesStory.self)
      do {
        let module = try StrongNotesBuilder.build(in: notes)
        module.presenter.keptView = module.view
        try module.attachToWindow(host.makeWindow()).reverse()
      }
      notes.close()
      app.close()
      return await detector.check()
    }
    let found = try #require(report)
    #expect(found.description.contains("StrongNotesPresenter.keptView -> NotesView"))
  }
}

/// `NotesPresenter` with the bug the guide suggests trying.
final class StrongNotesPresenter: VIPERPresenter, GettingStartedGuide.NotesViewOutput,
  GettingStartedGuide.NotesInteractorOutput
{
  let links = PresenterLinks<
    any GettingStartedGuide.NotesViewProtocol, any GettingStartedGuide.NotesInteractorProtocol,
    any GettingStartedGuide.NotesRouterProtocol
  >()
  var keptView: GettingStartedGuide.NotesView?

  func viewDidLoad() { interactor.loadNotes() }
  func didTapAdd(title: String) { interactor.add(title: title) }
  func didLoad(titles: [String]) { view?.show(titles: titles) }
}

typealias StrongNotesBuilder = VIPERBuilder<
  GettingStartedGuide.NotesView, StrongNotesPresenter, GettingStartedGuide.NotesInteractor,
  GettingStartedGuide.NotesRouter
>
