/// Where a UI toolkit tells ViperNest that controllers left the screen for good, so that the
/// modules they show end: their transitions' stories close and the leak detector starts checking
/// that their objects are released.
///
/// ViperNest's own transitions and router helpers end their modules themselves. Most dismissals on
/// iOS are the user's, though: the back button or edge swipe that pops, the swipe-down that
/// dismisses a sheet, and the app's own changes made directly on containers (tabs replaced, a window
/// root replaced, a presenter dismissed with everything it presented). The toolkits ViperNest ships
/// report every such removal here: `ViperNestUIKit` through a lifecycle observer child, the
/// headless host from the container that removed the controller. A toolkit of your own calls
/// ``controllerDidLeaveHierarchy(_:)`` once a controller is off screen for good, never for a
/// temporary disappearance (another screen pushed on top, another tab selected).
///
/// ```swift
/// // A custom container, after it removed `child` for good:
/// NavigationLifecycle.controllerDidLeaveHierarchy(child)
/// ```
///
/// Ending a module is idempotent: a transition reversed after the user already dismissed its
/// module only finishes, and a module ended twice is ended once.
@MainActor
public enum NavigationLifecycle {
  /// Ends every module shown in `controller`'s part of the hierarchy: `controller` itself, the
  /// controllers it contains (a stack's controllers, a tab container's tabs, embedded children) and
  /// everything presented above them.
  ///
  /// For each module: the transition that showed it counts as reversed (its story closes, its
  /// ``Transition/isShown`` turns false) and the module's leak-detection group ends, so a module that
  /// is not released is reported within the detector's timeout.
  ///
  /// ```swift
  /// navigation.popViewController(animated: true)  // the user's back button, say
  /// NavigationLifecycle.controllerDidLeaveHierarchy(popped)
  /// ```
  ///
  /// - Parameter controller: A controller that was popped, dismissed, removed or replaced.
  public static func controllerDidLeaveHierarchy(_ controller: any ViewControlling) {
    var pending: [any ViewControlling] = [controller]
    var seen: Set<ObjectIdentifier> = []
    while let current = pending.popLast() {
      guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
      if let presented = current.presentedController { pending.append(presented) }
      pending.append(contentsOf: current.childControllers)
      end(current)
    }
  }

  /// Ends the module `controller` shows, if any.
  private static func end(_ controller: any ViewControlling) {
    let id = ObjectIdentifier(controller)
    let showed = ShownControllers.remove(controller)
    for core in showed { core.didHide(id, type: controller.typeName) }
    if let holder = leaseHolder(of: controller), holder.end() {
      ModuleLifecycle.didHide(id, type: controller.typeName, object: controller)
    }
  }
}

/// The transitions that showed each controller still on screen, so that a controller leaving the
/// hierarchy finishes them. Main-actor state; entries go when their controller leaves or is
/// released.
@MainActor
enum ShownControllers {
  private struct Entry {
    weak var controller: (any ViewControlling)?
    var cores: [WeakCore]
  }

  private struct WeakCore {
    weak var core: TransitionCore?
  }

  private static var entries: [ObjectIdentifier: Entry] = [:]
  /// Insertions since the last sweep of released controllers.
  private static var insertions = 0

  /// Records that `core` showed `controller`.
  static func add(_ core: TransitionCore, showing controller: any ViewControlling) {
    let id = ObjectIdentifier(controller)
    if var entry = entries[id], entry.controller === controller {
      entry.cores.append(WeakCore(core: core))
      entries[id] = entry
    } else {
      entries[id] = Entry(controller: controller, cores: [WeakCore(core: core)])
    }
    insertions += 1
    if insertions >= 64 { sweep() }
  }

  /// Forgets `core` (its transition was reversed).
  static func remove(_ core: TransitionCore, showing id: ObjectIdentifier) {
    guard var entry = entries[id] else { return }
    entry.cores.removeAll { $0.core == nil || $0.core === core }
    entries[id] = entry.cores.isEmpty ? nil : entry
  }

  /// Forgets `controller` and returns the live transitions that showed it.
  static func remove(_ controller: any ViewControlling) -> [TransitionCore] {
    let id = ObjectIdentifier(controller)
    guard let entry = entries[id], entry.controller === controller else { return [] }
    entries[id] = nil
    return entry.cores.compactMap(\.core)
  }

  /// Drops the entries of released controllers.
  private static func sweep() {
    insertions = 0
    entries = entries.filter { $0.value.controller != nil }
  }
}

extension ViewControlling {
  /// A navigation stack's controllers, a tab container's tabs; nothing for other controllers.
  /// Toolkits that embed children return those too.
  public var childControllers: [any ViewControlling] {
    if let navigation = self as? any NavigationControlling { return navigation.stack }
    if let tabs = self as? any TabControlling { return tabs.tabRoots }
    return []
  }
}
