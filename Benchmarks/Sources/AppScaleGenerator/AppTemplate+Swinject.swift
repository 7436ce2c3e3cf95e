// The Swinject 2.10 variant, written the way Swinject documents it: an Assembly per module, app
// singletons in `.container` scope, the layers in the default graph scope with their weak back
// references injected in `initCompleted`, a child container per story (its state registered there
// in `.container` scope); routers resolve the next module through the container.

extension AppTemplate {
  func swinjectAssembly(_ i: Int) -> String {
    let m = "M\(i)"
    let stateScope = plan.story(of: i) == nil ? "root" : "story"
    return """
      import Swinject
      import ViperNestHeadless

      struct \(m)Assembly: Swinject.Assembly {
        func assemble(container c: Container) {
          // \(m)Assembly revision 0
          c.register(\(m)Module.self) { r in
            let view = r.resolve(\(m)View.self)!
            let presenter = r.resolve(\(m)Presenter.self)!
            return MainActor.assumeIsolated {
              \(m)Module(view: view, input: presenter) { [weak presenter] in presenter?.output = $0 }
            }
          }
          c.register((any \(m)Repository).self) { r in
            \(m)RepositoryImpl(client: r.resolve(APIClient.self)!, cache: r.resolve(\(m)Cache.self)!)
          }
          .inObjectScope(.container)
          c.register(\(m)Cache.self) { _ in \(m)Cache() }.inObjectScope(.container)
          c.register(\(m)Tracker.self) { r in \(m)Tracker(analytics: r.resolve(Analytics.self)!) }
            .inObjectScope(.container)
          c.register(\(m)Formatter.self) { _ in \(m)Formatter() }.inObjectScope(.transient)
          c.register(\(m)View.self) { r in
            let host = r.resolve(HeadlessHost.self)!
            return MainActor.assumeIsolated { \(m)View(host: host) }
          }
          .initCompleted { r, view in
            let presenter = r.resolve(\(m)Presenter.self)!
            MainActor.assumeIsolated { view.presenter = presenter }
          }
          c.register(\(m)Presenter.self) { r in
            let formatter = r.resolve(\(m)Formatter.self)!
            return MainActor.assumeIsolated { \(m)Presenter(formatter: formatter) }
          }
          .initCompleted { r, presenter in
            let view = r.resolve(\(m)View.self)!
            let interactor = r.resolve(\(m)Interactor.self)!
            let router = r.resolve(\(m)Router.self)!
            MainActor.assumeIsolated {
              presenter.view = view
              presenter.interactor = interactor
              presenter.router = router
            }
          }
          c.register(\(m)Interactor.self) { r in
            let repository = r.resolve((any \(m)Repository).self)!
            let tracker = r.resolve(\(m)Tracker.self)!
            let state = r.resolve(\(m)State.self)!
            return MainActor.assumeIsolated {
              \(m)Interactor(repository: repository, tracker: tracker, state: state)
            }
          }
          .initCompleted { r, interactor in
            let presenter = r.resolve(\(m)Presenter.self)!
            MainActor.assumeIsolated { interactor.output = presenter }
          }
          // The resolver a factory gets is the container resolving (the story's child container).
          c.register(\(m)Router.self) { r in
            let container = MainThreadContainer(container: r as! Container)
            return MainActor.assumeIsolated { \(m)Router(container: container) }
          }
          .initCompleted { r, router in
            let view = r.resolve(\(m)View.self)!
            MainActor.assumeIsolated { router.view = view }
          }
        }

        /// What lives in the module's story: registered in the story's child container (in the
        /// \(stateScope) container for the first screen).
        static func assembleStory(_ c: Container) {
          c.register(\(m)State.self) { _ in MainActor.assumeIsolated { \(m)State() } }
            .inObjectScope(.container)
        }
      }

      @MainActor
      final class \(m)Router: \(m)RouterProtocol {
        weak var view: HeadlessViewController?
        private let container: Container
        init(container: MainThreadContainer) { self.container = container.container }

        func showNext() throws {
      \(swinjectShowNext(i))
        }
      }

      """
  }

  private func swinjectShowNext(_ i: Int) -> String {
    guard let next = plan.next(of: i) else { return "    // The last module of its story." }
    let n = "M\(next.module)"
    let from = next.opens.map { "Stories.open\($0)(parent: container)" } ?? "container"
    return """
          guard let next = \(from).resolve(\(n)Module.self) else {
            throw AppError(description: "\(n)Module is not registered")
          }
          try view?.presentController(next.view, style: .fullScreen, animated: false, completion: nil)
      """
  }

  var swinjectStories: String {
    var opens = ""
    for k in 0..<AppPlan.storyCount {
      var lines = ""
      for i in 1..<max(plan.modules, 1) where plan.story(of: i) == k {
        lines += "    M\(i)Assembly.assembleStory(child)\n"
      }
      opens += """
          /// Opens story \(k): a child container of its parent's with the story's registrations.
          static func open\(k)(parent: Container) -> Container {
            let child = Container(parent: parent)
        \(lines)    return child
          }

        """
    }
    return """
      import Swinject

      protocol StoryMarker {}

      /// A container handed to a main-actor router. Swinject's `Container` is not Sendable;
      /// invariant that makes this safe: the app resolves only on the main thread.
      struct MainThreadContainer: @unchecked Sendable {
        let container: Container
      }

      enum Stories {
      \(opens)}

      """
  }

  var swinjectRoot: String {
    var assemblies = ""
    for i in 0..<plan.modules { assemblies += "    assemblies.append(M\(i)Assembly())\n" }
    var open = ""
    for k in 0..<AppPlan.storyCount {
      let parent = AppPlan.parent(of: k).map { "s\($0)" } ?? "container"
      open += "    let s\(k) = Stories.open\(k)(parent: \(parent))\n"
    }
    var build = "    modules.append(container.resolve(M0Module.self)!)\n"
    for i in 1..<max(plan.modules, 1) {
      build += "    modules.append(s\(plan.story(of: i)!).resolve(M\(i)Module.self)!)\n"
    }
    let all = (0..<AppPlan.storyCount).map { "s\($0)" }.joined(separator: ", ")
    return """
      import Swinject
      import ViperNestHeadless

      @MainActor
      final class AppRoot {
        let host: HeadlessHost
        let container: Container
        let window: HeadlessWindow
        private var stories: [Container] = []

        private init(host: HeadlessHost, container: Container, window: HeadlessWindow) {
          self.host = host
          self.container = container
          self.window = window
        }

        static func makeContainer(host: HeadlessHost) -> Container {
          let container = Container()
          container.register(HeadlessHost.self) { _ in host }.inObjectScope(.container)
          container.register(APIClient.self) { _ in APIClient() }.inObjectScope(.container)
          container.register(Analytics.self) { _ in Analytics() }.inObjectScope(.container)
          M0Assembly.assembleStory(container)
          var assemblies: [any Swinject.Assembly] = []
      \(assemblies)    _ = Assembler(assemblies, container: container)
          return container
        }

        // Never inlined: launch-300 counts its instructions by its name (callgrind).
        @inline(never)
        static func launch() throws -> AppRoot {
          let host = HeadlessHost()
          let container = makeContainer(host: host)
          guard let first = container.resolve(M0Module.self) else {
            throw AppError(description: "M0Module is not registered")
          }
          let window = host.makeWindow()
          try window.setRootController(first.view)
          return AppRoot(host: host, container: container, window: window)
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
