extension Presentable {
  /// Shows the module as the root of `window` (viper-base's `attachToWindow()`), optionally wrapped
  /// in a navigation container.
  ///
  /// ```swift
  /// // SceneDelegate
  /// let window = UIWindow(windowScene: scene)
  /// try ContactsBuilder.build(in: app).attachToWindow(window, withNavigationController: true)
  /// self.window = window
  /// ```
  ///
  /// - Parameters:
  ///   - window: The window; keep it.
  ///   - withNavigationController: Whether to wrap the module in a navigation container.
  ///     Default: no.
  ///   - appearance: The navigation bar's look.
  ///   - story: A story to close when the root is removed or released.
  /// - Returns: The performed transition; reverse it to remove the root.
  /// - Throws: As ``WindowRootTransition/perform(animated:completion:)``.
  @discardableResult
  public func attachToWindow(
    _ window: any WindowHosting, withNavigationController: Bool = false,
    appearance: WindowRootTransition.Appearance = WindowRootTransition.Appearance(),
    story: Story? = nil
  ) throws -> WindowRootTransition {
    let transition = WindowRootTransition(
      window: window, root: self, embedIn: withNavigationController ? .navigationController : .none,
      appearance: appearance, story: story)
    try transition.perform(animated: false, completion: nil)
    return transition
  }

  /// Wraps the module in a new navigation container (viper-base's `attachToNavigationController()`),
  /// for example to make it one tab of a tab container.
  ///
  /// ```swift
  /// let bookmarks = try BookmarksBuilder.build(in: app)
  ///   .attachToNavigationController(tabBarItem: .system(.bookmarks, tag: 0))
  /// ```
  ///
  /// - Parameter tabBarItem: The item representing the container in a tab container.
  /// - Returns: The navigation container, holding the module.
  /// - Throws: As ``UIToolkit/makeNavigationContainer(root:)``, or
  ///   ``TransitionError/Code/alreadyShown`` when the module is already shown.
  public func attachToNavigationController(tabBarItem: TabItem? = nil) throws
    -> any NavigationControlling
  {
    let controller = viewController
    try ensureNotShown(controller, "attach a navigation container to")
    let navigation = try controller.toolkit.makeNavigationContainer(root: controller)
    ShownControllers.trackContainer(navigation)
    if let tabBarItem { navigation.applyTabItem(tabBarItem) }
    return navigation
  }
}
