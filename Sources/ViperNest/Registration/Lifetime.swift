/// How long a resolved instance lives and who shares it.
///
/// ```swift
/// r.register(ContactStore.self, lifetime: .story(ContactsStory.self), FileContactStore.init)
/// r.register(Clock.self, lifetime: .app, SystemClock.init)
/// r.register(ContactListPresenting.self, ContactListPresenter.init(interactor:router:))  // transient
/// ```
public struct Lifetime: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Hashable, Sendable {
    case transient
    case graph
    case weak
    case app
    case story(StoryKind)
  }

  @usableFromInline let kind: Kind

  @usableFromInline
  init(kind: Kind) { self.kind = kind }

  /// The owning story's id for a `story` lifetime (else an id no story has), read without
  /// retaining the story's kind.
  @inlinable
  var storyID: ObjectIdentifier {
    switch kind {
    case .story(let story): story.id
    default: ObjectIdentifier(Lifetime.self)
    }
  }

  // The four constants are built in the caller, not read from globals: a registration then puts
  // no global read, copy and release of the lifetime around its call into the app's module (the
  // caller sees it holds no story). Benchmark target `size-300`: about 30 bytes per registration.

  /// A new instance every time it is resolved. The default.
  @inlinable public static var transient: Lifetime { Lifetime(kind: .transient) }

  /// One instance per outermost `resolve` call: every dependency in one resolution that asks for it
  /// shares it; the next `resolve` gets a new one. Nothing is retained after the call returns.
  /// A singleton of an enclosing story built during the same resolution gets its own instance,
  /// built from what that story sees, so it never holds objects of the nested story.
  @inlinable public static var graph: Lifetime { Lifetime(kind: .graph) }

  /// Shared while somebody else holds it, recreated once every holder let go. The registry holds it
  /// weakly, so the type must be a class.
  @inlinable public static var weak: Lifetime { Lifetime(kind: .weak) }

  /// One instance for the whole app story, created once even when first resolved on several threads
  /// at the same time, released when the app story closes.
  @inlinable public static var app: Lifetime { Lifetime(kind: .app) }

  /// One instance per open story of kind `S`, shared by everything resolved inside it and inside its
  /// nested stories, released when that story closes. Resolved from a nested story, it binds to the
  /// nearest enclosing open `S`.
  ///
  /// - Parameter story: The story type that owns the instance.
  public static func story<S: UserStory>(_ story: S.Type) -> Lifetime {
    story == AppStory.self ? .app : Lifetime(kind: .story(StoryKind.of(story)))
  }

  /// Whether the registry keeps the instance (`app`, `story`, `weak`).
  var isCached: Bool {
    switch kind {
    case .app, .story, .weak: true
    case .transient, .graph: false
    }
  }

  public var description: String {
    switch kind {
    case .transient: "transient"
    case .graph: "graph"
    case .weak: "weak"
    case .app: "app"
    case .story(let story): "story(\(story.name))"
    }
  }
}
