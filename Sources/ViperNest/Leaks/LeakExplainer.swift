/// A tracked object that is still alive after its owner ended.
struct LeakCandidate {
  let object: AnyObject
  let role: LeakRole
  let module: String?
  let story: String?
}

/// A tracked object whose owner is still alive; it may legitimately hold leaked objects.
///
/// It holds the object strongly only until ``LeakExplainer/explain(_:holders:scanner:)`` takes
/// it: a holder belongs to someone else, and building a report must not keep it alive.
final class HolderCandidate {
  private var strongObject: AnyObject?
  let description: String

  init(object: AnyObject, description: String) {
    strongObject = object
    self.description = description
  }

  /// The object; read it only before the explainer took it.
  var object: AnyObject {
    guard let strongObject else {
      preconditionFailure("a holder candidate is read after the explainer took its object")
    }
    return strongObject
  }

  /// Gives up the strong reference, returning it (once).
  func take() -> AnyObject? {
    defer { strongObject = nil }
    return strongObject
  }
}

/// Turns leaked objects into report entries with their retain cycles or what else is known.
enum LeakExplainer {
  /// Explains every candidate.
  ///
  /// - Parameters:
  ///   - leaked: Objects alive after their owner ended, in tracking order, without duplicates.
  ///   - holders: Tracked objects whose owner is still alive.
  ///   - scanner: Finds an object's owning references; replaceable in tests.
  /// - Returns: One entry per candidate, in the same order.
  static func explain(
    _ leaked: [LeakCandidate], holders: [HolderCandidate],
    scanner: @escaping RetainGraph.Scanner = LeakExplainer.userReferences(of:)
  ) -> [LeakReport.Leak] {
    var graph = RetainGraph(scanner: scanner)
    // The leaked objects are what the report explains: their candidates keep them alive until
    // it is built. The graph itself keeps no object alive, and holders are let go here: one
    // released meanwhile deinitializes and is simply not scanned.
    let leakedSources = leaked.map { graph.index(of: $0.object) }
    var holderSources: [Int] = []
    var holderDescriptions: [String] = []
    for holder in holders {
      guard let object = holder.take() else { continue }
      holderSources.append(graph.index(of: object))
      holderDescriptions.append(holder.description)
    }
    let leakedObjects = leaked.map(\.object)
    let reflectionAvailable = SwiftRuntimeReflection.isReflectionAvailable
    let anyStripped = leakedObjects.contains { graph.isMetadataStripped($0) }

    // Per candidate: the objects on its cycles, and the candidate whose object owns it.
    var cycleMembers: [Set<Int>] = []
    var ownerCandidate: [Int?] = []
    let explained = leaked.map { candidate in
      let object = candidate.object
      let typeName = SwiftRuntimeReflection.typeName(type(of: object))
      let uninspected = graph.uninspected(in: object).map { "\(typeName).\($0)" }
      func leak(
        _ cause: LeakReport.Cause, cycles: [RetainPath] = [], retainedBy: RetainPath? = nil,
        holder: String? = nil
      ) -> LeakReport.Leak {
        LeakReport.Leak(
          typeName: typeName, role: candidate.role, module: candidate.module,
          story: candidate.story, cause: cause, retainCycles: cycles, retainedBy: retainedBy,
          holder: holder, uninspected: uninspected)
      }

      cycleMembers.append([])
      ownerCandidate.append(nil)
      guard reflectionAvailable else { return leak(.pathUnavailable) }
      let cycles = graph.cyclesAndMembers(through: object)
      if !cycles.paths.isEmpty {
        cycleMembers[cycleMembers.count - 1] = cycles.members
        return leak(.retainCycle, cycles: cycles.paths)
      }
      if let found = graph.shortestPath(from: leakedSources, to: object) {
        ownerCandidate[ownerCandidate.count - 1] = found.source
        return leak(.retainedByLeakedObject, retainedBy: found.path)
      }
      if let found = graph.shortestPath(from: holderSources, to: object, maximumLength: 4) {
        return leak(
          .heldByTrackedObject, retainedBy: found.path,
          holder: holderDescriptions[found.source])
      }
      // Without metadata for a leaked object, a cycle through it cannot be ruled out.
      return leak(anyStripped ? .pathUnavailable : .heldFromOutside)
    }
    let roots = rootCauses(
      sources: leakedSources, cycleMembers: cycleMembers, owners: ownerCandidate)
    // What nothing tracked holds: decidable only when a global holds the object directly.
    let outside = explained.indices.filter { explained[$0].cause == .heldFromOutside }
    let inGlobals = GlobalStorage.holdsDirectly(outside.map { leaked[$0].object }) ?? []
    var heldByGlobal = Set<Int>()
    for (position, candidate) in outside.enumerated()
    where position < inGlobals.count && inGlobals[position] {
      heldByGlobal.insert(candidate)
    }
    return explained.indices.map { index in
      let leak = explained[index].keptAlive(by: roots[index])
      return heldByGlobal.contains(index) ? leak.withCause(.heldByGlobalVariable) : leak
    }
  }

  /// For each candidate, the candidate that is the root cause keeping it alive, or nil when it
  /// is a root cause itself.
  ///
  /// A cycle's objects are folded under the first tracked object on it; an object another
  /// leaked object owns is folded under that owner's root cause.
  ///
  /// - Parameters:
  ///   - sources: Each candidate's index in the graph.
  ///   - cycleMembers: Each candidate's cycle members (graph indices); empty when in no cycle.
  ///   - owners: For a candidate retained by a leaked object, that object's candidate index.
  static func rootCauses(sources: [Int], cycleMembers: [Set<Int>], owners: [Int?]) -> [Int?] {
    var root = [Int?](repeating: nil, count: sources.count)
    var cycleRoots: [Int] = []
    for candidate in sources.indices where !cycleMembers[candidate].isEmpty {
      if let earlier = cycleRoots.first(where: { cycleMembers[$0].contains(sources[candidate]) }) {
        root[candidate] = earlier
      } else {
        cycleRoots.append(candidate)
      }
    }
    for candidate in sources.indices where owners[candidate] != nil {
      // Follow owners up to an object that is not owned by another leak (bounded: owners may
      // form a loop when a cycle was too long to find).
      var current = candidate
      var steps = 0
      while let owner = owners[current], steps < sources.count {
        current = owner
        steps += 1
      }
      let top = root[current] ?? current
      root[candidate] = top == candidate || owners[top] != nil ? nil : top
    }
    return root
  }

  /// The owning references of `object` as a report should show them: ViperNest's registry
  /// internals (story nodes, the registration graph, its entries, the registry) are opaque, so
  /// no path runs through them (what they hold belongs to their stories, which the detector
  /// tracks itself).
  static func userReferences(of object: AnyObject) -> ReferenceScan {
    if object is StoryNode || object is Graph || object is AnyEntry || object is Registry {
      return ReferenceScan()
    }
    return SwiftRuntimeReflection.strongReferences(of: object)
  }
}
