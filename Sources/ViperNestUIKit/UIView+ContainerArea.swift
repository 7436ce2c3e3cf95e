#if canImport(UIKit)
  public import UIKit
  public import ViperNest

  /// Any `UIView` can be the area a child module is embedded in.
  extension UIView: ContainerArea {}
#endif
