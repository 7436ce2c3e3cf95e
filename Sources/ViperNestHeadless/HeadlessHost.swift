public import ViperNest

/// A UI toolkit without a screen: it creates controllers, navigation and tab containers and windows
/// that follow UIKit's ownership rules, and records everything that happens.
///
/// A presenting controller holds what it presents, a navigation stack holds its controllers, a tab
/// container its tabs, a window its root, a parent its embedded children; dismissing, popping,
/// removing and replacing release them. So navigation, ownership and leaks behave in tests exactly
/// as in an app.
///
/// ```swift
/// let host = HeadlessHost()
/// let registry = try Registry(host.assembly, ContactsAssembly())
/// let app = try registry.start()
/// let window = host.makeWindow()
/// try ContactsBuilder.build(in: app).attachToWindow(window, withNavigationController: true)
/// print(host.transcript)
/// ```
@MainActor
public final class HeadlessHost: UIToolkit {
  /// What happened, oldest first.
  public private(set) var log: [NavigationEvent] = []
  private var storyboards: [String: Storyboard] = [:]
  private var nibs: Set<String> = []

  private struct Storyboard {
    let initial: HeadlessViewController.Type?
    let scenes: [String: HeadlessViewController.Type]
  }

  /// When transitions complete.
  public enum Timing: Hashable, Sendable {
    /// Every transition completes before the call that started it returns. Simple, and enough for
    /// most tests.
    case immediate
    /// Animated transitions stay in flight, as while UIKit animates, until
    /// ``HeadlessHost/finishTransitions()``: a dismissed controller is still presented, a
    /// presentation context or stack that animates refuses another transition, completions wait,
    /// and modules end when their dismissal ends. Non-animated transitions complete at once.
    case strict
  }

  /// When transitions complete: ``Timing/immediate`` unless the host was created strict.
  public let timing: Timing
  private var inFlight: [@MainActor () -> Void] = []

  /// Creates a host with an empty log.
  ///
  /// ```swift
  /// let host = HeadlessHost(timing: .strict)  // animated transitions wait for finishTransitions()
  /// ```
  ///
  /// - Parameter timing: When transitions complete. Default: ``Timing/immediate``.
  public init(timing: Timing = .immediate) {
    self.timing = timing
  }

  /// Whether animated transitions are still in flight (only with ``Timing/strict``).
  public var hasTransitionsInFlight: Bool { !inFlight.isEmpty }

  /// Ends every transition in flight, oldest first, with what their completions start in turn, as
  /// UIKit's animations end: completions run, dismissed and popped modules end.
  ///
  /// ```swift
  /// try router.dismiss()            // animated: still presented
  /// host.finishTransitions()        // now dismissed; the module's story is closed
  /// ```
  public func finishTransitions() {
    while !inFlight.isEmpty {
      let finish = inFlight.removeFirst()
      finish()
    }
  }

  func enqueue(_ finish: @escaping @MainActor () -> Void) { inFlight.append(finish) }

  /// The log, one event per line.
  public var transcript: String { log.map(\.description).joined(separator: "\n") }

  /// Empties the log.
  public func clearLog() { log.removeAll() }

  /// Registers this host for the registry: as `(any UIToolkit)` (so builders can load views) and
  /// as `HeadlessHost` (so views built in code can take it in their initializer).
  ///
  /// ```swift
  /// let registry = try Registry(host.assembly, ContactsAssembly())
  /// ```
  public var assembly: any Assembly {
    AnyAssembly("HeadlessHost") { [self] r in
      // The host exists before the registry and outlives it: shared, not owned.
      r.register(HeadlessHost.self, instance: self)
      r.register((any UIToolkit).self, mainActorInstance: self)
    }
  }

  // MARK: - The user

  /// The user taps the Back button of `navigation`: its top controller is popped (animated), and
  /// its modules end when the pop does.
  ///
  /// ```swift
  /// try host.tapBack(in: navigation)   // as the user would; the detail's story closes
  /// ```
  ///
  /// - Parameter navigation: A navigation container on screen.
  /// - Returns: `false` when there is no Back button: the stack holds only its root, or the top
  ///   controller hides it (`NavigationBarAppearance.hidesBackButton` or
  ///   `navigationItem.hidesBackButton`).
  /// - Throws: `TransitionError` with code `transitionInFlight` while the stack animates.
  @discardableResult
  public func tapBack(in navigation: HeadlessNavigationController) throws -> Bool {
    record(.userTappedBack(navigation.logName))
    return try popByUser(navigation)
  }

  /// The user swipes from the left edge of `navigation`: an interactive pop that completes, or is
  /// cancelled (then nothing changes and nothing ends, as in UIKit).
  ///
  /// ```swift
  /// try host.swipeBack(in: navigation, completes: false)  // the user changes their mind
  /// ```
  ///
  /// - Parameters:
  ///   - navigation: A navigation container on screen.
  ///   - completes: Whether the user finishes the swipe. Default: yes.
  /// - Returns: Whether the top controller was popped.
  /// - Throws: `TransitionError` with code `transitionInFlight` while the stack animates.
  @discardableResult
  public func swipeBack(in navigation: HeadlessNavigationController, completes: Bool = true) throws
    -> Bool
  {
    record(.userSwipedBack(navigation.logName, completed: completes))
    guard completes else {
      cancelSwipeBack(in: navigation)
      return false
    }
    return try popByUser(navigation)
  }

  private func popByUser(_ navigation: HeadlessNavigationController) throws -> Bool {
    guard let top = poppableTop(of: navigation) else { return false }
    try navigation.popController(top, animated: true, completion: nil)
    return true
  }

  /// The controller the user can pop, or nil (recorded) when there is no Back button.
  private func poppableTop(of navigation: HeadlessNavigationController) -> HeadlessViewController? {
    guard navigation.controllers.count > 1, let top = navigation.topController else {
      record(.ignored("no Back button in \(navigation.logName): it shows only its root"))
      return nil
    }
    if top.navigationBarAppearance?.hidesBackButton == true || top.navigationItem.hidesBackButton {
      record(.ignored("no Back button in \(navigation.logName): \(top.logName) hides it"))
      return nil
    }
    return top
  }

  /// A swipe begun and cancelled: UIKit calls `viewWillDisappear` on the top controller and
  /// `viewWillAppear` on the one below when the swipe begins; the cancellation reverses them (the
  /// one below gets `viewWillDisappear` and `viewDidDisappear`, then the top `viewWillAppear` and
  /// `viewDidAppear`), and nothing leaves the stack. Sources: Stack Overflow q. 18927878 ("View
  /// controller lifecycle when swiping-to-pop"), wangling.me, "The inconsistent order of view
  /// transition events" (2014), ../shared/notes/uikit-behaviour.md.
  private func cancelSwipeBack(in navigation: HeadlessNavigationController) {
    guard let top = poppableTop(of: navigation), navigation.isAppearingOrAppeared else { return }
    let below = navigation.controllers[navigation.controllers.count - 2]
    var begun = AppearanceTransition(animated: true)
    begun.disappear(top, \.isMovingFromParent)
    begun.appear(below)
    begun.begin()
    top.isMovingFromParent = false
    for (controller, isAppearing) in [(below, false), (top, true)] {
      controller.beginAppearanceTransition(isAppearing, animated: true)
      controller.endAppearanceTransition()
    }
  }

  /// The user swipes down the sheet `presented`: it is dismissed (animated) with everything it
  /// presents, and its modules end, unless UIKit would refuse: a full-screen presentation, a sheet
  /// that is `isModalInPresentation` (or whose visible child is), or a sheet that is covered by
  /// another presentation.
  ///
  /// ```swift
  /// try host.swipeDown(addContactNavigation)  // the Add Contact story closes
  /// ```
  ///
  /// - Parameters:
  ///   - presented: The presented controller (the navigation container, when the module is
  ///     wrapped in one).
  ///   - completes: Whether the user finishes the swipe. Default: yes.
  /// - Returns: Whether the sheet was dismissed.
  /// - Throws: `TransitionError` with code `notPresented` when `presented` is not presented.
  @discardableResult
  public func swipeDown(_ presented: HeadlessViewController, completes: Bool = true) throws -> Bool
  {
    guard let presenter = presented.presentingController as? HeadlessViewController,
      presenter.presentedController === presented
    else {
      throw TransitionError(
        .notPresented, "The user cannot swipe down \(presented.logName): it is not presented.",
        fix: "swipe down the controller that is presented (the navigation container around a "
          + "wrapped module)")
    }
    if let reason = swipeDownRefusal(presented) {
      record(.userSwipedDown(presented.logName, refusedBecause: reason))
      return false
    }
    record(.userSwipedDown(presented.logName, refusedBecause: completes ? nil : "cancelled"))
    guard completes else { return false }
    presenter.dismissPresentedController(animated: true, completion: nil)
    return true
  }

  private func swipeDownRefusal(_ presented: HeadlessViewController) -> String? {
    if let covering = presented.presentedController as? HeadlessViewController {
      return "\(covering.logName) covers it"
    }
    switch presented.modalPresentationStyle {
    case .fullScreen?, .overFullScreen?:
      return "a full-screen presentation cannot be swiped down"
    default: break
    }
    let visibleChild = (presented as? HeadlessNavigationController)?.topController
    for controller in [presented, visibleChild].compactMap({ $0 })
    where controller.isModalInPresentation {
      return "\(controller.logName).isModalInPresentation"
    }
    return nil
  }

  /// The user taps tab `index` of `tabs`. Selecting another tab ends nothing: the other tabs stay.
  ///
  /// ```swift
  /// try host.selectTab(1, in: tabs)
  /// ```
  ///
  /// - Parameters:
  ///   - index: The tab's index.
  ///   - tabs: A tab container on screen.
  /// - Throws: `TransitionError` with code `noSuchTab` when `tabs` has no tab `index`.
  public func selectTab(_ index: Int, in tabs: HeadlessTabController) throws {
    guard tabs.tabControllers.indices.contains(index) else {
      throw TransitionError(
        .noSuchTab,
        "The user cannot select tab \(index) of \(tabs.logName): it has \(tabs.tabControllers.count) "
          + "tabs.",
        fix: "select a tab between 0 and \(tabs.tabControllers.count - 1)")
    }
    record(.userSelectedTab(index, container: tabs.logName))
    tabs.selectedTabIndex = index
  }

  /// Creates a window. Keep it, as an app's scene delegate does.
  ///
  /// - Parameter name: The window's name in the log.
  /// - Returns: An empty, hidden window.
  public func makeWindow(name: String = "Window") -> HeadlessWindow {
    HeadlessWindow(host: self, name: name)
  }

  /// Declares a storyboard, so that loading it checks what UIKit would: that it exists and holds a
  /// controller of the requested class under the requested identifier.
  ///
  /// Without any declaration the host trusts every storyboard and nib it is asked for.
  ///
  /// - Parameters:
  ///   - name: The storyboard's name.
  ///   - initial: The class of its initial controller, if it has one.
  ///   - scenes: The classes of its controllers, by storyboard identifier.
  public func declareStoryboard(
    _ name: String, initial: HeadlessViewController.Type?,
    scenes: [String: HeadlessViewController.Type] = [:]
  ) {
    storyboards[name] = Storyboard(initial: initial, scenes: scenes)
  }

  /// Declares a nib, so that loading an undeclared nib fails as it would in UIKit.
  ///
  /// - Parameter name: The nib's name.
  public func declareNib(_ name: String) { nibs.insert(name) }

  /// Creates a controller of `type` (a ``HeadlessViewController`` subclass) and records where its UI
  /// came from, in the log and in ``HeadlessViewController/loadedFrom``.
  ///
  /// - Parameters:
  ///   - type: The controller class.
  ///   - ui: In code, from a storyboard, or from a nib.
  /// - Returns: The new controller.
  /// - Throws: `ModuleError` with code `viewLoadFailed` when `type` is not a
  ///   ``HeadlessViewController`` or, for declared storyboards and nibs, when the storyboard, the
  ///   identifier or the nib does not exist or holds another class.
  public func loadView<View: ViewControlling>(_ type: View.Type, from ui: ViewUIType) throws
    -> View
  {
    let viewClass = try headlessClass(for: type, from: ui)
    let controller = viewClass.init(host: self)
    guard let view = controller as? View else {
      throw loadFailure(
        type,
        "\(ui) holds \(withIndefiniteArticle("\(viewClass)")), not \(withIndefiniteArticle("\(type)"))",
        fix: "make the storyboard scene's class \(type)")
    }
    controller.loadedFrom = ui
    record(.loaded(controller.logName, from: ui))
    return view
  }

  private func headlessClass<View>(for type: View.Type, from ui: ViewUIType) throws
    -> HeadlessViewController.Type
  {
    guard let requested = type as? HeadlessViewController.Type else {
      throw loadFailure(
        type, "HeadlessHost creates HeadlessViewController subclasses; \(type) is not one",
        fix: "make \(type) a subclass of HeadlessViewController")
    }
    switch ui {
    case .code: return requested
    case .nib(let name, _):
      if !nibs.isEmpty, !nibs.contains(name) {
        throw loadFailure(
          type, "there is no nib named \(name)", fix: "check the name, or declare the nib")
      }
      return requested
    case .storyboard(let name, _, let identifier):
      guard !storyboards.isEmpty else { return requested }
      guard let storyboard = storyboards[name] else {
        throw loadFailure(
          type, "there is no storyboard named \(name)",
          fix: "check the name; declared: \(storyboards.keys.sorted().joined(separator: ", "))")
      }
      let scene = identifier.map { storyboard.scenes[$0] } ?? storyboard.initial
      guard let scene else {
        throw loadFailure(
          type,
          identifier.map { "storyboard \(name) has no controller with identifier \($0)" }
            ?? "storyboard \(name) has no initial controller",
          fix: "set the identifier in the storyboard, or pass the right one")
      }
      return scene
    }
  }

  private func loadFailure(_ type: Any.Type, _ problem: String, fix: String) -> ModuleError {
    ModuleError(.viewLoadFailed, module: "\(type)", problems: [problem], fix: fix)
  }

  /// Creates a navigation container whose stack is `root`.
  ///
  /// - Parameter root: A ``HeadlessViewController`` of this host.
  /// - Returns: A ``HeadlessNavigationController`` named `Navigation(<root>)`.
  /// - Throws: `TransitionError` with code `incompatibleController` for a foreign controller.
  public func makeNavigationContainer(root: any ViewControlling) throws
    -> any NavigationControlling
  {
    let root = try headless(root)
    let navigation = HeadlessNavigationController(host: self)
    navigation.logName = "Navigation(\(root.logName))"
    try navigation.setStack([root])
    return navigation
  }

  /// Creates an empty tab container named `Tabs`.
  ///
  /// - Returns: A ``HeadlessTabController``.
  public func makeTabContainer() -> any TabControlling {
    HeadlessTabController(host: self)
  }

  /// The name `controller` has in the log and in the host's messages: the one given with
  /// ``setName(_:of:)``, else its type name (a navigation container made by a transition is named
  /// `Navigation(<root>)`, a tab container `Tabs`).
  ///
  /// ```swift
  /// #expect(navigation.controllers.map(host.name(of:)) == ["Contacts", "ContactDetail"])
  /// ```
  ///
  /// - Parameter controller: A controller of this host.
  /// - Returns: Its name.
  public func name(of controller: HeadlessViewController) -> String { controller.logName }

  /// Names `controller` in the log and in the host's messages. The name lives with the host, not
  /// as a member of the controller, so that an app's controller can have a `name` of its own, as
  /// it can in UIKit.
  ///
  /// ```swift
  /// host.setName("Home", of: home)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - controller: A controller of this host.
  public func setName(_ name: String, of controller: HeadlessViewController) {
    controller.logName = name
  }

  func record(_ event: NavigationEvent) { log.append(event) }

  /// `controller` as a headless controller of this host.
  func headless(_ controller: any ViewControlling) throws -> HeadlessViewController {
    guard let headless = controller as? HeadlessViewController, headless.host === self else {
      throw TransitionError.incompatible(
        controller, expected: "HeadlessViewController of the same HeadlessHost",
        toolkit: "HeadlessHost")
    }
    return headless
  }
}
