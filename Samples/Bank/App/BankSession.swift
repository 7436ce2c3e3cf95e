import Foundation
import SampleSupport
import ViperNest
import ViperNestHeadless

/// One run of the app: registry, stories, window and tabs, and the printing of what happens.
@MainActor
final class BankSession {
  /// Strict timing: animated transitions finish between the user's steps, as UIKit's do.
  let host = HeadlessHost(timing: .strict)
  let window: HeadlessWindow
  let app: Story
  /// The window's root, which the login's and the dashboard's routers replace (signing in and
  /// out); it tells the session of the tabs' stories.
  let root: BankRoot
  /// The tabs' stories (Dashboard, Payments) while signed in: inside App > Session, which the
  /// window root's transition owns, so they close when signing out replaces the tabs.
  private(set) var tabStories: [Story] = []
  /// Opens deep links (`bank://payments/transfer/2`) into the tabs of the current session.
  private(set) var navigator: LinkNavigator
  let registry: Registry
  let print: (String) -> Void
  private let steps: StepPrinter
  private var shownTab: Int?
  private var shownAreas: String?

  init(print: @escaping (String) -> Void) throws {
    self.print = print
    steps = StepPrinter(host: host, print: print)
    registry = try Registry(host.assembly, BankAssembly())
    print("ViperNest Bank sample")
    print("")
    print(registry.validate().description)
    app = try registry.start()
    window = host.makeWindow()
    do {
      root = try app.resolve(BankRoot.self)
      root.window = window
      // Launch: the login is the window's root, in its story App > Auth.
      let (auth, login) = try app.open(AuthStory.self) { try $0.resolve(LoginModule.self) }
      try login.attachToWindow(window, story: auth)
    } catch {
      app.close()
      throw error
    }
    navigator = LinkNavigator(registry: registry, app: app, window: window, stories: [])
    root.onSignIn = { [weak self] stories in
      guard let self else { return }
      tabStories = stories
      navigator = LinkNavigator(registry: registry, app: app, window: window, stories: stories)
    }
    report(step: "launch: the login screen, in its story")
    try signIn(
      step: "sign in: the login's router opens App > Session beside App > Auth, composes the tabs, "
        + "the dashboard embeds its modules")
  }

  /// Waits for the dashboard's accounts module to finish its first load (its interactor awaits
  /// the accounts from the bank's async API) and shows the balances that arrived.
  func awaitAccounts() async {
    guard let accounts = try? embedded(AccountsView.self, "the accounts module") else { return }
    await accounts.loaded()
    report(
      step:
        "the accounts arrive (the interactor awaited AccountsService, which awaited AccountsAPI)",
      showNavigation: false)
  }

  // MARK: - Sessions

  func scripted() throws {
    try toggleBalances()
    try select(account: "Savings account")
    try callSupport()
    try closePromo()
    try toggleBalances()
    try selectTab(1)
    try newTransfer()
    try type(amount: "500 000")
    try tapContinue()
    try type(amount: "2500")
    try tapContinue()
    try cancelConfirmation()
    try tapContinue()
    try confirm()
    try newTransfer()
    try tapBack()
    try selectTab(0)
    try signOut()
    try signIn()
  }

  func interactive(readLine: () -> String?) {
    print("Type help for the commands.")
    while true {
      print("> ")
      guard let line = readLine() else { return }
      let words = line.split(separator: " ").map(String.init)
      let rest = words.dropFirst().joined(separator: " ")
      do {
        switch words.first ?? "" {
        case "": continue
        case "help":
          print(
            "commands: balances (hide or show) | select ACCOUNT NAME | call | close-promo | "
              + "tab dashboard|payments | new | amount N | continue | confirm | cancel | back | "
              + "sign-out | sign-in | open URL | tree | quit"
          )
        case "balances": try toggleBalances()
        case "select": try select(account: rest)
        case "call": try callSupport()
        case "close-promo": try closePromo()
        case "tab" where rest == "dashboard": try selectTab(0)
        case "tab" where rest == "payments": try selectTab(1)
        case "new": try newTransfer()
        case "amount": try type(amount: rest)
        case "continue": try tapContinue()
        case "confirm": try confirm()
        case "back": try tapBack()
        case "sign-out": try signOut()
        case "sign-in": try signIn()
        case "cancel":
          if visible is ConfirmView { try cancelConfirmation() } else { try cancelTransfer() }
        case "open": openLink(rest)
        case "tree": print(app.tree.description)
        case "quit", "exit": return
        default: print("unknown command \(line); type help")
        }
      } catch let error as SessionError {
        print(error.message)
      } catch {
        print("error: \(error)")
      }
    }
  }

  /// Removes the window's root (the tabs, or the login), which closes its story, then closes the
  /// app story.
  func finish() {
    navigator.dismissAll()
    do {
      try window.setRootController(nil)
    } catch {
      print("error: \(error)")
    }
    report(step: "quit: remove the window's root, its story closes")
    app.close()
  }

  // MARK: - Steps: signing in and out

  /// Taps Sign in on the login: its router replaces the root with the tabs in a new session.
  func signIn(step: String = "tap Sign in (the login's router shows the tabs in App > Session)")
    throws
  {
    do {
      let login = try screen(LoginView.self, "The login")
      login.tapSignIn()
      guard window.root is HeadlessTabController else {
        throw SessionError(message: login.status ?? "The tabs are not on screen.")
      }
    }
    shownTab = nil
    shownAreas = nil
    report(step: step)
  }

  /// Taps Sign out on the dashboard: its router replaces the tabs with the login, whose story
  /// opens at the app level; App > Session closes with the tabs.
  func signOut() throws {
    do {
      let dashboard = try screen(DashboardView.self, "The dashboard")
      dashboard.tapSignOut()
      guard window.root is LoginView else {
        throw SessionError(message: dashboard.status ?? "The login is not on screen.")
      }
    }
    tabStories = []
    navigator = LinkNavigator(registry: registry, app: app, window: window, stories: [])
    report(step: "tap Sign out (the dashboard's router shows the login in App > Auth)")
  }

  // MARK: - Steps: deep links

  /// Opens a deep link and prints it as a step; a bad link prints its typed error instead.
  ///
  /// - Returns: Whether the link was opened.
  @discardableResult
  func openLink(_ text: String) -> Bool {
    steps.openLink(
      text, with: navigator, example: "bank://payments/transfer/2", tree: { app.tree },
      innermostClosedFirst: true,
      report: { report(step: $0) })
  }

  // MARK: - Steps: the dashboard

  func toggleBalances() throws {
    let dashboard = try screen(DashboardView.self, "the dashboard")
    let hiding = !dashboard.balancesHidden
    dashboard.tapToggleBalances()
    report(step: hiding ? "tap Hide balances (dashboard → accounts input)" : "tap Show balances")
  }

  func select(account name: String) throws {
    try embedded(AccountsView.self, "the accounts module").tap(accountNamed: name)
    report(step: "tap \(name) (accounts output → dashboard)")
  }

  func callSupport() throws {
    try embedded(AboutViewController.self, "the about module").tapCall()
    report(step: "tap Call in About (MVC output → dashboard)")
  }

  func closePromo() throws {
    weak let promo = try embedded(PromoViewController.self, "the promo banner")
    promo?.tapClose()
    report(step: "tap × on the offer (promo output → dashboard router reverses its embed)")
    print("  promo released: \(promo == nil ? "yes" : "no")")
  }

  func selectTab(_ index: Int) throws {
    guard let container = window.root as? HeadlessTabController,
      container.tabControllers.indices.contains(index)
    else { throw SessionError(message: "There is no tab \(index).") }
    try host.selectTab(index, in: container)
    report(step: "select the \(container.tabControllers[index].tabItem?.title ?? "") tab")
  }

  // MARK: - Steps: payments

  func newTransfer() throws {
    try screen(PaymentsView.self, "Payments").tapNewTransfer()
    report(step: "tap New transfer")
  }

  func type(amount: String) throws {
    try screen(TransferView.self, "Transfer").type(amount: amount)
    report(step: "type amount \"\(amount)\"", showNavigation: false)
  }

  func tapContinue() throws {
    try screen(TransferView.self, "Transfer").tapContinue()
    report(step: "tap Continue")
  }

  /// The user taps Back on Transfer: no ViperNest call, yet the module ends and its story closes.
  func tapBack() throws {
    guard let container = window.root as? HeadlessTabController,
      let navigation = container.selectedController as? HeadlessNavigationController,
      try host.tapBack(in: navigation)
    else { throw SessionError(message: "There is no Back button here.") }
    report(step: "tap Back on Transfer (the user's own pop)")
  }

  func cancelTransfer() throws {
    try screen(TransferView.self, "Transfer").tapCancel()
    report(step: "tap Cancel on Transfer")
  }

  func cancelConfirmation() throws {
    try screen(ConfirmView.self, "Confirm").tapCancel()
    report(step: "tap Cancel on the curtain (confirm output → transfer router)")
  }

  func confirm() throws {
    try screen(ConfirmView.self, "Confirm").tapConfirm()
    report(step: "tap Confirm (confirm output → transfer → payments output → accounts)")
  }

  private func screen<View>(_ type: View.Type, _ name: String) throws -> View {
    guard let view = visible as? View else {
      throw SessionError(message: "\(name) is not on screen.")
    }
    return view
  }

  private func embedded<View>(_ type: View.Type, _ name: String) throws -> View {
    let dashboard = try screen(DashboardView.self, "The dashboard")
    guard let view = dashboard.children.lazy.compactMap({ $0 as? View }).first else {
      throw SessionError(message: "The dashboard does not show \(name).")
    }
    return view
  }

  // MARK: - Printing

  /// The screen the user sees: the selected tab's top controller, or what it presents.
  var visible: HeadlessViewController? {
    var controller = window.root
    while let current = controller {
      if let presented = current.presentedController as? HeadlessViewController {
        controller = presented
      } else if let container = current as? HeadlessTabController {
        controller = container.selectedController
      } else if let navigation = current as? HeadlessNavigationController,
        let top = navigation.topController
      {
        controller = top
      } else {
        return current
      }
    }
    return nil
  }

  func report(step: String, showNavigation: Bool = true) {
    let events = steps.printStep(step, showNavigation: showNavigation)
    let visible = visible
    if events.contains(where: \.changesNavigationBar),
      let navigation = visible?.navigationContainer as? HeadlessNavigationController
    {
      print("  navigation bar: \(navigation.visibleBarAppearance?.description ?? "default bar")")
    }
    steps.printStoryChanges(in: app.tree, innermostClosedFirst: true)
    reportTabs()
    if let visible {
      reportAreas(of: visible)
      if let screen = visible as? any ScreenRendering { print(screen.screen.render()) }
    }
  }

  /// The tab bar, when the selection changed.
  private func reportTabs() {
    guard let container = window.root as? HeadlessTabController,
      container.selectedTabIndex != shownTab
    else { return }
    if shownTab == nil {
      let items = container.tabControllers.map { $0.tabItem?.description ?? $0.description }
      print("  tab items: \(items.joined(separator: ", "))")
    }
    shownTab = container.selectedTabIndex
    let titles = container.tabControllers.enumerated().map { index, tab in
      let title = tab.tabItem?.title ?? tab.description
      return index == container.selectedTabIndex ? "[\(title)]" : title
    }
    print("  tab bar: \(titles.joined(separator: "  "))")
  }

  /// Which module fills which area of a composed screen, when that changed.
  private func reportAreas(of screen: HeadlessViewController) {
    guard !screen.children.isEmpty else { return }
    let areas = screen.children.compactMap { child in
      screen.areaName(of: child).map { "\($0) ← \(child.description)" }
    }.joined(separator: " · ")
    guard areas != shownAreas else { return }
    shownAreas = areas
    print("  areas of \(screen.description): \(areas)")
  }

}

extension NavigationEvent {
  /// Whether the event changes which controller is on top of a navigation stack.
  fileprivate var changesNavigationBar: Bool {
    switch self {
    case .pushed, .popped: true
    default: false
    }
  }
}
