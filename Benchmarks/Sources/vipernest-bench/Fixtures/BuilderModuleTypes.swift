import ViperNest
import ViperNestHeadless

// The VIPER module of `viper-module` and `memory-1m`, written the way ViperNest's module guide
// (docs/BuildingAVIPERModule.md) shows: @MainActor contracts, the four role classes with their
// links, and a `VIPERBuilder`. The view is a headless view controller (this runs on Linux). The
// three weak links are the links' own: presenter → view, interactor → presenter,
// router → view controller. Every contender builds these same classes.

@MainActor protocol BenchViewProtocol: AnyObject {}
@MainActor protocol BenchViewOutput: AnyObject {}
@MainActor protocol BenchInteractorProtocol: AnyObject {}
@MainActor protocol BenchInteractorOutput: AnyObject {}
@MainActor protocol BenchRouterProtocol: AnyObject {}

@MainActor
final class BenchView: HeadlessViewController, VIPERView, BenchViewProtocol {
  let links = ViewLinks<any BenchViewOutput>()

  required init(host: HeadlessHost) {
    constructionCounter.record(.view)
    super.init(host: host)
  }
}

@MainActor
final class BenchPresenter: VIPERPresenter, BenchViewOutput, BenchInteractorOutput {
  let links = PresenterLinks<
    any BenchViewProtocol, any BenchInteractorProtocol, any BenchRouterProtocol
  >()
  init() { constructionCounter.record(.presenter) }
}

@MainActor
final class BenchInteractor: VIPERInteractor, BenchInteractorProtocol {
  let links = InteractorLinks<any BenchInteractorOutput>()
  let service: any SharedService
  init(service: any SharedService) {
    constructionCounter.record(.interactor)
    self.service = service
  }
}

@MainActor
final class BenchRouter: VIPERRouter, BenchRouterProtocol {
  let links = RouterLinks()
  init() { constructionCounter.record(.router) }
}

@MainActor
final class BenchBuilder: VIPERBuilder<BenchView, BenchPresenter, BenchInteractor, BenchRouter> {}

/// Whether `view` heads a correctly wired module around `service`.
@MainActor
func isWiredBuilderModule(_ view: BenchView, service: any SharedService) -> Bool {
  guard let presenter = view.presenter as? BenchPresenter,
    let interactor = presenter.interactor as? BenchInteractor,
    let router = presenter.router as? BenchRouter
  else { return false }
  return presenter.view === view && interactor.presenter === presenter
    && router.viewController === view && interactor.service === service
}

/// Whether every layer of the module `build` returns is released once its view is dropped.
@MainActor
func builderModuleIsReleased(_ build: () throws -> BenchView) rethrows -> Bool {
  weak var view: BenchView?
  weak var presenter: BenchPresenter?
  weak var interactor: BenchInteractor?
  weak var router: BenchRouter?
  try {
    let built = try build()
    view = built
    presenter = built.presenter as? BenchPresenter
    interactor = presenter?.interactor as? BenchInteractor
    router = presenter?.router as? BenchRouter
  }()
  return view == nil && presenter == nil && interactor == nil && router == nil
}
