/// A user story: a flow of screens that opens, nests and closes, and owns what it creates.
///
/// Declare one type per flow. Its services live in a ``Story`` that you open from the app story
/// (or from another story) and close when the flow ends:
///
/// ```swift
/// enum ContactsStory: UserStory {}
/// enum AddContactStory: UserStory {}
///
/// let app = try registry.start()
/// let contacts = try app.open(ContactsStory.self)
/// let addContact = try contacts.open(AddContactStory.self)
/// addContact.close()
/// ```
public protocol UserStory {
  /// The name shown in story chains such as `App > Contacts > AddContact`.
  ///
  /// Defaults to the type name without a trailing `Story`.
  static var storyName: String { get }
}

extension UserStory {
  /// The type name without a trailing `Story` (`ContactsStory` is shown as `Contacts`).
  public static var storyName: String {
    // `_typeName` renders the name as `String(describing:)` does for a type, without first asking
    // the runtime whether the metatype conforms to the printing protocols: that question scans
    // every conformance record the first time (about 1 M instructions per story type in a
    // 300-module app; docs/Performance.md, "At app scale").
    let name = _typeName(Self.self, qualified: false)
    guard name.hasSuffix("Story"), name.count > "Story".count else { return name }
    return String(name.dropLast("Story".count))
  }
}

/// The root story: the app itself. ``Registry/start(_:file:line:)`` opens it; `app` singletons live in it.
public enum AppStory: UserStory {}

/// A story type as a value: its identity and its name.
///
/// A shared reference: lifetimes, registrations and stories of one story type hold the same
/// instance (``StoryKind/of(_:)`` keeps one per type), so a registration pays one word for it.
/// Building one renders the type's name, so hot paths take the graph's prebuilt kinds
/// (`Graph.profile(for:)`) instead of creating new ones.
@usableFromInline
final class StoryKind: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let id: ObjectIdentifier
  let name: String
  let typeName: String

  init(_ type: any UserStory.Type) {
    id = ObjectIdentifier(type)
    name = type.storyName
    typeName = _typeName(type, qualified: false)  // as in `storyName`
  }

  static let app = StoryKind(AppStory.self)

  /// Every kind `of(_:)` has handed out, by story type: a handful per app, kept for the process.
  private static let known = Protected<[ObjectIdentifier: StoryKind]>([:])

  /// The shared kind of `type`, created (and its name rendered) the first time it is asked for.
  /// The name is rendered outside the lock: `storyName` is user code.
  static func of(_ type: any UserStory.Type) -> StoryKind {
    let id = ObjectIdentifier(type)
    if id == StoryKind.app.id { return .app }
    if let known = known.withLock({ $0[id] }) { return known }
    let created = StoryKind(type)
    return known.withLock { known in
      if let existing = known[id] { return existing }
      known[id] = created
      return created
    }
  }

  @usableFromInline
  static func == (lhs: StoryKind, rhs: StoryKind) -> Bool { lhs.id == rhs.id }
  @usableFromInline
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
  @usableFromInline
  var description: String { name }
}
