/// An amount of roubles, kept in kopecks so sums are exact. `nonisolated`: `AccountsAPI` creates
/// amounts on its actor, also in an app target whose default isolation is the main actor.
nonisolated struct Money: Hashable, Comparable, Sendable, CustomStringConvertible {
  var kopecks: Int

  init(kopecks: Int) { self.kopecks = kopecks }

  init(roubles: Int) { kopecks = roubles * 100 }

  /// Reads what a person types: `2500`, `2 500`, `2500.50` or `2500,5`; nil when it is not an
  /// amount.
  init?(parsing text: String) {
    let cleaned = text.filter { $0 != " " && $0 != "\u{00A0}" }
    let parts = cleaned.split(separator: ".", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
    guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy(\.isASCII), let roubles = Int(whole), roubles < 1_000_000_000
    else { return nil }
    var kopecks = 0
    if parts.count == 2 {
      let fraction = parts[1]
      guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isASCII),
        let value = Int(fraction)
      else { return nil }
      kopecks = fraction.count == 1 ? value * 10 : value
    }
    self.kopecks = roubles * 100 + kopecks
  }

  static func < (lhs: Money, rhs: Money) -> Bool { lhs.kopecks < rhs.kopecks }
  static func + (lhs: Money, rhs: Money) -> Money { Money(kopecks: lhs.kopecks + rhs.kopecks) }
  static func - (lhs: Money, rhs: Money) -> Money { Money(kopecks: lhs.kopecks - rhs.kopecks) }

  /// `117 500.00 ₽`: thousands grouped by spaces, as a Russian bank shows them.
  var description: String {
    let sign = kopecks < 0 ? "-" : ""
    let absolute = abs(kopecks)
    var digits = String(absolute / 100)
    var groups: [String] = []
    while digits.count > 3 {
      groups.insert(String(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(digits, at: 0)
    let cents = absolute % 100
    return "\(sign)\(groups.joined(separator: " ")).\(cents < 10 ? "0" : "")\(cents) ₽"
  }
}
