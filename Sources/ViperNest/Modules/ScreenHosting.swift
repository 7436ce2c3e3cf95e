// A screen module (a SwiftUI view that owns its presenter, built by `ViperNestSwiftUI`'s
// `ScreenBuilder`) is shown inside a controller that hosts the screen: a `UIHostingController` in
// an app, a headless one in tests. That controller is the module's view as transitions, routers
// and the leak detector see it; its `ScreenLinks` play the part a VIPER view's links play: they
// hold the stories opened for the module and its leak-detection group, and end them when the
// module leaves the screen.

/// What a controller that hosts a screen keeps for its module: the stories opened for it and its
/// leak-detection group, ended when the module leaves the screen.
@MainActor
package final class ScreenLinks {
  /// Stories opened for this module by the transition (or navigation) that showed it.
  private var leases: [StoryLease] = []
  /// The leak detector's group for this module, ended when the module is hidden.
  package var leakToken: LeakOwnerToken?
  /// Whether the module was hidden since it was last shown.
  private var hasEnded = false

  /// Creates empty links.
  package init() {}

  /// Keeps `story` open while the module is shown, and closes it when the module ends (or when
  /// these links are released).
  package func holdStory(_ story: Story) { leases.append(StoryLease(story)) }
}

extension ScreenLinks: StoryLeaseHolding {
  func hold(_ lease: StoryLease) { leases.append(lease) }
  var heldStories: [Story] { leases.map(\.story) }
  package func didShow() { hasEnded = false }
  func end() -> Bool {
    for lease in leases { lease.close() }
    leases = []
    leakToken?.end()
    defer { hasEnded = true }
    return !hasEnded
  }
}

/// A controller that hosts a screen module's screen, and owns it (the screen owns the presenter).
@MainActor
package protocol ScreenHosting: ViewControlling {
  /// The module's links: its stories and leak-detection group.
  var screenLinks: ScreenLinks { get }
  /// The screen value the controller shows, nil for a controller created without one.
  var hostedScreen: Any? { get }
}

/// A UI toolkit that hosts screens in controllers of its own (the headless host); toolkits that do
/// not conform get the platform's hosting controller (`UIHostingController` with SwiftUI).
@MainActor
package protocol ScreenHostingToolkit: UIToolkit {
  /// A controller of this toolkit that holds `screen` (strongly) and shows it.
  ///
  /// - Parameters:
  ///   - screen: The screen value.
  ///   - name: The module's name, for logs.
  ///   - links: The module's links, held by the controller.
  /// - Returns: The controller.
  func hostScreen(_ screen: Any, named name: String, links: ScreenLinks) -> any ScreenHosting
}

/// Whether `controller` is the view of a module built by a builder, whose links track the module
/// themselves (a VIPER view or a screen host).
@MainActor
func isBuiltModuleView(_ controller: any ViewControlling) -> Bool {
  controller is any VIPERView || controller is any ScreenHosting
}
