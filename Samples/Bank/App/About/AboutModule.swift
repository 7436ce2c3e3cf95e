import SampleSupport
import ViperNest
import ViperNestHeadless

// About: a static page in plain MVC, one controller, no presenter. From outside it has the same
// shape as the VIPER modules, a Module<Input, Output>, so the dashboard embeds it and sets its
// output the same way.

// MARK: - What hosts see

@MainActor
protocol AboutInput: AnyObject {
  func show(_ info: BankInfo)
}

@MainActor
protocol AboutOutput: AnyObject {
  func aboutDidTapCall(_ phone: String)
}

typealias AboutModule = Module<any AboutInput, any AboutOutput>

// MARK: - The controller

final class AboutViewController: HeadlessViewController, AboutInput, ScreenRendering {
  weak var delegate: (any AboutOutput)?
  private var info: BankInfo?

  func show(_ info: BankInfo) { self.info = info }

  func tapCall() {
    guard let info else { return }
    delegate?.aboutDidTapCall(info.supportPhone)
  }

  var screen: Screen {
    guard let info else { return Screen(title: "About", lines: ["…"]) }
    return Screen(
      title: "About",
      lines: [info.bankName, "App version \(info.appVersion)", "[ Call \(info.supportPhone) ]"])
  }

  /// The module's assembly (the seed's `Assembly.someModule()`): it decides that the output is
  /// delivered to the controller's delegate; hosts only set `module.output = self`.
  ///
  /// - Parameter resolver: Where the module is built.
  /// - Returns: The module.
  /// - Throws: When the UI toolkit cannot load the controller.
  static func module(in resolver: Resolver) throws -> AboutModule {
    let view = try resolver.resolve((any UIToolkit).self).loadView(
      AboutViewController.self, from: .code)
    // VIPER modules are tracked by their builder; a plain controller is tracked by hand.
    LeakDetector.current?.track(view, role: .view, module: "About")
    return AboutModule(view: view, input: view) { [weak view] output in view?.delegate = output }
  }
}
