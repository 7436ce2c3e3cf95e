// The VIPER module every scenario builds: view, presenter, interactor and router, with the three
// weak back-links VIPER needs (presenter → view, interactor → presenter, router → view) and a
// shared app service used by the interactor. Every contender builds exactly these objects.

protocol SharedService: AnyObject, Sendable {
  var name: String { get }
}

final class AppSharedService: SharedService, Sendable {
  let name = "shared"
}

protocol ModuleViewing: AnyObject {
  var presenter: any ModulePresenting { get }
}

final class ModuleView: ModuleViewing {
  let presenter: any ModulePresenting
  init(presenter: any ModulePresenting) {
    constructionCounter.record(.view)
    self.presenter = presenter
  }
}

protocol ModuleInteractorOutput: AnyObject {}

protocol ModulePresenting: ModuleInteractorOutput {
  var view: (any ModuleViewing)? { get set }
  var interactor: any ModuleInteracting { get }
  var router: any ModuleRouting { get }
}

final class ModulePresenter: ModulePresenting {
  weak var view: (any ModuleViewing)?
  let interactor: any ModuleInteracting
  let router: any ModuleRouting
  init(interactor: any ModuleInteracting, router: any ModuleRouting) {
    constructionCounter.record(.presenter)
    self.interactor = interactor
    self.router = router
  }
}

protocol ModuleInteracting: AnyObject {
  var output: (any ModuleInteractorOutput)? { get set }
  var service: any SharedService { get }
}

final class ModuleInteractor: ModuleInteracting {
  weak var output: (any ModuleInteractorOutput)?
  let service: any SharedService
  init(service: any SharedService) {
    constructionCounter.record(.interactor)
    self.service = service
  }
}

protocol ModuleRouting: AnyObject {
  var view: (any ModuleViewing)? { get set }
}

final class ModuleRouter: ModuleRouting {
  weak var view: (any ModuleViewing)?
  init() { constructionCounter.record(.router) }
}

/// Sets the module's three weak links, given its view (which owns everything else).
@inline(__always)
func wireWeakLinks(of view: some ModuleViewing) {
  let presenter = view.presenter
  presenter.view = view
  presenter.interactor.output = presenter
  presenter.router.view = view
}

/// Whether `view` is a correctly wired module around `service`. Every contender is checked
/// before it is timed: a fast wrong answer does not count.
func isWiredModule(_ view: any ModuleViewing, service: any SharedService) -> Bool {
  let presenter = view.presenter
  return presenter.view === view && presenter.interactor.output === presenter
    && presenter.router.view === view && presenter.interactor.service === service
}

/// Whether everything a module built by `build` is released once its view is dropped.
func moduleIsReleased(_ build: () throws -> any ModuleViewing) rethrows -> Bool {
  weak var view: (any ModuleViewing)?
  weak var presenter: (any ModulePresenting)?
  weak var interactor: (any ModuleInteracting)?
  weak var router: (any ModuleRouting)?
  try {
    let built = try build()
    view = built
    presenter = built.presenter
    interactor = built.presenter.interactor
    router = built.presenter.router
  }()
  return view == nil && presenter == nil && interactor == nil && router == nil
}

/// A service with no dependencies: the `transient-leaf` subject.
final class Leaf {
  var value = 0
  init() {}
}

/// An app singleton: the `app-hit` subject.
final class AppConfiguration: Sendable {
  let environment = "production"
  init() {}
}

/// Extra app singletons for the `concurrent-2t` mix.
final class AnalyticsService: Sendable {
  init() {}
}

final class SettingsStore: Sendable {
  init() {}
}

final class SessionService: Sendable {
  init() {}
}

/// A story-scoped service: the `story-hit` and `story-cycle` subject.
final class FlowState {
  var step = 0
  init() {}
}

/// A service that lives as long as one flow: the `story-cycle` subject.
final class FlowSession {
  var step = 0
  init() {}
}
