// A SwiftUI screen module (`--view swiftui`): a `VIPERScreen` that owns an `@Observable`
// presenter, whose links name `NoView` (the screen reads its state; nothing points back at the
// screen), an interactor and a router as in a VIPER module, and a `ScreenBuilder` that wires them
// and hosts the screen in a controller: host → screen → presenter strong, presenter → interactor
// and router strong, interactor → presenter weak, router → host weak.

extension ModuleTemplate {
  var screenContracts: String {
    let n = names
    return """
      // The contracts between the \(n.name) module's layers: each layer talks to its neighbours
      // through them only. The screen talks to its presenter directly (it reads its observable
      // state), so there is no view contract. Replace the sample members with the module's own.

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

  var screen: String {
    let n = names
    return """
      import ViperNest
      import ViperNestSwiftUI

      #if canImport(SwiftUI)
        import SwiftUI
      #endif

      /// The \(n.name) screen: it shows its presenter's state and forwards the user's actions to it.
      /// It owns the presenter, which `\(n.builder)` makes and wires: hold it in a `let`, never
      /// create it here (not in `body`, not as `@State`).
      ///
      /// Its SwiftUI `body` is compiled where SwiftUI is; elsewhere (Linux, the headless host in
      /// tests) the screen is a plain value its host holds.
      \(Self.screenAvailability)
      \(head("struct \(n.screen)", "VIPERScreen"))
        /// The module's presenter, made by the builder.
        let presenter: \(n.presenter)
      }

      #if canImport(SwiftUI)
        \(Self.screenAvailability)
        \(head("extension \(n.screen)", "View"))
          var body: some View {
            VStack(spacing: 16) {
              Text(presenter.title)
              Button("Done") { presenter.didTapDone() }
            }
          }
        }
      #endif

      """
  }

  var screenPresenter: String {
    let n = names
    let links = SourceLayout.wrapped(
      "@ObservationIgnored let links = PresenterLinks<",
      ["NoView", "any \(n.interactorProtocol)", "any \(n.routerProtocol)"], ">()", indent: 2)
    return """
      import Observation
      import ViperNest
      import ViperNestSwiftUI

      /// The \(n.name) module's presenter: it holds the state its screen shows (observed by SwiftUI),
      /// turns the user's actions into requests to the interactor and the router, and the
      /// interactor's results into state. It is the module's Input, and reports to its Output.
      \(Self.screenAvailability)
      @Observable
      \(head("final class \(n.presenter)", "VIPERPresenter", n.input, n.interactorOutput))
        /// Its links: no view (the screen owns the presenter), the interactor and the router held
        /// strongly.
      \(links)
        /// Where the module reports to, held weakly.
        @ObservationIgnored weak var output: (any \(n.output))?
        /// The title on screen.
        private(set) var title = ""
        /// Why the router could not navigate, if it could not.
        private(set) var routingError: (any Error)?

        /// The user tapped Done: reports it, then closes the module.
        func didTapDone() {
          output?.\(n.didFinish)()
          do { try router.close() } catch { routingError = error }
        }

        func configure(title: String) { interactor.update(title: title) }

        func didLoad(title: String) { self.title = title }
      }

      /// What the screen's appearance does: every host calls it for the screen (SwiftUI's
      /// `onAppear`, `onDisappear` and `.task`), so the screen attaches none of them.
      \(Self.screenAvailability)
      extension \(n.presenter): ScreenAppearance {
        /// The screen appeared: loads the title.
        func screenDidAppear() { interactor.loadTitle() }
      }

      """
  }

  var screenBuilder: String {
    let n = names
    let declaration = SourceLayout.wrapped(
      "typealias \(n.builder) = ScreenBuilder<", [n.screen, n.presenter, n.interactor, n.router],
      ">", indent: 0)
    return """
      import ViperNestSwiftUI

      /// Builds the \(n.name) module: resolves its presenter, interactor and router from the story it
      /// is built in, wires them with VIPER's ownership, and hosts its screen in a controller (a
      /// `UIHostingController` in an app, the headless host's in tests), the module's view.
      \(Self.screenAvailability)
      \(declaration)

      """
  }
}
