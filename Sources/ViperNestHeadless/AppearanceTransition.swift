/// One transition's appearance callbacks, as UIKit makes them: what disappears gets
/// `viewWillDisappear`, then what appears gets `viewWillAppear`, when the transition starts; then
/// `viewDidDisappear` and `viewDidAppear` in the same order when it ends (its animation, with
/// strict timing). The flags UIKit sets meanwhile (`isBeingPresented`, `isMovingFromParent`…) hold
/// from the start to the end.
///
/// Sources: `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`,
/// `viewDidDisappear(_:)` (Apple's UIViewController pages; ../shared/notes/uikit-behaviour.md).
@MainActor
struct AppearanceTransition {
  typealias Flag = ReferenceWritableKeyPath<HeadlessViewController, Bool>

  private(set) var appearing: [(HeadlessViewController, Flag?)] = []
  private(set) var disappearing: [(HeadlessViewController, Flag?)] = []
  let animated: Bool

  init(animated: Bool) { self.animated = animated }

  /// Adds `controller` to what appears, with the flag UIKit sets on it.
  mutating func appear(_ controller: HeadlessViewController?, _ flag: Flag? = nil) {
    if let controller { appearing.append((controller, flag)) }
  }

  /// Adds `controller` to what disappears, with the flag UIKit sets on it.
  mutating func disappear(_ controller: HeadlessViewController?, _ flag: Flag? = nil) {
    if let controller { disappearing.append((controller, flag)) }
  }

  /// Calls the `will` callbacks.
  func begin() {
    for (controller, flag) in disappearing + appearing {
      if let flag { controller[keyPath: flag] = true }
    }
    for (controller, _) in disappearing {
      controller.beginAppearanceTransition(false, animated: animated)
    }
    for (controller, _) in appearing {
      controller.beginAppearanceTransition(true, animated: animated)
    }
  }

  /// Calls the `did` callbacks.
  func end() {
    for (controller, _) in disappearing + appearing { controller.endAppearanceTransition() }
    for (controller, flag) in disappearing + appearing {
      if let flag { controller[keyPath: flag] = false }
    }
  }
}
