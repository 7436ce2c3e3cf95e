#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// A `UITabBarController` is a ViperNest tab container.
  extension UITabBarController: TabControlling {
    /// `viewControllers`.
    public var tabs: [any ViewControlling] { viewControllers ?? [] }

    /// `selectedIndex`.
    public var selectedTabIndex: Int {
      get { selectedIndex }
      set { selectedIndex = newValue }
    }

    /// `setViewControllers(_:animated:)`.
    public func setTabs(_ tabs: [any ViewControlling], animated: Bool) throws {
      setViewControllers(try tabs.map(uiViewController), animated: animated)
    }
  }
#endif
