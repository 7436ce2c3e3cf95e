extension Registrar {
  /// Records a screen module registration (`ViperNestSwiftUI`'s
  /// `register(_:builder:in:file:line:module:)` for a screen builder): the same entry as a VIPER
  /// module registration (``register(_:builder:in:file:line:module:)``), so ``Registry/validate()``
  /// checks the presenter, interactor and router in `story` and names the builder.
  ///
  /// - Parameters:
  ///   - type: The type callers resolve.
  ///   - builder: The builder type, for messages.
  ///   - story: The story the module runs in.
  ///   - file: The file of the call.
  ///   - line: The line of the call.
  ///   - presenter: The presenter type.
  ///   - interactor: The interactor type, nil for ``NoInteractor``.
  ///   - router: The router type, nil for ``NoRouter``.
  ///   - screen: The screen type (an optional dependency, as a VIPER module's view: the builder
  ///     makes it).
  ///   - make: Builds the module in the requesting story and wraps it as `type`.
  package func registerScreenModule<T>(
    _ type: T.Type, builder: @escaping @Sendable () -> Any.Type, in story: any UserStory.Type,
    file: String, line: UInt, presenter: Any.Type, interactor: Any.Type?, router: Any.Type?,
    screen: Any.Type, make: @escaping @MainActor @Sendable (Resolver) throws -> T
  ) {
    record(
      Entry(
        type: T.self, qualifier: nil, lifetime: .transient,
        dependencies: moduleDependencies(
          presenter: presenter, interactor: interactor, router: router, view: screen),
        isMainActor: true, site: moduleSite(file, story: story, builder: builder), line: line,
        make: mainActorFactory(make)))
  }
}
