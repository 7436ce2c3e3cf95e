extension Resolving {
  /// Opens a story of type `story` and resolves something in it, usually the module that starts
  /// the story's flow; hand the story to the transition that shows the module, which closes it when
  /// the module is hidden.
  ///
  /// When `body` throws, the story is closed before the error is rethrown, so nothing is left open.
  /// Pass `ancestor` to open the story beside the current flow instead of inside it (see
  /// ``open(_:in:)``): a screen that replaces the window's root opens its story at the app level,
  /// so that it does not close when the root it replaces leaves.
  ///
  /// ```swift
  /// let (story, module) = try resolver.open(AddContactStory.self) {
  ///   try $0.resolve(AddContactModule.self)
  /// }
  /// try present(module, story: story)
  ///
  /// // Signing in, from the login screen's router: the tabs' session opens beside the login.
  /// let (session, tabs) = try resolver.open(SessionStory.self, in: AppStory.self) {
  ///   try $0.resolve(TabsModule.self)
  /// }
  /// try tabs.attachToWindow(window, story: session)
  /// ```
  ///
  /// - Parameters:
  ///   - story: The story type.
  ///   - ancestor: The story type to open it in (``open(_:in:)``). Default: this story.
  ///   - body: Resolves what the story starts with.
  /// - Returns: The open story and what `body` returned.
  /// - Throws: What ``open(_:in:)`` or `body` throws.
  public func open<S: UserStory, T>(
    _ story: S.Type, in ancestor: (any UserStory.Type)? = nil, resolving body: (Story) throws -> T
  ) throws -> (story: Story, value: T) {
    let opened = try open(story, in: ancestor)
    do {
      return (opened, try body(opened))
    } catch {
      opened.close()
      throw error
    }
  }
}
