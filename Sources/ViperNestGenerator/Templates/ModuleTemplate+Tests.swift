// A module's test (Swift Testing): it builds the module from its assembly, shows it on the
// headless host, drives it through its Input, its view and its Output, hides it, and checks with
// ViperNestTesting that nothing leaks. A UIKit VIPER module is tested with a headless stand-in for
// its view (same contracts); a UIKit MVC controller is tested without being shown.

extension ModuleTemplate {
  func tests(importing testedModule: String) -> String {
    switch (spec.style, spec.ui) {
    case (.viper, .headless): viperTests(testedModule, standIn: false)
    case (.viper, .uikit): viperTests(testedModule, standIn: true)
    case (.mvc, .headless): headlessMVCTests(testedModule)
    case (.mvc, .uikit): uikitMVCTests(testedModule)
    case (.screen, _): screenTests(testedModule)
    }
  }

  /// Where the module is built in a test: its story, or the app story.
  private var home: String { spec.story == nil ? "harness.app" : "story" }

  /// Opens the module's story, if it has one (two lines into a test).
  private func openStory(from app: String) -> String {
    spec.story.map { "\n    let story = try \(app).open(\($0).self)" } ?? ""
  }

  /// Closes what the test opened.
  private func closeAll(app: String) -> String {
    (spec.story == nil ? "" : "    story.close()\n") + "    \(app).close()"
  }

  private func imports(_ modules: [String], testing testedModule: String) -> String {
    (["Testing"] + modules).sorted().map { "import \($0)" }.joined(separator: "\n")
      + "\n\n@testable import \(testedModule)"
  }

  private var registrationsTest: String {
    """
      @Test func registrationsAreValid() throws {
        expectValid(try Registry(\(names.assembly)()))
      }
    """
  }

  private func viperTests(_ testedModule: String, standIn: Bool) -> String {
    let n = names
    let about =
      standIn
      ? """
      /// The \(n.name) module with a headless stand-in for its UIKit view, so that it runs anywhere
      /// without a screen: built from its assembly's layers on the headless host, shown, driven
      /// through its Input, view and Output, hidden, and checked for leaks.
      """
      : """
      /// The \(n.name) module, built by its assembly on the headless host: shown, driven through its
      /// Input, view and Output, hidden, and checked for leaks.
      """
    let declareModule = "let module: \(n.module) ="
    let buildModule = "try \(n.headlessBuilder).build(in: \(home))"
    let resolveModule =
      !standIn
      ? "let module = try \(home).resolve(\(n.module).self)"
      : (4 + declareModule.count + 1 + buildModule.count <= SourceLayout.width
        ? "\(declareModule) \(buildModule)" : "\(declareModule)\n      \(buildModule)")
        + "\n      .module(input: { $0 }, output: { $0.output = $1 })"
    let viewType = standIn ? n.headlessView : n.view
    let builder = standIn ? n.headlessBuilder : n.builder
    return """
      \(imports(["ViperNest", "ViperNestHeadless", "ViperNestTesting"], testing: testedModule))

      \(about)
      @MainActor
      struct \(n.tests) {
      \(registrationsTest)

        @Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput() throws {
          let harness = try \(n.harness)()\(openStory(from: "harness.app"))
          \(resolveModule)
          let output = \(n.outputSpy)()
          module.output = output
          module.input.configure(title: "Hello")
          try PresentTransition(from: harness.root, to: module).perform()

          let view = try #require(module.view as? \(viewType))
          #expect(view.shownTitle == "Hello")
          view.tapDone()
          #expect(output.finishCount == 1)
          #expect(harness.root.presentedController == nil)
      \(closeAll(app: "harness.app"))
        }

        @Test func hidingTheModuleReleasesEveryLayer() async throws {
          let harness = try \(n.harness)()\(openStory(from: "harness.app"))
          try await expectReleased {
            let module = try \(builder).build(in: \(home))
            expectVIPEROwnership(
              view: module.view, presenter: module.presenter, interactor: module.interactor,
              router: module.router)
            let transition = PresentTransition(from: harness.root, to: module)
            try transition.perform()
            try transition.reverse()
            return [module.view, module.presenter, module.interactor, module.router]
          }
      \(closeAll(app: "harness.app"))
        }
      }
      \(standIn ? "\n" + standInView + "\n" : "")
      \(harness)

      \(outputSpy)

      """
  }

  private func headlessMVCTests(_ testedModule: String) -> String {
    let n = names
    return """
      \(imports(["ViperNest", "ViperNestHeadless", "ViperNestTesting"], testing: testedModule))

      /// The \(n.name) module, resolved from its assembly on the headless host: shown, driven through
      /// its Input, controller and Output, hidden, and checked for leaks.
      @MainActor
      struct \(n.tests) {
      \(registrationsTest)

        @Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput() throws {
          let harness = try \(n.harness)()\(openStory(from: "harness.app"))
          let module = try \(home).resolve(\(n.module).self)
          let output = \(n.outputSpy)()
          module.output = output
          module.input.configure(title: "Hello")
          try PresentTransition(from: harness.root, to: module).perform()

          let controller = try #require(module.view as? \(n.viewController))
          #expect(controller.shownTitle == "Hello")
          controller.tapDone()
          #expect(output.finishCount == 1)
          #expect(harness.root.presentedController == nil)
      \(closeAll(app: "harness.app"))
        }

        @Test func hidingTheModuleReleasesItsController() async throws {
          let harness = try \(n.harness)()\(openStory(from: "harness.app"))
          try await expectReleased {
            let module = try \(home).resolve(\(n.module).self)
            let transition = PresentTransition(from: harness.root, to: module)
            try transition.perform()
            try transition.reverse()
            return [module.view]
          }
      \(closeAll(app: "harness.app"))
        }
      }

      \(harness)

      \(outputSpy)

      """
  }

  private func uikitMVCTests(_ testedModule: String) -> String {
    let n = names
    let home = spec.story == nil ? "app" : "story"
    return """
      \(imports(["UIKit", "ViperNest", "ViperNestTesting"], testing: testedModule))

      /// The \(n.name) module, resolved from its assembly: driven through its Input, controller and
      /// Output, and checked to be released with its controller. It is a UIKit controller: run the
      /// test where UIKit is, such as on an iOS simulator.
      @MainActor
      struct \(n.tests) {
      \(registrationsTest)

        @Test func showsItsInputAndReportsDoneToItsOutput() throws {
          let app = try Registry(\(n.assembly)()).start()\(openStory(from: "app"))
          let module = try \(home).resolve(\(n.module).self)
          let output = \(n.outputSpy)()
          module.output = output
          module.input.configure(title: "Hello")

          let controller = try #require(module.view as? \(n.viewController))
          controller.loadViewIfNeeded()
          #expect(controller.title == "Hello")
          controller.tapDone()
          #expect(output.finishCount == 1)
      \(closeAll(app: "app"))
        }

        @Test func releasingTheModuleReleasesItsController() async throws {
          let app = try Registry(\(n.assembly)()).start()\(openStory(from: "app"))
          try await expectReleased {
            let module = try \(home).resolve(\(n.module).self)
            return [module.view]
          }
      \(closeAll(app: "app"))
        }
      }

      \(outputSpy)

      """
  }

  private func screenTests(_ testedModule: String) -> String {
    let n = names
    let available = ModuleTemplate.screenAvailability
    return """
      \(imports(
        ["ViperNest", "ViperNestHeadless", "ViperNestSwiftUI", "ViperNestTesting"],
        testing: testedModule))

      /// The \(n.name) module, a SwiftUI screen built by its assembly and hosted by the headless
      /// host (a `UIHostingController` in an app): shown, driven through its Input, presenter and
      /// Output, dismissed, and checked for leaks.
      @MainActor
      struct \(n.tests) {
        \(available)
        @Test func registrationsAreValid() throws {
          expectValid(try Registry(HeadlessHost().assembly, \(n.assembly)()))
        }

        \(available)
        @Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput() throws {
          let harness = try \(n.harness)()\(openStory(from: "harness.app"))
          let module = try \(home).resolve(\(n.module).self)
          let output = \(n.outputSpy)()
          module.output = output
          module.input.configure(title: "Hello")
          try PresentTransition(from: harness.root, to: module).perform()

          let host = try #require(module.view as? HeadlessScreenHostingController)
          let screen = try #require(host.screen as? \(n.screen))
          #expect(screen.presenter.title == "Hello")
          screen.presenter.didTapDone()
          #expect(output.finishCount == 1)
          #expect(harness.root.presentedController == nil)
      \(closeAll(app: "harness.app"))
        }

        \(available)
        @Test func swipingTheScreenDownReleasesEveryLayer() async throws {
          let harness = try \(n.harness)()\(openStory(from: "harness.app"))
          try await expectReleased {
            let module = try \(n.builder).build(in: \(home))
            try PresentTransition(from: harness.root, to: module).perform()
            let host = try #require(module.view as? HeadlessScreenHostingController)
            #expect(try harness.host.swipeDown(host), "the user swipes the sheet down")
            #expect(harness.root.presentedController == nil)
            return [
              host, module.presenter, try #require(module.interactor),
              try #require(module.router),
            ]
          }
      \(closeAll(app: "harness.app"))
        }
      }

      \(harness(available: true))

      \(outputSpy)

      """
  }

  private var harness: String { harness(available: false) }

  /// The harness; `available` marks it with the screen's availability (its assembly has it).
  private func harness(available: Bool) -> String {
    let n = names
    return """
      /// The \(n.name) module's assembly on a headless host, and a root screen to present it from.
      \(available ? ModuleTemplate.screenAvailability + "\n" : "")@MainActor
      private struct \(n.harness) {
        let host = HeadlessHost()
        let app: Story
        let root: HeadlessViewController
        private let window: HeadlessWindow

        init() throws {
          app = try Registry(host.assembly, \(n.assembly)()).start()
          window = host.makeWindow()
          root = HeadlessViewController(host: host)
          try window.setRootController(root)
        }
      }
      """
  }

  private var outputSpy: String {
    let n = names
    return """
      /// Records what the \(n.name) module reports.
      \(head("private final class \(n.outputSpy)", "\(n.output)"))
        private(set) var finishCount = 0

        func \(n.didFinish)() { finishCount += 1 }
      }
      """
  }

  private var standInView: String {
    let n = names
    let builder = SourceLayout.wrapped(
      "private typealias \(n.headlessBuilder) = VIPERBuilder<",
      [n.headlessView, n.presenter, n.interactor, n.router], ">", indent: 0)
    return """
      /// A headless stand-in for `\(n.view)` (a UIKit view) that adopts the same contracts, so that
      /// the presenter, interactor and router run without UIKit.
      \(head("private final class \(n.headlessView)", "HeadlessViewController", "VIPERView"))
        let links = ViewLinks<any \(n.viewOutput)>()
        private(set) var shownTitle = ""

        override func viewDidLoad() { presenter.viewDidLoad() }

        func tapDone() { presenter.didTapDone() }
      }

      \(head("extension \(n.headlessView)", "\(n.viewProtocol)"))
        func show(title: String) { shownTitle = title }
      }

      \(builder)
      """
  }
}
