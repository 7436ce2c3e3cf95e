extension Registrar {
  /// Registers a VIPER module: its builder (so its layers), the story it runs in, and how it is
  /// wrapped as the type callers resolve, usually a ``Module`` of its input and output.
  ///
  /// Resolving `type` builds the module with `builder` in the requesting story, as
  /// `builder.build(in:)` does, and passes it to `module`. Unlike a closure registration, the
  /// registry knows what it needs: ``Registry/validate()`` checks the presenter, interactor and
  /// router (and a view registered to be built in code) with their dependencies in `story`, and
  /// reports a layer, or a layer's dependency, that is not visible there (registered in another
  /// story, say) before anything runs.
  ///
  /// The registration is local to `story`, as inside ``story(_:in:body:)``: resolve it where that
  /// story is open, usually right after opening it (``Resolving/open(_:in:resolving:)``). Pass ``AppStory``
  /// for a module that runs at the root. To replace it (with a mock, or an MVC controller behind
  /// the same types), override it inside the same story:
  /// `r.story(AddContactStory.self) { $0.overriding.register(AddContactModule.self, ...) }`.
  ///
  /// ```swift
  /// typealias AddContactModule = Module<any AddContactInput, any AddContactOutput>
  ///
  /// r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
  ///   $0.module(input: { $0 }, output: { $0.output = $1 })
  /// }
  /// r.story(AddContactStory.self, in: ContactsStory.self) { r in
  ///   r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
  ///   r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
  ///   r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
  /// }
  ///
  /// // in a router:
  /// let (story, module) = try resolver.open(AddContactStory.self) {
  ///   try $0.resolve(AddContactModule.self)
  /// }
  /// ```
  ///
  /// A module built with data passed to its presenter
  /// (``VIPERBuilder/build(in:viewUIType:passing:_:)``) or not built by a ``VIPERBuilder`` is
  /// registered with a closure (`r.register(T.self, mainActor: { r in ... })`), which validation
  /// lists as not checked.
  ///
  /// - Parameters:
  ///   - type: The type callers resolve, such as `Module<any AddContactInput, any AddContactOutput>`.
  ///   - builder: The module's builder; its presenter, interactor and router are resolved from the
  ///     story, so they must be registered where `story` can see them (a layer the builder names
  ///     ``NoInteractor`` or ``NoRouter`` is not looked for).
  ///   - story: The story the module runs in. ``AppStory``: the root.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - module: Wraps the built module as `type`, usually
  ///     `{ $0.module(input: { $0 }, output: { $0.output = $1 }) }`; it runs on the main actor at each
  ///     resolve.
  @inlinable
  public func register<T, View, Presenter, Interactor, Router, Builder>(
    _ type: T.Type, builder: Builder.Type, in story: any UserStory.Type,
    file: String = #fileID, line: UInt = #line,
    module:
      @escaping @MainActor @Sendable (VIPERModule<View, Presenter, Interactor, Router>) throws
      -> T
  ) where Builder: VIPERBuilder<View, Presenter, Interactor, Router> {
    // What it costs next to the closure form it replaces: the same entry (one non-generic
    // `Entry`, no metadata per registered type), plus a dependency list of four (as an autowired
    // registration with four parameters), a site of its own and the closure below. The layer
    // types are passed as metadata the layers' own registrations use already (the view's, when it
    // is not registered, is one non-generic class). Specialized in the caller, the builder's type
    // is not touched at registration: it is named only inside closures (its generic metadata is
    // instantiated when the module is first built, as with a closure); an unspecialized (debug)
    // call instantiates it here. Inlinable for that reason only: the closure is small, since
    // `build` is a call (see `VIPERBuilder.build`).
    record(
      Entry(
        type: T.self, qualifier: nil, lifetime: .transient,
        dependencies: moduleDependencies(
          presenter: Presenter.self,
          interactor: Builder.hasNoInteractor ? nil : Interactor.self,
          router: Builder.hasNoRouter ? nil : Router.self, view: View.self),
        isMainActor: true, site: moduleSite(file, story: story, builder: { Builder.self }),
        line: line,
        make: mainActorFactory { r in try module(try Builder.build(in: r)) }))
  }

  /// The site of a module registration: its own, local to `story` (the root for ``AppStory``).
  @usableFromInline
  func moduleSite(
    _ file: String, story: any UserStory.Type, builder: @escaping @Sendable () -> Any.Type
  ) -> RegistrationSite {
    let kind = buffer.storyKind(story)
    return RegistrationSite(
      fileID: file, assembly: assemblyName, localStory: kind == .app ? nil : kind,
      isOverriding: isOverriding, moduleBuilder: builder)
  }
}

/// The dependencies a module registration declares, in this order: its presenter, interactor and
/// router (those it has: none for ``NoInteractor`` or ``NoRouter``, so validation does not look
/// for them), and its view as an optional one (the builder resolves the view only when it is
/// registered, to be built in code; otherwise the UI toolkit loads it).
@usableFromInline
func moduleDependencies(
  presenter: Any.Type, interactor: Any.Type?, router: Any.Type?, view: Any.Type
) -> [Dependency] {
  // One array of the right size (benchmark target `launch-300`: built by chaining `compactMap`,
  // `map` and `+`, it cost four allocations per module registration).
  var dependencies: [Dependency] = []
  dependencies.reserveCapacity(4)
  func append(_ layer: Any.Type) {
    dependencies.append(
      Dependency(type: layer, key: ServiceKey(layer), isDeferred: false, isBuiltIn: false))
  }
  append(presenter)
  if let interactor { append(interactor) }
  if let router { append(router) }
  dependencies.append(
    Dependency(
      type: view, key: ServiceKey(view), isDeferred: false, isBuiltIn: false, isOptional: true))
  return dependencies
}

/// The role of one of a module registration's dependencies (see `moduleDependencies`): the
/// presenter first and the view last; between them, the interactor and the router it has.
func moduleLayerRole(at index: Int, in dependencies: [Dependency]) -> String {
  if index == 0 { return "presenter" }
  if index == dependencies.count - 1 { return "view" }
  if dependencies.count == 4 { return index == 1 ? "interactor" : "router" }
  return dependencies[index].type is any VIPERRouter.Type ? "router" : "interactor"
}
