extension Registrar {
  /// Registers `type` with a time-to-live: a cached instance that is built again once it is
  /// older than `timeToLive` (Factory's `timeToLive`), for a token or a configuration that goes
  /// stale.
  ///
  /// The instance lives in the story the lifetime names, as a cached registration's does (`.app`,
  /// or `.story(S)`, released when that story closes). The first resolve after it expired builds a
  /// new one, with no lock held; if several threads find it expired at once, each may build one
  /// and the first stored wins. The expired instance is released by the resolve that replaced
  /// it. It is measured on `ContinuousClock`.
  ///
  /// ```swift
  /// r.register(FeatureFlags.self, lifetime: .app, expiringAfter: .seconds(300)) { r in
  ///   try FeatureFlags.load(from: r.resolve())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it is resolved as.
  ///   - name: A typed name when several registrations share `type`.
  ///   - lifetime: Where the instance lives: `.app` or `.story(S)`. Any other is refused by
  ///     `install` (``ViperNestError/Code/invalidRegistration``).
  ///   - timeToLive: How long an instance is served after it was built.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - factory: Builds the instance; what it throws fails the resolve, and the expired instance
  ///     is not served again.
  public func register<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, lifetime: Lifetime,
    expiringAfter timeToLive: Duration, file: String = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> T
  ) {
    let holderName = HiddenHolderName(name: ServiceName(name), file: file, line: line)
    let entry = Entry(
      T.self, arguments: Void.self,
      qualifier: .named(name), lifetime: .transient, dependencies: nil, isMainActor: false,
      site: site(file), line: line,
      factory: { r, _ in
        let holder = try r.resolve(ExpiringInstance<T>.self, name: holderName)
        return try holder.value(timeToLive: timeToLive) { try factory(holder.resolver) }
      })
    recordWithHiddenHolder(
      entry, lifetime: lifetime, file: file, line: line, holderName: holderName,
      reason: "an instance with a time-to-live needs a lifetime that keeps it, not `\(lifetime)`",
      fix: "use `.app` or `.story(S.self)`", holder: ExpiringInstance<T>.init(resolver:))
  }

  /// Records `entry`, the transient registration users resolve, and the hidden cached holder it
  /// resolves by `holderName`: a registration of its own, so it lives (and is released) in the
  /// story `lifetime` names, like any cached instance. Its key is new even when `entry`
  /// overrides another, so it never overrides anything itself. A lifetime that keeps nothing
  /// (`.transient`, `.graph`, `.weak`) is recorded as an `invalidRegistration` problem instead.
  func recordWithHiddenHolder<Holder>(
    _ entry: AnyEntry, lifetime: Lifetime, file: String, line: UInt,
    holderName: HiddenHolderName, reason: String, fix: String,
    holder: @escaping @Sendable (Resolver) -> Holder
  ) {
    switch lifetime.kind {
    case .transient, .graph, .weak:
      buffer.problems.append(
        ViperNestError(
          .invalidRegistration, .invalidRegistration(entry, reason: reason, fix: fix)))
      return
    case .app, .story: break
    }
    let holderSite = RegistrationSite(
      fileID: file, assembly: assemblyName, localStory: localStory, isOverriding: false)
    record(
      Entry(
        Holder.self, arguments: Void.self,
        qualifier: .naming(holderName), lifetime: lifetime, dependencies: [], isMainActor: false,
        site: holderSite, line: line,
        factory: { r, _ in holder(Resolver(node: r.node, requester: r.node)) }))
    record(entry)
  }
}

/// Names the hidden holder of one `register(_:lifetime:cachedBy:)` or
/// `register(_:lifetime:expiringAfter:)` call (the holder's type tells the two apart).
struct HiddenHolderName: Hashable, Sendable {
  let name: ServiceName?
  let file: String
  let line: UInt
}

/// The current instance of a registration with a time-to-live, and when it expires.
final class ExpiringInstance<T>: @unchecked Sendable {
  // Invariant that makes this Sendable: `current` is only read or written while holding `lock`,
  // which is never held while a factory or a deinit runs (a replaced instance is released after
  // unlocking); `resolver` is immutable and Sendable.
  /// Resolves from the story that owns the holder.
  let resolver: Resolver
  private let lock = ConditionLock()
  private var current: (value: T, expires: ContinuousClock.Instant)?

  init(resolver: Resolver) { self.resolver = resolver }

  /// The instance, built by `make` (no lock held) when there is none or it expired.
  func value(timeToLive: Duration, _ make: () throws -> T) throws -> T {
    let clock = ContinuousClock()
    if let fresh = lock.withLock({ current.flatMap { clock.now < $0.expires ? $0.value : nil } }) {
      return fresh
    }
    let built = try make()
    let expires = clock.now.advanced(by: timeToLive)
    var replaced: (value: T, expires: ContinuousClock.Instant)?
    let served = lock.withLock { () -> T in
      if let current, clock.now < current.expires { return current.value }  // another thread's
      replaced = current
      current = (built, expires)
      return built
    }
    withExtendedLifetime(replaced) {}  // the expired instance is released here, unlocked
    return served
  }
}
