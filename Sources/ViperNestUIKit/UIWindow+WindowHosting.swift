#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// A `UIWindow` is a ViperNest window.
  extension UIWindow: WindowHosting {
    /// ``UIKitToolkit/shared``.
    public var toolkit: any UIToolkit { UIKitToolkit.shared }

    /// `rootViewController`.
    public var rootController: (any ViewControlling)? { rootViewController }

    /// Sets `rootViewController`, then `makeKeyAndVisible()` when there is a root.
    public func setRootController(_ controller: (any ViewControlling)?) throws {
      rootViewController = try controller.map(uiViewController)
      if rootViewController != nil { makeKeyAndVisible() }
    }
  }
#endif
