import Testing
import ViperNest
import ViperNestConformance
import ViperNestHeadless

/// The headless host, strict timing: the user's gestures are the host's.
@MainActor
final class HeadlessConformanceDriver: NavigationConformanceDriver {
  let host = HeadlessHost(timing: .strict)
  let headlessWindow: HeadlessWindow

  init() {
    headlessWindow = host.makeWindow()
  }

  var window: any WindowHosting { headlessWindow }

  var appearanceLog: [String] {
    get { log.lines }
    set { log.lines = newValue }
  }
  private let log = AppearanceRecorder.Log()

  func makeScreen(_ name: String) -> any ViewControlling {
    let screen = AppearanceRecorder(host: host)
    screen.log = log
    screen.showsFlags = false
    host.setName(name, of: screen)
    return screen
  }

  func userTapsBack(in navigation: any NavigationControlling) async throws {
    let navigation = try #require(navigation as? HeadlessNavigationController)
    try #require(try host.tapBack(in: navigation))
  }

  func userSwipesDown(_ presented: any ViewControlling) async throws {
    let presented = try #require(presented as? HeadlessViewController)
    try #require(try host.swipeDown(presented))
  }

  func finishTransitions() async { host.finishTransitions() }

  func eventually(_ condition: @MainActor () -> Bool) async -> Bool { condition() }
}

/// The navigation conformance suite (Tests/Conformance) on the headless host. The same scenarios
/// run against UIKit in Tests/UIKitConformanceTests.
@MainActor
struct HeadlessConformanceTests {
  @Test(arguments: NavigationConformance.scenarios.map(\.name))
  func scenarioHoldsOnTheHeadlessHost(_ name: String) async throws {
    let scenario = try #require(NavigationConformance.scenarios.first { $0.name == name })
    try await scenario.run(HeadlessConformanceDriver())
  }
}
