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
    scanner: @escaping RetainGraph.Scanner = SwiftRuntimeReflection.strongReferences(of:)
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

    return leaked.map { candidate in
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

      guard reflectionAvailable else { return leak(.pathUnavailable) }
      let cycles = graph.cycles(through: object)
      if !cycles.isEmpty {
        return leak(.retainCycle, cycles: cycles)
      }
      if let found = graph.shortestPath(from: leakedSources, to: object) {
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
  }
}
