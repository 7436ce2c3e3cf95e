#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  extension UIColor {
    /// Creates the UIKit colour for an appearance colour.
    ///
    /// - Parameter color: The colour, in sRGB components.
    public convenience init(_ color: AppearanceColor) {
      self.init(
        red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
        alpha: CGFloat(color.alpha))
    }
  }

  extension UIModalPresentationStyle {
    /// The UIKit style for a presentation style.
    ///
    /// - Parameter style: The presentation style.
    public init(_ style: PresentationStyle) {
      switch style {
      case .automatic: self = .automatic
      case .fullScreen: self = .fullScreen
      case .pageSheet: self = .pageSheet
      case .formSheet: self = .formSheet
      case .overFullScreen: self = .overFullScreen
      case .overCurrentContext: self = .overCurrentContext
      }
    }
  }

  extension UITabBarItem {
    /// Creates the UIKit tab bar item for a tab item: a system item, or a title and an image asset.
    ///
    /// - Parameter item: The tab item.
    public convenience init(_ item: TabItem) {
      if let systemItem = item.systemItem {
        self.init(tabBarSystemItem: UITabBarItem.SystemItem(systemItem), tag: item.tag)
      } else {
        self.init(
          title: item.title, image: item.imageName.flatMap { UIImage(named: $0) }, tag: item.tag)
      }
    }
  }

  extension UITabBarItem.SystemItem {
    /// The UIKit system item for a tab's system item.
    ///
    /// - Parameter item: The system item.
    public init(_ item: TabItem.SystemItem) {
      switch item {
      case .more: self = .more
      case .favorites: self = .favorites
      case .featured: self = .featured
      case .topRated: self = .topRated
      case .recents: self = .recents
      case .contacts: self = .contacts
      case .history: self = .history
      case .bookmarks: self = .bookmarks
      case .search: self = .search
      case .downloads: self = .downloads
      case .mostRecent: self = .mostRecent
      case .mostViewed: self = .mostViewed
      }
    }
  }
#endif
