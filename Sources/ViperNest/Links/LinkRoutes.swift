import Foundation

/// A route declared in an assembly: a pattern and its steps.
struct LinkRoute: Sendable {
  enum Segment: Sendable, Hashable {
    case literal(String)
    case parameter(String)
  }

  let pattern: String
  let steps: [LinkStep]
  let site: String
  let segments: [Segment]
  let queryNames: [String]
  /// Why the pattern cannot be used, if it cannot.
  let patternProblem: String?

  init(pattern: String, steps: [LinkStep], site: String) {
    self.pattern = pattern
    self.steps = steps
    self.site = site
    var problem: String?
    var path = Substring(pattern)
    var query: Substring = ""
    if let mark = path.firstIndex(of: "?") {
      query = path[path.index(after: mark)...]
      path = path[..<mark]
    }
    if path.hasPrefix("/") { path = path.dropFirst() }
    var segments: [Segment] = []
    var names: Set<String> = []
    if !path.isEmpty {
      for part in path.split(separator: "/", omittingEmptySubsequences: false) {
        if part.isEmpty {
          problem = problem ?? "it has an empty path segment (`//` or a trailing `/`)"
        } else if part.hasPrefix(":") {
          let name = String(part.dropFirst())
          if name.isEmpty { problem = problem ?? "`:` is not followed by a parameter name" }
          if !names.insert(name).inserted {
            problem = problem ?? "it captures `\(name)` twice"
          }
          segments.append(.parameter(name))
        } else {
          segments.append(.literal(String(part).removingPercentEncoding ?? String(part)))
        }
      }
    }
    var queryNames: [String] = []
    if !query.isEmpty {
      for part in query.split(separator: "&", omittingEmptySubsequences: false) {
        let name = String(part)
        if name.isEmpty || name.contains("=") {
          problem = problem ?? "its query must list item names only, such as `?first&last`"
        } else if !names.insert(name).inserted {
          problem = problem ?? "it captures `\(name)` twice"
        }
        queryNames.append(name)
      }
    }
    self.segments = segments
    self.queryNames = queryNames
    self.patternProblem = problem
  }

  /// The path with parameters written `:*`: two routes with the same shape match the same links.
  var shape: String {
    "/"
      + segments.map {
        switch $0 {
        case .literal(let text): text
        case .parameter: ":*"
        }
      }.joined(separator: "/")
  }
}

/// A link taken apart: its path segments (for a custom scheme the host is the first one:
/// `bank://payments/transfer/2` is `payments`, `transfer`, `2`; for http and https the host is
/// left out) and its query items, percent-decoded.
struct ParsedLink {
  var segments: [String]
  var query: [String: String]

  /// Takes `url` apart by hand, in one pass over its UTF-8 bytes (no `URLComponents`, no
  /// `Character` work): links are short, and this is most of the cost of matching one.
  init(_ url: URL) {
    let bytes = Array(url.absoluteString.utf8)
    var end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
    var queryStart = end
    if let mark = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
      queryStart = mark + 1
      end = mark
    }
    var position = 0
    var scheme = 0..<0
    if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")),
      bytes[..<colon].allSatisfy(Self.isSchemeByte)
    {
      scheme = 0..<colon
      position = colon + 1
    }
    var segments: [String] = []
    if end - position >= 2, bytes[position] == UInt8(ascii: "/"),
      bytes[position + 1] == UInt8(ascii: "/")
    {
      position += 2
      let hostEnd = bytes[position..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
      var host = position..<hostEnd
      position = hostEnd
      if let at = bytes[host].lastIndex(of: UInt8(ascii: "@")) { host = (at + 1)..<host.upperBound }
      if let colon = bytes[host].lastIndex(of: UInt8(ascii: ":")),
        bytes[host].last != UInt8(ascii: "]")
      {
        host = host.lowerBound..<colon
      }
      let web = Self.equals(bytes[scheme], "http") || Self.equals(bytes[scheme], "https")
      if !web, !host.isEmpty { segments.append(Self.decoded(bytes[host])) }
    }
    for part in bytes[position..<end].split(separator: UInt8(ascii: "/")) {
      segments.append(Self.decoded(part))
    }
    var query: [String: String] = [:]
    if queryStart < bytes.count {
      let queryEnd = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
      for item in bytes[queryStart..<queryEnd].split(separator: UInt8(ascii: "&")) {
        let equals = item.firstIndex(of: UInt8(ascii: "="))
        let key = Self.decoded(item[..<(equals ?? item.endIndex)])
        if query[key] == nil {
          query[key] = equals.map { Self.decoded(item[($0 + 1)...]) } ?? ""
        }
      }
    }
    self.segments = segments
    self.query = query
  }

  private static func isSchemeByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."):
      true
    default: false
    }
  }

  /// Whether `bytes` spell `lowercase`, ignoring ASCII case.
  private static func equals(_ bytes: ArraySlice<UInt8>, _ lowercase: StaticString) -> Bool {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    return lowercase.withUTF8Buffer { zip(bytes, $0).allSatisfy { ($0 | 0x20) == $1 } }
  }

  private static func decoded(_ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard bytes.contains(UInt8(ascii: "%")) else { return text }
    return text.removingPercentEncoding ?? text
  }

  init(segments: [String], query: [String: String] = [:]) {
    self.segments = segments
    self.query = query
  }
}

/// Finds the route for a link's path by walking a trie of path segments: the cost depends on the
/// link's length, not on the number of routes. A literal segment is tried before a parameter.
struct LinkMatcher: Sendable {
  /// A trie node: its children by literal segment, its parameter child, the route ending here.
  /// Nodes are kept in an array and refer to each other by index.
  private struct Node: Sendable {
    var literals: [String: Int] = [:]
    var parameter: Int?
    var route: Int?
  }

  let routes: [LinkRoute]
  private var nodes = [Node()]
  /// Routes that an earlier route of the same shape shadows: (earlier, later) indices.
  private(set) var shadowed: [(first: Int, second: Int)] = []

  init(routes: [LinkRoute]) {
    self.routes = routes
    for (index, route) in routes.enumerated() where route.patternProblem == nil {
      var node = 0
      for segment in route.segments {
        switch segment {
        case .literal(let text):
          if let next = nodes[node].literals[text] {
            node = next
          } else {
            nodes.append(Node())
            nodes[node].literals[text] = nodes.count - 1
            node = nodes.count - 1
          }
        case .parameter:
          if let next = nodes[node].parameter {
            node = next
          } else {
            nodes.append(Node())
            nodes[node].parameter = nodes.count - 1
            node = nodes.count - 1
          }
        }
      }
      if let existing = nodes[node].route {
        shadowed.append((existing, index))
      } else {
        nodes[node].route = index
      }
    }
  }

  /// The index of the route whose path matches `segments`, if any.
  func match(_ segments: [String]) -> Int? {
    match(0, segments, 0)
  }

  private func match(_ node: Int, _ segments: [String], _ position: Int) -> Int? {
    if position == segments.count { return nodes[node].route }
    if let next = nodes[node].literals[segments[position]],
      let found = match(next, segments, position + 1)
    {
      return found
    }
    if let next = nodes[node].parameter { return match(next, segments, position + 1) }
    return nil
  }

  /// The captured texts of `route` for `link`: its path parameters and its declared query items.
  func captures(of route: LinkRoute, in link: ParsedLink) -> LinkCaptures {
    var captures = LinkCaptures()
    for (segment, text) in zip(route.segments, link.segments) {
      if case .parameter(let name) = segment { captures.values[name] = text }
    }
    for name in route.queryNames {
      if let value = link.query[name] { captures.values[name] = value }
    }
    return captures
  }

  /// The routes nearest to a link that matches none, best first: most leading segments in common,
  /// then the fewest edits between the paths.
  func closest(to link: ParsedLink, limit: Int = 3) -> [String] {
    let path = "/" + link.segments.joined(separator: "/")
    let scored = routes.enumerated().map { index, route -> (Int, Int, Int) in
      var common = 0
      for (segment, text) in zip(route.segments, link.segments) {
        if case .literal(let literal) = segment, literal != text { break }
        common += 1
      }
      return (-common, editDistance(path, route.shape), index)
    }
    return scored.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.prefix(limit).map {
      routes[$0.2].pattern
    }
  }
}

/// The Levenshtein distance between two strings.
private func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.utf8)
  let b = Array(b.utf8)
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      current[j] = min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
