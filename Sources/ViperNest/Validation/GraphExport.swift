/// A text format for the registration graph.
public enum GraphFormat: Sendable {
  /// Graphviz DOT: `dot -Tsvg graph.dot -o graph.svg`.
  case dot
  /// Mermaid flowchart text, rendered by GitHub and most Markdown viewers.
  case mermaid
}

extension Registry {
  /// The registration graph as text: one node per registration with its lifetime, one edge per
  /// declared dependency (dashed for `Provider<T>`), one cluster per story's local registrations,
  /// nested like the stories (a story declared `in:` one parent is drawn inside it).
  /// Closure factories are marked opaque (their dependencies are unknown).
  ///
  /// ```swift
  /// try registry.graph(.dot).write(toFile: "graph.dot", atomically: true, encoding: .utf8)
  /// ```
  ///
  /// - Parameter format: ``GraphFormat/dot`` or ``GraphFormat/mermaid``.
  /// - Returns: The graph as text.
  public func graph(_ format: GraphFormat) -> String {
    let graph = validationGraph()
    var ids: [ObjectIdentifier: String] = [:]
    for (index, entry) in graph.entries.enumerated() { ids[ObjectIdentifier(entry)] = "n\(index)" }
    // Story clusters nest like the stories do: a story declared `in:` exactly one parent is drawn
    // inside that parent's cluster.
    var clusterStories = Set(graph.locals.keys)
    for storyID in graph.locals.keys {
      var parents = graph.storyParents[storyID] ?? []
      while parents.count == 1, let parent = parents.first, parent != .app,
        clusterStories.insert(parent.id).inserted
      {
        parents = graph.storyParents[parent.id] ?? []
      }
    }
    func parentCluster(of story: StoryKind) -> ObjectIdentifier? {
      guard let parents = graph.storyParents[story.id], parents.count == 1,
        let parent = parents.first, clusterStories.contains(parent.id)
      else { return nil }
      return parent.id
    }
    let drawnStories = graph.stories.filter { clusterStories.contains($0.id) }
    var edges: [(from: String, to: String, deferred: Bool)] = []
    for entry in graph.entries {
      for dependency in entry.dependencies ?? []
      where !(dependency.isBuiltIn && !dependency.isDeferred) {
        // Point at the root registration, or the story-local one in the same story.
        let target =
          entry.localStory.flatMap { graph.locals[$0.id]?.entry(for: dependency.key) }
          ?? graph.root.entry(for: dependency.key)
        if target == nil, dependency.isOptional { continue }  // `T?` with no `T`: nil, not missing
        let to =
          target.map { ids[ObjectIdentifier($0)]! }
          ?? "missing_\(sanitize(typeName(dependency.type)))"
        edges.append((ids[ObjectIdentifier(entry)]!, to, dependency.isDeferred))
      }
    }
    let missing = Set(edges.map(\.to).filter { $0.hasPrefix("missing_") }).sorted()
    func label(_ entry: AnyEntry) -> String {
      "\(entry.keyDescription)\\n\(entry.lifetime)\(entry.isAsync ? " · async" : "")"
        + (entry.dependencies == nil ? " · opaque" : "")
    }
    var lines: [String] = []
    switch format {
    case .dot:
      lines.append("digraph ViperNest {")
      lines.append("  rankdir=LR;")
      lines.append("  node [shape=box, style=rounded, fontname=\"Helvetica\"];")
      for entry in graph.root.entries {
        lines.append("  \(ids[ObjectIdentifier(entry)]!) [label=\"\(escape(label(entry)))\"];")
      }
      func drawDOT(_ story: StoryKind, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        lines.append("\(indent)subgraph cluster_\(sanitize(story.typeName)) {")
        lines.append("\(indent)  label=\"story \(story.name)\";")
        lines.append("\(indent)  style=dashed;")
        for entry in graph.locals[story.id]?.entries ?? [] {
          lines.append(
            "\(indent)  \(ids[ObjectIdentifier(entry)]!) [label=\"\(escape(label(entry)))\"];")
        }
        for child in drawnStories where parentCluster(of: child) == story.id {
          drawDOT(child, depth: depth + 1)
        }
        lines.append("\(indent)}")
      }
      for story in drawnStories where parentCluster(of: story) == nil { drawDOT(story, depth: 1) }
      for name in missing {
        lines.append(
          "  \(name) [label=\"\(name.dropFirst("missing_".count))\\nMISSING\", color=red];")
      }
      for edge in edges {
        lines.append("  \(edge.from) -> \(edge.to)\(edge.deferred ? " [style=dashed]" : "");")
      }
      lines.append("}")
    case .mermaid:
      lines.append("flowchart LR")
      func node(_ entry: AnyEntry, _ indent: String) -> String {
        let text = label(entry).replacingOccurrences(of: "\\n", with: "<br/>")
        return "\(indent)\(ids[ObjectIdentifier(entry)]!)[\"\(mermaidEscape(text))\"]"
      }
      for entry in graph.root.entries { lines.append(node(entry, "  ")) }
      func drawMermaid(_ story: StoryKind, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        lines.append("\(indent)subgraph \(sanitize(story.typeName))[\"story \(story.name)\"]")
        for entry in graph.locals[story.id]?.entries ?? [] {
          lines.append(node(entry, indent + "  "))
        }
        for child in drawnStories where parentCluster(of: child) == story.id {
          drawMermaid(child, depth: depth + 1)
        }
        lines.append("\(indent)end")
      }
      for story in drawnStories where parentCluster(of: story) == nil {
        drawMermaid(story, depth: 1)
      }
      for name in missing {
        lines.append("  \(name)[\"\(name.dropFirst("missing_".count))<br/>MISSING\"]")
      }
      for edge in edges {
        lines.append("  \(edge.from) \(edge.deferred ? "-.->" : "-->") \(edge.to)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

private func sanitize(_ text: String) -> String {
  String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
}

private func escape(_ text: String) -> String {
  text.replacingOccurrences(of: "\"", with: "\\\"")
}

private func mermaidEscape(_ text: String) -> String {
  text.replacingOccurrences(of: "\"", with: "#quot;")
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
