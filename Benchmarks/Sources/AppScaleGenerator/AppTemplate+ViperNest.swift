// The ViperNest variant, written as the module generator (Sources/ViperNestGenerator) writes a
// module: links objects, a VIPERBuilder, the module registered by its typed Input/Output, its
// layers in the story it runs in; routers resolve the next module by its type.

extension AppTemplate {
  func viperNestLayers(_ i: Int) -> String {
    let m = "M\(i)"
    return """
      import ViperNest
      import ViperNestHeadless

      typealias \(m)Module = Module<any \(m)Input, any \(m)Output>

      final class \(m)View: HeadlessViewController, VIPERView, \(m)ViewProtocol, NextTapping {
        let links = ViewLinks<any \(m)ViewOutput>()
        private(set) var shownTitle = ""
        override func viewDidLoad() { presenter.viewDidLoad() }
        func show(title: String) { shownTitle = title }
        func tapNext() throws { try presenter.didTapNext() }
      }

      final class \(m)Presenter: VIPERPresenter, \(m)Input, \(m)ViewOutput, \(m)InteractorOutput {
        let links = PresenterLinks<
          any \(m)ViewProtocol, any \(m)InteractorProtocol, any \(m)RouterProtocol
        >()
        @Weak var output: (any \(m)Output)?
        private let formatter: \(m)Formatter
        init(formatter: \(m)Formatter) { self.formatter = formatter }
        func configure(title: String) { view?.show(title: formatter.format(title)) }
        func viewDidLoad() { interactor.loadTitle() }
        func didTapNext() throws { try router.showNext() }
        func didLoad(title: String) { view?.show(title: formatter.format(title)) }
      }

      final class \(m)Interactor: VIPERInteractor, \(m)InteractorProtocol {
        let links = InteractorLinks<any \(m)InteractorOutput>()
        private let repository: any \(m)Repository
        private let tracker: \(m)Tracker
        private let state: \(m)State
        init(repository: any \(m)Repository, tracker: \(m)Tracker, state: \(m)State) {
          self.repository = repository
          self.tracker = tracker
          self.state = state
        }
        func loadTitle() {
          state.visits += 1
          tracker.track()
          presenter?.didLoad(title: repository.title())
        }
      }

      final class \(m)Router: VIPERRouter, \(m)RouterProtocol {
        let links = RouterLinks()
        func showNext() throws {
      \(viperNestShowNext(i))
        }
      }

      final class \(m)Builder: VIPERBuilder<\(m)View, \(m)Presenter, \(m)Interactor, \(m)Router> {}

      """
  }

  private func viperNestShowNext(_ i: Int) -> String {
    guard let next = plan.next(of: i) else { return "    // The last module of its story." }
    let n = "M\(next.module)"
    if let story = next.opens {
      return """
            let (story, module) = try resolver.open(S\(story).self) {
              try $0.resolve(\(n)Module.self)
            }
            try present(module, story: story, animated: false)
        """
    }
    return """
          let module = try resolver.resolve(\(n)Module.self)
          try present(module, animated: false)
      """
  }

  func viperNestAssembly(_ i: Int) -> String {
    let m = "M\(i)"
    let story = plan.story(of: i).map { "S\($0)" } ?? "AppStory"
    let layers = """
      r.register(\(m)State.self, lifetime: \(viperNestStateLifetime(i)), mainActor: \(m)State.init)
      r.register(\(m)Presenter.self, mainActor: \(m)Presenter.init(formatter:))
      r.register(\(m)Interactor.self, mainActor: \(m)Interactor.init(repository:tracker:state:))
      r.register(\(m)Router.self, mainActor: \(m)Router.init)
      """
    let scoped: String
    if let story = plan.story(of: i) {
      let parent = AppPlan.parent(of: story).map { ", in: S\($0).self" } ?? ""
      scoped =
        "    r.story(S\(story).self\(parent)) { r in\n"
        + layers.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n") + "\n    }"
    } else {
      scoped = layers.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    }
    return """
      import ViperNest

      struct \(m)Assembly: Assembly {
        func assemble(_ r: Registrar) {
          // \(m)Assembly revision 0
          r.register(\(m)Module.self, builder: \(m)Builder.self, in: \(story).self) {
            $0.module(input: { $0 }, output: { $0.output = $1 })
          }
          r.register((any \(m)Repository).self, lifetime: .app, \(m)RepositoryImpl.init(client:cache:))
          r.register(\(m)Cache.self, lifetime: .app, \(m)Cache.init)
          r.register(\(m)Tracker.self, lifetime: .app, \(m)Tracker.init(analytics:))
          r.register(\(m)Formatter.self, \(m)Formatter.init)
      \(scoped)
        }
      }

      """
  }

  private func viperNestStateLifetime(_ i: Int) -> String {
    plan.story(of: i).map { ".story(S\($0).self)" } ?? ".app"
  }

  /// The app: registry, launch, every module built in its story, validation, tracking.
  var viperNestRoot: String {
    var install = ""
    for i in 0..<plan.modules { install += "      M\(i)Assembly().assemble(r)\n" }
    var open = ""
    for k in 0..<AppPlan.storyCount {
      let from = AppPlan.parent(of: k).map { "stories[\($0)]" } ?? "app"
      open += "    stories.append(try \(from).open(S\(k).self))\n"
    }
    var build = "    modules.append(try app.resolve(M0Module.self))\n"
    for i in 1..<max(plan.modules, 1) {
      build += "    modules.append(try stories[\(plan.story(of: i)!)].resolve(M\(i)Module.self))\n"
    }
    return """
      import ViperNest
      import ViperNestHeadless

      typealias StoryMarker = UserStory

      struct CoreAssembly: Assembly {
        func assemble(_ r: Registrar) {
          r.register(APIClient.self, lifetime: .app, APIClient.init)
          r.register(Analytics.self, lifetime: .app, Analytics.init)
        }
      }

      @MainActor
      final class AppRoot {
        let host: HeadlessHost
        let registry: Registry
        let app: Story
        let window: HeadlessWindow
        private var stories: [Story] = []

        private init(host: HeadlessHost, registry: Registry, app: Story, window: HeadlessWindow) {
          self.host = host
          self.registry = registry
          self.app = app
          self.window = window
        }

        static func makeRegistry(host: HeadlessHost) throws -> Registry {
          let registry = Registry()
          try registry.install(host.assembly, CoreAssembly())
          try registry.install { r in
      \(install)    }
          return registry
        }

        // Never inlined: launch-300 counts its instructions by its name (callgrind).
        @inline(never)
        static func launch() throws -> AppRoot {
          let host = HeadlessHost()
          let registry = try makeRegistry(host: host)
          let app = try registry.start()
          let first = try app.resolve(M0Module.self)
          let window = host.makeWindow()
          try window.setRootController(first.view)
          return AppRoot(host: host, registry: registry, app: app, window: window)
        }

        var firstScreenShown: Bool { window.root is M0View && window.root?.isViewLoaded == true }

        /// Closes the stories the app opened, innermost first, then the app story.
        func close() {
          releaseAll()
          app.close()
        }

        /// Closes the stories `buildAll()` opened, innermost first, releasing their modules.
        func releaseAll() {
          for story in stories.reversed() { story.close() }
          stories = []
          // The ended modules' leak check, as a test or a debug build's check would run it; with
          // tracking on, it is what forgets their groups.
          if LeakDetector.shared.isEnabled, let report = LeakDetector.shared.checkNow() {
            print("leaks: \\(report)")
          }
        }

        static func enableTracking() { LeakDetector.shared.isEnabled = true }

        static func validate() throws -> Int64? {
          let registry = try makeRegistry(host: HeadlessHost())
          let begin = nowNanoseconds()
          let report = registry.validate()
          let end = nowNanoseconds()
          guard report.isValid else { throw AppError(description: "\\(report)") }
          return end - begin
        }

        func buildAll() throws -> [AnyObject] {
          var stories: [Story] = []
      \(open)    var modules: [AnyObject] = []
      \(build)    self.stories = stories
          return modules
        }

        func followRouters() throws -> Int {
          guard var current = window.root else { return 0 }
          var shown = 0
          while let tapping = current as? any NextTapping {
            try tapping.tapNext()
            guard let next = current.presentedController as? HeadlessViewController else { break }
            current = next
            shown += 1
          }
          return shown
        }
      }

      """
  }
}
