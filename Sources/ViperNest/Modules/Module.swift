/// A module as its callers see it: the view to show, its input, and its output, whatever pattern
/// is behind it.
///
/// A VIPER module and a single MVC view controller look the same behind the same `Input`/`Output`:
/// the module's assembly decides where the output goes (`setOutput`), the caller only sets it.
/// Register modules by their type and resolve them where they are used, inside the story whose
/// services they should get (a VIPER module with ``Registrar/register(_:builder:in:file:line:module:)``):
///
/// ```swift
/// typealias AddContactModule = Module<any AddContactInput, any AddContactOutput>
///
/// // VIPER, checked by `validate()` in the story it runs in
/// r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
///   $0.module(input: { $0 }, output: { $0.output = $1 })
/// }
/// // …or MVC, behind the same types
/// r.register(AddContactModule.self, mainActor: { _ in
///   let controller = AddContactViewController()
///   return Module(view: controller, input: controller) { [weak controller] output in
///     controller?.delegate = output
///   }
/// })
///
/// // in a router:
/// let module = try resolver.resolve(AddContactModule.self)
/// module.input.prefill(name: "Ada")
/// module.output = presenter
/// try present(module)
/// ```
///
/// The module holds its output **weakly** (the output is usually another module's presenter). Like
/// ``VIPERModule``, a `Module` is a handle to pass to a transition, not to keep: it holds its view.
@MainActor
public final class Module<Input, Output>: Presentable {
  /// The view to show.
  public let view: any ViewControlling
  /// What callers may tell the module.
  public let input: Input
  private weak var outputObject: AnyObject?
  private let setOutput: @MainActor (Output?) -> Void

  /// Creates a module.
  ///
  /// - Parameters:
  ///   - view: The view to show.
  ///   - input: What callers may tell the module (a presenter, a view controller…).
  ///   - setOutput: Delivers the output where the module reports to, such as a presenter's or a
  ///     view controller's weak `output` or `delegate` property. Called each time ``output`` is set.
  public init(
    view: any ViewControlling, input: Input,
    setOutput: @escaping @MainActor (Output?) -> Void
  ) {
    self.view = view
    self.input = input
    self.setOutput = setOutput
    ShownControllers.trackModule(view: view, input: input)
  }

  /// Creates a module that reports nothing.
  ///
  /// - Parameters:
  ///   - view: The view to show.
  ///   - input: What callers may tell the module.
  public convenience init(view: any ViewControlling, input: Input) {
    self.init(view: view, input: input, setOutput: { _ in })
  }

  /// Where the module reports to, held weakly; setting it delivers it through `setOutput`.
  ///
  /// It must be a class instance (usually a presenter); it reads `nil` once that is released.
  public var output: Output? {
    get { outputObject as? Output }
    set {
      outputObject = newValue.map { $0 as AnyObject }
      setOutput(newValue)
    }
  }

  /// The view.
  public var viewController: any ViewControlling { view }
}
