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
  /// What the module's presenter does when its screen appears and disappears; nil for a presenter
  /// that does not adopt `ScreenAppearance` (`ViperNestSwiftUI`), set by its `ScreenBuilder`.
  package var appearance: ScreenAppearanceHooks?
  /// Whether a headless host shows the screen now (between ``screenAppeared()`` and
  /// ``screenDisappeared()``).
  package private(set) var isAppeared = false
  /// The presenter's appearance task, while the screen is shown.
  private var appearanceTask: Task<Void, Never>?

  /// Creates empty links.
  package init() {}

  /// Keeps `story` open while the module is shown, and closes it when the module ends (or when
  /// these links are released).
  package func holdStory(_ story: Story) { leases.append(StoryLease(story)) }

  /// A headless host shows the screen: what SwiftUI does for a view with `.onAppear` and `.task`.
  /// Calls the presenter's appear hook, then starts its task, which runs on the main actor after
  /// this call returns (SwiftUI starts `.task` asynchronously, "before this view appears", doc:
  /// swiftui/view/task(priority:_:)). Does nothing while the screen is shown already.
  package func screenAppeared() {
    guard !isAppeared else { return }
    isAppeared = true
    guard let appearance else { return }
    appearance.didAppear()
    let task = appearance.task
    appearanceTask = Task { @MainActor in await task() }
  }

  /// A headless host takes the screen off screen (covered, popped, dismissed): calls the
  /// presenter's disappear hook, then cancels its task, as SwiftUI cancels `.task` "at some point
  /// after the view disappears" (L4 of the SwiftUI notes). The task is released here, so a task
  /// that ends on cancellation no longer keeps the presenter. Does nothing while not shown.
  package func screenDisappeared() {
    guard isAppeared else { return }
    isAppeared = false
    appearance?.didDisappear()
    appearanceTask?.cancel()
    appearanceTask = nil
  }
}

/// What a screen module's presenter does when its screen appears and disappears, as closures the
/// hosts call (the presenter's `ScreenAppearance` conformance lives in `ViperNestSwiftUI`). Each
/// holds the presenter weakly: the screen owns it.
package struct ScreenAppearanceHooks: Sendable {
  /// The screen appeared (SwiftUI's `onAppear`).
  package let didAppear: @MainActor @Sendable () -> Void
  /// The screen disappeared (SwiftUI's `onDisappear`).
  package let didDisappear: @MainActor @Sendable () -> Void
  /// The work of the screen's `.task`: started when it appears, cancelled when it disappears.
  package let task: @MainActor @Sendable () async -> Void

  /// Creates the hooks.
  package init(
    didAppear: @escaping @MainActor @Sendable () -> Void,
    didDisappear: @escaping @MainActor @Sendable () -> Void,
    task: @escaping @MainActor @Sendable () async -> Void
  ) {
    self.didAppear = didAppear
    self.didDisappear = didDisappear
    self.task = task
  }
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
