/// The owning references among live objects, discovered lazily, for explaining leaks.
///
/// Where Swift objects are native (Linux), the graph keeps no object alive. It holds every object
/// it meets by an unowned reference (``TrackedReference``): the object deinitializes as soon as
/// its last owner lets go, even while a report is being built, but its memory, and so its address,
/// stays reserved until the graph is dropped, so an address never stands for two objects. On
/// Apple platforms it holds them strongly for the report's one pass on the main actor (see
/// `Pins`). An object is read only while
/// the graph holds a strong reference to it, taken with `swift_tryRetain` for the duration of its
/// scan (an object that started deinitializing is not scanned: it has no edges). Its type is
/// read when it is first met, from the strong reference the caller or the scan that met it
/// holds. Create one graph per explanation.
///
/// Reading an object's stored properties races with another thread writing them, as `Mirror`
/// does; the graph adds no other hazard: it never dereferences an object it does not hold.
struct RetainGraph {
  /// An owning reference from one object to another.
  struct Edge {
    let property: String
    let isClosureCapture: Bool
    /// The referenced object's index in the graph.
    let target: Int
  }

  /// What a scan found in one object besides its edges.
  private struct Scanned {
    /// The object's edges: a range of `edges` and `targets`.
    let edgeRange: Range<Int>
    let uninspected: [String]
    let isMetadataStripped: Bool
  }

  /// Scans one object for owning references; replaceable in tests.
  typealias Scanner = (AnyObject) -> ReferenceScan

  /// References to every object met, by index, given up when the graph is dropped.
  private final class Pins {
    // Only the graph that created it uses it, one access at a time: on Linux the exclusivity
    // check is off for `references` (a visible part of `retain-path`'s report time); the Apple
    // branch, which no benchmark measures, keeps the check.
    #if canImport(ObjectiveC) || VIPERNEST_APPLE_TRACKING
      // Strong on Apple platforms. A tracked reference there is a `weak` box, and forming a weak
      // reference to an object that is deallocating, or whose class refuses weak references,
      // aborts the process: objc4's `objc_initWeak` stores with `DoCrashIfDeallocating`, and
      // `weak_register_no_lock` calls `_objc_fatal("Cannot form weak reference to instance
      // …")`. The graph meets objects it did not choose, so it forms no weak reference. Reports
      // are built on the main actor in one synchronous pass (`LeakDetectorCore.check`), so these
      // strong references last that pass and are released on the main actor.
      private var objects: [AnyObject] = []
    #else
      @exclusivity(unchecked) private var references: [TrackedReference] = []

      deinit {
        for reference in references {
          reference.release()
        }
      }
    #endif

    func reserveCapacity(_ capacity: Int) {
      #if canImport(ObjectiveC) || VIPERNEST_APPLE_TRACKING
        objects.reserveCapacity(capacity)
      #else
        references.reserveCapacity(capacity)
      #endif
    }

    /// Pins `object`, which the caller holds strongly.
    func append(_ object: AnyObject) {
      #if canImport(ObjectiveC) || VIPERNEST_APPLE_TRACKING
        objects.append(object)
      #else
        references.append(TrackedReference(object))
      #endif
    }

    /// Whether the pin at `index` is `object` (which the caller holds strongly). Always true of
    /// an object found by its address: a pin keeps the object's address from being reused while
    /// the graph lives (a strong reference, or an unowned one, which keeps the memory reserved).
    func pin(_ index: Int, refersTo object: AnyObject) -> Bool {
      #if canImport(ObjectiveC) || VIPERNEST_APPLE_TRACKING
        return objects[index] === object
      #else
        return references[index].refers(to: object)
      #endif
    }

    /// A strong reference to the pinned object, or nil once it started deinitializing.
    func load(_ index: Int) -> AnyObject? {
      #if canImport(ObjectiveC) || VIPERNEST_APPLE_TRACKING
        return objects[index]
      #else
        return references[index].load()
      #endif
    }
  }

  private let scanner: Scanner
  private let pins = Pins()
  /// The address of every object met (scanned or only referenced), by index.
  private var addresses: [UInt] = []
  /// The class of every object met, by index.
  private var types: [AnyObject.Type] = []
  /// Scan results by index; nil until the object is scanned (each object is scanned once, so
  /// searches reuse its edges).
  private var scans: [Scanned?] = []
  /// `scans[i]?.edgeRange`, apart, so searches copy no arrays.
  private var edgeRanges: [Range<Int>?] = []
  /// Every edge found, grouped by the scanned object (see `Scanned.edgeRange`).
  private var edges: [Edge] = []
  /// The target of each edge, apart, so searches walk plain integers.
  private var targets: [Int] = []
  /// The object each edge starts at.
  private var edgeSources: [Int] = []
  /// Type names by index, read when first needed.
  private var typeNames: [String?] = []
  /// The index of every object met, by its address: cheaper than hashing identities with
  /// `Hasher`. Room for a typical report without regrowing.
  private var indices = WordTable<KeyedSlot<Int>>(minimumCapacity: 64)
  /// Sources of edges grouped by target (`sources[firstIncoming[t]..<firstIncoming[t + 1]]`),
  /// built for the given object and edge counts.
  private var reversed: (objectCount: Int, edgeCount: Int, firstIncoming: [Int], sources: [Int]) =
    (-1, -1, [], [])
  /// Objects this graph may still scan; bounds the work spent in large object graphs.
  private var remainingScans: Int

  init(
    scanner: @escaping Scanner = SwiftRuntimeReflection.strongReferences(of:),
    maximumObjects: Int = 512
  ) {
    self.scanner = scanner
    self.remainingScans = maximumObjects
    // Room for a typical report (a module and the registry around it) without regrowing.
    addresses.reserveCapacity(64)
    types.reserveCapacity(64)
    pins.reserveCapacity(64)
    scans.reserveCapacity(64)
    edgeRanges.reserveCapacity(64)
    typeNames.reserveCapacity(64)
    edges.reserveCapacity(256)
    targets.reserveCapacity(256)
    edgeSources.reserveCapacity(256)
  }

  /// Places in `object` that could not be inspected.
  mutating func uninspected(in object: AnyObject) -> [String] {
    scanned(index(of: object))?.uninspected ?? []
  }

  /// Whether `object`'s class hierarchy lacks field metadata.
  mutating func isMetadataStripped(_ object: AnyObject) -> Bool {
    scanned(index(of: object))?.isMetadataStripped ?? false
  }

  /// The index of `object`, adding it (unscanned) when it is new; `object` is held strongly by
  /// the caller.
  mutating func index(of object: AnyObject) -> Int {
    let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    if let known = indices[address].value {
      internalCheck(
        pins.pin(known, refersTo: object), "an address stands for one object while the graph lives")
      return known
    }
    let index = addresses.count
    _ = indices.insert(KeyedSlot(key: address, value: index))
    addresses.append(address)
    types.append(type(of: object))
    pins.append(object)
    scans.append(nil)
    edgeRanges.append(nil)
    typeNames.append(nil)
    internalCheck(
      types.count == addresses.count && scans.count == addresses.count
        && edgeRanges.count == addresses.count && typeNames.count == addresses.count
        && indices.count == addresses.count,
      "the retain graph's per-object arrays are indexed alike")
    return index
  }

  /// The scan of the object at `index`, scanning it the first time; nil when the scan budget is
  /// spent.
  private mutating func scanned(_ index: Int) -> Scanned? {
    if let known = scans[index] { return known }
    guard remainingScans > 0 else { return nil }
    remainingScans -= 1
    // Strong for the scan only; an object that is deinitializing has nothing left to hold.
    guard let object = pins.load(index) else {
      let result = Scanned(
        edgeRange: edges.count..<edges.count, uninspected: [], isMetadataStripped: false)
      scans[index] = result
      edgeRanges[index] = result.edgeRange
      return result
    }
    let scan = scanner(object)
    let first = edges.count
    for reference in scan.references {
      let target = self.index(of: reference.target)
      edges.append(
        Edge(
          property: reference.path, isClosureCapture: reference.throughClosure, target: target))
      targets.append(target)
      edgeSources.append(index)
    }
    internalCheck(
      targets.count == edges.count && edgeSources.count == edges.count,
      "the retain graph's per-edge arrays are indexed alike")
    let result = Scanned(
      edgeRange: first..<edges.count, uninspected: scan.uninspected,
      isMetadataStripped: scan.isMetadataStripped)
    scans[index] = result
    edgeRanges[index] = result.edgeRange
    return result
  }

  /// The positions in `edges` of the edges of the object at `index` (scanning it if needed).
  private mutating func edgeRange(of index: Int) -> Range<Int> {
    if let known = edgeRanges[index] { return known }
    return scanned(index)?.edgeRange ?? 0..<0
  }

  private mutating func name(of index: Int) -> String {
    if let known = typeNames[index] { return known }
    let name = SwiftRuntimeReflection.typeName(types[index])
    typeNames[index] = name
    return name
  }

  /// The path along edges (positions in `edges`).
  private mutating func path(_ chain: [Int]) -> RetainPath {
    var steps: [RetainPath.Step] = []
    steps.reserveCapacity(chain.count)
    for position in chain {
      let edge = edges[position]
      steps.append(
        RetainPath.Step(
          typeName: name(of: edgeSources[position]), property: edge.property,
          isClosureCapture: edge.isClosureCapture))
    }
    let target = chain.last.map { name(of: edges[$0].target) } ?? "?"
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
    cyclesAndMembers(through: object, maximumLength: maximumLength, maximumCount: maximumCount)
      .paths
  }

  /// The retain cycles through `object`, shortest first, and the indices (see `index(of:)`) of
  /// every object on them.
  ///
  /// - Parameters:
  ///   - object: The object the cycles start and end at.
  ///   - maximumLength: The longest cycle, in references, to look for.
  ///   - maximumCount: How many cycles to return at most.
  mutating func cyclesAndMembers(
    through object: AnyObject, maximumLength: Int = 8, maximumCount: Int = 4
  ) -> (paths: [RetainPath], members: Set<Int>) {
    let start = index(of: object)
    guard scanned(start) != nil else { return ([], []) }
    let back = distancesBack(to: start, maximumLength: maximumLength)
    // Paths are lists of edge positions; each edge starts where the previous one ends. A
    // depth-first search over simple paths, iterative (no captured state to check for
    // exclusivity): each frame is an object on the path and the next of its edges to follow.
    // It never enters an object from which `start` is too far away (`back`): no cycle of at
    // most `maximumLength` references passes there, so the cycles found, and their order, are
    // those of the full search, which only spends its budget sooner.
    var found: [[Int]] = []
    var stack: [Int] = []
    stack.reserveCapacity(maximumLength)
    var onPath = [Bool](repeating: false, count: addresses.count)
    var frames: [(object: Int, next: Int, end: Int)] = []
    frames.reserveCapacity(maximumLength + 1)
    let firstEdges = edgeRange(of: start)
    var expansions = 1
    frames.append((start, firstEdges.lowerBound, firstEdges.upperBound))
    while let top = frames.last {
      guard top.next < top.end else {
        frames.removeLast()
        if !frames.isEmpty {
          stack.removeLast()
          onPath[top.object] = false
        }
        continue
      }
      frames[frames.count - 1].next += 1
      let position = top.next
      let target = targets[position]
      if target == start {
        found.append(stack + [position])
        continue
      }
      if target >= onPath.count {
        onPath.append(contentsOf: repeatElement(false, count: target + 1 - onPath.count))
      }
      guard stack.count + 1 < maximumLength, !onPath[target],
        target < back.count, back[target] <= maximumLength - stack.count - 1
      else { continue }
      // Entering `target`; a spent budget leaves it unexpanded.
      guard expansions < 20_000, found.count < maximumCount * 4 else { continue }
      expansions += 1
      onPath[target] = true
      stack.append(position)
      let range = edgeRange(of: target)
      frames.append((target, range.lowerBound, range.upperBound))
    }

    // Shortest first; equal lengths keep discovery (property) order.
    let ordered = found.enumerated().sorted {
      ($0.element.count, $0.offset) < ($1.element.count, $1.offset)
    }
    var paths: [RetainPath] = []
    var members = Set<Int>()
    for (_, cycle) in ordered {
      let candidate = path(cycle)
      if !paths.contains(candidate) {
        paths.append(candidate)
        for position in cycle { members.insert(edgeSources[position]) }
      }
      if paths.count == maximumCount { break }
    }
    return (paths, members)
  }

  /// For every object, the fewest references from it back to `start` (`Int.max` when there is
  /// no such chain), over the edges of every object within `maximumLength - 1` references of
  /// `start`, which this scans first: the objects a cycle search from `start` may enter.
  private mutating func distancesBack(to start: Int, maximumLength: Int) -> [Int] {
    var seen = [Bool](repeating: false, count: addresses.count)
    seen.reserveCapacity(2 * addresses.count)
    seen[start] = true
    var frontier = [start]
    frontier.reserveCapacity(addresses.count)
    var next: [Int] = []
    next.reserveCapacity(addresses.count)
    var level = 0
    while !frontier.isEmpty, level < maximumLength {
      next.removeAll(keepingCapacity: true)
      for current in frontier {
        let range = edgeRange(of: current)
        guard level + 1 < maximumLength else { continue }
        if seen.count < addresses.count {
          seen.append(contentsOf: repeatElement(false, count: addresses.count - seen.count))
        }
        for position in range {
          let target = targets[position]
          if !seen[target] {
            seen[target] = true
            next.append(target)
          }
        }
      }
      swap(&frontier, &next)
      level += 1
    }
    // Breadth-first over reversed edges (grouped by target: counting sort), kept while no edge
    // is added.
    let count = addresses.count
    if reversed.objectCount != count || reversed.edgeCount != targets.count {
      var firstIncoming = [Int](repeating: 0, count: count + 1)
      for target in targets {
        firstIncoming[target + 1] += 1
      }
      for index in 0..<count {
        firstIncoming[index + 1] += firstIncoming[index]
      }
      var fill = firstIncoming
      var incoming = [Int](repeating: 0, count: targets.count)
      for (position, target) in targets.enumerated() {
        incoming[fill[target]] = edgeSources[position]
        fill[target] += 1
      }
      reversed = (count, targets.count, firstIncoming, incoming)
    }
    let firstIncoming = reversed.firstIncoming
    let incoming = reversed.sources
    var distance = [Int](repeating: Int.max, count: count)
    distance[start] = 0
    frontier.removeAll(keepingCapacity: true)
    frontier.append(start)
    var length = 0
    while !frontier.isEmpty, length < maximumLength {
      length += 1
      next.removeAll(keepingCapacity: true)
      for current in frontier {
        for source in incoming[firstIncoming[current]..<firstIncoming[current + 1]]
        where distance[source] == Int.max {
          distance[source] = length
          next.append(source)
        }
      }
      swap(&frontier, &next)
    }
    return distance
  }

  /// The shortest chain of owning references from any of `sources` to `target`.
  ///
  /// - Parameters:
  ///   - sources: Indices (see `index(of:)`) of the objects the path may start at; `target`
  ///     itself is ignored among them.
  ///   - target: The object the path ends at.
  ///   - maximumLength: The longest path, in references, to look for.
  /// - Returns: The path and the index in `sources` of its first object, or nil.
  mutating func shortestPath(
    from sources: [Int], to target: AnyObject, maximumLength: Int = 6
  ) -> (path: RetainPath, source: Int)? {
    let goal = index(of: target)
    // By object index, grown as the search meets new objects: where each reached object was
    // reached from (object and edge) and which source it descends from.
    var previous: [(from: Int, edge: Int)?] = []
    var origin: [Int?] = []
    previous.reserveCapacity(2 * addresses.count)
    origin.reserveCapacity(2 * addresses.count)
    var frontier: [Int] = []
    frontier.reserveCapacity(addresses.count)
    for (position, id) in sources.enumerated() {
      if origin.count < addresses.count {
        origin.append(contentsOf: repeatElement(nil, count: addresses.count - origin.count))
        previous.append(contentsOf: repeatElement(nil, count: addresses.count - previous.count))
      }
      guard id != goal, origin[id] == nil, scanned(id) != nil else { continue }
      origin[id] = position
      frontier.append(id)
    }
    var length = 0
    var next: [Int] = []
    next.reserveCapacity(addresses.count)
    while !frontier.isEmpty, length < maximumLength {
      length += 1
      next.removeAll(keepingCapacity: true)
      for current in frontier {
        let range = edgeRange(of: current)
        if origin.count < addresses.count {
          origin.append(contentsOf: repeatElement(nil, count: addresses.count - origin.count))
          previous.append(contentsOf: repeatElement(nil, count: addresses.count - previous.count))
        }
        for position in range {
          let reached = targets[position]
          guard origin[reached] == nil else { continue }
          origin[reached] = origin[current]
          previous[reached] = (current, position)
          if reached == goal {
            var chain: [Int] = []
            var cursor = goal
            while let link = previous[cursor] {
              chain.append(link.edge)
              cursor = link.from
            }
            return (path(chain.reversed()), origin[goal] ?? 0)
          }
          next.append(reached)
        }
      }
      swap(&frontier, &next)
    }
    return nil
  }
}
