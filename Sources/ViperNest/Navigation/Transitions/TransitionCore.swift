/// The state every transition shares: single-use phases, the destination (strong until shown, then
/// weak) and the story lease.
@MainActor
final class TransitionCore {
  enum Phase { case ready, shown, hidden }

  private(set) var phase = Phase.ready
  private var pending: (any ViewControlling)?
  private(set) weak var shown: (any ViewControlling)?
  let story: Story?
  /// Held here until the destination is shown: then its VIPER view's links hold it, or, for
  /// another controller, its ``ShownControllers`` entry.
  private var heldLease: StoryLease?
  private weak var lease: StoryLease?
  let kind: String

  init(_ kind: String, destination: any ViewControlling, story: Story?) {
    self.kind = kind
    pending = destination
    self.story = story
    if let story {
      let lease = StoryLease(story)
      heldLease = lease
      self.lease = lease
    }
  }

  var destination: (any ViewControlling)? { pending ?? shown }

  /// The destination, checked to be showable now. (Until it is shown the transition holds it, so
  /// it is there.)
  func destinationToShow() throws -> any ViewControlling {
    guard phase == .ready, let pending else {
      throw TransitionError(
        .alreadyPerformed,
        "This \(kind) was already \(phase == .shown ? "performed" : "performed and reversed").",
        fix: "transitions are single-use: create a new one to show the module again")
    }
    return pending
  }

  /// Runs `present`, which shows `destination` and calls its argument once it is on screen, and
  /// records the transition as shown before `completion` runs, also when the toolkit completes
  /// synchronously (inside `present`).
  func show(
    _ destination: any ViewControlling, completion: (@MainActor () -> Void)?,
    _ present: (_ done: @escaping @MainActor () -> Void) throws -> Void
  ) throws {
    let state = ShowState()
    try present {
      if state.recorded { completion?() } else { state.completedEarly = true }
    }
    didShow(destination)
    state.recorded = true
    if state.completedEarly { completion?() }
  }

  /// Whether a show was recorded, and whether the toolkit completed before that.
  @MainActor
  private final class ShowState {
    var recorded = false
    var completedEarly = false
  }

  /// Records that `destination` is shown: the hierarchy owns it now, and it owns the story lease
  /// when it can.
  func didShow(_ destination: any ViewControlling) {
    phase = .shown
    shown = destination
    pending = nil
    let holder = leaseHolder(of: destination)
    holder?.didShow()
    OwnershipRecheck.check(destination, .shown)
    if let lease = heldLease, let holder {
      holder.hold(lease)
      heldLease = nil
    }
    // A controller that is not a VIPER view cannot hold the lease: its entry does, so the story
    // lives as long as the controller is shown, whether or not the transition is kept.
    ShownControllers.add(self, showing: destination, holding: heldLease)
    heldLease = nil
  }

  /// The destination `reverse` has to hide; `nil` when there is nothing left to hide (already
  /// reversed, or the destination was released: then the reverse is finished here).
  func destinationToHide() throws -> (any ViewControlling)? {
    switch phase {
    case .ready:
      throw TransitionError(
        .notPerformed, "This \(kind) cannot be reversed: it was never performed.",
        fix: "perform it first, or drop it")
    case .hidden: return nil
    case .shown:
      if let shown { return shown }
      didHide(nil, type: nil)
      return nil
    }
  }

  /// Reverses the transition: runs `remove`, which hides `destination` (when it is still shown
  /// there) and calls its argument once it is off screen, then finishes the reverse before
  /// `completion` runs. Only calls `completion` when there is nothing left to hide.
  func hide(
    completion: (@MainActor () -> Void)?,
    _ remove: (
      _ destination: any ViewControlling, _ done: @escaping @MainActor () -> Void
    ) throws -> Void
  ) throws {
    guard let destination = try destinationToHide() else {
      completion?()
      return
    }
    let id = ObjectIdentifier(destination)
    let type = destination.typeName
    try remove(destination) {
      self.didHide(id, type: type)
      completion?()
    }
  }

  /// Finishes a reverse, or a dismissal the transition did not make (the user's back swipe, say):
  /// closes the story, ends the module's leak group, tells the lifecycle observer. Only the first
  /// call does anything.
  func didHide(_ id: ObjectIdentifier?, type: String?) {
    guard phase == .shown else { return }
    phase = .hidden
    if let shown { OwnershipRecheck.check(shown, .ended) }
    lease?.close()
    heldLease = nil
    var notify = id != nil
    if let shown, let holder = leaseHolder(of: shown) { notify = holder.end() && notify }
    if let id {
      ShownControllers.remove(self, showing: id, controller: shown)
      if notify, let type { ModuleLifecycle.didHide(id, type: type, object: shown) }
    }
  }
}

/// Throws when `controller` is already shown somewhere.
@MainActor
func ensureNotShown(_ controller: any ViewControlling, _ kind: String) throws {
  let holder: (any ViewControlling)? =
    controller.presentingController ?? controller.parentController
  guard let holder else { return }
  throw TransitionError(
    .alreadyShown,
    "Cannot \(kind) \(controller.typeName): it is already shown by \(holder.typeName).",
    fix: "hide it first (reverse the transition that showed it), or build a new module")
}

/// Finishes a router's own dismissal or pop of `controller` (and everything inside it), unless the
/// toolkit already reported it gone.
@MainActor
func finishHiding(_ id: ObjectIdentifier, _ type: String, _ controller: (any ViewControlling)?) {
  guard let controller else {
    ModuleLifecycle.didHide(id, type: type, object: nil)
    return
  }
  NavigationLifecycle.controllerDidLeaveHierarchy(controller)
}
