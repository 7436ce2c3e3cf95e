// The SwiftUI navigation conformance scenarios against SwiftUI, in an iOS simulator, with the UIKit
// ones (the command in UIKitConformanceTests.swift runs both).
//
// On Linux this file compiles to nothing in `swift test` and in .ci/typecheck-uikit.sh;
// .ci/typecheck-swiftui.sh type-checks it against the SwiftUI and UIKit stubs.
#if canImport(SwiftUI) && canImport(UIKit)
  public import SwiftUI
  import Testing
  import UIKit
  import ViperNest
  public import ViperNestConformance
  import ViperNestSwiftUI
  import ViperNestUIKit

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ConformanceScreen: View {
    public var body: some View { EmptyView() }
  }

  /// Shows a `ScreenNavigationStack` in a window. The user's gestures write what SwiftUI writes for
  /// them (the back button: the path one shorter, N1; the end of a swipe-down: the sheet's
  /// binding, S3); SwiftUI renders and releases on its own.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  final class SwiftUIConformanceDriver: ScreenNavigationConformanceDriver {
    let uiWindow: UIWindow

    init() {
      uiWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      uiWindow.makeKeyAndVisible()
    }

    var toolkitAssembly: any Assembly {
      AnyAssembly("UIKitToolkit") { r in
        r.register((any UIToolkit).self, mainActorInstance: UIKitToolkit.shared)
      }
    }

    func showStack(_ navigation: ScreenNavigation, root: any Presentable) async throws {
      uiWindow.rootViewController = UIHostingController(
        rootView: ScreenNavigationStack(navigation: navigation, root: root))
    }

    func userTapsBack(_ navigation: ScreenNavigation) async throws {
      navigation.path.removeLast()
    }

    func userSwipesDownSheet(_ navigation: ScreenNavigation) async throws {
      navigation.sheet = nil
    }

    func settle() async {
      // SwiftUI's default transition lasts about 0.35 s.
      try? await Task.sleep(for: .milliseconds(700))
    }

    func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
      for _ in 0..<100 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
      }
      return condition()
    }
  }

  @MainActor
  @Suite(.serialized)
  struct SwiftUIConformanceTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(arguments: ScreenNavigationConformance.scenarios.map(\.name))
    func scenarioHoldsOnSwiftUI(_ name: String) async throws {
      let scenario = try #require(ScreenNavigationConformance.scenarios.first { $0.name == name })
      let driver = SwiftUIConformanceDriver()
      try await scenario.run(driver)
      driver.uiWindow.rootViewController = nil
    }
  }
#endif
