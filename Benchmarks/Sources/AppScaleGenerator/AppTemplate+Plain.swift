// The layers of the hand-written and Swinject variants: classic VIPER classes (weak back
// references, strong references down the module), the same in both; only the wiring differs.

extension AppTemplate {
  func plainLayers(_ i: Int) -> String {
    let m = "M\(i)"
    return """
      import ViperNestHeadless

      typealias \(m)Module = AppModule<any \(m)Input, any \(m)Output>

      final class \(m)View: HeadlessViewController, \(m)ViewProtocol, NextTapping {
        var presenter: (any \(m)ViewOutput)!
        private(set) var shownTitle = ""
        override func viewDidLoad() { presenter.viewDidLoad() }
        func show(title: String) { shownTitle = title }
        func tapNext() throws { try presenter.didTapNext() }
      }

      @MainActor
      final class \(m)Presenter: \(m)Input, \(m)ViewOutput, \(m)InteractorOutput {
        weak var view: (any \(m)ViewProtocol)?
        var interactor: (any \(m)InteractorProtocol)!
        var router: (any \(m)RouterProtocol)!
        weak var output: (any \(m)Output)?
        private let formatter: \(m)Formatter
        init(formatter: \(m)Formatter) { self.formatter = formatter }
        func configure(title: String) { view?.show(title: formatter.format(title)) }
        func viewDidLoad() { interactor.loadTitle() }
        func didTapNext() throws { try router.showNext() }
        func didLoad(title: String) { view?.show(title: formatter.format(title)) }
      }

      @MainActor
      final class \(m)Interactor: \(m)InteractorProtocol {
        weak var output: (any \(m)InteractorOutput)?
        private let repository: any \(m)Repository
        private let tracker: \(m)Tracker
        private let state: \(m)State
        init(repository: any \(m)Repository, tracker: \(m)Tracker, state: \(m)State) {
          self.repository = repository
          self.tracker = tracker
          self.state = state
        }
        func loadTitle() {
          state.visits += 1
          tracker.track()
          output?.didLoad(title: repository.title())
        }
      }

      """
  }

  /// A module as callers of the hand-written and Swinject variants see it.
  var plainModuleType: String {
    """
    import ViperNestHeadless

    /// A module as callers see it: its view, its Input, and where to set its Output.
    @MainActor
    final class AppModule<Input, Output> {
      let view: HeadlessViewController
      let input: Input
      private let setOutput: @MainActor (Output?) -> Void
      init(view: HeadlessViewController, input: Input, setOutput: @escaping @MainActor (Output?) -> Void) {
        self.view = view
        self.input = input
        self.setOutput = setOutput
      }
      func connect(output: Output?) { setOutput(output) }
    }

    """
  }

  /// The root's `followRouters`, the same for the two plain variants.
  var plainFollowRouters: String {
    """
      func followRouters() throws -> Int {
        guard var current = window.root else { return 0 }
        var shown = 0
        while let tapping = current as? any NextTapping {
          try tapping.tapNext()
          guard let next = current.presentedController as? HeadlessViewController else { break }
          current = next
          shown += 1
        }
        return shown
      }
    """
  }
}
