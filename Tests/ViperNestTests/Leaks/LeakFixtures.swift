@testable import ViperNest

// A corpus of VIPER modules with known answers. Each namespace holds the classes that differ
// from the clean module; type names are unqualified in reports, so every fixture reads like the
// same ContactList module.

// MARK: - Module contracts

protocol ContactListViewInput: AnyObject {
  func show(_ names: [String])
}

protocol ContactListViewOutput: AnyObject {
  func viewDidLoad()
}

protocol ContactListInteractorInput: AnyObject {
  func load()
}

protocol ContactListInteractorOutput: AnyObject {
  func didLoad(_ names: [String])
}

protocol ContactListRouterInput: AnyObject {
  func openDetail()
}

/// Wiring the module builder performs; each fixture decides how its properties own.
protocol FixtureView: ContactListViewInput {
  func attach(presenter: any ContactListViewOutput)
}

protocol FixturePresenter: ContactListViewOutput, ContactListInteractorOutput {
  func attach(
    view: any ContactListViewInput, interactor: any ContactListInteractorInput,
    router: any ContactListRouterInput)
}

protocol FixtureInteractor: ContactListInteractorInput {
  func attach(output: any ContactListInteractorOutput)
}

protocol FixtureRouter: ContactListRouterInput {
  func attach(viewController: any ContactListViewInput)
}

// MARK: - Hosting

/// What keeps a presented module alive: the screen holds the view, as a navigation stack would.
final class FixtureScreen {
  private(set) var view: AnyObject?
  private let owner: LeakOwnerToken

  init(view: AnyObject, owner: LeakOwnerToken) {
    self.view = view
    self.owner = owner
  }

  /// Pops the module: releases the view and tells the detector the module was dismissed.
  func dismiss() {
    view = nil
    owner.end()
  }
}

/// A story: owns its scoped services while open.
final class FixtureStory {
  let owner: LeakOwnerToken
  private var services: [AnyObject] = []

  init(_ name: String, detector: LeakDetector, parent: FixtureStory? = nil) {
    owner = detector.beginOwner(.story, name: name, parent: parent?.owner)
  }

  /// Creates a story-scoped service, as the registry would, and tracks it.
  func service<Service: AnyObject>(_ make: () -> Service) -> Service {
    let service = make()
    services.append(service)
    owner.track(service, role: .storyService)
    return service
  }

  /// Closes the story: releases its services and ends it (and the modules opened inside it).
  func close() {
    services.removeAll()
    owner.end()
  }
}

/// Builds a module as the registry's module builder would: wires it, checks its ownership rules,
/// tracks its four objects and returns the screen presenting it.
func assembleContactList(
  view: some FixtureView, presenter: some FixturePresenter, interactor: some FixtureInteractor,
  router: some FixtureRouter, detector: LeakDetector, story: FixtureStory? = nil
) -> FixtureScreen {
  view.attach(presenter: presenter)
  presenter.attach(view: view, interactor: interactor, router: router)
  interactor.attach(output: presenter)
  router.attach(viewController: view)
  detector.checkOwnership(view: view, presenter: presenter, interactor: interactor, router: router)
  let owner = detector.beginModule(
    "ContactList", parent: story?.owner, view: view, presenter: presenter,
    interactor: interactor, router: router)
  return FixtureScreen(view: view, owner: owner)
}

// MARK: - Clean module

enum CleanModule {
  final class ContactListView: FixtureView {
    var presenter: (any ContactListViewOutput)?
    func attach(presenter: any ContactListViewOutput) { self.presenter = presenter }
    func show(_ names: [String]) {}
  }

  final class ContactListPresenter: FixturePresenter {
    weak var view: (any ContactListViewInput)?
    var interactor: (any ContactListInteractorInput)?
    var router: (any ContactListRouterInput)?
    var onUpdate: (() -> Void)?
    var observers: [() -> Void] = []

    func attach(
      view: any ContactListViewInput, interactor: any ContactListInteractorInput,
      router: any ContactListRouterInput
    ) {
      self.view = view
      self.interactor = interactor
      self.router = router
      onUpdate = { [weak self] in self?.viewDidLoad() }
      observers.append { [unowned self] in self.didLoad([]) }
    }

    func viewDidLoad() { interactor?.load() }
    func didLoad(_ names: [String]) { view?.show(names) }
  }

  final class ContactListInteractor: FixtureInteractor {
    weak var output: (any ContactListInteractorOutput)?
    func attach(output: any ContactListInteractorOutput) { self.output = output }
    func load() { output?.didLoad(["Ada"]) }
  }

  final class ContactListRouter: FixtureRouter {
    weak var viewController: (any ContactListViewInput)?
    func attach(viewController: any ContactListViewInput) { self.viewController = viewController }
    func openDetail() {}
  }

  static func present(detector: LeakDetector, story: FixtureStory? = nil) -> FixtureScreen {
    assembleContactList(
      view: ContactListView(), presenter: ContactListPresenter(),
      interactor: ContactListInteractor(), router: ContactListRouter(), detector: detector,
      story: story)
  }
}

// MARK: - Strong presenter → view

enum StrongPresenterToView {
  final class ContactListPresenter: FixturePresenter {
    var view: (any ContactListViewInput)?
    var interactor: (any ContactListInteractorInput)?
    var router: (any ContactListRouterInput)?

    func attach(
      view: any ContactListViewInput, interactor: any ContactListInteractorInput,
      router: any ContactListRouterInput
    ) {
      self.view = view
      self.interactor = interactor
      self.router = router
    }

    func viewDidLoad() {}
    func didLoad(_ names: [String]) {}
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - Strong interactor → presenter

enum StrongInteractorToPresenter {
  final class ContactListInteractor: FixtureInteractor {
    var output: (any ContactListInteractorOutput)?
    func attach(output: any ContactListInteractorOutput) { self.output = output }
    func load() {}
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: CleanModule.ContactListPresenter(),
      interactor: ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - Strong router → view controller

enum StrongRouterToViewController {
  final class ContactListRouter: FixtureRouter {
    var viewController: (any ContactListViewInput)?
    func attach(viewController: any ContactListViewInput) { self.viewController = viewController }
    func openDetail() {}
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: CleanModule.ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: ContactListRouter(),
      detector: detector)
  }
}

// MARK: - Closure on the presenter capturing self

enum ClosureCapturingSelf {
  final class ContactListPresenter: FixturePresenter {
    weak var view: (any ContactListViewInput)?
    var interactor: (any ContactListInteractorInput)?
    var router: (any ContactListRouterInput)?
    var onUpdate: (() -> Void)?

    func attach(
      view: any ContactListViewInput, interactor: any ContactListInteractorInput,
      router: any ContactListRouterInput
    ) {
      self.view = view
      self.interactor = interactor
      self.router = router
      onUpdate = { self.viewDidLoad() }
    }

    func viewDidLoad() { interactor?.load() }
    func didLoad(_ names: [String]) {}
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - Closures capturing self inside a struct and an array

enum ClosureInStructAndArray {
  struct Actions {
    var onSelect: (Int) -> Void = { _ in }
    var title = "Contacts"
  }

  final class ContactListPresenter: FixturePresenter {
    weak var view: (any ContactListViewInput)?
    var interactor: (any ContactListInteractorInput)?
    var router: (any ContactListRouterInput)?
    var actions = Actions()
    var observers: [() -> Void] = []
    var selected = 0

    func attach(
      view: any ContactListViewInput, interactor: any ContactListInteractorInput,
      router: any ContactListRouterInput
    ) {
      self.view = view
      self.interactor = interactor
      self.router = router
      actions.onSelect = { index in self.selected = index }
      observers.append { self.viewDidLoad() }
    }

    func viewDidLoad() { interactor?.load() }
    func didLoad(_ names: [String]) {}
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - A delegate held strongly by a service

enum DelegateHeldByService {
  protocol ContactSyncDelegate: AnyObject {
    func syncDidFinish()
  }

  final class ContactSyncService {
    var delegate: (any ContactSyncDelegate)?
  }

  final class ContactListInteractor: FixtureInteractor, ContactSyncDelegate {
    weak var output: (any ContactListInteractorOutput)?
    let syncService = ContactSyncService()

    func attach(output: any ContactListInteractorOutput) {
      self.output = output
      syncService.delegate = self
    }

    func load() {}
    func syncDidFinish() {}
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: CleanModule.ContactListPresenter(),
      interactor: ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - A story-scoped service holding a module's presenter

enum StoryServiceHoldsPresenter {
  final class ContactsStoryService {
    var lastPresenter: (any ContactListViewOutput)?
  }

  static func present(
    detector: LeakDetector, story: FixtureStory, service: ContactsStoryService
  ) -> FixtureScreen {
    let presenter = CleanModule.ContactListPresenter()
    service.lastPresenter = presenter
    return assembleContactList(
      view: CleanModule.ContactListView(), presenter: presenter,
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector, story: story)
  }
}

// MARK: - An app singleton holding a view

enum SingletonHoldsView {
  final class AppSession: @unchecked Sendable {
    // Safe because only `SingletonFixtureTests`, a serialized suite, reads or writes
    // `currentView`, one test at a time.
    static let shared = AppSession()
    var currentView: AnyObject?
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    let view = CleanModule.ContactListView()
    AppSession.shared.currentView = view
    return assembleContactList(
      view: view, presenter: CleanModule.ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - A cycle through a superclass property

enum SuperclassCycle {
  class BasePresenter {
    var view: (any ContactListViewInput)?
  }

  final class ContactListPresenter: BasePresenter, FixturePresenter {
    var interactor: (any ContactListInteractorInput)?
    var router: (any ContactListRouterInput)?

    func attach(
      view: any ContactListViewInput, interactor: any ContactListInteractorInput,
      router: any ContactListRouterInput
    ) {
      self.view = view
      self.interactor = interactor
      self.router = router
    }

    func viewDidLoad() {}
    func didLoad(_ names: [String]) {}
  }

  static func present(detector: LeakDetector) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - A module kept alive by an unfinished Task

enum UnfinishedTask {
  /// Opens once; a task waiting on it resumes then.
  final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
      (stream, continuation) = AsyncStream.makeStream()
    }

    func wait() async {
      for await _ in stream {}
    }

    func open() {
      continuation.finish()
    }
  }

  final class ContactListPresenter: FixturePresenter, @unchecked Sendable {
    // Safe because `refreshes` is only written by the refresh task, after the module is built
    // and while no other code touches the presenter.
    weak var view: (any ContactListViewInput)?
    var interactor: (any ContactListInteractorInput)?
    var router: (any ContactListRouterInput)?
    var refreshes = 0
    let gate: Gate

    init(gate: Gate) {
      self.gate = gate
    }

    func attach(
      view: any ContactListViewInput, interactor: any ContactListInteractorInput,
      router: any ContactListRouterInput
    ) {
      self.view = view
      self.interactor = interactor
      self.router = router
      // The task keeps `self` alive until the gate opens.
      Task {
        await gate.wait()
        self.refreshes += 1
      }
    }

    func viewDidLoad() {}
    func didLoad(_ names: [String]) {}
  }

  static func present(detector: LeakDetector, gate: Gate) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: ContactListPresenter(gate: gate),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}
