// Navigation helpers in the viper-base spirit: a router shows the next module from its own view
// controller, held weakly, and hides its own module.

extension VIPERRouter {
  /// Runs navigation code that throws from a router method that does not, for router protocols
  /// that do not throw: a failure goes to the ``NavigationErrorHandler`` (by default, loud in
  /// debug builds and logged in release builds), never swallowed.
  ///
  /// ```swift
  /// func showDetail(of contact: Contact) {
  ///   navigate { try push(resolver.resolve(ContactDetailModule.self, arguments: contact)) }
  /// }
  /// func close() { navigate { try dismiss() } }
  /// ```
  ///
  /// Whatever `body` throws is handled: building the next module (a ``ViperNestError``) as well as
  /// showing it (a ``TransitionError``). Nothing after the throwing call in `body` runs.
  ///
  /// - Parameters:
  ///   - file: The file of the call, for the failure; leave the default.
  ///   - line: The line of the call, for the failure; leave the default.
  ///   - body: The navigation: resolve modules, call the helpers below.
  public func navigate(file: String = #fileID, line: UInt = #line, _ body: () throws -> Void) {
    do {
      try body()
    } catch {
      NavigationErrorHandler.current(
        NavigationFailure(
          error: error, router: typeName(type(of: self)), file: file, line: line))
    }
  }

  /// Presents `destination` modally from this module's view controller (viper-base's
  /// `presentModule(withView:embedIn:animated:completion:)`).
  ///
  /// ```swift
  /// func showAddContact(output: any AddContactOutput) throws {
  ///   let (story, module) = try resolver.open(AddContactStory.self) {
  ///     try $0.resolve(AddContactModule.self)
  ///   }
  ///   module.output = output
  ///   try present(module, embedIn: .navigationController, story: story)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - destination: The module or controller to present.
  ///   - embedding: What to wrap it in. Default: nothing.
  ///   - appearance: Its presentation style and navigation bar.
  ///   - story: A story to close when the module is dismissed or released.
  ///   - animated: Whether to animate. Default: yes.
  ///   - completion: Called once it is on screen.
  /// - Returns: The performed transition (you need not keep it: ``dismiss(animated:completion:)``
  ///   from the presented module's router hides it too).
  /// - Throws: ``TransitionError/Code/sourceReleased`` when this module's view is gone, or what
  ///   ``PresentTransition/perform(animated:completion:)`` throws.
  @discardableResult
  public func present(
    _ destination: some Presentable, embedIn embedding: Embedding = .none,
    appearance: PresentTransition.Appearance = PresentTransition.Appearance(),
    story: Story? = nil, animated: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) throws -> PresentTransition {
    let transition = PresentTransition(
      from: try source(for: destination, "present"), to: destination, embedIn: embedding,
      appearance: appearance, story: story)
    try transition.perform(animated: animated, completion: completion)
    return transition
  }

  /// Pushes `destination` onto the navigation stack of this module's view controller (viper-base's
  /// `pushModule(withView:animated:)`).
  ///
  /// ```swift
  /// func showDetail(of contact: Contact) throws {
  ///   try push(resolver.resolve(ContactDetailModule.self, arguments: contact))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - destination: The module or controller to push.
  ///   - appearance: The navigation bar while it is on top.
  ///   - story: A story to close when the module is popped or released.
  ///   - animated: Whether to animate. Default: yes.
  ///   - completion: Called once it is on screen.
  /// - Returns: The performed transition.
  /// - Throws: ``TransitionError/Code/noNavigationStack`` when this module is not in a navigation
  ///   stack, ``TransitionError/Code/sourceReleased`` when its view is gone, or what
  ///   ``PushTransition/perform(animated:completion:)`` throws.
  @discardableResult
  public func push(
    _ destination: some Presentable,
    appearance: PushTransition.Appearance = PushTransition.Appearance(), story: Story? = nil,
    animated: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) throws -> PushTransition {
    let transition = PushTransition(
      from: try source(for: destination, "push"), to: destination, appearance: appearance,
      story: story)
    try transition.perform(animated: animated, completion: completion)
    return transition
  }

  /// Shows `destination` as a curtain over this module's view controller.
  ///
  /// - Parameters:
  ///   - destination: The module or controller to show.
  ///   - appearance: The curtain's handle, heights and dismissal.
  ///   - story: A story to close when the curtain is dismissed or released.
  ///   - animated: Whether to animate. Default: yes.
  ///   - completion: Called once it is on screen.
  /// - Returns: The performed transition.
  /// - Throws: As ``present(_:embedIn:appearance:story:animated:completion:)``.
  @discardableResult
  public func overlay(
    _ destination: some Presentable, appearance: OverlayAppearance = OverlayAppearance(),
    story: Story? = nil, animated: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) throws -> OverlayTransition {
    let transition = OverlayTransition(
      from: try source(for: destination, "overlay"), to: destination, appearance: appearance,
      story: story)
    try transition.perform(animated: animated, completion: completion)
    return transition
  }

  /// Embeds `child` into `area` of this module's view controller.
  ///
  /// - Parameters:
  ///   - child: The module or controller to embed.
  ///   - area: An area of this module's view.
  ///   - story: A story to close when the child is removed or released.
  /// - Returns: The performed transition; reverse it to remove the child.
  /// - Throws: As ``EmbedTransition/perform(animated:completion:)``.
  @discardableResult
  public func embed(_ child: some Presentable, in area: any ContainerArea, story: Story? = nil)
    throws -> EmbedTransition
  {
    let transition = EmbedTransition(
      parent: try source(for: child, "embed"), area: area, child: child, story: story)
    try transition.perform(animated: false, completion: nil)
    return transition
  }

  /// Dismisses this module, which was presented (directly, or inside a presented navigation
  /// container), releasing it and closing the story its transition opened.
  ///
  /// ```swift
  /// func close() throws { try dismiss() }
  /// ```
  ///
  /// - Parameters:
  ///   - animated: Whether to animate. Default: yes.
  ///   - completion: Called once it is off screen.
  /// - Throws: ``TransitionError/Code/notPresented`` when this module is not presented (pop it
  ///   instead when it was pushed), ``TransitionError/Code/sourceReleased`` when its view is gone.
  public func dismiss(animated: Bool = true, completion: (@MainActor () -> Void)? = nil) throws {
    let controller = try ownController("dismiss")
    guard let presenting = controller.presentingController else {
      throw TransitionError(
        .notPresented,
        "Cannot dismiss \(controller.typeName): it is not presented"
          + (controller.navigationContainer != nil ? ", it is in a navigation stack." : "."),
        fix: controller.navigationContainer != nil
          ? "pop it instead: try router.pop()" : "reverse the transition that showed it")
    }
    let id = ObjectIdentifier(controller)
    let type = controller.typeName
    // What is dismissed: the router's controller, or the container it sits in.
    let dismissed = presenting.presentedController
    presenting.dismissPresentedController(animated: animated) {
      [weak controller, weak dismissed] in
      if let dismissed { NavigationLifecycle.controllerDidLeaveHierarchy(dismissed) }
      finishHiding(id, type, controller)
      completion?()
    }
  }

  /// Pops this module, and anything pushed above it, from its navigation stack, releasing it and
  /// closing the story its transition opened.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate. Default: yes.
  ///   - completion: Called once the module below is on screen.
  /// - Throws: ``TransitionError/Code/noNavigationStack`` when this module is not in a navigation
  ///   stack, ``TransitionError/Code/cannotPopRoot`` when it is the stack's root,
  ///   ``TransitionError/Code/sourceReleased`` when its view is gone.
  public func pop(animated: Bool = true, completion: (@MainActor () -> Void)? = nil) throws {
    let controller = try ownController("pop")
    guard let navigation = controller.navigationContainer else {
      throw TransitionError(
        .noNavigationStack,
        "Cannot pop \(controller.typeName): it is not in a navigation stack.",
        fix: controller.presentingController != nil
          ? "dismiss it instead: try router.dismiss()" : "reverse the transition that showed it")
    }
    let id = ObjectIdentifier(controller)
    let type = controller.typeName
    try navigation.popController(controller, animated: animated) { [weak controller] in
      finishHiding(id, type, controller)
      completion?()
    }
  }

  private func source(for destination: some Presentable, _ verb: String) throws
    -> any ViewControlling
  {
    guard let viewController else {
      throw TransitionError(
        .sourceReleased,
        "\(type(of: self)) cannot \(verb) \(destination.viewController.typeName): its module's "
          + "view controller was released (or the router was never wired).",
        fix: "navigate only while the router's module is shown; do not keep routers of "
          + "dismissed modules")
    }
    return viewController
  }

  private func ownController(_ verb: String) throws -> any ViewControlling {
    guard let viewController else {
      throw TransitionError(
        .sourceReleased,
        "\(type(of: self)) cannot \(verb) its module: its view controller was released (or the "
          + "router was never wired).",
        fix: "navigate only while the router's module is shown")
    }
    return viewController
  }
}
