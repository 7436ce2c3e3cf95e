// swift-format-ignore-file
// The code of docs/DeepLinks.md that runs the Bank sample itself (Samples/Bank); the rest of the
// guide's code is in Tests/ViperNestTests/Docs/DeepLinksSnippets.swift. `DocumentationTests` checks
// that every ```swift block of the guide appears in one of them.
import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

@testable import BankSample

enum DeepLinksGuide {
  @MainActor
  struct TransferLinkTests {
    @Test(.detectsLeaks) func theTransferLinkLeavesNothingBehindOnceTransferIsPopped() async throws {
      let bank = try BankSession(print: { _ in })   // the sample signed in, as `swift run bank` starts it
      await bank.awaitAccounts()
      let payments = bank.tabStories[1]

      let opened = try bank.navigator.open(URL(string: "bank://payments/transfer/2")!)
      bank.host.finishTransitions()
      #expect(opened.steps[1].storyChain == ["App", "Session", "Payments", "Transfer"])

      try opened.steps[1].transition?.reverse(animated: false)   // or the user's Back button
      #expect(payments.tree.children.isEmpty)
      bank.finish()   // .detectsLeaks: every module and story the link made was released
    }
  }
}
