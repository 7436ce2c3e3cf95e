public import ViperNest

extension Registrar {
  /// Registers a screen module: its builder (so its layers), the story it runs in, and how it is
  /// wrapped as the type callers resolve, usually a `Module` of its input and output.
  ///
  /// The same form as a VIPER module's registration: resolving `type` builds the module with
  /// `builder` in the requesting story, and `Registry.validate()` checks its presenter,
  /// interactor and router (with their dependencies) in `story` before anything runs.
  ///
  /// ```swift
  /// r.register(ContactsModule.self, builder: ContactsScreenBuilder.self, in: ContactsStory.self) {
  ///   $0.module(input: { $0 })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type callers resolve, such as `Module<any ContactsInput, Never>`.
  ///   - builder: The module's ``ScreenBuilder``.
  ///   - story: The story the module runs in. `AppStory`: the root.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - module: Wraps the built module as `type`; runs on the main actor at each resolve.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  public func register<T, Screen, Presenter, Interactor, Router, Builder>(
    _ type: T.Type, builder: Builder.Type, in story: any UserStory.Type,
    file: String = #fileID, line: UInt = #line,
    module:
      @escaping @MainActor @Sendable (ScreenModule<Screen, Presenter, Interactor, Router>) throws
      -> T
  ) where Builder: ScreenBuilder<Screen, Presenter, Interactor, Router> {
    registerScreenModule(
      T.self, builder: { Builder.self }, in: story, file: file, line: line,
      presenter: Presenter.self,
      interactor: Interactor.self is NoInteractor.Type ? nil : Interactor.self,
      router: Router.self is NoRouter.Type ? nil : Router.self, screen: Screen.self,
      make: { r in try module(try Builder.build(in: r)) })
  }
}
