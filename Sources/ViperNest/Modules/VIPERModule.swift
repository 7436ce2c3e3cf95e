/// A module ``VIPERBuilder`` has just built: its four layers, wired.
///
/// Use it right away: show ``view`` (or the module itself, it is ``Presentable``), pass data to
/// ``presenter``, or wrap it as a typed ``Module``. Do not keep it: it holds every layer strongly,
/// and the module is meant to be owned through its view alone.
///
/// ```swift
/// let module = try ContactsBuilder.build(in: contacts)
/// try module.attachToWindow(window, withNavigationController: true)
/// ```
@MainActor
public struct VIPERModule<
  View: VIPERView, Presenter: VIPERPresenter, Interactor: VIPERInteractor, Router: VIPERRouter
>: Presentable {
  /// The view: show it to show the module.
  public let view: View
  /// The presenter: pass data into the module through it.
  public let presenter: Presenter
  /// The interactor.
  public let interactor: Interactor
  /// The router.
  public let router: Router

  @usableFromInline
  init(view: View, presenter: Presenter, interactor: Interactor, router: Router) {
    self.view = view
    self.presenter = presenter
    self.interactor = interactor
    self.router = router
  }

  /// The view.
  public var viewController: any ViewControlling { view }

  /// Wraps the module as a typed ``Module``: its input is taken from the presenter and its output is
  /// delivered to a property of the presenter.
  ///
  /// ```swift
  /// typealias AddContactModule = Module<any AddContactInput, any AddContactOutput>
  /// r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
  ///   $0.module(input: { $0 }, output: \.output)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - input: Returns the module's input, usually the presenter itself.
  ///   - output: The presenter's property that receives the output (declare it `@Weak`).
  /// - Returns: The module.
  public func module<Input, Output>(
    input: (Presenter) -> Input, output: ReferenceWritableKeyPath<Presenter, Output?>
  ) -> Module<Input, Output> {
    Module(view: view, input: input(presenter)) { [weak presenter] value in
      presenter?[keyPath: output] = value
    }
  }

  /// Wraps the module as a typed ``Module`` without output.
  ///
  /// - Parameter input: Returns the module's input, usually the presenter itself.
  /// - Returns: The module.
  public func module<Input>(input: (Presenter) -> Input) -> Module<Input, Never> {
    Module(view: view, input: input(presenter))
  }
}
