// An MVC module: one view controller that is its own Input and reports to its Output, held weakly.

extension ModuleTemplate {
  var headlessController: String {
    let n = names
    return """
      import ViperNest
      import ViperNestHeadless

      /// The \(n.name) module as one view controller (MVC): it is the module's Input and reports to
      /// its Output. Behind `\(n.module)`, callers cannot tell it from a VIPER module.
      ///
      /// A `HeadlessViewController` runs anywhere: on Linux, in tests, in a command-line app. For an
      /// iOS screen, subclass `UIViewController` instead (or generate the module with `--ui uikit`).
      \(head("final class \(n.viewController)", "HeadlessViewController"))
        /// Where the module reports to, held weakly.
        @Weak var output: (any \(n.output))?
        /// The title on screen.
        private(set) var shownTitle = ""
        private var titleText = "\(n.words)"

        override func viewDidLoad() { shownTitle = titleText }

        /// The user tapped Done: reports it, then closes the module.
        func tapDone() {
          output?.\(n.didFinish)()
          presentingController?.dismissPresentedController(animated: true, completion: nil)
        }
      }

      \(head("extension \(n.viewController)", "\(n.input)"))
        func configure(title: String) {
          titleText = title
          if isViewLoaded { shownTitle = titleText }
        }
      }

      """
  }

  var uikitController: String {
    let n = names
    return """
      import UIKit
      import ViperNest
      import ViperNestUIKit

      /// The \(n.name) module as one view controller (MVC): it is the module's Input and reports to
      /// its Output. Behind `\(n.module)`, callers cannot tell it from a VIPER module.
      \(head("final class \(n.viewController)", "UIViewController"))
        /// Where the module reports to, held weakly.
        @Weak var output: (any \(n.output))?
        private var currentTitle = "\(n.words)"

        override func viewDidLoad() {
          super.viewDidLoad()
          title = currentTitle
        }

        /// The user tapped Done: reports it, then closes the module. Call it from the Done button's
        /// action.
        func tapDone() {
          output?.\(n.didFinish)()
          presentingViewController?.dismiss(animated: true)
        }
      }

      \(head("extension \(n.viewController)", "\(n.input)"))
        func configure(title: String) {
          currentTitle = title
          if isViewLoaded { self.title = title }
        }
      }

      """
  }
}
