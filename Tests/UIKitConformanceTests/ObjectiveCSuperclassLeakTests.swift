// The leak walker against UIKit's own classes, in an iOS simulator:
//
//   xcodebuild test -scheme ViperNest-Package \
//     -destination 'platform=iOS Simulator,name=iPhone 16' \
//     -only-testing:ViperNestUIKitConformanceTests/ObjectiveCSuperclassLeakTests
//
// On Linux this file compiles to nothing in `swift test`; .ci/typecheck-uikit.sh type-checks it
// against the UIKit stub. Linux models the same scan in ObjectiveCIvarLayoutTests.swift.
#if canImport(UIKit)
  import Testing
  import UIKit
  import ViperNest

  /// A view whose closure captures its controller.
  private final class TappableView: UIView {
    var onTap: (() -> Void)?
  }

  @MainActor
  struct ObjectiveCSuperclassLeakTests {
    /// controller → `_view` (an instance variable of `UIViewController`, an Objective-C class) →
    /// `onTap` → controller. The walker follows `_view` when UIKit's class has an ARC strong ivar
    /// layout; without one it cannot tell strong from unretained and must say so.
    @Test func aCycleThroughAControllersViewIsFoundOrWhatWasNotFollowedIsNamed() throws {
      let detector = LeakDetector()
      weak var leaked: UIViewController?
      defer { (leaked?.view as? TappableView)?.onTap = nil }  // breaks the cycle afterwards
      do {
        let controller = UIViewController(nibName: nil, bundle: nil)
        let view = TappableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.onTap = { _ = controller }
        controller.view = view
        leaked = controller
        detector.track(controller, role: .view)
      }
      let report = try #require(detector.checkNow())
      let leak = try #require(report.leaks.first { $0.typeName == "UIViewController" })
      let foundThroughView = leak.retainCycles.contains { $0.steps.first?.property == "_view" }
      let namedAsNotFollowed = leak.uninspected.contains {
        $0.contains("UIViewController's") && $0.contains("no ARC strong ivar layout")
      }
      #expect(foundThroughView || namedAsNotFollowed, "\(report)")
    }
  }
#endif
