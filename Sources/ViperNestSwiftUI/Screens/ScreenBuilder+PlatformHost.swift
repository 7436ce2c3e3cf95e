import ViperNest

#if !(canImport(SwiftUI) && canImport(UIKit))
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ScreenBuilder {
    /// Where SwiftUI's hosting controller does not exist (Linux, macOS), only a toolkit that hosts
    /// screens (the headless host) can.
    static func platformHost(_ screen: Screen, links: ScreenLinks) throws -> any ScreenHosting {
      throw ModuleError(
        .noToolkit, module: moduleName,
        problems: [
          "\(Screen.self) has to be hosted in a controller, and no registered UIToolkit hosts "
            + "screens on this platform"
        ],
        fix:
          "install HeadlessHost's assembly (or register a HeadlessHost as (any UIToolkit).self); "
          + "in an app, build on iOS, where a UIHostingController hosts the screen")
    }
  }
#endif
