public import ViperNest

/// A named area of a ``HeadlessViewController``'s view, where a child controller is embedded.
///
/// Get one from its controller: `dashboard.area("summary")`.
@MainActor
public final class HeadlessContainerArea: ContainerArea, @MainActor CustomStringConvertible {
  /// The area's name.
  public let name: String
  /// The controller whose view contains the area (held weakly, as a view refers to its superview).
  public private(set) weak var owner: HeadlessViewController?

  init(name: String, owner: HeadlessViewController) {
    self.name = name
    self.owner = owner
  }

  public var description: String { "\(owner?.logName ?? "?").\(name)" }
}
