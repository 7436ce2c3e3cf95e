// The hand-written variant: app singletons as lazy properties of one services object, each story a
// scope object holding its state lazily, and a builder per module that creates and wires the
// layers; routers call the next module's builder.

extension AppTemplate {
  /// Module `i`'s builder and router (the "assembly" an edit changes).
  func handBuilder(_ i: Int) -> String {
    let m = "M\(i)"
    let scope = plan.story(of: i).map { "S\($0)Scope" }
    let storyParameter = scope.map { ", story: \($0)" } ?? ""
    let storyArgument = scope == nil ? "" : ", story: story"
    let state = scope == nil ? "services.\(m.lowercased())State" : "story.\(m.lowercased())State"
    let storyProperty = scope.map { "  private let story: \($0)\n" } ?? ""
    let storyAssign = scope == nil ? "" : "    self.story = story\n"
    return """
      import ViperNestHeadless

      enum \(m)Builder {
        @MainActor
        static func build(services: AppServices\(storyParameter)) -> \(m)Module {
          // \(m)Builder revision 0
          let view = \(m)View(host: services.host)
          let presenter = \(m)Presenter(formatter: \(m)Formatter())
          let interactor = \(m)Interactor(
            repository: services.\(m.lowercased())Repository, tracker: services.\(m.lowercased())Tracker,
            state: \(state))
          let router = \(m)Router(services: services\(storyArgument))
          view.presenter = presenter
          presenter.view = view
          presenter.interactor = interactor
          presenter.router = router
          interactor.output = presenter
          router.view = view
          return \(m)Module(view: view, input: presenter) { [weak presenter] in presenter?.output = $0 }
        }
      }

      @MainActor
      final class \(m)Router: \(m)RouterProtocol {
        weak var view: HeadlessViewController?
        private let services: AppServices
      \(storyProperty)
        init(services: AppServices\(storyParameter)) {
          self.services = services
      \(storyAssign)  }

        func showNext() throws {
      \(handShowNext(i))
        }
      }

      """
  }

  private func handShowNext(_ i: Int) -> String {
    guard let next = plan.next(of: i) else { return "    // The last module of its story." }
    let n = "M\(next.module)"
    if let story = next.opens {
      let parent = AppPlan.parent(of: story) == nil ? "" : "parent: story"
      return """
            let next = \(n)Builder.build(services: services, story: S\(story)Scope(\(parent)))
            try view?.presentController(next.view, style: .fullScreen, animated: false, completion: nil)
        """
    }
    return """
          let next = \(n)Builder.build(services: services, story: story)
          try view?.presentController(next.view, style: .fullScreen, animated: false, completion: nil)
      """
  }

  /// The services object (app singletons) and the story scopes.
  var handServices: String {
    var singletons = ""
    for i in 0..<plan.modules {
      let m = "M\(i)"
      let l = m.lowercased()
      singletons += """
          lazy var \(l)Repository: any \(m)Repository = \(m)RepositoryImpl(client: client, cache: \(l)Cache)
          lazy var \(l)Cache = \(m)Cache()
          lazy var \(l)Tracker = \(m)Tracker(analytics: analytics)

        """
    }
    var scopes = ""
    for k in 0..<AppPlan.storyCount {
      var states = ""
      for i in 1..<max(plan.modules, 1) where plan.story(of: i) == k {
        states += "  lazy var m\(i)State = M\(i)State()\n"
      }
      let parent = AppPlan.parent(of: k)
      let parentLines =
        parent.map {
          "  let parent: S\($0)Scope\n  init(parent: S\($0)Scope) { self.parent = parent }\n"
        } ?? "  init() {}\n"
      scopes += "@MainActor\nfinal class S\(k)Scope {\n\(parentLines)\(states)}\n\n"
    }
    return """
      import ViperNestHeadless

      protocol StoryMarker {}

      /// The app's singletons, created on first use.
      @MainActor
      final class AppServices {
        let host: HeadlessHost
        let client = APIClient()
        let analytics = Analytics()
        lazy var m0State = M0State()
        init(host: HeadlessHost) { self.host = host }
      \(singletons)}

      \(scopes)
      """
  }

  var handRoot: String {
    var open = ""
    for k in 0..<AppPlan.storyCount {
      let parent = AppPlan.parent(of: k).map { "parent: s\($0)" } ?? ""
      open += "    let s\(k) = S\(k)Scope(\(parent))\n"
    }
    var build = "    modules.append(M0Builder.build(services: services))\n"
    for i in 1..<max(plan.modules, 1) {
      build +=
        "    modules.append(M\(i)Builder.build(services: services, story: s\(plan.story(of: i)!)))\n"
    }
    let all = (0..<AppPlan.storyCount).map { "s\($0)" }.joined(separator: ", ")
    return """
      import ViperNestHeadless

      @MainActor
      final class AppRoot {
        let host: HeadlessHost
        let services: AppServices
        let window: HeadlessWindow
        private var stories: [AnyObject] = []

        private init(host: HeadlessHost, services: AppServices, window: HeadlessWindow) {
          self.host = host
          self.services = services
          self.window = window
        }

        // Never inlined: launch-300 counts its instructions by its name (callgrind).
        @inline(never)
        static func launch() throws -> AppRoot {
          let host = HeadlessHost()
          let services = AppServices(host: host)
          let first = M0Builder.build(services: services)
          let window = host.makeWindow()
          try window.setRootController(first.view)
          return AppRoot(host: host, services: services, window: window)
        }

        var firstScreenShown: Bool { window.root is M0View && window.root?.isViewLoaded == true }

        func close() {}

        /// Lets go of the modules' stories that `buildAll()` made.
        func releaseAll() { stories = [] }

        static func enableTracking() {}

        static func validate() throws -> Int64? { nil }

        func buildAll() throws -> [AnyObject] {
      \(open)    var modules: [AnyObject] = []
      \(build)    stories = [\(all)]
          return modules
        }

      \(plainFollowRouters)
      }

      """
  }
}
