/// A `Registrar.decorate` call: wraps or observes every instance of one registration.
class AnyDecoration {
  let key: ServiceKey
  let localStory: StoryKind?
  /// Stands for the decorated key in messages (its origin is the `decorate` call); never run.
  let placeholder: AnyEntry

  init(key: ServiceKey, localStory: StoryKind?, placeholder: AnyEntry) {
    self.key = key
    self.localStory = localStory
    self.placeholder = placeholder
  }

  /// `make`, a type-erased factory of the decorated type, followed by the decoration (see
  /// `Decoration`).
  func decorating(_ make: @escaping Entry.Make) -> Entry.Make { make }

  /// Replaces each decorated registration in `entries` (the registry's, with the new ones
  /// appended) by a copy whose factory runs the decoration after building the instance. Runs
  /// under the registry's lock and calls no user code. A decoration of a key that has no
  /// registration in its scope is a problem, and so the whole install fails.
  static func apply(
    _ decorations: [AnyDecoration], to entries: inout [AnyEntry],
    replacing: inout Set<ObjectIdentifier>, problems: inout [ViperNestError]
  ) {
    for decoration in decorations {
      guard
        let position = entries.lastIndex(where: {
          $0.key == decoration.key && $0.localStory?.id == decoration.localStory?.id
        }),
        let decorated = entries[position].decorated(by: decoration)
      else {
        problems.append(decoration.nothingToDecorate)
        continue
      }
      if replacing.remove(ObjectIdentifier(entries[position])) != nil {
        replacing.insert(ObjectIdentifier(decorated))
      }
      entries[position] = decorated
    }
  }

  var nothingToDecorate: ViperNestError {
    let scope = localStory.map { "story \($0.name)" } ?? "the root registry"
    return ViperNestError(
      .invalidRegistration,
      .invalidRegistration(
        placeholder,
        reason: "`decorate` found no registration of it in \(scope) to decorate",
        fix:
          "register it in the same scope before decorating it (in this install call or an "
          + "earlier one), or remove the decorator"))
  }
}

/// The decoration of registrations of `T`.
final class Decoration<T>: AnyDecoration {
  let body: @Sendable (T) throws -> T

  init(
    key: ServiceKey, localStory: StoryKind?, placeholder: AnyEntry,
    body: @escaping @Sendable (T) throws -> T
  ) {
    self.body = body
    super.init(key: key, localStory: localStory, placeholder: placeholder)
  }

  /// Runs the decoration in place on what `make` built: a `T`, as `decorated(by:)` checked (the
  /// decorated entry's type is the key's). When the decoration throws, the instance is released
  /// and the result left uninitialized, as `Entry.Make` requires of a failure. (Raw pointers:
  /// the erased factory of every entry; benchmark targets `launch-300`, `register-10k`.)
  override func decorating(_ make: @escaping Entry.Make) -> Entry.Make {
    let body = self.body
    return { resolver, arguments, result in
      try make(resolver, arguments, result)
      let instance = result.assumingMemoryBound(to: T.self)
      instance.initialize(to: try body(instance.move()))
    }
  }
}

/// What a placeholder entry's factory throws, were it ever run (it is not).
private struct DecorationPlaceholder: Error {}

extension Registrar {
  /// Passes every instance of the registration of `type` through `decorator` when it is built:
  /// to observe it (logging, metrics) or to wrap it in something of the same type, without
  /// replacing the registration.
  ///
  /// The decorator runs once per instance the factory builds: for every resolve of a transient
  /// registration, once per story for a story lifetime, once for `.app`. It runs with no lock
  /// held, like the factory. The registration must already be installed, in the same scope
  /// (the root, or the story of ``story(_:in:body:)``), when the call is installed; an override
  /// installed later replaces it, decorator included. Several decorators run in the order they
  /// were installed. Decorating costs nothing at resolution: the registration's factory is
  /// composed once, when it is installed.
  ///
  /// ```swift
  /// r.register((any AccountsReading).self, lifetime: .app, RemoteAccounts.init)
  /// r.decorate((any AccountsReading).self) { accounts in LoggingAccounts(wrapping: accounts) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the registration is resolved as.
  ///   - name: Its typed name, if it has one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - decorator: Receives each new instance and returns it, or a wrapper of the same type. What
  ///     it throws fails the resolution (``ViperNestError/Code/factoryFailed``); nothing is cached.
  public func decorate<T>(
    _ type: T.Type, name: (any Hashable & Sendable)? = nil, file: String = #fileID,
    line: UInt = #line, _ decorator: @escaping @Sendable (T) throws -> T
  ) {
    let qualifier = KeyQualifier.naming(name)
    let placeholder = Entry(
      type: T.self, qualifier: qualifier, lifetime: .transient, dependencies: nil,
      isMainActor: false, site: site(file), line: line,
      make: { _, _, _ in throw DecorationPlaceholder() })
    buffer.decorations.append(
      Decoration(
        key: placeholder.key, localStory: localStory, placeholder: placeholder, body: decorator))
  }
}
