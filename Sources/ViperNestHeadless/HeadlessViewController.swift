public import ViperNest

/// A view controller without a screen, with UIKit's ownership: it holds what it presents and the
/// children embedded in it; its presenter and parent refer to it weakly.
///
/// Subclass it for views in tests and Linux samples, as you would subclass `UIViewController`.
/// ``viewDidLoad()`` runs the first time the controller is shown (presented, pushed on a visible
/// stack, made a window root, embedded, selected as a tab).
///
/// ```swift
/// final class ContactsView: HeadlessViewController, VIPERView, ContactsViewProtocol {
///   let links = ViewLinks<any ContactsViewOutput>()
///   private(set) var names: [String] = []
///
///   override func viewDidLoad() { presenter.viewDidLoad() }
///   func show(names: [String]) { self.names = names }
/// }
/// ```
@MainActor
open class HeadlessViewController: ViewControlling, @MainActor CustomStringConvertible {
  /// The host this controller belongs to; it records what happens to the controller.
  public let host: HeadlessHost
  /// The controller's name in the host's log and messages: the name given with
  /// ``HeadlessHost/setName(_:of:)``, else the type name. Not a member UIKit lacks, so that a
  /// subclass can have its own `name`.
  var logName: String {
    get { customName ?? _typeName(type(of: self), qualified: false) }
    set { customName = newValue }
  }
  private var customName: String?
  /// How the view's UI was loaded: set by the host when it created the controller; `.code` for a
  /// controller created directly (or by the registry).
  public internal(set) var loadedFrom: ViewUIType = .code
  /// Whether ``viewDidLoad()`` has run.
  public private(set) var isViewLoaded = false
  /// The style it was last presented with, if it was presented.
  public internal(set) var modalPresentationStyle: PresentationStyle?
  /// The overlay appearance it was last shown with, if it was shown as an overlay.
  public internal(set) var overlayAppearance: OverlayAppearance?
  /// The navigation bar it asks for while on top of a stack.
  public private(set) var navigationBarAppearance: NavigationBarAppearance?
  /// The item representing it in a tab container.
  public private(set) var tabItem: TabItem?
  /// A title for the screen (UIKit's `title`). Setting it also sets the navigation item's title,
  /// as UIKit does; the navigation item's title can then be set on its own.
  public var title: String? {
    didSet { navigationItem.title = title }
  }
  /// What it shows in the navigation bar while on top of a stack (UIKit's `navigationItem`),
  /// created on first use.
  public private(set) lazy var navigationItem = HeadlessNavigationItem()

  /// Whether the user can swipe this controller away while it is presented as a sheet (UIKit's
  /// `isModalInPresentation`): when `true`, ``HeadlessHost/swipeDown(_:completes:)`` is refused.
  public var isModalInPresentation = false
  /// Whether a context presentation (`PresentationStyle.overCurrentContext`) from this controller
  /// or a child of it covers this controller (UIKit's `definesPresentationContext`).
  public var definesPresentationContext = false

  private var presented: HeadlessViewController?
  /// The controller that presents this one. Held strongly, as UIKit's presentation controller
  /// holds the presenting controller until the dismissal ends.
  private var presenting: HeadlessViewController?
  /// The container it is in: a stack, a tab container, a parent it is embedded in (UIKit's
  /// `parent`).
  public internal(set) weak var parent: HeadlessViewController?
  /// The nearest navigation stack it is in (UIKit's `navigationController`).
  public var navigationController: HeadlessNavigationController? {
    sequence(first: self, next: \.parent).dropFirst().lazy
      .compactMap { $0 as? HeadlessNavigationController }.first
  }
  /// The nearest tab container it is in (UIKit's `tabBarController`).
  public var tabBarController: HeadlessTabController? {
    sequence(first: self, next: \.parent).dropFirst().lazy
      .compactMap { $0 as? HeadlessTabController }.first
  }
  /// The controller that presents it, or that presents its nearest presented ancestor (UIKit's
  /// `presentingViewController`).
  public var presentingViewController: HeadlessViewController? {
    presenting ?? parent?.presentingViewController
  }
  /// What it presents, or what its nearest presenting ancestor presents (UIKit's
  /// `presentedViewController`).
  public var presentedViewController: HeadlessViewController? {
    presented ?? parent?.presentedViewController
  }
  /// The window it is the root of.
  public internal(set) weak var window: HeadlessWindow?
  /// The window that kept this presented controller on screen after the root that presented it
  /// was replaced (UIKit leaves such presentations in the window's transition view).
  weak var leftBehindIn: HeadlessWindow?
  /// The name of the controller `present` was called on (the log names it; UIKit's presenting
  /// controller is its presentation context).
  var presentedFrom: String?
  /// What is animating in this presentation context (a presentation or a dismissal), while the
  /// host's timing is ``HeadlessHost/Timing/strict``.
  var transitionInFlight: String?
  /// What is animating in this navigation stack (a push or a pop), likewise. UIKit animates a
  /// stack and a presentation over it independently.
  var stackTransitionInFlight: String?
  /// The controllers embedded in it, held strongly.
  public private(set) var children: [HeadlessViewController] = []
  private var areas: [String: HeadlessContainerArea] = [:]
  private var childAreas: [ObjectIdentifier: String] = [:]

  /// Creates a controller of `host`.
  ///
  /// - Parameter host: The host that records what happens to it.
  public required init(host: HeadlessHost) {
    self.host = host
  }

  /// Creates the controller's views (UIKit's `loadView()`): called once, the first time the
  /// controller is shown, just before ``viewDidLoad()``. Override it to build the view hierarchy in
  /// code; never call it yourself. There is nothing to call on `super`.
  open func loadView() {}

  /// Called once, the first time the controller is shown, after ``loadView()``. Override it; there
  /// is nothing to call on `super`.
  open func viewDidLoad() {}

  /// Called just before the controller's view appears (UIKit's `viewWillAppear(_:)`): when it is
  /// presented, pushed, revealed by a pop or a dismissal, selected as a tab, made a window root or
  /// embedded in a parent on screen. Override it; there is nothing to call on `super`.
  ///
  /// - Parameter animated: Whether the appearance is animated.
  open func viewWillAppear(_ animated: Bool) {}

  /// Called once the controller's view has appeared (UIKit's `viewDidAppear(_:)`), when the
  /// transition that showed it ends. Override it; there is nothing to call on `super`.
  ///
  /// - Parameter animated: Whether the appearance was animated.
  open func viewDidAppear(_ animated: Bool) {}

  /// Called just before the controller's view disappears (UIKit's `viewWillDisappear(_:)`): when it
  /// is dismissed, popped, covered by a push or a full-screen presentation, another tab is
  /// selected, or it is removed. Override it; there is nothing to call on `super`.
  ///
  /// - Parameter animated: Whether the disappearance is animated.
  open func viewWillDisappear(_ animated: Bool) {}

  /// Called once the controller's view has disappeared (UIKit's `viewDidDisappear(_:)`), when the
  /// transition that hid it ends; never for a cancelled interactive pop. Override it; there is
  /// nothing to call on `super`.
  ///
  /// - Parameter animated: Whether the disappearance was animated.
  open func viewDidDisappear(_ animated: Bool) {}

  /// Whether the controller is being presented, during the appearance callbacks of its
  /// presentation (UIKit's `isBeingPresented`).
  public internal(set) var isBeingPresented = false
  /// Whether the controller is being dismissed, during the disappearance callbacks of its
  /// dismissal (UIKit's `isBeingDismissed`).
  public internal(set) var isBeingDismissed = false
  /// Whether the controller is being pushed, embedded or made a tab, during its appearance
  /// callbacks (UIKit's `isMovingToParent`).
  public internal(set) var isMovingToParent = false
  /// Whether the controller is being popped or removed from its container, during its
  /// disappearance callbacks (UIKit's `isMovingFromParent`).
  public internal(set) var isMovingFromParent = false

  /// Where the controller is in UIKit's appearance cycle.
  enum AppearanceState { case disappeared, appearing, appeared, disappearing }
  /// Where the controller is in UIKit's appearance cycle.
  private(set) var appearanceState = AppearanceState.disappeared

  /// Whether the controller's view is on screen or appearing.
  var isAppearingOrAppeared: Bool {
    appearanceState == .appearing || appearanceState == .appeared
  }

  /// Starts an appearance (`isAppearing`) or a disappearance (UIKit's
  /// `beginAppearanceTransition(_:animated:)`): calls ``viewWillAppear(_:)`` or
  /// ``viewWillDisappear(_:)``, unless the controller already is in that state, then forwards it
  /// to the children it shows. A container of your own calls it for the children it shows and
  /// hides; the host calls it for everything it shows and hides.
  ///
  /// - Parameters:
  ///   - isAppearing: Whether the view appears (`true`) or disappears.
  ///   - animated: Whether the transition is animated.
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    switch (isAppearing, appearanceState) {
    case (true, .disappeared), (true, .disappearing):
      loadViewIfNeeded()
      lastAppearanceAnimated = animated
      appearanceState = .appearing
      viewWillAppear(animated)
    case (false, .appeared), (false, .appearing):
      lastAppearanceAnimated = animated
      appearanceState = .disappearing
      viewWillDisappear(animated)
    default:
      return
    }
    for child in appearanceChildren {
      child.beginAppearanceTransition(isAppearing, animated: animated)
    }
  }

  /// Ends the appearance or disappearance begun by
  /// ``beginAppearanceTransition(_:animated:)`` (UIKit's `endAppearanceTransition()`): calls
  /// ``viewDidAppear(_:)`` or ``viewDidDisappear(_:)``, then forwards it to the children it shows.
  public func endAppearanceTransition() {
    switch appearanceState {
    case .appearing:
      appearanceState = .appeared
      viewDidAppear(lastAppearanceAnimated)
    case .disappearing:
      appearanceState = .disappeared
      viewDidDisappear(lastAppearanceAnimated)
    default:
      return
    }
    for child in appearanceChildren { child.endAppearanceTransition() }
  }
  private var lastAppearanceAnimated = false

  /// The children whose appearance this controller forwards (UIKit's containment): embedded
  /// children; containers add the child they show (a stack's top, the selected tab).
  var appearanceChildren: [HeadlessViewController] { children }

  /// Runs ``loadView()`` and ``viewDidLoad()`` if they have not run yet.
  public func loadViewIfNeeded() {
    guard !isViewLoaded else { return }
    isViewLoaded = true
    loadView()
    viewDidLoad()
  }

  /// Called when the controller becomes visible; loads it and what it shows.
  func becameVisible() {
    loadViewIfNeeded()
    presented?.becameVisible()
  }

  /// The area of this controller's view named `name`, created on first use and owned by this
  /// controller (as a subview is owned by its superview).
  ///
  /// - Parameter name: The area's name, such as `"header"`.
  /// - Returns: The area.
  public func area(_ name: String) -> HeadlessContainerArea {
    if let area = areas[name] { return area }
    let area = HeadlessContainerArea(name: name, owner: self)
    areas[name] = area
    return area
  }

  /// The controller's name in the host's log (see ``HeadlessHost/name(of:)``).
  open var description: String { logName }

  // MARK: - ViewControlling

  public var toolkit: any UIToolkit { host }
  /// What this controller, or the nearest ancestor that presents, presents (as UIKit's
  /// `presentedViewController`: "presented by this view controller, or one of its ancestors").
  public var presentedController: (any ViewControlling)? {
    presented ?? parent?.presentedController
  }
  public var presentingController: (any ViewControlling)? {
    presenting ?? parent?.presentingController
  }
  public var parentController: (any ViewControlling)? { parent }
  public var navigationContainer: (any NavigationControlling)? { navigationController }

  /// The controllers it contains: embedded children (containers add their stack or tabs).
  public var childControllers: [any ViewControlling] { children }

  /// Whether the controller is in a window's hierarchy: a window's root, inside one, or presented
  /// from one.
  public var isInWindow: Bool {
    var current = self
    while true {
      if let window = current.window { return window.root === current }
      if let next = current.parent ?? current.presenting {
        current = next
      } else {
        return false
      }
    }
  }

  /// The controller that presents on behalf of this one, as UIKit chooses it: for a context
  /// presentation the nearest controller up the parent chain that defines the presentation
  /// context; otherwise (and when none does) the outermost container this controller sits in.
  ///
  /// - Parameter style: The style of the presentation.
  /// - Returns: The controller whose ``presentedController`` the presented controller becomes.
  public func presentationContext(for style: PresentationStyle) -> HeadlessViewController {
    if style == .overCurrentContext {
      var candidate: HeadlessViewController? = self
      while let current = candidate {
        if current.definesPresentationContext { return current }
        candidate = current.parent
      }
    }
    var top = self
    while let parent = top.parent { top = parent }
    return top
  }

  /// Presents `controller` as UIKit's `present(_:animated:completion:)` does, refusing what UIKit
  /// refuses. Overridable, as UIKit's is: a test spy may record the call and call `super`.
  open func presentController(
    _ controller: any ViewControlling, style: PresentationStyle, animated: Bool,
    completion: (@MainActor () -> Void)?
  ) throws {
    let (controller, context) = try present(controller, style: style, "present")
    controller.modalPresentationStyle = style
    host.record(.presented(controller.logName, by: logName, style: style))
    controller.becameVisible()
    var appearance = AppearanceTransition(animated: animated)
    // Only a full-screen presentation removes the presenter's views, so only it makes the
    // presenter disappear; sheets (the default since iOS 13) and "over" styles leave it on
    // screen (`UIModalPresentationStyle.fullScreen` / `.overFullScreen` / `.pageSheet` pages).
    if style == .fullScreen { appearance.disappear(context) }
    appearance.appear(controller, \.isBeingPresented)
    appearance.begin()
    context.animate(
      animated, "presentation of \(controller.logName)", completion: completion,
      then: appearance.end)
  }

  /// Shows `controller` as an overlay sheet. Overridable, like ``presentController(_:style:animated:completion:)``.
  open func presentOverlay(
    _ controller: any ViewControlling, appearance: OverlayAppearance, animated: Bool,
    completion: (@MainActor () -> Void)?
  ) throws {
    let (controller, context) = try present(controller, style: .pageSheet, "overlay")
    controller.overlayAppearance = appearance
    controller.modalPresentationStyle = .pageSheet
    controller.isModalInPresentation = !appearance.dismissesInteractively
    host.record(.overlaid(controller.logName, by: logName, appearance: appearance))
    controller.becameVisible()
    var transition = AppearanceTransition(animated: animated)
    transition.appear(controller, \.isBeingPresented)  // a sheet: the presenter stays on screen
    transition.begin()
    context.animate(
      animated, "overlay of \(controller.logName)", completion: completion, then: transition.end)
  }

  /// Checks what UIKit checks before presenting, and links `controller` to the presentation
  /// context.
  private func present(_ controller: any ViewControlling, style: PresentationStyle, _ verb: String)
    throws -> (HeadlessViewController, HeadlessViewController)
  {
    let controller = try host.headless(controller)
    let context = presentationContext(for: style)
    if let holder = controller.parent ?? controller.presenting {
      throw TransitionError(
        .alreadyShown,
        "\(logName) cannot \(verb) \(controller.logName): it is already shown by \(holder.logName) "
          + "(UIKit raises an exception for a controller that has a parent or is presented).",
        fix: "\(verb) a controller that is not shown, or the container it sits in")
    }
    guard isInWindow else {
      throw TransitionError(
        .notInWindow,
        "\(logName) cannot \(verb) \(controller.logName): \(logName) is not in a window (UIKit only logs "
          + "a warning and never presents).",
        fix: "show \(logName) first (make it, or a container holding it, a window's root), or "
          + "present from a controller that is on screen")
    }
    if let inFlight = context.transitionInFlight {
      throw TransitionError(
        .transitionInFlight,
        "\(logName) cannot \(verb) \(controller.logName): the \(inFlight) in its presentation "
          + "context \(context.logName) is still animating.",
        fix: "present from the completion of that transition (or call host.finishTransitions() "
          + "in a test)")
    }
    if let presented = context.presented {
      throw TransitionError(
        .alreadyPresenting,
        "\(logName) cannot \(verb) \(controller.logName): its presentation context \(context.logName) "
          + "already presents \(presented.logName).",
        fix: "dismiss \(presented.logName) first, or present from \(presented.logName)")
    }
    context.presented = controller
    controller.presenting = context
    controller.presentedFrom = logName
    return (controller, context)
  }

  /// Runs `completion` now, or, when the host's timing is strict and `animated` is true, when the
  /// host finishes its transitions; marks this controller busy meanwhile.
  func animate(
    _ animated: Bool, _ what: String, inStack: Bool = false,
    completion: (@MainActor () -> Void)?, then finish: @escaping @MainActor () -> Void = {}
  ) {
    guard animated, host.timing == .strict else {
      finish()
      completion?()
      return
    }
    let flag = inStack ? \HeadlessViewController.stackTransitionInFlight : \.transitionInFlight
    self[keyPath: flag] = what
    host.enqueue { [self] in
      self[keyPath: flag] = nil
      finish()
      completion?()
    }
  }

  /// Dismisses what this controller's presentation context presents, with everything above it.
  /// Overridable, like ``dismiss(animated:completion:)``.
  open func dismissPresentedController(
    animated: Bool, completion: (@MainActor () -> Void)?
  ) {
    guard let dismissed = presented else {
      // UIKit asks the ancestor that presents to dismiss.
      if let parent {
        parent.dismissPresentedController(animated: animated, completion: completion)
      } else {
        completion?()
      }
      return
    }
    if transitionInFlight != nil {
      // Raw UIKit ignores a dismissal while the context animates; ViperNest's UIKit adapter waits
      // for the transition in flight instead, and so does the host: the dismissal starts once
      // that transition ends (its finisher is queued first).
      host.enqueue { [self] in
        dismissPresentedController(animated: animated, completion: completion)
      }
      return
    }
    host.record(.dismissed(dismissed.logName, by: dismissed.presentedFrom ?? logName))
    // Everything above `dismissed` goes with it (only what is on screen gets callbacks); the
    // presenter reappears only if a full-screen presentation had removed its views.
    var appearance = AppearanceTransition(animated: animated)
    var chain = [dismissed]
    while let next = chain.last?.presented { chain.append(next) }
    for controller in chain.reversed() { appearance.disappear(controller, \.isBeingDismissed) }
    if dismissed.modalPresentationStyle == .fullScreen { appearance.appear(self) }
    appearance.begin()
    animate(animated, "dismissal of \(dismissed.logName)", completion: completion) { [self] in
      appearance.end()
      NavigationLifecycle.controllerDidLeaveHierarchy(dismissed)
      unlinkPresentations(from: dismissed)
    }
  }

  /// Dismisses as UIKit's `dismiss(animated:completion:)` does: what this controller, or the
  /// ancestor that presents for it, presents, with everything above it; when nothing is presented,
  /// itself (its presenter dismisses it).
  /// Overridable, as UIKit's is.
  ///
  /// ```swift
  /// sheet.dismiss(animated: false)  // sheet was presented: its presenter dismisses it
  /// ```
  ///
  /// - Parameters:
  ///   - animated: Whether to animate.
  ///   - completion: Called once the dismissal ends.
  open func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
    if presentedViewController != nil {
      dismissPresentedController(animated: animated, completion: completion)
    } else if let presenter = presentingController as? HeadlessViewController {
      presenter.dismissPresentedController(animated: animated, completion: completion)
    } else {
      completion?()
    }
  }

  /// Unlinks `dismissed` from this controller, and every controller `dismissed` presents in turn
  /// (UIKit dismisses the whole chain above the dismissed controller).
  private func unlinkPresentations(from dismissed: HeadlessViewController) {
    guard presented === dismissed else { return }
    presented = nil
    var current: HeadlessViewController? = dismissed
    while let controller = current {
      current = controller.presented
      controller.presented = nil
      controller.presenting = nil
      controller.leftBehindIn?.forget(controller)
      controller.leftBehindIn = nil
    }
  }

  public func embedController(_ child: any ViewControlling, in area: any ContainerArea) throws {
    let child = try host.headless(child)
    guard let area = area as? HeadlessContainerArea else {
      throw TransitionError.incompatible(
        area, expected: "HeadlessContainerArea", toolkit: "HeadlessHost")
    }
    guard area.owner === self else {
      throw TransitionError(
        .areaNotInParent,
        "Cannot embed \(child.logName) in \(logName): area \(area.name) belongs to "
          + "\(area.owner?.logName ?? "a released controller").",
        fix: "embed into an area of the parent: parent.area(\"\(area.name)\")")
    }
    if let presenter = child.presenting {
      throw TransitionError(
        .alreadyShown,
        "Cannot embed \(child.logName) in \(logName): it is presented by \(presenter.logName).",
        fix: "dismiss it first, or embed a controller that is not shown")
    }
    // UIKit's addChild(_:) first removes a controller that has a parent from that parent.
    child.parent?.detachChild(child)
    children.append(child)
    childAreas[ObjectIdentifier(child)] = area.name
    child.parent = self
    host.record(.embedded(child.logName, in: logName, area: area.name))
    child.becameVisible()
    // A child's view added to a parent on screen appears (containment forwards appearance).
    var appearance = AppearanceTransition(animated: false)
    if isAppearingOrAppeared { appearance.appear(child, \.isMovingToParent) }
    appearance.begin()
    if appearanceState == .appeared { appearance.end() }
  }

  public func removeFromParentController() {
    parent?.removeChild(self)
  }

  /// Removes `child` from this container for good (its modules end); containers override
  /// ``detachChild(_:)`` for their own children.
  func removeChild(_ child: HeadlessViewController) {
    guard detachChild(child) else { return }
    host.record(.removed(child.logName, from: logName))
    var appearance = AppearanceTransition(animated: false)
    appearance.disappear(child, \.isMovingFromParent)
    appearance.begin()
    appearance.end()
    NavigationLifecycle.controllerDidLeaveHierarchy(child)
  }

  /// Unlinks `child` from this container without ending anything (it moves elsewhere).
  @discardableResult
  func detachChild(_ child: HeadlessViewController) -> Bool {
    guard let index = children.firstIndex(where: { $0 === child }) else { return false }
    children.remove(at: index)
    childAreas[ObjectIdentifier(child)] = nil
    child.parent = nil
    return true
  }

  /// The name of the area `child` is embedded in.
  ///
  /// - Parameter child: An embedded child.
  /// - Returns: The area's name, or `nil` when `child` is not embedded here.
  public func areaName(of child: HeadlessViewController) -> String? {
    childAreas[ObjectIdentifier(child)]
  }

  public func applyNavigationBarAppearance(_ appearance: NavigationBarAppearance) {
    navigationBarAppearance = appearance
  }

  public func applyTabItem(_ item: TabItem) {
    tabItem = item
  }
}
