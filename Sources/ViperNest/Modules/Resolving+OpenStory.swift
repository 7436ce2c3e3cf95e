extension Resolving {
  /// Opens a story of type `story` and resolves something in it, usually the module that starts
  /// the story's flow; hand the story to the transition that shows the module, which closes it when
  /// the module is hidden.
  ///
  /// When `body` throws, the story is closed before the error is rethrown, so nothing is left open.
  ///
  /// ```swift
  /// let (story, module) = try resolver.open(AddContactStory.self) {
  ///   try $0.resolve(AddContactModule.self)
  /// }
  /// try present(module, story: story)
  /// ```
  ///
  /// - Parameters:
  ///   - story: The story type.
  ///   - body: Resolves what the story starts with.
  /// - Returns: The open story and what `body` returned.
  /// - Throws: What ``open(_:)`` or `body` throws.
  public func open<S: UserStory, T>(_ story: S.Type, resolving body: (Story) throws -> T) throws
    -> (story: Story, value: T)
  {
    let opened = try open(story)
    do {
      return (opened, try body(opened))
    } catch {
      opened.close()
      throw error
    }
  }
}
