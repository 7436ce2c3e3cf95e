/// The item that represents a controller in a tab container (UIKit's `UITabBarItem`).
///
/// ```swift
/// try BookmarksBuilder.build(in: app).attachToNavigationController(
///   tabBarItem: .system(.bookmarks, tag: 0))
/// try SettingsBuilder.build(in: app).attachToNavigationController(
///   tabBarItem: .init(title: "Settings", imageName: "gear", tag: 1))
/// ```
public struct TabItem: Hashable, Sendable, CustomStringConvertible {
  /// The items the system draws itself (UIKit's `UITabBarItem.SystemItem`).
  public enum SystemItem: Hashable, Sendable, CaseIterable {
    case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search
    case downloads, mostRecent, mostViewed
  }

  /// The tab's title, for a custom item.
  public var title: String?
  /// The name of the tab's image in the app's assets, for a custom item.
  public var imageName: String?
  /// The system item, when the system draws the item.
  public var systemItem: SystemItem?
  /// A number identifying the tab.
  public var tag: Int

  /// Creates a custom item.
  ///
  /// - Parameters:
  ///   - title: The tab's title.
  ///   - imageName: The name of the tab's image asset.
  ///   - tag: A number identifying the tab.
  public init(title: String?, imageName: String? = nil, tag: Int = 0) {
    self.title = title
    self.imageName = imageName
    self.tag = tag
  }

  /// Creates an item the system draws.
  ///
  /// - Parameters:
  ///   - item: The system item.
  ///   - tag: A number identifying the tab.
  /// - Returns: The item.
  public static func system(_ item: SystemItem, tag: Int = 0) -> TabItem {
    var tabItem = TabItem(title: nil, tag: tag)
    tabItem.systemItem = item
    return tabItem
  }

  public var description: String {
    if let systemItem { return "\(systemItem) (tag \(tag))" }
    return "\(title ?? "untitled")\(imageName.map { " [\($0)]" } ?? "") (tag \(tag))"
  }
}
