/// An open user story: resolve from it, open stories inside it, close it when the flow ends.
///
/// Closing a story closes the stories open inside it first (innermost first), then releases every
/// instance it owns. A closed story keeps nothing alive; resolving from it throws
/// ``ViperNestError/Code/storyClosed`` naming it. Releasing the last reference to an open story
/// closes it too, and reports a ``Diagnostic`` so you can add the missing `close()`.
///
/// ```swift
/// let app = try registry.start()
/// let contacts = try app.open(ContactsStory.self)
/// let store = try contacts.resolve(ContactStore.self)  // shared inside Contacts
/// contacts.close()                                      // store released
/// ```
public final class Story: Resolving, CustomStringConvertible {
  @usableFromInline let node: StoryNode

  init(node: StoryNode) {
    self.node = node
    self.resolver = Resolver(node: node, requester: node)
  }

  deinit {
    if !node.isClosed {
      Diagnostic.report(
        Diagnostic(
          kind: .storyReleasedWithoutClose, storyChain: node.chainNames,
          message:
            "story \(node.chainNames.joined(separator: " > ")) was released without close(); "
            + "closed it now. Call close() when the flow ends (or use withStory) so its instances "
            + "are released at a point you choose."),
        to: node.graph.configuration.onDiagnostic)
      node.close()
    }
  }

  /// The resolver for this story (the ``Resolving`` requirement): stored, so resolving from a
  /// story copies nothing.
  public let resolver: Resolver

  /// The story's name, such as `Contacts`.
  public var name: String { node.kind.name }

  /// The chain of open stories from the app down to this one: `["App", "Contacts"]`.
  public var chain: [String] { node.chainNames }

  /// Whether ``close()`` has run (directly, or by closing an enclosing story).
  public var isClosed: Bool { node.isClosed }

  /// Closes the stories open inside this one, innermost first, then releases everything this story
  /// owns, newest first. Closing twice does nothing.
  ///
  /// When it returns, the story and the stories inside it hold nothing, even when another thread
  /// is closing them at the same moment (it waits for that close to finish releasing), so a leak
  /// check may run right after it. Called from a deinit that runs during a close, it does not wait.
  public func close() { node.close() }

  /// A snapshot of this story and the stories open inside it, with the instances each holds.
  ///
  /// ```swift
  /// print(app.tree)
  /// // App
  /// // ├─ Clock (app)
  /// // └─ Contacts
  /// //    └─ ContactStore (story(Contacts))
  /// ```
  public var tree: StoryTree { node.snapshot() }

  public var description: String { "Story(\(chain.joined(separator: " > ")))" }
}

/// A snapshot of an open story: its name, the instances it holds, and the stories open inside it.
public struct StoryTree: Sendable, Hashable, CustomStringConvertible {
  /// The story's name.
  public let name: String
  /// The instances the story holds, oldest first, as `Type (lifetime)`.
  public let instances: [String]
  /// The stories open inside it, by name.
  public let children: [StoryTree]

  /// The tree as indented text, one line per story and per instance.
  public var description: String {
    var lines = [name]
    append(to: &lines, prefix: "")
    return lines.joined(separator: "\n")
  }

  private func append(to lines: inout [String], prefix: String) {
    let items: [Either] = instances.map(Either.instance) + children.map(Either.story)
    for (offset, item) in items.enumerated() {
      let last = offset == items.count - 1
      let branch = prefix + (last ? "└─ " : "├─ ")
      switch item {
      case .instance(let text): lines.append(branch + text)
      case .story(let tree):
        lines.append(branch + tree.name)
        tree.append(to: &lines, prefix: prefix + (last ? "   " : "│  "))
      }
    }
  }

  private enum Either {
    case instance(String)
    case story(StoryTree)
  }
}
