public import Foundation
public import Observation
public import ViperNest

/// A story's native SwiftUI navigation: a typed stack for `NavigationStack(path:)`, a sheet and a
/// full-screen cover, each shown by item. Routers drive it with modules they resolve by type; the
/// user's own changes (the back button, the edge swipe, a sheet swiped down) and the app's edits
/// of ``path`` end the modules they remove and close their stories, as transitions do for UIKit.
///
/// Register one per story whose screens navigate natively, and let routers read it from their
/// resolver when they navigate (never store it in a router: the navigation holds the modules,
/// which hold their routers):
///
/// ```swift
/// r.register(ScreenNavigation.self, lifetime: .story(NotesStory.self), mainActor: { _ in
///   ScreenNavigation()
/// })
///
/// // in a router:
/// func showNote(_ index: Int) throws {
///   let navigation = try resolver.resolve(ScreenNavigation.self)
///   let (story, module) = try resolver.open(NoteDetailStory.self) {
///     try $0.resolve(NoteDetailModule.self, arguments: index)
///   }
///   try navigation.push(module, story: story)
/// }
/// ```
///
/// A story nested in one that has a navigation (a tab's stack inside the app's, say) registers
/// its own with `r.registerScreenNavigation(for: TabStory.self)`, which needs no
/// `overriding`: it is another stack, not a replacement.
///
/// In an app, `ScreenNavigationStack(navigation:root:)` binds it to a `NavigationStack`, a
/// `sheet(item:)` and a `fullScreenCover(item:)`; in tests, ``HeadlessScreenStack`` simulates
/// them, with the user's gestures.
///
/// A module that leaves the path or a presentation ends at once: its stories close and the leak
/// detector expects its objects to go. SwiftUI may keep the screen's value until its next update,
/// so check for leaks after it (`await detector.check()`, or after
/// ``HeadlessScreenStack/update()``).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class ScreenNavigation: Observable {
  private let registrar = ObservationRegistrar()
  private var storedPath: [ScreenRoute] = []
  private var storedSheet: ScreenRoute?
  private var storedCover: ScreenRoute?

  /// What changed, for the headless stack's log.
  package enum Change {
    case path(old: [ScreenRoute], new: [ScreenRoute])
    case sheet(old: ScreenRoute?, new: ScreenRoute?)
    case fullScreenCover(old: ScreenRoute?, new: ScreenRoute?)
  }

  /// Called after each write (the headless stack observes it).
  package var onChange: ((Change) -> Void)?

  /// Creates an empty navigation: nothing pushed, nothing presented.
  public init() {}

  /// The pushed modules, bottom first (the root is not in it): bind it to
  /// `NavigationStack(path:)`.
  ///
  /// Setting it is one update: SwiftUI's back button and edge swipe write it shorter by one, the
  /// back button's history menu by several; the app may write any path of routes it got from this
  /// navigation. The modules no longer in it end, innermost first.
  public var path: [ScreenRoute] {
    get {
      registrar.access(self, keyPath: \.path)
      return storedPath
    }
    set {
      let old = storedPath
      registrar.withMutation(of: self, keyPath: \.path) { storedPath = newValue }
      end(old.reversed().filter { !newValue.contains($0) })
      onChange?(.path(old: old, new: newValue))
    }
  }

  /// The module shown as a sheet: bind it to `sheet(item:)`. SwiftUI writes nil when the user
  /// swipes it down; writing another route replaces it. The module that leaves ends.
  public var sheet: ScreenRoute? {
    get {
      registrar.access(self, keyPath: \.sheet)
      return storedSheet
    }
    set {
      let old = storedSheet
      registrar.withMutation(of: self, keyPath: \.sheet) { storedSheet = newValue }
      if let old, old != newValue { end([old]) }
      onChange?(.sheet(old: old, new: newValue))
    }
  }

  /// The module shown as a full-screen cover: bind it to `fullScreenCover(item:)`. The user cannot
  /// swipe it away; the module that leaves ends.
  public var fullScreenCover: ScreenRoute? {
    get {
      registrar.access(self, keyPath: \.fullScreenCover)
      return storedCover
    }
    set {
      let old = storedCover
      registrar.withMutation(of: self, keyPath: \.fullScreenCover) { storedCover = newValue }
      if let old, old != newValue { end([old]) }
      onChange?(.fullScreenCover(old: old, new: newValue))
    }
  }

  // MARK: - Showing

  /// Pushes `module` on the stack.
  ///
  /// - Parameters:
  ///   - module: A screen module (a `Module` or ``ScreenModule`` built by a ``ScreenBuilder``).
  ///   - story: The story opened for the module, closed when it leaves the path.
  /// - Throws: ``ScreenNavigationError`` (``ScreenNavigationError/Code/notAScreen``,
  ///   ``ScreenNavigationError/Code/alreadyShown``); `story` is closed then.
  public func push(_ module: some Presentable, story: Story? = nil) throws {
    let route = try route(for: module, story: story, interactiveDismissDisabled: false)
    path.append(route)
  }

  /// Presents `module` as a sheet.
  ///
  /// - Parameters:
  ///   - module: A screen module.
  ///   - story: The story opened for the module, closed when the sheet goes.
  ///   - interactiveDismissDisabled: Whether the user may not swipe it down. Default: false.
  /// - Throws: ``ScreenNavigationError``, also ``ScreenNavigationError/Code/presentationShown``
  ///   while a sheet or cover is shown; `story` is closed then.
  public func presentSheet(
    _ module: some Presentable, story: Story? = nil, interactiveDismissDisabled: Bool = false
  ) throws {
    try checkNoPresentation(module, story)
    sheet = try route(
      for: module, story: story, interactiveDismissDisabled: interactiveDismissDisabled)
  }

  /// Presents `module` as a full-screen cover (which the user cannot swipe away).
  ///
  /// - Parameters:
  ///   - module: A screen module.
  ///   - story: The story opened for the module, closed when the cover goes.
  /// - Throws: As ``presentSheet(_:story:interactiveDismissDisabled:)``.
  public func presentFullScreenCover(_ module: some Presentable, story: Story? = nil) throws {
    try checkNoPresentation(module, story)
    fullScreenCover = try route(for: module, story: story, interactiveDismissDisabled: true)
  }

  /// Replaces the path with `modules`, in one update: the modules no longer in it end.
  ///
  /// - Parameter modules: Screen modules with the stories opened for them, bottom first.
  /// - Throws: ``ScreenNavigationError`` when one is not a screen module or already shown;
  ///   nothing changes then, and the given stories are closed.
  public func setPath(_ modules: [(module: any Presentable, story: Story?)]) throws {
    var routes: [ScreenRoute] = []
    for (index, entry) in modules.enumerated() {
      do {
        routes.append(
          try route(for: entry.module, story: entry.story, interactiveDismissDisabled: false))
      } catch {
        for later in modules[(index + 1)...] { later.story?.close() }
        end(routes.reversed())
        throw error
      }
    }
    path = routes
  }

  /// Opens `url` as a deep link: resolves every step of its route (push steps, then at most one
  /// present step, shown as a sheet), each in its own story, then shows them all in one update:
  /// one write of ``path`` (and of ``sheet``). What the link replaces ends.
  ///
  /// The route starts with the stack's root as a window root in `story`'s story type (so that
  /// validation and `LinkNavigator.open(_:animated:)` read it as UIKit routes); that step is on
  /// screen already and is not built again.
  ///
  /// ```swift
  /// try navigation.open(URL(string: "notes://notes/2/edit")!, with: navigator, in: notesStory)
  /// ```
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - navigator: The navigator of the app's routes (`Registrar.route(_:file:line:_:)`).
  ///   - story: The story of the stack's root screen: the first step's story opens inside it.
  /// - Throws: `LinkError` as `LinkNavigator.open(_:animated:)` does (nothing changed, every
  ///   story the link opened closed); ``ScreenNavigationError`` for a step that is not a screen
  ///   module, or a present step that is not the last.
  public func open(_ url: URL, with navigator: LinkNavigator, in story: Story) throws {
    let steps = try navigator.resolveSteps(url, in: story)
    var routes: [ScreenRoute] = []
    var presented: ScreenRoute?
    do {
      for (index, step) in steps.enumerated() {
        if !step.isPush && index != steps.count - 1 {
          throw ScreenNavigationError(
            .presentationShown,
            "Step \(index + 1) of \(url.absoluteString) presents a module, and a later step "
              + "shows another: a SwiftUI navigation pushes steps and presents the last one only.",
            fix: "make the present step the route's last")
        }
        let route = try route(
          for: step.module, story: step.story, interactiveDismissDisabled: false)
        if step.isPush { routes.append(route) } else { presented = route }
      }
    } catch {
      end((routes + [presented].compactMap { $0 }).reversed())
      for step in steps.reversed() { step.story.close() }
      throw error
    }
    if sheet != nil { sheet = nil }
    if fullScreenCover != nil { fullScreenCover = nil }
    path = routes
    if let presented { sheet = presented }
  }

  // MARK: - Hiding

  /// Pops the top module.
  ///
  /// - Throws: ``ScreenNavigationError/Code/emptyPath`` when nothing is pushed.
  public func pop() throws {
    guard !storedPath.isEmpty else {
      throw ScreenNavigationError(
        .emptyPath, "Nothing is pushed: the stack's root cannot be popped.",
        fix: "pop only what was pushed; dismiss the stack's own presenter to leave the root")
    }
    path.removeLast()
  }

  /// Pops every pushed module, in one update.
  public func popToRoot() {
    if !storedPath.isEmpty { path = [] }
  }

  /// Dismisses the sheet, if one is shown (`interactiveDismissDisabled` does not block it).
  public func dismissSheet() {
    if storedSheet != nil { sheet = nil }
  }

  /// Dismisses the full-screen cover, if one is shown.
  public func dismissFullScreenCover() {
    if storedCover != nil { fullScreenCover = nil }
  }

  /// Dismisses the screen `controller` hosts, as SwiftUI's `dismiss` read in that screen does
  /// (S11): a sheet or cover is dismissed, a pushed screen is popped with the screens above it,
  /// anything else is left alone.
  ///
  /// ```swift
  /// // in the router of a screen that may be pushed or presented:
  /// func close() throws {
  ///   try resolver.resolve(ScreenNavigation.self).dismiss(viewController)
  /// }
  /// ```
  ///
  /// - Parameter controller: The module's controller (a router's `viewController`); nil (a module
  ///   already released) does nothing.
  public func dismiss(_ controller: (any ViewControlling)?) {
    guard let controller else { return }
    let id = ObjectIdentifier(controller)
    if storedSheet?.id == id {
      sheet = nil
    } else if storedCover?.id == id {
      fullScreenCover = nil
    } else if let index = storedPath.firstIndex(where: { $0.id == id }) {
      path = Array(storedPath[..<index])
    }
  }

  // MARK: - Routes

  /// A route for `module`, which now holds `story`; closes `story` when it throws.
  private func route(
    for module: any Presentable, story: Story?, interactiveDismissDisabled: Bool
  ) throws -> ScreenRoute {
    let controller = module.viewController
    guard let host = controller as? any ScreenHosting else {
      story?.close()
      throw ScreenNavigationError(
        .notAScreen,
        "\(type(of: controller)) is not a screen module's view: a ScreenNavigation shows screens "
          + "built by a ScreenBuilder.",
        fix: "show a UIKit or MVC module with a transition (push, present from its router), or "
          + "build this screen with a ScreenBuilder")
    }
    let id = ObjectIdentifier(host)
    if isShownHere(id) || host.parentController != nil || host.presentingController != nil {
      story?.close()
      throw ScreenNavigationError(
        .alreadyShown, "\(type(of: host)) of this module is already shown.",
        fix: "hide it first, or build a new module")
    }
    if let story { host.screenLinks.holdStory(story) }
    host.screenLinks.didShow()
    let name = (host.hostedScreen.map { String(describing: type(of: $0)) }) ?? "\(type(of: host))"
    return ScreenRoute(
      host: host, name: name, isInteractiveDismissDisabled: interactiveDismissDisabled)
  }

  private func isShownHere(_ id: ObjectIdentifier) -> Bool {
    storedPath.contains { $0.id == id } || storedSheet?.id == id || storedCover?.id == id
  }

  private func checkNoPresentation(_ module: some Presentable, _ story: Story?) throws {
    guard let shown = storedSheet ?? storedCover else { return }
    story?.close()
    throw ScreenNavigationError(
      .presentationShown,
      "Cannot present \(type(of: module.viewController)): \(shown.name) is already presented at "
        + "this level, and SwiftUI presents one sheet or cover at a time.",
      fix: "dismiss it first (dismissSheet(), dismissFullScreenCover()), or present from the "
        + "presented screen's own navigation")
  }

  /// Ends the modules of `routes`, in that order: their stories close, their leak groups end.
  private func end(_ routes: [ScreenRoute]) {
    for route in routes { NavigationLifecycle.controllerDidLeaveHierarchy(route.host) }
  }
}
