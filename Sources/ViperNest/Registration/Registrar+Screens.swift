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

extension Registrar {
  /// Records a registration of `type` local to `story`, of lifetime `.story(story)`, that each
  /// story of that type owns by design (`ViperNestSwiftUI`'s `registerScreenNavigation(for:)`: a
  /// story's navigation is a stack of its own, not a replacement of its parent's). It shadows the
  /// enclosing stories' registrations of `type` without `overriding`, and ``Registry/validate()``
  /// does not report that; two of them in one story are still a duplicate.
  ///
  /// - Parameters:
  ///   - type: The type the story's code resolves.
  ///   - story: The story type each of whose stories owns one instance.
  ///   - file: The file of the call.
  ///   - line: The line of the call.
  ///   - make: Builds the story's instance, on the main actor.
  package func registerOwnedByEachStory<T, S: UserStory>(
    _ type: T.Type, in story: S.Type, file: String, line: UInt,
    make: @escaping @MainActor @Sendable () -> T
  ) {
    let kind = buffer.storyKind(story)
    let site = RegistrationSite(
      fileID: file, assembly: assemblyName, localStory: kind == .app ? nil : kind,
      isOverriding: false, isOwnedByEachStory: true)
    record(
      Entry(
        type: T.self, qualifier: nil, lifetime: .story(story), dependencies: [],
        isMainActor: true, site: site, line: line,
        make: mainActorFactory { (_: Resolver) in make() }))
  }
}
