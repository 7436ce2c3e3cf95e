import Foundation
import Testing

@testable import ViperNest

/// Links are taken apart by hand, without `URLComponents`: the same segments and query items.
struct ParsedLinkTests {
  private func parse(_ text: String) throws -> ParsedLink {
    ParsedLink(try #require(URL(string: text)))
  }

  @Test func aCustomSchemesHostIsTheFirstSegment() throws {
    let link = try parse("bank://payments/transfer/2")
    #expect(link.segments == ["payments", "transfer", "2"])
    #expect(link.query.isEmpty)
  }

  @Test func webLinksLeaveTheirHostPortAndUserOut() throws {
    #expect(
      try parse("https://bank.example/payments/transfer/2").segments == [
        "payments", "transfer", "2",
      ])
    #expect(try parse("HTTP://user@bank.example:8080/payments/").segments == ["payments"])
  }

  @Test func segmentsAndQueryItemsArePercentDecodedAndTheFragmentIsIgnored() throws {
    let link = try parse("app://contacts/add%20new?first=Ada%20L&last=&flag&first=Bob#top")
    #expect(link.segments == ["contacts", "add new"])
    #expect(link.query == ["first": "Ada L", "last": "", "flag": ""])
  }

  @Test func aCustomSchemesPortIsNotPartOfItsHost() throws {
    #expect(try parse("app://host:9/a/b").segments == ["host", "a", "b"])
    #expect(try parse("app:///a/b").segments == ["a", "b"])
  }
}
