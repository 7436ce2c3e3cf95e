/// A module ``VIPERBuilder`` has just built: its layers, wired (four, or fewer for a module
/// without an interactor or a router: ``NoInteractor``, ``NoRouter``).
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
  // Optional so that a module without an interactor or router (``NoInteractor``, ``NoRouter``:
  // no value of them exists) has nothing here; a reference's `Optional` has its layout, so a
  // four-layer module stores the same words.
  @usableFromInline let storedInteractor: Interactor?
  @usableFromInline let storedRouter: Router?

  /// The interactor.
  ///
  /// A module without one (``NoInteractor``) has none to read: reading it stops the program.
  @inlinable
  public var interactor: Interactor {
    guard let storedInteractor else { preconditionFailure(Self.absentLayer("interactor")) }
    return storedInteractor
  }

  /// The router.
  ///
  /// A module without one (``NoRouter``) has none to read: reading it stops the program.
  @inlinable
  public var router: Router {
    guard let storedRouter else { preconditionFailure(Self.absentLayer("router")) }
    return storedRouter
  }

  @usableFromInline
  init(view: View, presenter: Presenter, interactor: Interactor?, router: Router?) {
    self.view = view
    self.presenter = presenter
    storedInteractor = interactor
    storedRouter = router
  }

  @usableFromInline
  static func absentLayer(_ layer: String) -> String {
    "VIPERModule.\(layer) was read, and this module has no \(layer): it was built by a builder "
      + "whose \(layer) is No\(layer == "router" ? "Router" : "Interactor")."
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
    Module(view: view, input: input(presenter), setOutput: outputSetter(presenter, output))
  }

  /// Wraps the module as a typed ``Module``: its input is taken from the presenter and its output is
  /// delivered by `output`, usually to a property of the presenter.
  ///
  /// ```swift
  /// r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
  ///   $0.module(input: { $0 }, output: { $0.output = $1 })
  /// }
  /// ```
  ///
  /// This form and the key-path form do the same; this one costs less the first time each module
  /// is built: a key path's classes are made by the runtime for each presenter type (about 1 kB
  /// each), a closure that captures nothing is a constant.
  ///
  /// - Parameters:
  ///   - input: Returns the module's input, usually the presenter itself.
  ///   - output: Stores the output in the presenter (declare its property `@Weak`). Called each
  ///     time the module's ``Module/output`` is set, while the presenter is alive.
  /// - Returns: The module.
  public func module<Input, Output>(
    input: (Presenter) -> Input, output: @escaping @MainActor (Presenter, Output?) -> Void
  ) -> Module<Input, Output> {
    Module(view: view, input: input(presenter), setOutput: outputSetter(presenter, output))
  }

  /// Wraps the module as a typed ``Module`` without output.
  ///
  /// - Parameter input: Returns the module's input, usually the presenter itself.
  /// - Returns: The module.
  public func module<Input>(input: (Presenter) -> Input) -> Module<Input, Never> {
    Module(view: view, input: input(presenter))
  }
}

/// `output` applied to `presenter` while it is alive (held weakly).
///
/// A function of its own rather than a closure in ``VIPERModule/module(input:output:)``: a closure
/// there captures the whole generic environment of the module (the metadata of its four layers,
/// input and output, and the layers' witness tables), 120 bytes for each module built; this one
/// captures two metadata pointers (benchmark target `memory-300`, live modules: 64 bytes less).
@MainActor
private func outputSetter<Presenter: AnyObject, Output>(
  _ presenter: Presenter, _ output: @escaping @MainActor (Presenter, Output?) -> Void
) -> @MainActor (Output?) -> Void {
  { [weak presenter] value in
    if let presenter { output(presenter, value) }
  }
}

/// The setter of `presenter`'s `output` property while the presenter is alive (held weakly); a
/// function of its own for the same reason as the closure form's.
@MainActor
private func outputSetter<Presenter: AnyObject, Output>(
  _ presenter: Presenter, _ output: ReferenceWritableKeyPath<Presenter, Output?>
) -> @MainActor (Output?) -> Void {
  { [weak presenter] value in presenter?[keyPath: output] = value }
}

extension VIPERModule where Interactor == NoInteractor {
  /// A module without an interactor has none to read.
  @available(
    *, deprecated, message: "this module has no interactor: it was built with NoInteractor"
  )
  public var interactor: Never { preconditionFailure(Self.absentLayer("interactor")) }
}

extension VIPERModule where Router == NoRouter {
  /// A module without a router has none to read.
  @available(*, deprecated, message: "this module has no router: it was built with NoRouter")
  public var router: Never { preconditionFailure(Self.absentLayer("router")) }
}
