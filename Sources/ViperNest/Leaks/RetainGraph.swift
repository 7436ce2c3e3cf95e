/// The owning references among live objects, discovered lazily, for explaining leaks.
///
/// The graph holds every object it has visited strongly, so object identities stay valid while
/// it exists; create one per explanation and drop it before the leaked objects are re-checked.
struct RetainGraph {
  /// An owning reference from one object to another.
  struct Edge {
    let property: String
    let isClosureCapture: Bool
    let target: ObjectIdentifier
  }

  private struct Node {
    let object: AnyObject
    let typeName: String
    let edges: [Edge]
    let uninspected: [String]
    let isMetadataStripped: Bool
  }

  /// Scans one object for owning references; replaceable in tests.
  typealias Scanner = (AnyObject) -> ReferenceScan

  private let scanner: Scanner
  private var nodes: [ObjectIdentifier: Node] = [:]
  /// Objects referenced by scanned nodes but not scanned yet (kept alive here).
  private var pending: [ObjectIdentifier: AnyObject] = [:]
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
    node(for: object)?.uninspected ?? []
  }

  /// Whether `object`'s class hierarchy lacks field metadata.
  mutating func isMetadataStripped(_ object: AnyObject) -> Bool {
    node(for: object)?.isMetadataStripped ?? false
  }

  /// Adds `object` (scanning it once) and returns its node; nil when the scan budget is spent.
  private mutating func node(for object: AnyObject) -> Node? {
    let id = ObjectIdentifier(object)
    if let node = nodes[id] { return node }
    guard remainingScans > 0 else { return nil }
    remainingScans -= 1
    let scan = scanner(object)
    var edges: [Edge] = []
    edges.reserveCapacity(scan.references.count)
    for reference in scan.references {
      let target = ObjectIdentifier(reference.target)
      if nodes[target] == nil {
        // Keep the target alive; it is scanned only when a search reaches it.
        pending[target] = reference.target
      }
      edges.append(
        Edge(
          property: reference.path, isClosureCapture: reference.throughClosure, target: target))
    }
    let node = Node(
      object: object, typeName: SwiftRuntimeReflection.typeName(type(of: object)), edges: edges,
      uninspected: scan.uninspected, isMetadataStripped: scan.isMetadataStripped)
    nodes[id] = node
    pending[id] = nil
    return node
  }

  private mutating func edges(of id: ObjectIdentifier) -> [Edge] {
    if let node = nodes[id] { return node.edges }
    guard let object = pending[id] else { return [] }
    return node(for: object)?.edges ?? []
  }

  private mutating func name(of id: ObjectIdentifier) -> String {
    if let node = nodes[id] { return node.typeName }
    if let object = pending[id] { return SwiftRuntimeReflection.typeName(type(of: object)) }
    return "?"
  }

  private mutating func path(_ edges: [(from: ObjectIdentifier, edge: Edge)]) -> RetainPath {
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
    let start = ObjectIdentifier(object)
    guard node(for: object) != nil else { return [] }
    var found: [[(from: ObjectIdentifier, edge: Edge)]] = []
    var stack: [(from: ObjectIdentifier, edge: Edge)] = []
    var onPath: Set<ObjectIdentifier> = [start]
    var expansions = 0

    func search(_ current: ObjectIdentifier, graph: inout RetainGraph) {
      guard expansions < 20_000, found.count < maximumCount * 4 else { return }
      expansions += 1
      for edge in graph.edges(of: current) {
        if edge.target == start {
          found.append(stack + [(current, edge)])
          continue
        }
        guard stack.count + 1 < maximumLength, !onPath.contains(edge.target) else { continue }
        onPath.insert(edge.target)
        stack.append((current, edge))
        search(edge.target, graph: &graph)
        stack.removeLast()
        onPath.remove(edge.target)
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
    let goal = ObjectIdentifier(target)
    var previous: [ObjectIdentifier: (from: ObjectIdentifier, edge: Edge)] = [:]
    var origin: [ObjectIdentifier: Int] = [:]
    var frontier: [ObjectIdentifier] = []
    for (index, source) in sources.enumerated() {
      let id = ObjectIdentifier(source)
      guard id != goal, origin[id] == nil, node(for: source) != nil else { continue }
      origin[id] = index
      frontier.append(id)
    }
    var length = 0
    while !frontier.isEmpty, length < maximumLength {
      length += 1
      var next: [ObjectIdentifier] = []
      for current in frontier {
        for edge in edges(of: current) where origin[edge.target] == nil {
          origin[edge.target] = origin[current]
          previous[edge.target] = (current, edge)
          if edge.target == goal {
            var chain: [(from: ObjectIdentifier, edge: Edge)] = []
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
