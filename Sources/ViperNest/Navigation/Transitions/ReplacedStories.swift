/// The stories that close when a controller leaves the screen for good, checked against the stories
/// of what replaces it: a window root whose story is open inside the story of the root it replaces
/// would be shown with a closed story (the first resolution in it fails with `storyClosed`), so the
/// transition refuses it before it changes anything.
@MainActor
enum ReplacedStories {
  /// The open stories that close when `controller` leaves, and the controller each closes with: the
  /// stories of the transitions that show it, the controllers it contains and those presented
  /// above them (what ``NavigationLifecycle/controllerDidLeaveHierarchy(_:)`` ends).
  static func closing(with controller: (any ViewControlling)?) -> [(
    story: Story, holder: any ViewControlling
  )] {
    var result: [(story: Story, holder: any ViewControlling)] = []
    walk(controller) { current in
      for story in stories(of: current) where !story.isClosed {
        result.append((story, current))
      }
    }
    return result
  }

  /// The open stories of `destination`, its children and what they present, plus `own`: the
  /// stories that must outlive what `destination` replaces.
  static func kept(by destination: any ViewControlling, own: Story?) -> [Story] {
    var result = own.map { [$0] } ?? []
    walk(destination) { current in result.append(contentsOf: stories(of: current)) }
    return result.filter { !$0.isClosed }
  }

  /// Throws ``TransitionError/Code/storyWouldClose`` when one of the stories `destination` keeps is
  /// one that closes when `replaced` leaves, or is open inside one.
  ///
  /// - Parameters:
  ///   - destination: The controller about to be shown.
  ///   - own: The story of the transition that shows it.
  ///   - replaced: What leaves the screen when it is shown.
  ///   - action: What the transition does, for the message: `make TabsView a window root`.
  ///   - leaving: Where the replaced controller leaves, for the message: `the window`.
  static func ensureKept(
    by destination: any ViewControlling, own: Story?, replacing replaced: (any ViewControlling)?,
    _ action: String, leaving: String
  ) throws {
    guard let replaced else { return }
    let closing = closing(with: replaced)
    guard !closing.isEmpty else { return }
    for story in kept(by: destination, own: own) {
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
          + "replaced by \(destination.typeName).",
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

  /// Calls `visit` for `controller`, the controllers it contains and those presented above them.
  private static func walk(
    _ controller: (any ViewControlling)?, _ visit: (any ViewControlling) -> Void
  ) {
    var pending: [any ViewControlling] = controller.map { [$0] } ?? []
    var seen: Set<ObjectIdentifier> = []
    while let current = pending.popLast() {
      guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
      if let presented = current.presentedController { pending.append(presented) }
      pending.append(contentsOf: current.childControllers)
      visit(current)
    }
  }
}
