public import Observation
public import ViperNest

/// A screen module ``ScreenBuilder`` has just built: the controller that hosts its screen, and its
/// layers, wired.
///
/// Use it right away: show it (it is `Presentable`), pass data to ``presenter``, or wrap it as
/// a typed `Module` so that routers and deep links see it as they see any module. Do not keep
/// it: it holds the presenter, and the module is meant to be owned through its host alone.
///
/// ```swift
/// typealias ContactsModule = Module<any ContactsInput, Never>
/// let module: ContactsModule = try ContactsScreenBuilder.build(in: story).module(input: { $0 })
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public struct ScreenModule<
  Screen: VIPERScreen, Presenter: VIPERPresenter & Observable, Interactor: VIPERInteractor,
  Router: VIPERRouter
>: Presentable where Screen.Presenter == Presenter {
  /// The controller that hosts the screen (and owns it): the module's view.
  public let view: any ViewControlling
  /// The presenter: pass data into the module through it.
  public let presenter: Presenter
  private let storedInteractor: Interactor?
  private let storedRouter: Router?

  init(view: any ViewControlling, presenter: Presenter, interactor: Interactor?, router: Router?) {
    self.view = view
    self.presenter = presenter
    storedInteractor = interactor
    storedRouter = router
  }

  /// The interactor; nil for a module built without one (`NoInteractor`).
  public var interactor: Interactor? { storedInteractor }

  /// The router; nil for a module built without one (`NoRouter`).
  public var router: Router? { storedRouter }

  /// The controller that hosts the screen.
  public var viewController: any ViewControlling { view }

  /// Wraps the module as a typed `Module`: its input is taken from the presenter and its output
  /// is delivered to a property of the presenter.
  ///
  /// - Parameters:
  ///   - input: Returns the module's input, usually the presenter itself.
  ///   - output: The presenter's property that receives the output (declare it `@Weak`, or
  ///     `weak var` with `@ObservationIgnored`).
  /// - Returns: The module.
  public func module<Input, Output>(
    input: (Presenter) -> Input, output: ReferenceWritableKeyPath<Presenter, Output?>
  ) -> Module<Input, Output> {
    Module(view: view, input: input(presenter)) { [weak presenter] value in
      presenter?[keyPath: output] = value
    }
  }

  /// Wraps the module as a typed `Module`: its input is taken from the presenter and its output
  /// is delivered by `output`, usually to a property of the presenter
  /// (`output: { $0.output = $1 }`). It does what the key-path form does, and costs less the
  /// first time each module is built (a key path's classes are made per presenter type).
  ///
  /// - Parameters:
  ///   - input: Returns the module's input, usually the presenter itself.
  ///   - output: Stores the output in the presenter (declare its property `@Weak`, or
  ///     `weak var` with `@ObservationIgnored`). Called each time the module's output is set,
  ///     while the presenter is alive.
  /// - Returns: The module.
  public func module<Input, Output>(
    input: (Presenter) -> Input, output: @escaping @MainActor (Presenter, Output?) -> Void
  ) -> Module<Input, Output> {
    Module(view: view, input: input(presenter)) { [weak presenter] value in
      if let presenter { output(presenter, value) }
    }
  }

  /// Wraps the module as a typed `Module` without output.
  ///
  /// - Parameter input: Returns the module's input, usually the presenter itself.
  /// - Returns: The module.
  public func module<Input>(input: (Presenter) -> Input) -> Module<Input, Never> {
    Module(view: view, input: input(presenter))
  }
}
