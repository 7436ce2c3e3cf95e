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

  /// Registers the ``ScreenNavigation`` of each story of type `story`: one per story, made when
  /// the story first resolves it and ended with the story.
  ///
  /// Each story owns its own navigation by design: a tab's stack, or a nested stack, is another
  /// stack than the one of the story it opens in, not a replacement. So this registration shadows
  /// the navigation of the enclosing stories without `overriding`: code that runs in `story` (and
  /// the stories opened inside it) resolves this one, code in the enclosing stories theirs.
  /// `Registry.validate()` reports two of them for one story as a duplicate.
  ///
  /// ```swift
  /// r.registerScreenNavigation(for: HomeStory.self)  // Home's sheet, over the TabView
  /// r.registerScreenNavigation(for: NotesTabStory.self)  // the Notes tab's stack
  /// r.registerScreenNavigation(for: RatingsTabStory.self)  // the Ratings tab's stack
  /// ```
  ///
  /// It is `register(ScreenNavigation.self, lifetime: .story(story), ...)` written inside
  /// `story(story)`, which may shadow an enclosing navigation.
  ///
  /// - Parameters:
  ///   - story: The story type each of whose stories has its own navigation.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  public func registerScreenNavigation<S: UserStory>(
    for story: S.Type, file: String = #fileID, line: UInt = #line
  ) {
    registerOwnedByEachStory(
      ScreenNavigation.self, in: story, file: file, line: line, make: ScreenNavigation.init)
  }
}
