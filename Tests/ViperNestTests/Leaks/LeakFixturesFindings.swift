import ViperNest

@testable import ViperNest

// Fixture-corpus cases for the findings of issue 12, one per finding, each a different shape of
// leak (or of non-leak) than the cases of LeakFixtures.swift.

// MARK: - An app registration of an instance the registry did not create (finding 2)

enum ExistingInstance {
  /// A client created before the registry, as `URLSession.shared` or an analytics SDK is.
  final class AnalyticsClient: Sendable {
    static let shared = AnalyticsClient()
    static let sdk = AnalyticsClient()
    static let legacy = AnalyticsClient()
  }

  /// A cache the app story creates; a global keeps it after the app story closed.
  final class ImageCache: Sendable {}

  /// Where the leaky variant parks the app-created cache.
  final class Parking: @unchecked Sendable {
    // Safe because only `ExistingInstanceTests`, a serialized suite, writes `cache`, one test at
    // a time.
    static let shared = Parking()
    var cache: ImageCache?
  }

  /// Registers the client in the ways an app can: as an instance, through a factory marked
  /// process-owned, and through plain factories returning a static's object or a captured one.
  static func assembly(plainFactory: Bool) -> AnyAssembly {
    AnyAssembly { r in
      r.register(AnalyticsClient.self, name: "instance", instance: AnalyticsClient.shared)
      r.register(AnalyticsClient.self, name: "marked", lifetime: .app) { _ in
        LeakDetector.markProcessOwned(AnalyticsClient.sdk)
        return AnalyticsClient.sdk
      }
      if plainFactory {
        // A static holds it: the report names global storage (on Linux) and the way out.
        r.register(AnalyticsClient.self, name: "plain", lifetime: .app) { _ in
          AnalyticsClient.legacy
        }
        // Created before the registry, but only the registration's closure holds it: nothing
        // tells ViperNest it was not created for the app story.
        let captured = AnalyticsClient()
        r.register(AnalyticsClient.self, name: "captured", lifetime: .app) { _ in captured }
      }
      r.register(ImageCache.self, lifetime: .app) { _ in ImageCache() }
    }
  }
}

// MARK: - A leaked router whose resolver reaches the registry's internals (finding 3)

enum RouterReachingTheRegistry {
  /// A client a plain `.app` factory returns: the registration's closure captures it.
  final class PushClient: Sendable {}

  /// A router that keeps the resolver it was given, and itself through a closure.
  final class CheckoutRouter {
    var resolver: Resolver?
    var onDone: (() -> Void)?

    init(resolver: Resolver) {
      self.resolver = resolver
      onDone = { _ = self }
    }
  }

  static func assembly() -> AnyAssembly {
    let client = PushClient()
    return AnyAssembly { r in
      // The factory captures the client, as `{ _ in self }` in an assembly property does.
      r.register(PushClient.self, lifetime: .app) { _ in client }
    }
  }
}

// MARK: - A cycle through ViperNest's own links, closed by the interactor (finding 4)

/// Wired with ViperNest's links, as the builder does: the presenter owns the interactor through
/// `PresenterLinks`, and the interactor closes the cycle with a closure capturing the presenter.
@MainActor
enum LinkedModule {
  final class ContactListView {
    let links = ViewLinks<ContactListPresenter>()
  }

  final class ContactListPresenter {
    let links = PresenterLinks<ContactListView, ContactListInteractor, ContactListRouter>()
    func refresh() {}
  }

  final class ContactListInteractor {
    let links = InteractorLinks<ContactListPresenter>()
    /// The bug: a stored closure capturing the presenter strongly.
    var onChange: (() -> Void)?
  }

  final class ContactListRouter {}

  static func present(detector: LeakDetector) -> FixtureScreen {
    let view = ContactListView()
    let presenter = ContactListPresenter()
    let interactor = ContactListInteractor()
    let router = ContactListRouter()
    view.links.wire(presenter: presenter)
    presenter.links.wire(view: view, interactor: interactor, router: router)
    interactor.links.wire(presenter: presenter)
    interactor.onChange = { presenter.refresh() }
    let owner = detector.beginModule(
      "ContactList", view: view, presenter: presenter, interactor: interactor, router: router)
    return FixtureScreen(view: view, owner: owner)
  }
}

// MARK: - An interactor held by an unfinished Task (finding 5)

enum InteractorHeldByTask {
  final class ContactListInteractor: FixtureInteractor, @unchecked Sendable {
    // Safe because `syncs` is only written by the sync task, after the module is built and
    // while no other code touches the interactor.
    weak var output: (any ContactListInteractorOutput)?
    var syncs = 0
    let gate: UnfinishedTask.Gate

    init(gate: UnfinishedTask.Gate) {
      self.gate = gate
    }

    func attach(output: any ContactListInteractorOutput) {
      self.output = output
      // The task keeps `self` alive until the gate opens; nothing stores it.
      Task {
        await gate.wait()
        self.syncs += 1
      }
    }

    func load() {}
  }

  static func present(detector: LeakDetector, gate: UnfinishedTask.Gate) -> FixtureScreen {
    assembleContactList(
      view: CleanModule.ContactListView(), presenter: CleanModule.ContactListPresenter(),
      interactor: ContactListInteractor(gate: gate), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}

// MARK: - A view kept in a static variable (finding 5, the decidable case)

@MainActor
enum ViewInStaticVariable {
  /// The bug: "the last screen shown", kept strongly in a static variable.
  static var lastShown: AnyObject?

  static func present(detector: LeakDetector) -> FixtureScreen {
    let view = CleanModule.ContactListView()
    lastShown = view
    return assembleContactList(
      view: view, presenter: CleanModule.ContactListPresenter(),
      interactor: CleanModule.ContactListInteractor(), router: CleanModule.ContactListRouter(),
      detector: detector)
  }
}
