public import ViperNest

/// The View role of a screen module: a SwiftUI view that reads its presenter's observable state and
/// forwards user actions to it. The screen owns the presenter; the presenter has no link back.
///
/// The protocol does not require SwiftUI (so modules build and are tested on Linux); in an app the
/// screen is also a SwiftUI `View`. The presenter is an `@Observable` `VIPERPresenter` whose
/// links name `NoView`; ``ScreenBuilder`` creates it and passes it to ``init(presenter:)``:
///
/// ```swift
/// struct ContactsScreen: View, VIPERScreen {
///   let presenter: ContactsPresenter      // a plain `let`: the builder made it
///
///   var body: some View {
///     List(presenter.names, id: \.self) { Text($0) }
///   }
/// }
///
/// extension ContactsPresenter: ScreenAppearance {
///   func screenTask() async { await interactor.loadContacts() }   // the screen's .task
/// }
/// ```
///
/// A screen that loads when it appears leaves it to its presenter: a presenter that adopts
/// ``ScreenAppearance`` is called at the screen's `onAppear`, `onDisappear` and `.task` by
/// whatever shows it (`ScreenNavigationStack`, the hosting controller, the headless hosts).
///
/// SwiftUI re-creates view values all the time, so the presenter must never be created by the
/// screen: not in `body`, not as `@State private var presenter = ContactsPresenter()` (a
/// `@State` initializer runs at every init of the view, and the presenter it makes is never wired:
/// reading its router stops the program). Hold the presenter the builder passes in a `let`.
@MainActor
public protocol VIPERScreen {
  /// The screen's presenter: an `@Observable` `VIPERPresenter` whose links name `NoView`.
  associatedtype Presenter: VIPERPresenter

  /// Creates the screen for `presenter`. Only ``ScreenBuilder`` calls it, once per module: keep
  /// the presenter in a `let`.
  ///
  /// - Parameter presenter: The module's presenter, already wired to its interactor and router.
  init(presenter: Presenter)
}
