public import ViperNest

extension Registrar {
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
