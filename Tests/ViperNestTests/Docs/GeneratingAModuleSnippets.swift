// swift-format-ignore-file
// What the module generator writes, verbatim, compiled and run as part of ViperNest's tests:
//   swift package --allow-writing-to-package-directory generate-module ContactCard \
//     --in Sources/MyApp --story ContactsStory
//   swift package --allow-writing-to-package-directory generate-module About --mvc --in Sources/MyApp
//   swift package --allow-writing-to-package-directory generate-module NoteCard --view swiftui \
//     --in Sources/MyApp --story NotesStory
// (import lines gathered at the top; ContactsStory and NotesStory are the tests' own).
// docs/GeneratingAModule.md shows parts of it; GeneratorDocumentationTests checks that this file
// holds every generated file.
import Observation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

#if !VIPERNEST_DEFAULT_ISOLATION_CLIENT
  // The default-isolation client's guide snippets do not depend on ViperNestSwiftUI, and
  // NotesStory is a fixture of the root package's tests.
  import ViperNestSwiftUI
#endif

// MARK: - ContactCardModule.swift

// What callers of the ContactCard module see: its Input, its Output and its Module type. It is
// registered and resolved by that type, so callers never see the VIPER layers behind it.

/// What callers may tell the ContactCard module.
@MainActor
protocol ContactCardInput: AnyObject {
  /// Sets the title the module shows.
  func configure(title: String)
}

/// What the ContactCard module reports to its caller (usually the presenter of the module that
/// showed it), which it holds weakly.
@MainActor
protocol ContactCardOutput: AnyObject {
  /// The user is done: the module reports it, then closes.
  func contactCardDidFinish()
}

/// The ContactCard module as callers resolve it: `try resolver.resolve(ContactCardModule.self)`.
typealias ContactCardModule = Module<any ContactCardInput, any ContactCardOutput>

// MARK: - ContactCardContracts.swift

// The contracts between the ContactCard module's layers: each layer talks to its neighbours
// through them only. Replace the sample members with the module's own.

/// Presenter → view: what the presenter may tell its view.
@MainActor
protocol ContactCardViewProtocol: AnyObject {
  func show(title: String)
}

/// View → presenter: the view's life cycle and the user's actions.
@MainActor
protocol ContactCardViewOutput: AnyObject {
  func viewDidLoad()
  func didTapDone()
}

/// Presenter → interactor: what the presenter may ask of the use case.
@MainActor
protocol ContactCardInteractorProtocol: AnyObject {
  func loadTitle()
  func update(title: String)
}

/// Interactor → presenter: the use case's results.
@MainActor
protocol ContactCardInteractorOutput: AnyObject {
  func didLoad(title: String)
}

/// Presenter → router: where the presenter may ask the module to go.
@MainActor
protocol ContactCardRouterProtocol: AnyObject {
  func close() throws
}

// MARK: - ContactCardView.swift

/// The ContactCard screen: it shows what its presenter tells it and forwards the user's actions.
///
/// A `HeadlessViewController` runs anywhere: on Linux, in tests, in a command-line app. For an
/// iOS screen, subclass `UIViewController` instead (or generate the module with `--ui uikit`);
/// nothing else changes.
final class ContactCardView: HeadlessViewController, VIPERView {
  /// The link to the presenter, held strongly: the view owns its module.
  let links = ViewLinks<any ContactCardViewOutput>()
  /// The title on screen.
  private(set) var shownTitle = ""

  override func viewDidLoad() { presenter.viewDidLoad() }

  /// The user tapped Done.
  func tapDone() { presenter.didTapDone() }
}

extension ContactCardView: ContactCardViewProtocol {
  func show(title: String) { shownTitle = title }
}

// MARK: - ContactCardPresenter.swift

/// The ContactCard module's presenter: it turns the user's actions into requests to the
/// interactor and the router, and the interactor's results into what the view shows. It is
/// the module's Input, and reports to its Output.
final class ContactCardPresenter: VIPERPresenter {
  /// Its links: the view held weakly, the interactor and the router strongly.
  let links = PresenterLinks<
    any ContactCardViewProtocol, any ContactCardInteractorProtocol, any ContactCardRouterProtocol
  >()
  /// Where the module reports to, held weakly.
  @Weak var output: (any ContactCardOutput)?
  /// Why the router could not navigate, if it could not.
  private(set) var routingError: (any Error)?
}

extension ContactCardPresenter: ContactCardInput {
  func configure(title: String) { interactor.update(title: title) }
}

extension ContactCardPresenter: ContactCardViewOutput {
  func viewDidLoad() { interactor.loadTitle() }

  func didTapDone() {
    output?.contactCardDidFinish()
    do { try router.close() } catch { routingError = error }
  }
}

extension ContactCardPresenter: ContactCardInteractorOutput {
  func didLoad(title: String) { view?.show(title: title) }
}

// MARK: - ContactCardInteractor.swift

/// The ContactCard module's interactor: the use case's logic and state, reported to the
/// presenter. Services (a store, an API client) come through its initializer, resolved from
/// the registry: add parameters, and register it with `ContactCardInteractor.init(store:)`.
final class ContactCardInteractor: VIPERInteractor {
  /// Its link to the presenter, held weakly: the presenter owns the interactor.
  let links = InteractorLinks<any ContactCardInteractorOutput>()
  private var title = "Contact Card"
}

extension ContactCardInteractor: ContactCardInteractorProtocol {
  func loadTitle() { presenter?.didLoad(title: title) }

  func update(title: String) {
    self.title = title
    presenter?.didLoad(title: title)
  }
}

// MARK: - ContactCardRouter.swift

/// The ContactCard module's router: where the module goes. It resolves the next modules by
/// their type from `resolver` (the story the module was built in) and shows them from its view
/// controller, held weakly.
final class ContactCardRouter: VIPERRouter {
  /// Its links: the module's view controller, held weakly, and its story's resolver.
  let links = RouterLinks()
}

extension ContactCardRouter: ContactCardRouterProtocol {
  /// Hides the module, which was presented. (Pushed, it pops instead: `try pop()`.)
  func close() throws { try dismiss() }

  // Showing another module, resolved by its type:
  //
  //   func showNext(output: any NextOutput) throws {
  //     let module = try resolver.resolve(NextModule.self)
  //     module.output = output
  //     try present(module)
  //   }
}

// MARK: - ContactCardBuilder.swift

/// Builds the ContactCard module: resolves its presenter, interactor and router from the story it
/// is built in, loads its view, and wires them with VIPER's ownership.
final class ContactCardBuilder: VIPERBuilder<
  ContactCardView, ContactCardPresenter, ContactCardInteractor, ContactCardRouter
>
{}

// MARK: - ContactCardAssembly.swift

/// Registers the ContactCard module: `ContactCardModule` by its type, which routers resolve, with
/// its builder and its layers in `ContactsStory`, the story the module runs in, where
/// `validate()` checks them.
///
/// Install it with your other assemblies: `try Registry(AppAssembly(), ContactCardAssembly())`.
struct ContactCardAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(ContactCardModule.self, builder: ContactCardBuilder.self, in: ContactsStory.self) {
      $0.module(input: { $0 }, output: { $0.output = $1 })
    }
    r.story(ContactsStory.self) { r in
      r.register(ContactCardPresenter.self, mainActor: ContactCardPresenter.init)
      r.register(ContactCardInteractor.self, mainActor: ContactCardInteractor.init)
      r.register(ContactCardRouter.self, mainActor: ContactCardRouter.init)
    }
  }
}

// MARK: - ContactCardModuleTests.swift

/// The ContactCard module, built by its assembly on the headless host: shown, driven through its
/// Input, view and Output, hidden, and checked for leaks.
@MainActor
struct ContactCardModuleTests {
  @Test func registrationsAreValid() throws {
    expectValid(try Registry(ContactCardAssembly()))
  }

  @Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput() throws {
    let harness = try ContactCardHarness()
    let story = try harness.app.open(ContactsStory.self)
    let module = try story.resolve(ContactCardModule.self)
    let output = ContactCardOutputSpy()
    module.output = output
    module.input.configure(title: "Hello")
    try PresentTransition(from: harness.root, to: module).perform()

    let view = try #require(module.view as? ContactCardView)
    #expect(view.shownTitle == "Hello")
    view.tapDone()
    #expect(output.finishCount == 1)
    #expect(harness.root.presentedController == nil)
    story.close()
    harness.app.close()
  }

  @Test func hidingTheModuleReleasesEveryLayer() async throws {
    let harness = try ContactCardHarness()
    let story = try harness.app.open(ContactsStory.self)
    try await expectReleased {
      let module = try ContactCardBuilder.build(in: story)
      expectVIPEROwnership(
        view: module.view, presenter: module.presenter, interactor: module.interactor,
        router: module.router)
      let transition = PresentTransition(from: harness.root, to: module)
      try transition.perform()
      try transition.reverse()
      return [module.view, module.presenter, module.interactor, module.router]
    }
    story.close()
    harness.app.close()
  }
}

/// The ContactCard module's assembly on a headless host, and a root screen to present it from.
@MainActor
private struct ContactCardHarness {
  let host = HeadlessHost()
  let app: Story
  let root: HeadlessViewController
  private let window: HeadlessWindow

  init() throws {
    app = try Registry(host.assembly, ContactCardAssembly()).start()
    window = host.makeWindow()
    root = HeadlessViewController(host: host)
    try window.setRootController(root)
  }
}

/// Records what the ContactCard module reports.
private final class ContactCardOutputSpy: ContactCardOutput {
  private(set) var finishCount = 0

  func contactCardDidFinish() { finishCount += 1 }
}

// MARK: - AboutModule.swift

// What callers of the About module see: its Input, its Output and its Module type. It is
// registered and resolved by that type, so callers never see the view controller behind it.

/// What callers may tell the About module.
@MainActor
protocol AboutInput: AnyObject {
  /// Sets the title the module shows.
  func configure(title: String)
}

/// What the About module reports to its caller (usually the presenter of the module that
/// showed it), which it holds weakly.
@MainActor
protocol AboutOutput: AnyObject {
  /// The user is done: the module reports it, then closes.
  func aboutDidFinish()
}

/// The About module as callers resolve it: `try resolver.resolve(AboutModule.self)`.
typealias AboutModule = Module<any AboutInput, any AboutOutput>

// MARK: - AboutViewController.swift

/// The About module as one view controller (MVC): it is the module's Input and reports to
/// its Output. Behind `AboutModule`, callers cannot tell it from a VIPER module.
///
/// A `HeadlessViewController` runs anywhere: on Linux, in tests, in a command-line app. For an
/// iOS screen, subclass `UIViewController` instead (or generate the module with `--ui uikit`).
final class AboutViewController: HeadlessViewController {
  /// Where the module reports to, held weakly.
  @Weak var output: (any AboutOutput)?
  /// The title on screen.
  private(set) var shownTitle = ""
  private var titleText = "About"

  override func viewDidLoad() { shownTitle = titleText }

  /// The user tapped Done: reports it, then closes the module.
  func tapDone() {
    output?.aboutDidFinish()
    presentingController?.dismissPresentedController(animated: true, completion: nil)
  }
}

extension AboutViewController: AboutInput {
  func configure(title: String) {
    titleText = title
    if isViewLoaded { shownTitle = titleText }
  }
}

// MARK: - AboutAssembly.swift

/// Registers the About module, one view controller, by its type (`AboutModule`),
/// which routers resolve.
///
/// Install it with your other assemblies: `try Registry(AppAssembly(), AboutAssembly())`.
struct AboutAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(
      AboutModule.self,
      mainActor: { r in
        let controller = AboutViewController(host: try r.resolve())
        return Module(view: controller, input: controller) { [weak controller] output in
          controller?.output = output
        }
      })
  }
}

// MARK: - AboutModuleTests.swift

/// The About module, resolved from its assembly on the headless host: shown, driven through
/// its Input, controller and Output, hidden, and checked for leaks.
@MainActor
struct AboutModuleTests {
  @Test func registrationsAreValid() throws {
    expectValid(try Registry(AboutAssembly()))
  }

  @Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput() throws {
    let harness = try AboutHarness()
    let module = try harness.app.resolve(AboutModule.self)
    let output = AboutOutputSpy()
    module.output = output
    module.input.configure(title: "Hello")
    try PresentTransition(from: harness.root, to: module).perform()

    let controller = try #require(module.view as? AboutViewController)
    #expect(controller.shownTitle == "Hello")
    controller.tapDone()
    #expect(output.finishCount == 1)
    #expect(harness.root.presentedController == nil)
    harness.app.close()
  }

  @Test func hidingTheModuleReleasesItsController() async throws {
    let harness = try AboutHarness()
    try await expectReleased {
      let module = try harness.app.resolve(AboutModule.self)
      let transition = PresentTransition(from: harness.root, to: module)
      try transition.perform()
      try transition.reverse()
      return [module.view]
    }
    harness.app.close()
  }
}

/// The About module's assembly on a headless host, and a root screen to present it from.
@MainActor
private struct AboutHarness {
  let host = HeadlessHost()
  let app: Story
  let root: HeadlessViewController
  private let window: HeadlessWindow

  init() throws {
    app = try Registry(host.assembly, AboutAssembly()).start()
    window = host.makeWindow()
    root = HeadlessViewController(host: host)
    try window.setRootController(root)
  }
}

/// Records what the About module reports.
private final class AboutOutputSpy: AboutOutput {
  private(set) var finishCount = 0

  func aboutDidFinish() { finishCount += 1 }
}

#if !VIPERNEST_DEFAULT_ISOLATION_CLIENT

// MARK: - NoteCardModule.swift

// What callers of the NoteCard module see: its Input, its Output and its Module type. It is
// registered and resolved by that type, so callers never see the screen and layers behind it.

/// What callers may tell the NoteCard module.
@MainActor
protocol NoteCardInput: AnyObject {
  /// Sets the title the module shows.
  func configure(title: String)
}

/// What the NoteCard module reports to its caller (usually the presenter of the module that
/// showed it), which it holds weakly.
@MainActor
protocol NoteCardOutput: AnyObject {
  /// The user is done: the module reports it, then closes.
  func noteCardDidFinish()
}

/// The NoteCard module as callers resolve it: `try resolver.resolve(NoteCardModule.self)`.
typealias NoteCardModule = Module<any NoteCardInput, any NoteCardOutput>

// MARK: - NoteCardContracts.swift

// The contracts between the NoteCard module's layers: each layer talks to its neighbours
// through them only. The screen talks to its presenter directly (it reads its observable
// state), so there is no view contract. Replace the sample members with the module's own.

/// Presenter → interactor: what the presenter may ask of the use case.
@MainActor
protocol NoteCardInteractorProtocol: AnyObject {
  func loadTitle()
  func update(title: String)
}

/// Interactor → presenter: the use case's results.
@MainActor
protocol NoteCardInteractorOutput: AnyObject {
  func didLoad(title: String)
}

/// Presenter → router: where the presenter may ask the module to go.
@MainActor
protocol NoteCardRouterProtocol: AnyObject {
  func close() throws
}

// MARK: - NoteCardScreen.swift

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// The NoteCard screen: it shows its presenter's state and forwards the user's actions to it.
/// It owns the presenter, which `NoteCardBuilder` makes and wires: hold it in a `let`, never
/// create it here (not in `body`, not as `@State`).
///
/// Its SwiftUI `body` is compiled where SwiftUI is; elsewhere (Linux, the headless host in
/// tests) the screen is a plain value its host holds.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NoteCardScreen: VIPERScreen {
  /// The module's presenter, made by the builder.
  let presenter: NoteCardPresenter
}

#if canImport(SwiftUI)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NoteCardScreen: View {
    var body: some View {
      VStack(spacing: 16) {
        Text(presenter.title)
        Button("Done") { presenter.didTapDone() }
      }
    }
  }
#endif

// MARK: - NoteCardPresenter.swift

/// The NoteCard module's presenter: it holds the state its screen shows (observed by SwiftUI),
/// turns the user's actions into requests to the interactor and the router, and the
/// interactor's results into state. It is the module's Input, and reports to its Output.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class NoteCardPresenter: VIPERPresenter, NoteCardInput, NoteCardInteractorOutput {
  /// Its links: no view (the screen owns the presenter), the interactor and the router held
  /// strongly.
  @ObservationIgnored let links = PresenterLinks<
    NoView, any NoteCardInteractorProtocol, any NoteCardRouterProtocol
  >()
  /// Where the module reports to, held weakly.
  @ObservationIgnored weak var output: (any NoteCardOutput)?
  /// The title on screen.
  private(set) var title = ""
  /// Why the router could not navigate, if it could not.
  private(set) var routingError: (any Error)?

  /// The user tapped Done: reports it, then closes the module.
  func didTapDone() {
    output?.noteCardDidFinish()
    do { try router.close() } catch { routingError = error }
  }

  func configure(title: String) { interactor.update(title: title) }

  func didLoad(title: String) { self.title = title }
}

/// What the screen's appearance does: every host calls it for the screen (SwiftUI's
/// `onAppear`, `onDisappear` and `.task`), so the screen attaches none of them.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension NoteCardPresenter: ScreenAppearance {
  /// The screen appeared: loads the title.
  func screenDidAppear() { interactor.loadTitle() }
}

// MARK: - NoteCardInteractor.swift

/// The NoteCard module's interactor: the use case's logic and state, reported to the
/// presenter. Services (a store, an API client) come through its initializer, resolved from
/// the registry: add parameters, and register it with `NoteCardInteractor.init(store:)`.
final class NoteCardInteractor: VIPERInteractor {
  /// Its link to the presenter, held weakly: the presenter owns the interactor.
  let links = InteractorLinks<any NoteCardInteractorOutput>()
  private var title = "Note Card"
}

extension NoteCardInteractor: NoteCardInteractorProtocol {
  func loadTitle() { presenter?.didLoad(title: title) }

  func update(title: String) {
    self.title = title
    presenter?.didLoad(title: title)
  }
}

// MARK: - NoteCardRouter.swift

/// The NoteCard module's router: where the module goes. It resolves the next modules by
/// their type from `resolver` (the story the module was built in) and shows them from its view
/// controller, held weakly.
final class NoteCardRouter: VIPERRouter {
  /// Its links: the module's view controller, held weakly, and its story's resolver.
  let links = RouterLinks()
}

extension NoteCardRouter: NoteCardRouterProtocol {
  /// Hides the module, which was presented. (Pushed, it pops instead: `try pop()`.)
  func close() throws { try dismiss() }

  // Showing another module, resolved by its type:
  //
  //   func showNext(output: any NextOutput) throws {
  //     let module = try resolver.resolve(NextModule.self)
  //     module.output = output
  //     try present(module)
  //   }
}

// MARK: - NoteCardBuilder.swift

/// Builds the NoteCard module: resolves its presenter, interactor and router from the story it
/// is built in, wires them with VIPER's ownership, and hosts its screen in a controller (a
/// `UIHostingController` in an app, the headless host's in tests), the module's view.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias NoteCardBuilder = ScreenBuilder<
  NoteCardScreen, NoteCardPresenter, NoteCardInteractor, NoteCardRouter
>

// MARK: - NoteCardAssembly.swift

/// Registers the NoteCard module: `NoteCardModule` by its type, which routers resolve, with
/// its builder and its layers in `NotesStory`, the story the module runs in, where
/// `validate()` checks them.
///
/// Install it with your other assemblies: `try Registry(AppAssembly(), NoteCardAssembly())`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NoteCardAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(NoteCardModule.self, builder: NoteCardBuilder.self, in: NotesStory.self) {
      $0.module(input: { $0 }, output: { $0.output = $1 })
    }
    r.story(NotesStory.self) { r in
      r.register(NoteCardPresenter.self, mainActor: NoteCardPresenter.init)
      r.register(NoteCardInteractor.self, mainActor: NoteCardInteractor.init)
      r.register(NoteCardRouter.self, mainActor: NoteCardRouter.init)
    }
  }
}

// MARK: - NoteCardModuleTests.swift

/// The NoteCard module, a SwiftUI screen built by its assembly and hosted by the headless
/// host (a `UIHostingController` in an app): shown, driven through its Input, presenter and
/// Output, dismissed, and checked for leaks.
@MainActor
struct NoteCardModuleTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func registrationsAreValid() throws {
    expectValid(try Registry(HeadlessHost().assembly, NoteCardAssembly()))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput() throws {
    let harness = try NoteCardHarness()
    let story = try harness.app.open(NotesStory.self)
    let module = try story.resolve(NoteCardModule.self)
    let output = NoteCardOutputSpy()
    module.output = output
    module.input.configure(title: "Hello")
    try PresentTransition(from: harness.root, to: module).perform()

    let host = try #require(module.view as? HeadlessScreenHostingController)
    let screen = try #require(host.screen as? NoteCardScreen)
    #expect(screen.presenter.title == "Hello")
    screen.presenter.didTapDone()
    #expect(output.finishCount == 1)
    #expect(harness.root.presentedController == nil)
    story.close()
    harness.app.close()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func swipingTheScreenDownReleasesEveryLayer() async throws {
    let harness = try NoteCardHarness()
    let story = try harness.app.open(NotesStory.self)
    try await expectReleased {
      let module = try NoteCardBuilder.build(in: story)
      try PresentTransition(from: harness.root, to: module).perform()
      let host = try #require(module.view as? HeadlessScreenHostingController)
      #expect(try harness.host.swipeDown(host), "the user swipes the sheet down")
      #expect(harness.root.presentedController == nil)
      return [
        host, module.presenter, try #require(module.interactor),
        try #require(module.router),
      ]
    }
    story.close()
    harness.app.close()
  }
}

/// The NoteCard module's assembly on a headless host, and a root screen to present it from.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
private struct NoteCardHarness {
  let host = HeadlessHost()
  let app: Story
  let root: HeadlessViewController
  private let window: HeadlessWindow

  init() throws {
    app = try Registry(host.assembly, NoteCardAssembly()).start()
    window = host.makeWindow()
    root = HeadlessViewController(host: host)
    try window.setRootController(root)
  }
}

/// Records what the NoteCard module reports.
private final class NoteCardOutputSpy: NoteCardOutput {
  private(set) var finishCount = 0

  func noteCardDidFinish() { finishCount += 1 }
}

#endif  // !VIPERNEST_DEFAULT_ISOLATION_CLIENT
