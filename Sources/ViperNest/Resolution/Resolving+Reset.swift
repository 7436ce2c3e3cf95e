extension Resolving {
  /// Drops the cached instance of `type` (optionally by `name`) that this story sees, so that the
  /// next resolve builds a new one: Swinject's `resetObjectScope(_:serviceType:)`, Factory's
  /// `reset(.scope)` for one service.
  ///
  /// The instance dropped is the one resolving from here would return: the app story's for
  /// `.app`, the nearest open story of the registration's type for `.story(S)`, the registering
  /// story's for `.weak`. Other stories' instances stay. A transient or `.graph` registration
  /// caches nothing, so there is nothing to drop; registrations with `cachedBy:` or
  /// `expiringAfter:` renew themselves and are left alone. Safe while other threads resolve it: they get
  /// the old instance or a new one, never a released one. The registry drops its reference; an
  /// object you still hold lives on (and, with a leak detector, is reported if it outlives its
  /// story).
  ///
  /// ```swift
  /// try app.reset(SessionToken.self)  // after sign-out: the next resolve asks for a new one
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it was registered as.
  ///   - name: The typed name it was registered under, if any.
  /// - Throws: ``ViperNestError/Code/missingRegistration`` when nothing this story sees registers
  ///   `type` (with near misses). Not an error: nothing cached yet, a transient registration, or
  ///   its story not open here.
  public func reset<T>(_ type: T.Type, name: (any Hashable & Sendable)? = nil) throws {
    let node = resolver.node
    let key = ServiceKey(T.self, name: ServiceName(name))
    guard let (entry, home) = node.lookup(key) else {
      throw ViperNestError.missing(key, type: T.self, arguments: [], resolver: resolver)
    }
    let owner: StoryNode?
    switch entry.lifetime.kind {
    case .app: owner = node.app
    case .story: owner = node.nearest(entry.lifetime.storyID)?.takeUnretainedValue()
    case .weak: owner = home
    case .transient, .graph: owner = nil
    }
    _ = owner?.reset(slot: entry.slot)
  }
}
