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
  /// The controller's name in the log. Default: its type name.
  public var name: String {
    get { customName ?? String(describing: type(of: self)) }
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

  private var presented: HeadlessViewController?
  private weak var presenting: HeadlessViewController?
  /// The container it is in (a stack, a tab container, a parent it is embedded in).
  weak var parent: HeadlessViewController?
  /// The window it is the root of.
  public internal(set) weak var window: HeadlessWindow?
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

  /// Called once, the first time the controller is shown. Override it; there is nothing to call on
  /// `super`.
  open func viewDidLoad() {}

  /// Runs ``viewDidLoad()`` if it has not run yet.
  public func loadViewIfNeeded() {
    guard !isViewLoaded else { return }
    isViewLoaded = true
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

  public var description: String { name }

  // MARK: - ViewControlling

  public var toolkit: any UIToolkit { host }
  public var presentedController: (any ViewControlling)? { presented }
  public var presentingController: (any ViewControlling)? {
    presenting ?? parent?.presentingController
  }
  public var parentController: (any ViewControlling)? { parent }
  public var navigationContainer: (any NavigationControlling)? {
    var container = parent
    while let current = container {
      if let navigation = current as? HeadlessNavigationController { return navigation }
      container = current.parent
    }
    return nil
  }

  public func presentController(
    _ controller: any ViewControlling, style: PresentationStyle, animated: Bool,
    completion: (@MainActor () -> Void)?
  ) throws {
    let controller = try present(controller)
    controller.modalPresentationStyle = style
    host.record(.presented(controller.name, by: name, style: style))
    controller.becameVisible()
    completion?()
  }

  public func presentOverlay(
    _ controller: any ViewControlling, appearance: OverlayAppearance, animated: Bool,
    completion: (@MainActor () -> Void)?
  ) throws {
    let controller = try present(controller)
    controller.overlayAppearance = appearance
    host.record(.overlaid(controller.name, by: name, appearance: appearance))
    controller.becameVisible()
    completion?()
  }

  private func present(_ controller: any ViewControlling) throws -> HeadlessViewController {
    let controller = try host.headless(controller)
    if let presented {
      throw TransitionError(
        .alreadyPresenting,
        "\(name) cannot present \(controller.name): it already presents \(presented.name).",
        fix: "dismiss \(presented.name) first")
    }
    presented = controller
    controller.presenting = self
    return controller
  }

  public func dismissPresentedController(
    animated: Bool, completion: (@MainActor () -> Void)?
  ) {
    guard let dismissed = presented else {
      completion?()
      return
    }
    presented = nil
    dismissed.presenting = nil
    host.record(.dismissed(dismissed.name, by: name))
    completion?()
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
        "Cannot embed \(child.name) in \(name): area \(area.name) belongs to "
          + "\(area.owner?.name ?? "a released controller").",
        fix: "embed into an area of the parent: parent.area(\"\(area.name)\")")
    }
    children.append(child)
    childAreas[ObjectIdentifier(child)] = area.name
    child.parent = self
    host.record(.embedded(child.name, in: name, area: area.name))
    child.becameVisible()
  }

  public func removeFromParentController() {
    parent?.removeChild(self)
  }

  /// Removes `child` from this container; containers override it for their own children.
  func removeChild(_ child: HeadlessViewController) {
    guard let index = children.firstIndex(where: { $0 === child }) else { return }
    children.remove(at: index)
    childAreas[ObjectIdentifier(child)] = nil
    child.parent = nil
    host.record(.removed(child.name, from: name))
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
