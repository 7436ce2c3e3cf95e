import Testing
import ViperNest

/// Watches a module's four layers through weak references, for ownership assertions.
@MainActor
struct ModuleProbe {
  static let allLayers = ["view", "presenter", "interactor", "router"]

  private weak var view: AnyObject?
  private weak var presenter: AnyObject?
  private weak var interactor: AnyObject?
  private weak var router: AnyObject?

  init<View, Presenter, Interactor, Router>(
    _ module: VIPERModule<View, Presenter, Interactor, Router>
  ) {
    view = module.view
    presenter = module.presenter
    interactor = module.interactor
    router = module.router
  }

  /// Reaches the layers from a built module's view, through its links.
  init(view: some VIPERView) {
    func layers<Presenter: VIPERPresenter>(of presenter: Presenter) -> (AnyObject, AnyObject) {
      (presenter.links.interactor as AnyObject, presenter.links.router as AnyObject)
    }
    let presenter = view.links.presenter as AnyObject
    self.view = view
    self.presenter = presenter
    if let typed = presenter as? any VIPERPresenter {
      (interactor, router) = layers(of: typed)
    }
  }

  /// The layers still alive, in the order view, presenter, interactor, router.
  var alive: [String] {
    zip(Self.allLayers, [view, presenter, interactor, router]).compactMap { $1 == nil ? nil : $0 }
  }

  func expectAllAlive(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(alive == Self.allLayers, "while shown", sourceLocation: sourceLocation)
  }

  func expectAllReleased(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(alive == [], "after hiding", sourceLocation: sourceLocation)
  }
}

/// A weak reference to any object, for release assertions.
struct WeakRef {
  weak var object: AnyObject?
  init(_ object: AnyObject?) { self.object = object }
}
