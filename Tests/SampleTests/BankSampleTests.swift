import BankSample
import Foundation
import SampleSupport
import Testing

/// Runs the Bank sample's sessions and checks what a user would see, so the sample cannot rot.
@MainActor
struct BankSampleTests {
  final class Output {
    var lines: [String] = []
    var text: String { lines.joined(separator: "\n") }
  }

  func run(_ arguments: [String], input: [String] = []) async throws -> (code: Int32, text: String)
  {
    let output = Output()
    var commands = input[...]
    let code = await BankDemo.run(
      try BankDemo.Options(arguments: arguments), readLine: { commands.popFirst() },
      print: { output.lines.append($0) })
    return (code, output.text)
  }

  /// The lines printed for the step whose title starts with `title` (the first such step after
  /// `after`), up to the next step.
  func step(
    _ title: String, in text: String, after: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    var rest = Substring(text)
    if let after {
      let anchor = try #require(rest.range(of: "▸ \(after)"), sourceLocation: sourceLocation)
      rest = rest[anchor.upperBound...]
    }
    let start = try #require(rest.range(of: "▸ \(title)"), sourceLocation: sourceLocation)
    let body = rest[start.lowerBound...].dropFirst(2)
    let end = body.range(of: "\n▸ ")?.lowerBound ?? body.endIndex
    return String(body[..<end])
  }

  /// The positions of `lines` in `text`, in the order given; nil for a missing line.
  func positions(of lines: [String], in text: String) -> [Int?] {
    let all = text.components(separatedBy: "\n")
    return lines.map { line in all.firstIndex { $0.trimmingSpaces == line } }
  }

  // MARK: - The scripted session

  @Test func scriptedSessionComposesTabsAndTheDashboardAndLeaksNothing() async throws {
    let (code, text) = try await run([])
    #expect(code == 0)
    #expect(text.contains("Registration graph is valid (7 story chains, 5 modules checked)."))
    // Launch shows the login; signing in replaces it with the tabs.
    let login = try step("launch", in: text)
    #expect(login.contains("navigation: root of Window: LoginView"))
    #expect(login.contains("story opened: App > Auth"))
    #expect(login.contains("│ [ Sign in with Face ID ]"))
    let launch = try step("sign in: the login's router opens App > Session", in: text)
    #expect(
      launch.contains(
        "navigation: tabs of Tabs: Navigation(DashboardView), Navigation(PaymentsView)"))
    #expect(launch.contains("navigation: root of Window: Tabs"))
    #expect(
      launch.contains(
        "tab items: Dashboard [house] (tag 0), Payments [arrow.left.arrow.right] (tag 1)"))
    #expect(launch.contains("tab bar: [Dashboard]  Payments"))
    for embed in [
      "embed AccountsView in DashboardView.accounts",
      "embed PromoViewController in DashboardView.promo",
      "embed AboutViewController in DashboardView.about",
    ] {
      #expect(launch.contains("navigation: \(embed)"))
    }
    #expect(launch.contains("story opened: App > Session\n"))
    #expect(launch.contains("story closed: App > Auth"))
    #expect(launch.contains("story opened: App > Session > Dashboard"))
    #expect(launch.contains("story opened: App > Session > Payments"))
    // The accounts module shows a loading state until its interactor has awaited the accounts,
    // which come from the bank's API, an async factory; the session awaits that load.
    #expect(launch.contains("│ │ Loading accounts…"))
    #expect(!launch.contains("Current account"))
    let arrived = try step("the accounts arrive", in: text)
    #expect(arrived.contains("│ │ Current account  120 000.00 ₽    │"))
    #expect(arrived.contains("│ │ Credit card      -3 250.40 ₽     │"))
    #expect(!arrived.contains("Loading accounts…"))
    // The payments tab, loaded at launch too, heard about the accounts when they arrived.
    #expect(
      try step("select the Payments tab", in: text).contains(
        "From: Current account (120 000.00 ₽)"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every removed module and closed story was released."))
  }

  @Test func modulesTalkToTheDashboardThroughTheirInputsAndOutputs() async throws {
    let (_, text) = try await run([])
    // The dashboard drives the VIPER accounts module through its input...
    #expect(try step("tap Hide balances", in: text).contains("│ │ Current account  •••• ₽"))
    // ...and hears from it and from the MVC about module through their outputs.
    #expect(
      try step("tap Savings account", in: text).contains("» Savings account selected"))
    #expect(try step("tap Call in About", in: text).contains("» Calling 8 800 700-91-00…"))
  }

  @Test func removingThePromoLeavesTheOtherModulesInPlace() async throws {
    let (_, text) = try await run([])
    let removal = try step("tap × on the offer", in: text)
    #expect(removal.contains("navigation: remove PromoViewController from DashboardView"))
    #expect(
      removal.contains(
        "areas of DashboardView: accounts ← AccountsView · about ← AboutViewController"))
    #expect(removal.contains("promo released: yes"))
    #expect(!removal.contains("┌─ Offer"))
    #expect(removal.contains("┌─ Accounts"))
    #expect(removal.contains("┌─ About"))
    #expect(!removal.contains("AccountsView from"), "accounts is not touched")
    #expect(!removal.contains("AboutViewController from"), "about is not touched")
  }

  @Test func nestedStoriesOpenAndCloseInOrder() async throws {
    let (_, text) = try await run([])
    let transfer = "App > Session > Payments > Transfer"
    let confirm = "App > Session > Payments > Transfer > Confirm"
    let order = positions(
      of: [
        "story opened: \(transfer)", "story opened: \(confirm)", "story closed: \(confirm)",
      ], in: text)
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    // Confirming closes the curtain's story, then the transfer's, in one step.
    let confirmed = try step("tap Confirm", in: text)
    #expect(
      confirmed.contains(
        """
          navigation: dismiss ConfirmView from TransferView
          navigation: pop TransferView from Navigation(PaymentsView)
          navigation bar: default bar
          story closed: \(confirm)
          story closed: \(transfer)
        """))
    let quit = try step("quit", in: text)
    #expect(
      quit.contains(
        "story closed: App > Session > Payments\n  story closed: App > Session > Dashboard"))
  }

  @Test func signingOutAndInReplacesTheRootAndClosesEachStoryWithItsScreen() async throws {
    let (code, text) = try await run([])
    #expect(code == 0)
    // The dashboard's router shows the login in a story opened at the app level: the tabs leave
    // the window and the session closes, innermost first, with both tabs' stories.
    let signOut = try step("tap Sign out", in: text)
    #expect(
      signOut.contains(
        """
          navigation: root of Window: LoginView
          story opened: App > Auth
          story closed: App > Session > Payments
          story closed: App > Session > Dashboard
          story closed: App > Session
        """))
    #expect(signOut.contains("│ [ Sign in with Face ID ]"))
    // Signing in again: a new session beside the login, whose story closes with it.
    let signIn = try step("tap Sign in", in: text, after: "tap Sign out")
    #expect(signIn.contains("navigation: root of Window: Tabs"))
    #expect(
      signIn.contains(
        """
          story opened: App > Session
          story opened: App > Session > Dashboard
          story opened: App > Session > Payments
          story closed: App > Auth
        """))
    #expect(signIn.contains("tab bar: [Dashboard]  Payments"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every removed module and closed story was released."))
  }

  @Test func interactiveSignOutThenDeepLinkNeedsTheTabsAndSignInRestoresThem() async throws {
    let (code, text) = try await run(
      ["--interactive"],
      input: ["sign-out", "sign-out", "sign-in", "open bank://payments/transfer/2", "quit"])

    #expect(code == 0)
    #expect(text.contains("The dashboard is not on screen."), "signed out, there is no dashboard")
    let opened = try step("open bank://payments/transfer/2", in: text)
    #expect(opened.contains("story opened: App > Session > Payments > Transfer"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every removed module and closed story was released."))
  }

  @Test func theUsersBackTapClosesTheTransferStory() async throws {
    let (code, text) = try await run([])
    #expect(code == 0)
    let back = try step("tap Back on Transfer", in: text)
    #expect(
      back.contains(
        """
          navigation: user taps Back in Navigation(PaymentsView)
          navigation: pop TransferView from Navigation(PaymentsView)
          navigation bar: default bar
          story closed: App > Session > Payments > Transfer
        """))
  }

  @Test func transitionsCarryTypedAppearances() async throws {
    let (_, text) = try await run([])
    let push = try step("tap New transfer", in: text)
    #expect(push.contains("navigation: push TransferView onto Navigation(PaymentsView)"))
    #expect(push.contains("navigation bar: barTint #FFE600, largeTitles false"))
    let curtain = try step("tap Continue", in: text, after: "type amount \"2500\"")
    #expect(
      curtain.contains(
        "navigation: overlay ConfirmView over TransferView "
          + "(handle #8E8E93, detents medium, not swipe-dismissable)"))
    #expect(curtain.contains("story opened: App > Session > Payments > Transfer > Confirm"))
  }

  @Test func confirmedTransferUpdatesTheBalancesEverywhere() async throws {
    let (_, text) = try await run([])
    #expect(
      try step("tap Continue", in: text).contains(
        "! Not enough money: Current account has 120 000.00 ₽."))
    let confirmed = try step("tap Confirm", in: text)
    #expect(confirmed.contains("From: Current account (117 500.00 ₽)"))
    #expect(confirmed.contains("• 2 500.00 ₽ Current account → Savings account"))
    let dashboard = try step("select the Dashboard tab", in: text)
    #expect(dashboard.contains("│ │ Current account  117 500.00 ₽    │"))
    #expect(dashboard.contains("│ │ Savings account  17 500.00 ₽     │"))
  }

  // MARK: - Interactive mode and options

  @Test func interactiveSessionFollowsCommands() async throws {
    let (code, text) = try await run(
      ["--interactive"],
      input: [
        "tab payments", "new", "amount abc", "continue", "amount 100", "continue", "cancel",
        "cancel", "confirm", "nonsense", "tree", "quit",
      ])
    #expect(code == 0)
    #expect(text.contains("! Enter an amount such as 2500 or 2500.50."))
    #expect(text.contains("▸ tap Cancel on the curtain"))
    #expect(
      try step("tap Cancel on Transfer", in: text).contains(
        "story closed: App > Session > Payments > Transfer"))
    #expect(text.contains("Confirm is not on screen."))
    #expect(text.contains("unknown command nonsense; type help"))
    #expect(text.contains("└─ PaymentsSession (story(Payments))"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every removed module and closed story was released."))
  }

  // MARK: - Deep links

  @Test func openSelectsThePaymentsTabAndPushesTransferToTheLinkedAccount() async throws {
    let (code, text) = try await run(["--open", "bank://payments/transfer/2"])

    #expect(code == 0)
    #expect(text.contains("Deep links: 2 routes valid."))
    let opened = try step("open bank://payments/transfer/2", in: text)
    #expect(
      opened.hasPrefix(
        "open bank://payments/transfer/2 (route /payments/transfer/:to: PaymentsView kept, "
          + "TransferView shown)"))
    #expect(opened.contains("navigation: select tab 1 of Tabs"))
    #expect(opened.contains("navigation: push TransferView onto Navigation(PaymentsView)"))
    #expect(opened.contains("navigation bar: barTint #FFE600, largeTitles false"))
    #expect(opened.contains("story opened: App > Session > Payments > Transfer"))
    #expect(opened.contains("To:     Savings account (15 000.00 ₽)"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every removed module and closed story was released."))
  }

  @Test func aBadLinkPrintsItsTypedErrorExitsNonZeroAndLeaksNothing() async throws {
    let (code, text) = try await run(["--open", "bank://payments/transfer/9"])

    #expect(code == 1)
    let failed = try step("open bank://payments/transfer/9", in: text)
    #expect(
      failed.contains(
        "error: Parameter `to` of bank://payments/transfer/9 is \"9\", not one of 1, 2, 3."))
    #expect(failed.contains("step: 2 (Module<TransferInput, TransferOutput> in Transfer, push)"))
    #expect(!failed.contains("story opened"))
    #expect(
      text.hasSuffix("Leak check: no leaks. Every removed module and closed story was released."))
  }

  @Test func aLinkToNoRouteListsTheClosestRoutes() async throws {
    let (code, text) = try await run(["--open", "bank://payment/transfer/2"])

    #expect(code == 1)
    #expect(text.contains("error: No route matches bank://payment/transfer/2."))
    #expect(text.contains("closest routes: /payments/transfer/:to, /payments"))
  }

  @Test func interactiveOpenWorksAndTransferOpenedByALinkStillConfirms() async throws {
    let (code, text) = try await run(
      ["--interactive"],
      input: [
        "open bank://payments/transfer/3", "amount 100", "continue", "confirm",
        "open bank://payments", "quit",
      ])

    #expect(code == 0)
    #expect(
      try step("tap Confirm", in: text).contains(
        "story closed: App > Session > Payments > Transfer"))
    #expect(try step("tap Confirm", in: text).contains("• 100.00 ₽ Current account → Credit card"))
    #expect(text.contains("▸ open bank://payments (route /payments: PaymentsView kept)"))
  }

  @Test func helpAndUnknownOptionsAreUsageErrors() {
    let help = #expect(throws: BankDemo.UsageError.self) {
      try BankDemo.Options(arguments: ["--help"])
    }
    #expect(help?.isHelp == true)
    #expect(help?.message == BankDemo.usage)
    let unknown = #expect(throws: BankDemo.UsageError.self) {
      try BankDemo.Options(arguments: ["--interactive", "--bogus"])
    }
    #expect(unknown?.isHelp == false)
    #expect(unknown?.message.hasPrefix("Unknown option --bogus.") == true)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
