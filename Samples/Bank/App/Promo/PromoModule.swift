import SampleSupport
import ViperNest
import ViperNestHeadless

// Promo: an offer banner in plain MVC. It takes no input; its output says the customer closed it,
// and its host removes it (reverses its embedding) without touching the other modules.

// MARK: - What hosts see

@MainActor
protocol PromoOutput: AnyObject {
  func promoDidClose()
}

/// No input: `Void`. A module describes only the interfaces it has.
typealias PromoModule = Module<Void, any PromoOutput>

// MARK: - The controller

final class PromoViewController: HeadlessViewController, ScreenRendering {
  weak var delegate: (any PromoOutput)?
  let offer = "5% cashback on groceries this month"

  func tapClose() { delegate?.promoDidClose() }

  var screen: Screen {
    Screen(title: "Offer", lines: [offer, "[ Details ]                  [ × ]"])
  }

  /// The module's assembly: the output goes to the controller's delegate.
  ///
  /// - Parameter resolver: Where the module is built.
  /// - Returns: The module.
  /// - Throws: When the UI toolkit cannot load the controller.
  static func module(in resolver: Resolver) throws -> PromoModule {
    let view = try resolver.resolve((any UIToolkit).self).loadView(
      PromoViewController.self, from: .code)
    LeakDetector.current?.track(view, role: .view, module: "Promo")
    return PromoModule(view: view, input: ()) { [weak view] output in view?.delegate = output }
  }
}
