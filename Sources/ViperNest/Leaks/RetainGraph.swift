/// The owning references among live objects, discovered lazily, for explaining leaks.
///
/// The graph holds every object it has visited strongly, so object identities stay valid while
/// it exists; create one per explanation and drop it before the leaked objects are re-checked.
struct RetainGraph {
  /// An owning reference from one object to another.
  struct Edge {
    let property: String
    let isClosureCapture: Bool
    /// The referenced object's index in the graph.
    let target: Int
  }

  /// What a scan found in one object.
  private struct Scanned {
    let edges: [Edge]
    let uninspected: [String]
    let isMetadataStripped: Bool
  }

  /// Scans one object for owning references; replaceable in tests.
  typealias Scanner = (AnyObject) -> ReferenceScan

  private let scanner: Scanner
  /// Every object met (scanned or only referenced), by index; kept alive here.
  private var objects: [AnyObject] = []
  /// Scan results by index; nil until the object is scanned (each object is scanned once, so
  /// searches reuse its edges).
  private var scans: [Scanned?] = []
  /// Type names by index, read when first needed.
  private var typeNames: [String?] = []
  private var indexByIdentity: [ObjectIdentifier: Int] = [:]
  /// Objects this graph may still scan; bounds the work spent in large object graphs.
  private var remainingScans: Int

  init(
    scanner: @escaping Scanner = SwiftRuntimeReflection.strongReferences(of:),
    maximumObjects: Int = 512
  ) {
    self.scanner = scanner
    self.remainingScans = maximumObjects
  }

  /// Places in `object` that could not be inspected.
  mutating func uninspected(in object: AnyObject) -> [String] {
    scanned(index(of: object))?.uninspected ?? []
  }

  /// Whether `object`'s class hierarchy lacks field metadata.
  mutating func isMetadataStripped(_ object: AnyObject) -> Bool {
    scanned(index(of: object))?.isMetadataStripped ?? false
  }

  /// The index of `object`, adding it (unscanned) when it is new.
  private mutating func index(of object: AnyObject) -> Int {
    let id = ObjectIdentifier(object)
    if let known = indexByIdentity[id] { return known }
    let index = objects.count
    objects.append(object)
    scans.append(nil)
    typeNames.append(nil)
    indexByIdentity[id] = index
    return index
  }

  /// The scan of the object at `index`, scanning it the first time; nil when the scan budget is
  /// spent.
  private mutating func scanned(_ index: Int) -> Scanned? {
    if let known = scans[index] { return known }
    guard remainingScans > 0 else { return nil }
    remainingScans -= 1
    let scan = scanner(objects[index])
    var edges: [Edge] = []
    edges.reserveCapacity(scan.references.count)
    for reference in scan.references {
      edges.append(
        Edge(
          property: reference.path, isClosureCapture: reference.throughClosure,
          target: self.index(of: reference.target)))
    }
    let result = Scanned(
      edges: edges, uninspected: scan.uninspected, isMetadataStripped: scan.isMetadataStripped)
    scans[index] = result
    return result
  }

  private mutating func edges(of index: Int) -> [Edge] {
    scanned(index)?.edges ?? []
  }

  private mutating func name(of index: Int) -> String {
    if let known = typeNames[index] { return known }
    let name = SwiftRuntimeReflection.typeName(type(of: objects[index]))
    typeNames[index] = name
    return name
  }

  private mutating func path(_ edges: [(from: Int, edge: Edge)]) -> RetainPath {
    var steps: [RetainPath.Step] = []
    steps.reserveCapacity(edges.count)
    for (from, edge) in edges {
      steps.append(
        RetainPath.Step(
          typeName: name(of: from), property: edge.property,
          isClosureCapture: edge.isClosureCapture))
    }
    let target = edges.last.map { name(of: $0.edge.target) } ?? "?"
    return RetainPath(steps: steps, targetTypeName: target)
  }

  /// The retain cycles through `object`, shortest first.
  ///
  /// - Parameters:
  ///   - object: The object the cycles start and end at.
  ///   - maximumLength: The longest cycle, in references, to look for.
  ///   - maximumCount: How many cycles to return at most.
  mutating func cycles(
    through object: AnyObject, maximumLength: Int = 8, maximumCount: Int = 4
  ) -> [RetainPath] {
    let start = index(of: object)
    guard scanned(start) != nil else { return [] }
    var found: [[(from: Int, edge: Edge)]] = []
    var stack: [(from: Int, edge: Edge)] = []
    var onPath: [Bool] = []
    var expansions = 0

    func isOnPath(_ index: Int) -> Bool {
      index == start || (index < onPath.count && onPath[index])
    }
    func setOnPath(_ index: Int, _ value: Bool) {
      if index >= onPath.count {
        onPath.append(contentsOf: repeatElement(false, count: index + 1 - onPath.count))
      }
      onPath[index] = value
    }

    func search(_ current: Int, graph: inout RetainGraph) {
      guard expansions < 20_000, found.count < maximumCount * 4 else { return }
      expansions += 1
      for edge in graph.edges(of: current) {
        if edge.target == start {
          found.append(stack + [(current, edge)])
          continue
        }
        guard stack.count + 1 < maximumLength, !isOnPath(edge.target) else { continue }
        setOnPath(edge.target, true)
        stack.append((current, edge))
        search(edge.target, graph: &graph)
        stack.removeLast()
        setOnPath(edge.target, false)
      }
    }
    search(start, graph: &self)

    // Shortest first; equal lengths keep discovery (property) order.
    let ordered = found.enumerated().sorted {
      ($0.element.count, $0.offset) < ($1.element.count, $1.offset)
    }
    var paths: [RetainPath] = []
    for (_, cycle) in ordered {
      let candidate = path(cycle)
      if !paths.contains(candidate) {
        paths.append(candidate)
      }
      if paths.count == maximumCount { break }
    }
    return paths
  }

  /// The shortest chain of owning references from any of `sources` to `target`.
  ///
  /// - Parameters:
  ///   - sources: Objects the path may start at; `target` itself is ignored among them.
  ///   - target: The object the path ends at.
  ///   - maximumLength: The longest path, in references, to look for.
  /// - Returns: The path and the index in `sources` of its first object, or nil.
  mutating func shortestPath(
    from sources: [AnyObject], to target: AnyObject, maximumLength: Int = 6
  ) -> (path: RetainPath, source: Int)? {
    let goal = index(of: target)
    var previous: [Int: (from: Int, edge: Edge)] = [:]
    var origin: [Int: Int] = [:]
    var frontier: [Int] = []
    for (position, source) in sources.enumerated() {
      let id = index(of: source)
      guard id != goal, origin[id] == nil, scanned(id) != nil else { continue }
      origin[id] = position
      frontier.append(id)
    }
    var length = 0
    while !frontier.isEmpty, length < maximumLength {
      length += 1
      var next: [Int] = []
      for current in frontier {
        for edge in edges(of: current) where origin[edge.target] == nil {
          origin[edge.target] = origin[current]
          previous[edge.target] = (current, edge)
          if edge.target == goal {
            var chain: [(from: Int, edge: Edge)] = []
            var cursor = goal
            while let link = previous[cursor] {
              chain.append(link)
              cursor = link.from
            }
            return (path(chain.reversed()), origin[goal] ?? 0)
          }
          next.append(edge.target)
        }
      }
      frontier = next
    }
    return nil
  }
}
