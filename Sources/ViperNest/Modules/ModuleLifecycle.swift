// The one place where the life of a module is observable: built (its objects and story known) and
// hidden (a transition reversed, a router dismissed or popped it). The leak detector plugs in
// here; until it does, nothing is observed and nothing is recorded.

/// Observes modules being built and hidden. Install one with ``ModuleLifecycle/observer``.
@MainActor
package protocol ModuleLifecycleObserver: AnyObject {
  /// A builder has just built and wired `module`.
  func moduleDidBuild(_ module: BuiltModuleRecord)
  /// The module shown by `controller` was hidden (dismissed, popped, removed, replaced). By now the
  /// module should be released, unless something still holds it.
  func moduleDidHide(_ module: HiddenModuleRecord)
}

/// A module just built: its objects (held weakly) and where it was built.
package struct BuiltModuleRecord {
  /// The module's name, such as `Contacts`.
  package let name: String
  /// The story chain it was built in, such as `["App", "Contacts"]`.
  package let storyChain: [String]
  package weak var view: AnyObject?
  package weak var presenter: AnyObject?
  package weak var interactor: AnyObject?
  package weak var router: AnyObject?
}

/// A module just hidden: the identity of the controller that showed it (its view, for VIPER).
package struct HiddenModuleRecord {
  /// The controller's identity, to match a ``BuiltModuleRecord/view``.
  package let controller: ObjectIdentifier
  /// The controller's type name.
  package let controllerType: String
  /// The controller, held weakly: `nil` when it was already released.
  package weak var object: AnyObject?
}

/// Where module lifecycle events go.
@MainActor
package enum ModuleLifecycle {
  // Main-actor isolated and only read or assigned whole, so no two accesses can overlap: no
  // runtime exclusivity check on the read every build makes.
  /// The observer; `nil` (the default) observes nothing and costs nothing.
  @exclusivity(unchecked) package static var observer: (any ModuleLifecycleObserver)?

  @inline(__always)
  static func didBuild(
    name: @autoclosure () -> String, resolver: Resolver, view: AnyObject, presenter: AnyObject,
    interactor: AnyObject?, router: AnyObject?
  ) {
    guard let observer else { return }
    observer.moduleDidBuild(
      BuiltModuleRecord(
        name: name(), storyChain: resolver.node.chainNames, view: view, presenter: presenter,
        interactor: interactor, router: router))
  }

  static func didHide(_ id: ObjectIdentifier, type: String, object: AnyObject?) {
    guard let observer else { return }
    observer.moduleDidHide(HiddenModuleRecord(controller: id, controllerType: type, object: object))
  }
}
