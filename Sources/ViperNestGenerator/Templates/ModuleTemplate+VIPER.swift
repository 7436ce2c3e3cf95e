// A VIPER module's contracts and layers. Ownership comes from ViperNest's links objects: the view
// holds its presenter strongly; the presenter holds its view weakly and its interactor and router
// strongly; the interactor holds its presenter weakly; the router holds its view controller weakly.

extension ModuleTemplate {
  var contracts: String {
    let n = names
    return """
      // The contracts between the \(n.name) module's layers: each layer talks to its neighbours
      // through them only. Replace the sample members with the module's own.

      /// Presenter → view: what the presenter may tell its view.
      @MainActor
      \(head("protocol \(n.viewProtocol)", "AnyObject"))
        func show(title: String)
      }

      /// View → presenter: the view's life cycle and the user's actions.
      @MainActor
      \(head("protocol \(n.viewOutput)", "AnyObject"))
        func viewDidLoad()
        func didTapDone()
      }

      /// Presenter → interactor: what the presenter may ask of the use case.
      @MainActor
      \(head("protocol \(n.interactorProtocol)", "AnyObject"))
        func loadTitle()
        func update(title: String)
      }

      /// Interactor → presenter: the use case's results.
      @MainActor
      \(head("protocol \(n.interactorOutput)", "AnyObject"))
        func didLoad(title: String)
      }

      /// Presenter → router: where the presenter may ask the module to go.
      @MainActor
      \(head("protocol \(n.routerProtocol)", "AnyObject"))
        func close() throws
      }

      """
  }

  var headlessView: String {
    let n = names
    return """
      import ViperNest
      import ViperNestHeadless

      /// The \(n.name) screen: it shows what its presenter tells it and forwards the user's actions.
      ///
      /// A `HeadlessViewController` runs anywhere: on Linux, in tests, in a command-line app. For an
      /// iOS screen, subclass `UIViewController` instead (or generate the module with `--ui uikit`);
      /// nothing else changes.
      \(head("final class \(n.view)", "HeadlessViewController", "VIPERView"))
        /// The link to the presenter, held strongly: the view owns its module.
        let links = ViewLinks<any \(n.viewOutput)>()
        /// The title on screen.
        private(set) var shownTitle = ""

        override func viewDidLoad() { presenter.viewDidLoad() }

        /// The user tapped Done.
        func tapDone() { presenter.didTapDone() }
      }

      \(head("extension \(n.view)", "\(n.viewProtocol)"))
        func show(title: String) { shownTitle = title }
      }

      """
  }

  var uikitView: String {
    let n = names
    return """
      import UIKit
      import ViperNest
      import ViperNestUIKit

      /// The \(n.name) screen: it shows what its presenter tells it and forwards the user's actions.
      ///
      /// Built in code by default; to load it from a storyboard or a nib, override
      /// `defaultViewUIType` in `\(n.builder)`.
      \(head("final class \(n.view)", "UIViewController", "VIPERView"))
        /// The link to the presenter, held strongly: the view owns its module.
        let links = ViewLinks<any \(n.viewOutput)>()

        override func viewDidLoad() {
          super.viewDidLoad()
          presenter.viewDidLoad()
        }

        /// The user tapped Done: call it from the Done button's action.
        func tapDone() { presenter.didTapDone() }
      }

      \(head("extension \(n.view)", "\(n.viewProtocol)"))
        func show(title: String) { self.title = title }
      }

      """
  }

  var presenter: String {
    let n = names
    let links = SourceLayout.wrapped(
      "let links = PresenterLinks<",
      ["any \(n.viewProtocol)", "any \(n.interactorProtocol)", "any \(n.routerProtocol)"], ">()",
      indent: 2)
    return """
      import ViperNest

      /// The \(n.name) module's presenter: it turns the user's actions into requests to the
      /// interactor and the router, and the interactor's results into what the view shows. It is
      /// the module's Input, and reports to its Output.
      \(head("final class \(n.presenter)", "VIPERPresenter"))
        /// Its links: the view held weakly, the interactor and the router strongly.
      \(links)
        /// Where the module reports to, held weakly.
        @Weak var output: (any \(n.output))?
        /// Why the router could not navigate, if it could not.
        private(set) var routingError: (any Error)?
      }

      \(head("extension \(n.presenter)", "\(n.input)"))
        func configure(title: String) { interactor.update(title: title) }
      }

      \(head("extension \(n.presenter)", "\(n.viewOutput)"))
        func viewDidLoad() { interactor.loadTitle() }

        func didTapDone() {
          output?.\(n.didFinish)()
          do { try router.close() } catch { routingError = error }
        }
      }

      \(head("extension \(n.presenter)", "\(n.interactorOutput)"))
        func didLoad(title: String) { view?.show(title: title) }
      }

      """
  }

  var interactor: String {
    let n = names
    return """
      import ViperNest

      /// The \(n.name) module's interactor: the use case's logic and state, reported to the
      /// presenter. Services (a store, an API client) come through its initializer, resolved from
      /// the registry: add parameters, and register it with `\(n.interactor).init(store:)`.
      \(head("final class \(n.interactor)", "VIPERInteractor"))
        /// Its link to the presenter, held weakly: the presenter owns the interactor.
        let links = InteractorLinks<any \(n.interactorOutput)>()
        private var title = "\(n.words)"
      }

      \(head("extension \(n.interactor)", "\(n.interactorProtocol)"))
        func loadTitle() { presenter?.didLoad(title: title) }

        func update(title: String) {
          self.title = title
          presenter?.didLoad(title: title)
        }
      }

      """
  }

  var router: String {
    let n = names
    return """
      import ViperNest

      /// The \(n.name) module's router: where the module goes. It resolves the next modules by
      /// their type from `resolver` (the story the module was built in) and shows them from its view
      /// controller, held weakly.
      \(head("final class \(n.router)", "VIPERRouter"))
        /// Its links: the module's view controller, held weakly, and its story's resolver.
        let links = RouterLinks()
      }

      \(head("extension \(n.router)", "\(n.routerProtocol)"))
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

      """
  }

  var builder: String {
    let n = names
    let layers = [n.view, n.presenter, n.interactor, n.router]
    let oneLine = "final class \(n.builder): VIPERBuilder<\(layers.joined(separator: ", "))> {}"
    let declaration =
      oneLine.count <= SourceLayout.width
      ? oneLine
      : SourceLayout.wrapped(
        "final class \(n.builder): VIPERBuilder<", layers, ">", indent: 0, breaking: true)
        + "\n{}"
    return """
      import ViperNest

      /// Builds the \(n.name) module: resolves its presenter, interactor and router from the story it
      /// is built in, loads its view, and wires them with VIPER's ownership.
      \(declaration)

      """
  }
}
