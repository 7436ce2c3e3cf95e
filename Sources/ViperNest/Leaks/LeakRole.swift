/// The part an object plays in a module or story, shown in leak reports.
///
/// ```swift
/// detector.track(presenter, role: .presenter)
/// detector.track(cache, role: .custom("image cache"))
/// ```
public struct LeakRole: Hashable, Sendable, CustomStringConvertible, Codable {
  /// The role's name as shown in reports, e.g. `presenter`.
  public let name: String

  private init(name: String) {
    self.name = name
  }

  /// The module's view (on UIKit, its view controller).
  public static let view = LeakRole(name: "view")
  /// The module's presenter.
  public static let presenter = LeakRole(name: "presenter")
  /// The module's interactor.
  public static let interactor = LeakRole(name: "interactor")
  /// The module's router.
  public static let router = LeakRole(name: "router")
  /// An instance scoped to a story, shared by the story's modules while the story is open.
  public static let storyService = LeakRole(name: "storyService")
  /// An application-wide singleton; it is expected to live as long as its owner.
  public static let singleton = LeakRole(name: "singleton")
  /// A navigation or tab container shown by a transition, tracked until it leaves the screen.
  public static let container = LeakRole(name: "container")
  /// An object tracked by hand without a more specific role.
  public static let object = LeakRole(name: "object")

  /// A role named by the caller.
  ///
  /// - Parameter name: The name shown in reports.
  /// - Returns: A role with that name.
  public static func custom(_ name: String) -> LeakRole {
    LeakRole(name: name)
  }

  /// The role's name.
  public var description: String { name }

  /// Decodes a role from its name, a JSON string such as `"presenter"`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    name = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the role as its name, a JSON string such as `"presenter"`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
