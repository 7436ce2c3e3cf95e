import Testing
import ViperNest
import ViperNestConformance
import ViperNestHeadless
import ViperNestSwiftUI

/// The headless SwiftUI stack: the user's gestures are the stack's; SwiftUI's renders are its
/// updates.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class HeadlessScreenConformanceDriver: ScreenNavigationConformanceDriver {
  let host = HeadlessHost()
  private var stack: HeadlessScreenStack?

  var toolkitAssembly: any Assembly { host.assembly }

  func showStack(_ navigation: ScreenNavigation, root: any Presentable) async throws {
    stack = HeadlessScreenStack(navigation: navigation, root: root)
  }

  func userTapsBack(_ navigation: ScreenNavigation) async throws {
    let stack = try #require(stack)
    try #require(stack.tapBack())
  }

  func userSwipesDownSheet(_ navigation: ScreenNavigation) async throws {
    let stack = try #require(stack)
    try #require(stack.swipeDownSheet())
  }

  func settle() async { stack?.update() }

  func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
    // The strictest model releases a removed screen at the second update after its removal; a
    // screen's task runs, and ends when cancelled, on the main actor while this yields.
    for _ in 0..<20 {
      if condition() { return true }
      stack?.update()
      await Task.yield()
    }
    return condition()
  }
}

/// The SwiftUI navigation conformance scenarios (Tests/Conformance) on the headless SwiftUI stack.
/// The same scenarios run against SwiftUI in Tests/UIKitConformanceTests.
@MainActor
struct HeadlessScreenConformanceTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(arguments: ScreenNavigationConformance.scenarios.map(\.name))
  func scenarioHoldsOnTheHeadlessSwiftUIStack(_ name: String) async throws {
    let scenario = try #require(ScreenNavigationConformance.scenarios.first { $0.name == name })
    try await scenario.run(HeadlessScreenConformanceDriver())
  }
}
