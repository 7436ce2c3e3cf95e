public import Observation
public import ViperNest

/// Builds a screen module: an `@Observable` presenter (links naming `NoView`), its interactor and
/// router resolved from the story, wired with VIPER's ownership, and a ``VIPERScreen`` that owns
/// the presenter, hosted by a controller that owns the screen.
///
/// Ownership: host controller → screen → presenter strong, presenter → interactor and router
/// strong, interactor → presenter weak, router → host controller weak. Nothing else holds the
/// presenter: releasing the host (popping, dismissing) releases the module. The host is the
/// module's view, so every transition, router helper, deep link and leak check treats a screen
/// module like a UIKit one; in an app it is a `UIHostingController`, in tests the headless
/// host's `HeadlessScreenHostingController` (install `HeadlessHost`'s assembly).
///
/// ```swift
/// typealias ContactsScreenBuilder = ScreenBuilder<
///   ContactsScreen, ContactsPresenter, ContactsInteractor, ContactsRouter
/// >
///
/// r.register(ContactsModule.self, builder: ContactsScreenBuilder.self, in: ContactsStory.self) {
///   $0.module(input: { $0 })
/// }
/// ```
///
/// A presenter that adopts ``ScreenAppearance`` is told when its screen appears and disappears,
/// and runs its ``ScreenAppearance/screenTask()`` while the screen is shown, whichever host shows
/// it (`ScreenNavigationStack`, the hosting controller, the headless hosts).
///
/// A module without an interactor or a router names `NoInteractor` or `NoRouter`, as with
/// `VIPERBuilder`. The presenter is created by the builder only (see ``VIPERScreen``).
///
/// Availability: Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10. An app that still runs
/// on iOS 16 builds its SwiftUI screens as the view of a `VIPERBuilder` module (a
/// `UIHostingController` subclass conforming to `VIPERView`, its presenter an
/// `ObservableObject`), or keeps them behind an availability check.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
open class ScreenBuilder<
  Screen: VIPERScreen, Presenter: VIPERPresenter & Observable, Interactor: VIPERInteractor,
  Router: VIPERRouter
> where Screen.Presenter == Presenter {
  /// The module's name in messages and leak reports: the screen's type name without a trailing
  /// `Screen` or `View` (`ContactsScreen` → `Contacts`).
  open class var moduleName: String {
    var name = String(describing: Screen.self)
    for suffix in ["Screen", "View"] where name.hasSuffix(suffix) && name != suffix {
      name.removeLast(suffix.count)
      break
    }
    return name
  }

  private init() {}

  /// Builds and wires the module in `story`.
  ///
  /// ```swift
  /// let module = try ContactsScreenBuilder.build(in: contacts)
  /// try router.push(module)
  /// ```
  ///
  /// - Parameter story: Where the layers are resolved (a `Story` or a factory's `Resolver`).
  /// - Returns: The wired module.
  /// - Throws: `ViperNestError` when a layer or a service cannot be resolved; `ModuleError`
  ///   when the layers do not fit together (`ModuleError.Code.contractMismatch`), a layer
  ///   belongs to another module, or nothing can host the screen
  ///   (`ModuleError.Code.noToolkit`, on a platform without SwiftUI and no headless host).
  public static func build(in story: some Resolving) throws -> ScreenModule<
    Screen, Presenter, Interactor, Router
  > {
    try assemble(story.resolver) { try $0.resolve(Presenter.self) }
  }

  /// Builds and wires the module in `story`, passing typed data to the presenter's registration.
  ///
  /// ```swift
  /// r.register(ContactDetailPresenter.self, arguments: Contact.self, mainActor: { r, contact in
  ///   ContactDetailPresenter(contact: contact)
  /// })
  /// let module = try ContactDetailScreenBuilder.build(in: story, passing: contact)
  /// ```
  ///
  /// - Parameters:
  ///   - story: Where the layers are resolved.
  ///   - first: The first argument of the presenter's registration.
  ///   - rest: Its other arguments, in order.
  /// - Returns: The wired module.
  /// - Throws: As ``build(in:)``.
  public static func build<First, each Rest>(
    in story: some Resolving, passing first: First, _ rest: repeat each Rest
  ) throws -> ScreenModule<Screen, Presenter, Interactor, Router> {
    try assemble(story.resolver) {
      try $0.resolve(Presenter.self, arguments: first, repeat each rest)
    }
  }

  static func assemble(
    _ resolver: Resolver, presenter makePresenter: (Resolver) throws -> Presenter
  ) throws -> ScreenModule<Screen, Presenter, Interactor, Router> {
    let name = moduleName
    let wired: ScreenWiring.Wired<Presenter, Interactor, Router> = try ScreenWiring.assemble(
      resolver, builder: Self.self, moduleName: name, presenter: makePresenter
    ) { presenter, links in
      let screen = Screen(presenter: presenter)
      if let toolkit = try? resolver.resolve((any UIToolkit).self),
        let hosting = toolkit as? any ScreenHostingToolkit
      {
        return hosting.hostScreen(screen, named: String(describing: Screen.self), links: links)
      }
      return try platformHost(screen, links: links)
    }
    wired.host.screenLinks.appearance = .forwarding(to: wired.presenter)
    return ScreenModule(
      view: wired.host, presenter: wired.presenter, interactor: wired.interactor,
      router: wired.router)
  }
}
