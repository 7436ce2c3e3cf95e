// swift-format-ignore-file
// The code of docs/DeepLinks.md, compiled and run. `DocumentationTests` checks that every ```swift
// block of the guide appears here verbatim. The guide's example is the Bank sample's (Samples/Bank);
// its modules are stood in for here by plain controllers behind the same Module types.
import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

enum DeepLinksGuide {
  // MARK: - The Bank sample's types, stood in for

  enum DashboardStory: UserStory {}
  enum PaymentsStory: UserStory {}
  enum TransferStory: UserStory {}
  enum AccountID: String { case current, savings, card }

  @MainActor protocol TransferInput: AnyObject { func prefill(from: AccountID, to: AccountID) }
  @MainActor protocol TransferOutput: AnyObject { func transferDidCancel() }
  typealias TransferModule = Module<any TransferInput, any TransferOutput>
  typealias PaymentsModule = Module<Void, Void>

  final class PaymentsPresenter: TransferOutput {
    func transferDidCancel() {}
  }
  final class PaymentsView: HeadlessViewController {
    let presenter = PaymentsPresenter()
  }
  final class TransferView: HeadlessViewController, TransferInput {
    private(set) var accounts: (from: AccountID, to: AccountID)?
    weak var output: (any TransferOutput)?
    func prefill(from: AccountID, to: AccountID) { accounts = (from, to) }
  }

  struct BankModulesAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.story(DashboardStory.self)
      r.story(PaymentsStory.self)
      r.story(TransferStory.self, in: PaymentsStory.self)
      r.register(PaymentsModule.self, mainActor: { r in
        Module(view: PaymentsView(host: try r.resolve(HeadlessHost.self)), input: ())
      })
      r.register(TransferModule.self, mainActor: { r in
        let view = TransferView(host: try r.resolve(HeadlessHost.self))
        return Module(view: view, input: view) { [weak view] in view?.output = $0 }
      })
    }
  }

  // MARK: - Declaring routes

  /// An account's number in deep links: `bank://payments/transfer/2` transfers to the savings
  /// account. A link with another number is refused before anything is shown.
  enum AccountNumber: Int, CaseIterable, LinkConvertible {
    case current = 1, savings, card

    var id: AccountID {
      switch self {
      case .current: .current
      case .savings: .savings
      case .card: .card
      }
    }
  }

  struct BankLinksAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.route(
        "/payments", .selectTab(1, showing: PaymentsModule.self, in: PaymentsStory.self))
      r.route(
        "/payments/transfer/:to",
        .selectTab(1, showing: PaymentsModule.self, in: PaymentsStory.self),
        .show(
          TransferModule.self, in: TransferStory.self,
          .push(.init(navigationBar: .init(barTintColor: .bankYellow, prefersLargeTitles: false))),
          LinkParameter<AccountNumber>("to")
        ) { link, to in
          link.input.prefill(from: .current, to: to.id)
          // Payments is Transfer's host, as when its router pushes it.
          link.module.output = (link.source as? PaymentsView)?.presenter as? any TransferOutput
        })
    }
  }

  // MARK: - Patterns and parameters

  static let parameters: (any Sendable, any Sendable, any Sendable, any Sendable) = (
    LinkParameter<Int>("account"),        // /accounts/:account: required, an integer
    LinkParameter<UUID?>("order"),        // ?order: optional, a UUID when given
    LinkParameter<AccountNumber>("to"),   // one of 1, 2, 3
    LinkParameter<String?>("first")       // ?first: optional text
  )

  // MARK: - Opening a link

  /// The Bank sample at launch: tabs composed, their stories kept by the app.
  @MainActor
  struct BankLaunch {
    let host = HeadlessHost(timing: .strict)
    let registry: Registry
    let app: Story
    let window: HeadlessWindow
    let dashboard: Story
    let payments: Story
    let tabs: TabTransition

    init() throws {
      registry = try Registry(host.assembly, BankModulesAssembly(), BankLinksAssembly())
      app = try registry.start()
      window = host.makeWindow()
      dashboard = try app.open(DashboardStory.self)
      payments = try app.open(PaymentsStory.self)
      let container = host.makeTabContainer()
      tabs = TabTransition(container: container, tabs: [
        try HeadlessViewController(host: host).attachToNavigationController(),
        try payments.resolve(PaymentsModule.self).attachToNavigationController(),
      ])
      try tabs.perform()
      try WindowRootTransition(window: window, root: container).perform()
    }

    func close() throws {
      try tabs.reverse()
      payments.close()
      dashboard.close()
      app.close()
    }
  }

  @MainActor static func openTransfer(registry: Registry, app: Story, window: HeadlessWindow, payments: Story, dashboard: Story) throws -> OpenedLink {
    let navigator = LinkNavigator(
      registry: registry, app: app, window: window, stories: [dashboard, payments])
    let opened = try navigator.open(URL(string: "bank://payments/transfer/2")!)
    print(opened.steps.map(\.wasReused))   // [true, false]: the tab is kept, Transfer is pushed
    return opened
  }

  @MainActor
  struct OpeningTests {
    @Test func theGuidesTransferLinkSelectsTheTabAndPushesTransfer() throws {
      let bank = try BankLaunch()
      let opened = try openTransfer(
        registry: bank.registry, app: bank.app, window: bank.window, payments: bank.payments,
        dashboard: bank.dashboard)
      bank.host.finishTransitions()
      let transfer = try #require(opened.steps[1].controller as? TransferView)
      #expect(transfer.accounts?.to == .savings)
      #expect(transfer.output === (opened.steps[0].controller as? PaymentsView)?.presenter)
      #expect(opened.steps[1].storyChain == ["App", "Payments", "Transfer"])
      try bank.close()
    }

    @Test func validationFindsTheRoutesValid() {
      let registry = try? Registry(HeadlessHost().assembly, BankModulesAssembly(), BankLinksAssembly())
      #expect(registry?.validate().routeProblems.isEmpty == true)
    }
  }

  // MARK: - Validated at start

  static func checkAtStartUp(registry: Registry) throws {
    let report = registry.validate()       // the graph, then every route
    for problem in report.routeProblems {
      print(problem)                       // what, route, step, fix
    }
    try report.check()
  }

  // MARK: - Failing cleanly

  @MainActor static func open(_ link: String, with navigator: LinkNavigator) -> String? {
    do {
      try navigator.open(URL(string: link)!)
      return nil
    } catch let error as LinkError where error.code == .noMatchingRoute {
      return "no route; did you mean \(error.closestRoutes.joined(separator: " or "))?"
    } catch let error as LinkError where error.code == .invalidParameter {
      return "bad \(error.parameter ?? "?"): \(error.summary)"
    } catch {
      return "\(error)"   // .stepFailed: what the link opened is already undone
    }
  }

  // MARK: - Testing a route

  @MainActor
  struct TransferLinkTests {
    @Test(.detectsLeaks) func theTransferLinkLeavesNothingBehindOnceTransferIsPopped() throws {
      let bank = try BankLaunch()
      let navigator = LinkNavigator(
        registry: bank.registry, app: bank.app, window: bank.window,
        stories: [bank.dashboard, bank.payments])

      let opened = try navigator.open(URL(string: "bank://payments/transfer/2")!)
      bank.host.finishTransitions()
      #expect(opened.steps[1].storyChain == ["App", "Payments", "Transfer"])

      try opened.steps[1].transition?.reverse(animated: false)   // or the user's Back button
      #expect(bank.payments.tree.children.isEmpty)
      try bank.close()   // .detectsLeaks: every module and story the link made was released
    }

    @Test(.detectsLeaks) func aBadAccountNumberChangesNothing() throws {
      let bank = try BankLaunch()
      let navigator = LinkNavigator(
        registry: bank.registry, app: bank.app, window: bank.window,
        stories: [bank.dashboard, bank.payments])

      let error = try #require(throws: LinkError.self) {
        try navigator.open(URL(string: "bank://payments/transfer/9")!)
      }
      #expect(error.code == .invalidParameter)
      #expect(error.parameter == "to")
      #expect(bank.payments.tree.children.isEmpty)
      try bank.close()
    }

    @Test func theFailureHelperNamesEachKindOfFailure() throws {
      let bank = try BankLaunch()
      let navigator = LinkNavigator(
        registry: bank.registry, app: bank.app, window: bank.window,
        stories: [bank.dashboard, bank.payments])
      #expect(open("bank://payment/transfer/2", with: navigator)?.hasPrefix("no route; did you mean /payments/transfer/:to") == true)
      #expect(open("bank://payments/transfer/x", with: navigator)?.hasPrefix("bad to:") == true)
      #expect(open("bank://payments", with: navigator) == nil)
      try bank.close()
    }
  }
}

extension AppearanceColor {
  /// The Bank sample's yellow.
  fileprivate static let bankYellow = AppearanceColor(hex: 0xFFE600)
}
