/// The stories that close when controllers leave the screen for good, checked against the stories
/// of what replaces them: a window root (or a tab set) whose story is open inside the story of the
/// root (or tabs) it replaces would be shown with a closed story (the first resolution in it fails
/// with `storyClosed`), so the transition refuses it before it changes anything.
@MainActor
enum ReplacedStories {
  /// The open stories that close when `controllers` leave, and the controller each closes with:
  /// the stories of the transitions that show them, the controllers they contain and those
  /// presented above them (what ``NavigationLifecycle/controllerDidLeaveHierarchy(_:)`` ends).
  static func closing(with controllers: [any ViewControlling]) -> [(
    story: Story, holder: any ViewControlling
  )] {
    var result: [(story: Story, holder: any ViewControlling)] = []
    walk(controllers) { current in
      for story in stories(of: current) where !story.isClosed {
        result.append((story, current))
      }
    }
    return result
  }

  /// The open stories of `destinations`, their children and what they present, plus `own`: the
  /// stories that must outlive what the destinations replace.
  static func kept(by destinations: [any ViewControlling], own: Story?) -> [Story] {
    var result = own.map { [$0] } ?? []
    walk(destinations) { current in result.append(contentsOf: stories(of: current)) }
    return result.filter { !$0.isClosed }
  }

  /// Throws ``TransitionError/Code/storyWouldClose`` when one of the stories `destinations` keep is
  /// one that closes when `replaced` leave, or is open inside one.
  ///
  /// - Parameters:
  ///   - destinations: The controllers about to be shown.
  ///   - own: The story of the transition that shows them.
  ///   - replaced: What leaves the screen when they are shown.
  ///   - action: What the transition does, for the message: `make TabsView a window root`.
  ///   - leaving: Where the replaced controllers leave, for the message: `the window`.
  ///   - replacement: What replaces them, for the message: `TabsView`.
  static func ensureKept(
    by destinations: [any ViewControlling], own: Story?, replacing replaced: [any ViewControlling],
    _ action: String, leaving: String, replacement: String
  ) throws {
    let closing = closing(with: replaced)
    guard !closing.isEmpty else { return }
    for story in kept(by: destinations, own: own) {
      guard let (closed, holder) = closing.first(where: { story.node.isWithin($0.story.node) })
      else { continue }
      let chain = story.chain.joined(separator: " > ")
      let closedChain = closed.chain.joined(separator: " > ")
      let place =
        story.node === closed.node
        ? "it is the story of \(holder.typeName)"
        : "it is open inside \(closedChain), the story of \(holder.typeName)"
      let typeName = story.node.kind.typeName
      throw TransitionError(
        .storyWouldClose,
        "Cannot \(action): its story \(chain) would close at once. \(place.prefix(1).uppercased())"
          + "\(place.dropFirst()), which closes when \(holder.typeName) leaves \(leaving), "
          + "replaced by \(replacement).",
        fix:
          "open \(story.name) beside the flow it replaces, not inside it: "
          + "resolver.open(\(typeName).self, in: AppStory.self) (declared with "
          + "r.story(\(typeName).self, in: AppStory.self)), and give it to this transition")
    }
  }

  private static func stories(of controller: any ViewControlling) -> [Story] {
    ShownControllers.stories(shownWith: controller)
      + (leaseHolder(of: controller)?.heldStories ?? [])
  }

  /// Calls `visit` for `controllers`, the controllers they contain and those presented above them.
  private static func walk(
    _ controllers: [any ViewControlling], _ visit: (any ViewControlling) -> Void
  ) {
    var pending = controllers
    var seen: Set<ObjectIdentifier> = []
    while let current = pending.popLast() {
      guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
      if let presented = current.presentedController { pending.append(presented) }
      pending.append(contentsOf: current.childControllers)
      visit(current)
    }
  }
}
