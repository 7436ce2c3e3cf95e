// swift-format-ignore-file
// The code of docs/Navigation.md that shows the Bank sample's modules (Samples/Bank); the rest of
// the guide's code is in Tests/ViperNestTests/Docs/NavigationGuideSnippets.swift.
// `DocumentationTests` checks that every ```swift block of the guide appears in one of them.
import Testing
import ViperNest
import ViperNestHeadless

@testable import BankSample

@MainActor
struct NavigationGuideStartUpTests {
  // MARK: - Windows and tabs

  static func startUp(host: HeadlessHost, dashboard: Story, payments: Story, window: HeadlessWindow) throws {
    try PaymentsBuilder.build(in: payments).attachToWindow(window)
    try PaymentsBuilder.build(in: payments).attachToWindow(window, withNavigationController: true)

    let tabBarController = host.makeTabContainer()          // UIKit: UIKitToolkit.shared.makeTabContainer()
    try TabTransition(container: tabBarController, tabs: [
      DashboardBuilder.build(in: dashboard).attachToNavigationController(tabBarItem: .system(.featured, tag: 0)),
      PaymentsBuilder.build(in: payments).attachToNavigationController(tabBarItem: .system(.more, tag: 1)),
    ]).perform()
    try WindowRootTransition(window: window, root: tabBarController).perform()
  }

  @Test func theStartUpHelpersShowTheBanksTabsAsTheWindowRoot() throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, BankAssembly()).start()
    let dashboard = try app.open(DashboardStory.self)
    let payments = try app.open(PaymentsStory.self)
    let window = host.makeWindow()

    try Self.startUp(host: host, dashboard: dashboard, payments: payments, window: window)

    let tabs = try #require(window.root as? HeadlessTabController)
    #expect(tabs.tabControllers.map(\.tabItem) == [.system(.featured, tag: 0), .system(.more, tag: 1)])
    #expect(
      host.log.filter { if case .root = $0 { true } else { false } } == [
        .root("PaymentsView", window: "Window"), .root("Navigation(PaymentsView)", window: "Window"),
        .root("Tabs", window: "Window"),
      ])
    payments.close()
    dashboard.close()
    app.close()
  }
}
