/// What a group of tracked objects belongs to.
package enum LeakOwnerKind: Sendable {
  /// A built module: its objects must be released when it is dismissed.
  case module
  /// A story: its scoped instances must be released when it is closed; closing it also ends
  /// every module and story opened inside it.
  case story
  /// A container shown by a transition (a navigation or tab container): its objects must be
  /// released when it leaves the screen.
  case container
}

/// A group of tracked objects that share an owner (a module or a story); objects are not
/// retained.
///
/// The registry begins one per module it builds and per story it opens, tracks the objects it
/// creates into it, and ends it when the module is dismissed or the story closed. Only ended
/// groups are checked, so objects whose owner is still alive are never reported.
package final class LeakOwnerToken: @unchecked Sendable {
  // Safe because `entries`, `presenterHold`, `isEnded`, `slot`, `isReleasable`, `sequence`,
  // `name`, `nameKey` and `parent` are only read or written while holding `core.state`'s lock (or
  // before the group is published, or in `deinit`, when nothing else can reach the group), and
  // every other stored property is immutable after `init`. A spare group (`ownerHoldsGroup`) is
  // reused only when the core's spare list holds its only reference, under the same lock.

  /// The state of the detector this group reports to. Once the detector is released, tracking
  /// into the group and ending it do nothing.
  let core: LeakDetectorCore
  let kind: LeakOwnerKind
  /// Reassigned only when a spare group is reused (see `LeakDetectorCore.beginModule`).
  @exclusivity(unchecked) var name: String
  /// What identifies `name` for a builder's module group (its builder's record, which lives as
  /// long as the process and always gives the same name); nil for other groups. Compared, never
  /// dereferenced.
  @exclusivity(unchecked) var nameKey: UnsafeRawPointer?
  /// Reassigned only when a spare group is reused.
  @exclusivity(unchecked) var parent: LeakOwnerToken?
  /// Tie-breaker that keeps reports in tracking order; set when the group is registered.
  @exclusivity(unchecked) var sequence = 0
  private let ownerReference: TrackedReference?
  /// True for a module built by a ``VIPERBuilder``: its owner, the view, holds its links, and
  /// the view's links hold this group, so while the view is alive the group is referenced from
  /// outside the detector (once it is not, the view is gone and the module ended); the
  /// presenter's links hold its ``presenterHold`` likewise. Neither layer is tracked itself (an
  /// unowned reference to them would cost atomic operations on their reference counts' side
  /// tables, which the module's weak links create); the presenter's links object is tracked so a
  /// report can reach the layers, and the interactor and router only if they outlive those links:
  /// see `trackModuleLinks(presenterLinks:)`. The core keeps such a group for reuse once it is
  /// forgotten (the spare), so building a module with tracking on allocates no group.
  let ownerHoldsGroup: Bool

  // Guarded by the detector's lock, which also rules out overlapping accesses.
  @exclusivity(unchecked) var entries = LeakEntries()
  /// What the presenter's links of a builder's module hold (see ``LeakPresenterHold``); nil for
  /// other groups.
  @exclusivity(unchecked) var presenterHold: LeakPresenterHold?
  @exclusivity(unchecked) var isEnded = false
  /// Index in the detector's group list, or -1 when not listed.
  @exclusivity(unchecked) var slot = -1
  /// Set by a check that found the group ended with every object released, until it forgets it.
  @exclusivity(unchecked) var isReleasable = false

  init(
    core: LeakDetectorCore, kind: LeakOwnerKind, name: String, parent: LeakOwnerToken?,
    owner: AnyObject?
  ) {
    self.core = core
    self.kind = kind
    self.name = name
    self.parent = parent
    self.ownerReference = owner.map { TrackedReference($0) }
    self.ownerHoldsGroup = false
  }

  /// The group of a module built by a ``VIPERBuilder``, whose view's links hold the group (see
  /// ``ownerHoldsGroup``). The core keeps it for reuse once it is forgotten.
  init(core: LeakDetectorCore, name: String, parent: LeakOwnerToken?, ownedByViewLinks: Void) {
    self.core = core
    self.kind = .module
    self.name = name
    self.parent = parent
    self.ownerReference = nil
    self.ownerHoldsGroup = true
    presenterHold = LeakPresenterHold(core: core)
  }

  deinit {
    entries.releaseAll()
    ownerReference?.release()
  }

  /// Prepares a forgotten module group (a spare) for its next module. Call with the detector's
  /// lock held, while the detector holds the only reference.
  ///
  /// - Parameters:
  ///   - nameKey: Identifies `name`'s value (see `LeakDetectorCore.beginModule`).
  ///   - name: The module name, evaluated only when `nameKey` differs from the group's.
  ///   - parent: The enclosing story's group.
  @inline(__always)
  func reuse(nameKey: UnsafeRawPointer, name: () -> String, parent: LeakOwnerToken?) {
    if self.nameKey != nameKey {
      self.name = name()
      self.nameKey = nameKey
    }
    if self.parent !== parent { self.parent = parent }
    isEnded = false
    isReleasable = false
    // A leaked module's presenter links may still hold the previous module's hold: the group
    // gets a hold of its own, so those links no longer reach it.
    if !isKnownUniquelyReferenced(&presenterHold) {
      presenterHold = LeakPresenterHold(core: core)
    }
  }

  /// Starts tracking a built module in an empty group (``ownerHoldsGroup``): its presenter's
  /// links object, which lives as long as the presenter. Call with the detector's lock held, or
  /// before the group is published.
  ///
  /// A layer's links object is ViperNest's, has no weak references to it and so no side table:
  /// an unowned reference to it is one atomic operation on the object's header each way. The
  /// interactor and router are not tracked while the presenter's links hold them: the links
  /// track whichever of them outlives them (see `PresenterLinks`' deinitializer and
  /// `LeakPresenterHold.trackOutliving(_:role:)`).
  @inline(__always)
  func trackModuleLinks(presenterLinks: Unmanaged<AnyObject>) {
    entries.appendModuleLinks(presenterLinks: presenterLinks)
  }

  /// Whether the presenter's links of a builder's module still hold its ``presenterHold`` (the
  /// presenter is then alive). Call with the detector's lock held.
  @inline(__always)
  func presenterMayBeAlive() -> Bool {
    ownerHoldsGroup && !isKnownUniquelyReferenced(&presenterHold)
  }

  /// Stops tracking every object of the group. Call with the detector's lock held.
  ///
  /// Only groups that are ended, effectively ended or whose detector closed are released, so the
  /// group is marked ended: groups opened inside it stop walking up at it and never read its
  /// released owner entry.
  func releaseEntries() {
    entries.releaseAll()
    isEnded = true
  }

  /// Whether any tracked object is still alive. Call with the detector's lock held.
  ///
  /// - Parameters:
  ///   - sink: Receives strong references the check had to create; release them after
  ///     unlocking.
  ///   - isUnique: Whether the detector's list holds the only reference to the group (for a
  ///     built module, its view and presenter are then released: see ``ownerHoldsGroup``).
  func hasLiveObjects(keeping sink: inout [AnyObject], isUnique: Bool) -> Bool {
    if ownerHoldsGroup, !isUnique || presenterMayBeAlive() { return true }
    return entries.containsLiveObject(keeping: &sink)
  }

  /// How many tracked objects are still alive (a built module's view and presenter count while
  /// their links hold the group). Call with the detector's lock held.
  ///
  /// - Parameters:
  ///   - sink: Receives strong references the check had to create.
  ///   - isUnique: As in ``hasLiveObjects(keeping:isUnique:)``.
  func liveCount(keeping sink: inout [AnyObject], isUnique: Bool) -> Int {
    entries.liveCount(keeping: &sink) + (ownerHoldsGroup && !isUnique ? 1 : 0)
      + (presenterMayBeAlive() ? 1 : 0)
  }

  /// Tracks `object` in this group. See ``LeakDetector/track(_:role:in:)``.
  ///
  /// - Parameters:
  ///   - object: The object to track; not retained.
  ///   - role: The object's role, shown in reports.
  package func track(_ object: AnyObject, role: LeakRole) {
    core.track(object, role: role, in: self)
  }

  /// Ends this group. See ``LeakDetector/ownerEnded(_:)``.
  ///
  /// - Returns: True when every object of the group is already released, or when the detector
  ///   no longer exists.
  @discardableResult
  package func end() -> Bool {
    core.ownerEnded(self)
  }

  /// True when this group or an enclosing one ended, or its owner was released. Call with the
  /// detector's lock held.
  ///
  /// - Parameters:
  ///   - sink: Receives strong references the check had to create; release them after
  ///     unlocking.
  ///   - isUnique: Whether the detector's list holds the only reference to the group: a built
  ///     module's view and presenter are then released (see ``ownerHoldsGroup``). Pass false
  ///     when unknown.
  @inline(__always)
  func isEffectivelyEnded(keeping sink: inout [AnyObject], isUnique: Bool) -> Bool {
    if isEnded { return true }
    if ownerHoldsGroup {
      if isUnique { return true }
    } else if let owner = ownerReference, !owner.isAlive(keeping: &sink) {
      return true
    }
    // Enclosing groups are stories (a built module's group, whose owner is not known from here,
    // has no owner reference and counts as alive).
    var group = parent
    while let current = group {
      if current.isEnded { return true }
      if let owner = current.ownerReference, !owner.isAlive(keeping: &sink) { return true }
      group = current.parent
    }
    return false
  }

  /// The module name for objects of this group: its own name for a module group.
  var moduleName: String? {
    kind == .module ? name : nil
  }

  /// The enclosing stories, outermost first, joined by ` > `.
  var storyChain: String? {
    var names: [String] = []
    var group: LeakOwnerToken? = self
    while let current = group {
      if current.kind == .story {
        names.append(current.name)
      }
      group = current.parent
    }
    return names.isEmpty ? nil : names.reversed().joined(separator: " > ")
  }

  /// How reports describe an object of this group that holds a leaked object.
  func holderDescription(role: LeakRole) -> String {
    if role == .singleton {
      return "app singleton"
    }
    return switch kind {
    case .module: "\(role) of module \(name), not dismissed"
    case .story: "\(role) of story \(storyChain ?? name), still open"
    case .container: "container \(name), still shown"
    }
  }
}

/// What the presenter's links of a module built by a ``VIPERBuilder`` hold while they live: the
/// module's group is held by the view's links, so the detector tells the presenter's liveness
/// from the view's by which of the two is referenced from outside. Created with the group and
/// reused with it; a group reused while a leaked module's presenter links still hold its hold
/// gets a new one.
///
/// When the links let go of an interactor or router that something else still holds, they track
/// it into the group through the hold (`trackOutliving(_:role:)`). The hold has no reference to
/// the group: the detector finds the listed group that holds it, so a hold never reaches a group
/// that was forgotten, reused or released.
package final class LeakPresenterHold: Sendable {
  let core: LeakDetectorCore

  init(core: LeakDetectorCore) {
    self.core = core
  }

  /// Tracks a module layer that its presenter's links let go of while something else still
  /// holds it (when the links are released, or rewired by hand), so a report can name it.
  ///
  /// - Parameters:
  ///   - object: The interactor or router; not retained.
  ///   - role: Its role.
  func trackOutliving(_ object: AnyObject, role: LeakRole) {
    core.trackOutliving(object, role: role, heldBy: self)
  }
}
