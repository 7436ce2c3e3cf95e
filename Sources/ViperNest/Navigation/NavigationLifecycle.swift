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
    OwnershipRecheck.check(controller, .ended)
    let (showed, leakToken) = ShownControllers.remove(controller)
    for core in showed { core.didHide(id, type: controller.typeName) }
    leakToken?.end()
    if let holder = leaseHolder(of: controller), holder.end() {
      ModuleLifecycle.didHide(id, type: controller.typeName, object: controller)
    }
  }
}

/// What ends with each controller that is not a VIPER view (whose links keep this themselves):
/// the transitions that showed it, and its leak-detection group. A controller leaving the hierarchy
/// finishes them. Main-actor state; entries go when their controller leaves or is released.
@MainActor
enum ShownControllers {
  private struct Entry {
    weak var controller: (any ViewControlling)?
    var cores: [WeakCore] = []
    var leakToken: LeakOwnerToken?
    /// The stories of the transitions that showed a controller that is not a VIPER view; they
    /// close when the entry goes (the controller left the screen or was released).
    var leases: [StoryLease] = []
  }

  private struct WeakCore {
    weak var core: TransitionCore?
  }

  private static var entries: [ObjectIdentifier: Entry] = [:]
  /// Insertions since the last sweep of released controllers.
  private static var insertions = 0

  /// Records that `core` showed `controller`; begins the leak-detection group of a controller
  /// that is not a VIPER view when a detector is on and none was begun (by ``Module``).
  static func add(
    _ core: TransitionCore, showing controller: any ViewControlling, holding lease: StoryLease?
  ) {
    update(controller) { entry in
      entry.cores.append(WeakCore(core: core))
      if let lease { entry.leases.append(lease) }
      if entry.leakToken == nil, LeakDetector.current != nil, !isBuiltModuleView(controller) {
        entry.leakToken = beginModuleGroup(view: controller, input: nil)
      }
    }
  }

  /// Begins the leak-detection group of a container a transition built around its module (a
  /// navigation container), when a detector is on: it ends when the container leaves the screen,
  /// and a container that is not released then is reported with role `container`.
  static func trackContainer(_ container: any ViewControlling) {
    guard LeakDetector.current != nil else { return }
    update(container) { entry in
      if entry.leakToken == nil {
        entry.leakToken = beginModuleGroup(view: container, input: nil)
      }
    }
  }

  /// Begins the leak-detection group of a module that is not VIPER (``Module``'s view and input),
  /// when a detector is on; it ends when the view leaves the screen or is released.
  static func trackModule(view: any ViewControlling, input: Any) {
    guard LeakDetector.current != nil, !isBuiltModuleView(view) else { return }
    update(view) { entry in
      if entry.leakToken == nil {
        entry.leakToken = beginModuleGroup(view: view, input: input)
      }
    }
  }

  private static func beginModuleGroup(view: any ViewControlling, input: Any?)
    -> LeakOwnerToken?
  {
    guard let detector = LeakDetector.current else { return nil }
    // A container is no module's view: reports name it as what it is.
    if view is any NavigationControlling || view is any TabControlling {
      let token = detector.beginOwner(.container, name: view.typeName, owner: view)
      detector.track(view, role: .container, in: token)
      return token
    }
    let token = detector.beginOwner(.module, name: moduleName(of: view), owner: view)
    detector.track(view, role: .view, in: token)
    if let input, type(of: input) is AnyClass {
      let object = input as AnyObject
      if object !== view { detector.track(object, role: .custom("input"), in: token) }
    }
    return token
  }

  /// `AddContactViewController` → `AddContact`.
  private static func moduleName(of view: any ViewControlling) -> String {
    let name = view.typeName
    for suffix in ["ViewController", "Controller", "View"]
    where name.hasSuffix(suffix) && name.count > suffix.count {
      return String(name.dropLast(suffix.count))
    }
    return name
  }

  private static func update(_ controller: any ViewControlling, _ change: (inout Entry) -> Void) {
    let id = ObjectIdentifier(controller)
    var entry =
      entries[id].flatMap { $0.controller === controller ? $0 : nil }
      ?? Entry(controller: controller)
    change(&entry)
    entries[id] = entry
    insertions += 1
    if insertions >= 64 { sweep() }
  }

  /// Forgets `core` (its transition was reversed) and, when no other transition shows the
  /// controller, ends its leak group and closes its stories. An entry of another object that
  /// reuses a released controller's address only loses `core`.
  static func remove(
    _ core: TransitionCore, showing id: ObjectIdentifier, controller: (any ViewControlling)?
  ) {
    guard var entry = entries[id] else { return }
    entry.cores.removeAll { $0.core == nil || $0.core === core }
    if entry.cores.isEmpty, entry.controller === controller {
      entry.leakToken?.end()
      entries[id] = nil
    } else {
      entries[id] = entry
    }
  }

  /// The open stories of the transitions that show `controller`: they close when it leaves.
  static func stories(shownWith controller: any ViewControlling) -> [Story] {
    guard let entry = entries[ObjectIdentifier(controller)], entry.controller === controller
    else { return [] }
    return entry.cores.compactMap { $0.core?.story } + entry.leases.map(\.story)
  }

  /// Forgets `controller` and returns the live transitions that showed it and its leak group.
  static func remove(_ controller: any ViewControlling)
    -> (cores: [TransitionCore], leakToken: LeakOwnerToken?)
  {
    let id = ObjectIdentifier(controller)
    guard let entry = entries[id], entry.controller === controller else { return ([], nil) }
    entries[id] = nil
    return (entry.cores.compactMap(\.core), entry.leakToken)
  }

  /// Drops the entries of released controllers, closing their stories. (A controller that is not
  /// a VIPER view has no deinit hook here: one released without leaving the screen first, with
  /// its whole window say, keeps its story open until this sweep.)
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
