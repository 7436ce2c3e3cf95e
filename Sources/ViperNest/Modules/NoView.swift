/// The view contract of a presenter whose view is a screen: a SwiftUI view (or any value) that
/// reads the presenter's observable state instead of being told what to show.
///
/// Name it as the view contract of the presenter's links. `ScreenBuilder` (in `ViperNestSwiftUI`)
/// builds such modules: the screen owns the presenter and the presenter has no link back to it;
/// the screen shows what the presenter publishes in its observable properties.
///
/// ```swift
/// @Observable final class ContactsPresenter: VIPERPresenter {
///   let links = PresenterLinks<NoView, any ContactsInteractorProtocol, any ContactsRouterProtocol>()
///   private(set) var names: [String] = []
/// }
/// ```
///
/// There is no instance of it: `presenter.view` in such a presenter is flagged by the compiler.
/// A ``VIPERBuilder`` refuses such a presenter (``ModuleError/Code/contractMismatch``): its view
/// is a screen, built with a screen builder.
public final class NoView {
  /// Private and never called: no instance of the class exists.
  private init() {}
}

extension VIPERPresenter where View == NoView {
  /// A presenter whose view is a screen has no view to tell: publish what the screen shows in the
  /// presenter's observable properties.
  @available(
    *, deprecated,
    message: "this presenter's view is a screen that reads it: its links name NoView"
  )
  public var view: Never {
    preconditionFailure(
      "\(Self.self).view was read, and its links name NoView: its view is a screen that reads "
        + "the presenter; publish what it shows in the presenter's observable properties.")
  }
}
