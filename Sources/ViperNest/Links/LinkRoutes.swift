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

  /// Takes `url` apart by hand (one pass over its text, no `URLComponents`): links are short, and
  /// this is most of the cost of matching one.
  init(_ url: URL) {
    var rest = Substring(url.absoluteString)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    var queryText: Substring = ""
    if let mark = rest.firstIndex(of: "?") {
      queryText = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var scheme: Substring = ""
    if let colon = rest.firstIndex(of: ":"),
      rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
    {
      scheme = rest[..<colon]
      rest = rest[rest.index(after: colon)...]
    }
    var segments: [String] = []
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex(of: "/") ?? rest.endIndex
      var host = rest[..<end]
      rest = rest[end...]
      if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
      if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = host[..<colon] }
      let web = scheme.caseInsensitiveEquals("http") || scheme.caseInsensitiveEquals("https")
      if !web, !host.isEmpty { segments.append(Self.decoded(host)) }
    }
    for part in rest.split(separator: "/") { segments.append(Self.decoded(part)) }
    var query: [String: String] = [:]
    for item in queryText.split(separator: "&") {
      let name: Substring
      let value: Substring
      if let equals = item.firstIndex(of: "=") {
        name = item[..<equals]
        value = item[item.index(after: equals)...]
      } else {
        name = item
        value = ""
      }
      let key = Self.decoded(name)
      if query[key] == nil { query[key] = Self.decoded(value) }
    }
    self.segments = segments
    self.query = query
  }

  private static func decoded(_ text: Substring) -> String {
    guard text.contains("%") else { return String(text) }
    return String(text).removingPercentEncoding ?? String(text)
  }

  init(segments: [String], query: [String: String] = [:]) {
    self.segments = segments
    self.query = query
  }
}

extension Substring {
  fileprivate func caseInsensitiveEquals(_ lowercase: String) -> Bool {
    utf8.count == lowercase.utf8.count
      && zip(utf8, lowercase.utf8).allSatisfy { ($0 | 0x20) == $1 }
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
