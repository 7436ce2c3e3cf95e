public import ViperNest

/// A window without a screen: it holds its root controller strongly; replacing the root releases
/// the old one.
///
/// Make one with ``HeadlessHost/makeWindow(name:)`` and keep it.
@MainActor
public final class HeadlessWindow: WindowHosting, @MainActor CustomStringConvertible {
  /// The host that records what happens to the window.
  public let host: HeadlessHost
  /// The window's name in the log.
  public let name: String
  /// The root controller, held strongly.
  public private(set) var root: HeadlessViewController?
  /// Whether the window was made key and visible (by setting a root).
  public private(set) var isKeyAndVisible = false

  init(host: HeadlessHost, name: String) {
    self.host = host
    self.name = name
  }

  public var description: String { name }

  public var toolkit: any UIToolkit { host }
  public var rootController: (any ViewControlling)? { root }

  public func setRootController(_ controller: (any ViewControlling)?) throws {
    let controller = try controller.map { try host.headless($0) }
    root?.window = nil
    root = controller
    controller?.window = self
    host.record(.root(controller?.name, window: name))
    if let controller {
      isKeyAndVisible = true
      controller.becameVisible()
    }
  }
}
