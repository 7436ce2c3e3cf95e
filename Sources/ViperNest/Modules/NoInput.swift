/// The input of a module that callers tell nothing, distinct for each screen, so that two such
/// modules have two registration keys.
///
/// `Module<Void, Never>` is one type: two modules without input or output registered as it
/// collide ("registered twice"). Name the screen with a type of its own instead:
///
/// ```swift
/// enum AboutScreen {}
/// typealias AboutModule = Module<NoInput<AboutScreen>, Never>
///
/// r.register(AboutModule.self, mainActor: { r in
///   AboutModule(view: try AboutBuilder.build(in: r).viewController)
/// })
/// // in a router:
/// try present(try resolver.resolve(AboutModule.self))
/// ```
public struct NoInput<Screen>: Sendable {
  /// The (empty) input.
  public init() {}
}

extension Module {
  /// Creates a module that callers tell nothing and that reports nothing.
  ///
  /// - Parameter view: The view to show.
  public convenience init<Screen>(view: any ViewControlling) where Input == NoInput<Screen> {
    self.init(view: view, input: NoInput())
  }
}

/// A `Module` type, recognised by the duplicate-registration message without knowing its
/// parameters.
protocol ModuleKeyType {
  /// Whether the module's input is `Void`, so that every such module shares one key.
  static var takesNoInput: Bool { get }
}

extension Module: ModuleKeyType {
  nonisolated static var takesNoInput: Bool { Input.self == Void.self }
}
