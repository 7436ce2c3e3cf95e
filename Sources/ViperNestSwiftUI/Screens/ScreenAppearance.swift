import ViperNest

/// What a screen module's presenter does when its screen appears and disappears: SwiftUI's
/// `onAppear`, `onDisappear` and `.task`, forwarded to the presenter by whatever shows the screen.
///
/// Adopt it in a presenter whose screen loads on appearance; the screen then needs no
/// `.onAppear` or `.task` of its own. Implement only what the presenter needs; the others do
/// nothing.
///
/// ```swift
/// extension ContactsPresenter: ScreenAppearance {
///   func screenTask() async { await interactor.loadContacts() }
/// }
/// ```
///
/// Every host calls them at SwiftUI's moments: `ScreenNavigationStack` and the hosting
/// controller a ``ScreenBuilder`` makes attach `.onAppear`, `.onDisappear` and `.task` to the
/// screen; in tests, ``HeadlessScreenStack`` calls them at the ``HeadlessScreenStack/update()``
/// that shows or hides the screen, and the headless host's hosting controller in its
/// `viewWillAppear(_:)` and `viewDidDisappear(_:)`. A screen appears when it becomes the top of
/// its stack or is presented; it disappears when it is covered (a push, a full-screen cover; a
/// sheet leaves it on screen), popped or dismissed, and appears again when it is uncovered.
///
/// ``screenTask()`` is SwiftUI's `.task`: started when the screen appears, cancelled when it
/// disappears ("at some point after the view disappears", doc: swiftui/view/task(priority:_:)),
/// started anew when it appears again. Stop the work when the task is cancelled (any cancellable
/// `await` does): a task that runs on after its screen left keeps the presenter alive, and the
/// leak detector reports it.
@MainActor
public protocol ScreenAppearance: AnyObject {
  /// The screen appeared: SwiftUI's `onAppear`, before its first frame. Called again each time the
  /// screen is uncovered.
  func screenDidAppear()

  /// The screen disappeared: SwiftUI's `onDisappear`, once it is covered, popped or dismissed.
  func screenDidDisappear()

  /// The screen's task: SwiftUI's `.task`, started when the screen appears and cancelled when it
  /// disappears. Runs on the main actor; check for cancellation in long work.
  func screenTask() async
}

extension ScreenAppearance {
  /// Does nothing.
  public func screenDidAppear() {}

  /// Does nothing.
  public func screenDidDisappear() {}

  /// Does nothing.
  public func screenTask() async {}
}

extension ScreenAppearanceHooks {
  /// Hooks that forward to `presenter` when it adopts ``ScreenAppearance`` (nil otherwise),
  /// holding it weakly: the screen owns the presenter.
  @MainActor static func forwarding(to presenter: some VIPERPresenter) -> Self? {
    guard let appearing = presenter as? any ScreenAppearance else { return nil }
    return Self(
      didAppear: { [weak appearing] in appearing?.screenDidAppear() },
      didDisappear: { [weak appearing] in appearing?.screenDidDisappear() },
      task: { [weak appearing] in await appearing?.screenTask() })
  }
}
