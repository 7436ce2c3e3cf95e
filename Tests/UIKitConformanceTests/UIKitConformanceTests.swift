// The navigation conformance suite against UIKit, in an iOS simulator:
//
//   xcodebuild test -scheme ViperNest-Package \
//     -destination 'platform=iOS Simulator,name=iPhone 16' \
//     -only-testing:ViperNestUIKitConformanceTests
//
// On Linux this file compiles to nothing in `swift test`; .ci/typecheck-uikit.sh type-checks it
// against the UIKit stub.
#if canImport(UIKit)
  import Testing
  import UIKit
  import ViperNest
  import ViperNestConformance
  import ViperNestUIKit

  /// UIKit, driven as the user would: the back button pops, a swipe-down dismisses. Neither goes
  /// through ViperNest, so the lifecycle observer must notice them on its own.
  @MainActor
  final class UIKitConformanceDriver: NavigationConformanceDriver {
    let uiWindow: UIWindow

    init() {
      uiWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      uiWindow.makeKeyAndVisible()
    }

    var window: any WindowHosting { uiWindow }

    var appearanceLog: [String] = []

    func makeScreen(_ name: String) -> any ViewControlling {
      let screen = RecordingController(nibName: nil, bundle: nil)
      screen.title = name
      screen.record = { [weak self] line in self?.appearanceLog.append("\(name) \(line)") }
      return screen
    }

    func userTapsBack(in navigation: any NavigationControlling) async throws {
      let navigation = try #require(navigation as? UINavigationController)
      _ = navigation.popViewController(animated: true)  // what the back button does
    }

    func userSwipesDown(_ presented: any ViewControlling) async throws {
      let presented = try #require(presented as? UIViewController)
      presented.presentingViewController?.dismiss(animated: true, completion: nil)
    }

    func finishTransitions() async {
      // UIKit's default transition lasts about 0.35 s.
      try? await Task.sleep(for: .milliseconds(700))
    }

    func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
      for _ in 0..<100 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
      }
      return condition()
    }
  }

  /// A plain controller that reports UIKit's appearance callbacks.
  final class RecordingController: UIViewController {
    var record: (String) -> Void = { _ in }

    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      record("willAppear")
    }
    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      record("didAppear")
    }
    override func viewWillDisappear(_ animated: Bool) {
      super.viewWillDisappear(animated)
      record("willDisappear")
    }
    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      record("didDisappear")
    }
  }

  @MainActor
  @Suite(.serialized)
  struct UIKitConformanceTests {
    @Test(arguments: NavigationConformance.scenarios.map(\.name))
    func scenarioHoldsOnUIKit(_ name: String) async throws {
      let scenario = try #require(NavigationConformance.scenarios.first { $0.name == name })
      let driver = UIKitConformanceDriver()
      try await scenario.run(driver)
      driver.uiWindow.rootViewController = nil
    }
  }
#endif
