#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
  import UIKit
  import ViperNest
  import ViperNestUIKit

  /// The controller that hosts a screen module's screen in an app: a `UIHostingController` (H1)
  /// that owns the screen (which owns the presenter) and the module's links. It is the module's
  /// view, so UIKit transitions, router helpers and the leak detector treat it as any module's.
  ///
  /// This file is type-checked on Linux against `Tests/SwiftUIStub` by `.ci/typecheck-swiftui.sh`.
  final class ScreenHostingController: UIHostingController<AnyView>, ScreenHosting {
    let screenLinks: ScreenLinks
    let hostedScreen: Any?

    init(rootView: AnyView, screen: Any, links: ScreenLinks) {
      screenLinks = links
      hostedScreen = screen
      super.init(rootView: rootView)
    }

    /// Never from a storyboard: a screen module is built by its `ScreenBuilder`.
    required init?(coder aDecoder: NSCoder) {
      return nil
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ScreenBuilder {
    /// Hosts `screen` in a `UIHostingController` when the registered toolkit (UIKit's) does not
    /// host screens itself.
    static func platformHost(_ screen: Screen, links: ScreenLinks) throws -> any ScreenHosting {
      guard let view = screen as? any View else {
        throw ModuleError(
          .viewLoadFailed, module: moduleName,
          problems: [
            "\(Screen.self) is not a SwiftUI View, so a UIHostingController cannot show it"
          ],
          fix: "make \(Screen.self) conform to View")
      }
      // The root view forwards its appearance to the presenter (ScreenAppearance), as SwiftUI
      // calls a hosted view's onAppear, onDisappear and task when the controller shows it.
      let controller = ScreenHostingController(
        rootView: AnyView(AnyView(view).forwardingAppearance(to: links)), screen: screen,
        links: links)
      controller.title = moduleName
      return controller
    }
  }
#endif
