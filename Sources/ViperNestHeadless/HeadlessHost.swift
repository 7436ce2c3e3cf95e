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

  /// Creates a host with an empty log.
  public init() {}

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
    record(.loaded(controller.name, from: ui))
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
    navigation.name = "Navigation(\(root.name))"
    try navigation.setStack([root])
    return navigation
  }

  /// Creates an empty tab container named `Tabs`.
  ///
  /// - Returns: A ``HeadlessTabController``.
  public func makeTabContainer() -> any TabControlling {
    HeadlessTabController(host: self)
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
