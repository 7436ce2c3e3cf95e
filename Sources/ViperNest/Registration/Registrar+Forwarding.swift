extension Registrar {
  /// Serves the registration of `source` as `target` too: one instance under several types (an
  /// `AccountsService` as `AccountsReading` and as `AccountsWriting`), like Swinject's
  /// `.implements`.
  ///
  /// Resolving `target` resolves `source`, so the instance is `source`'s: with a cached lifetime
  /// every type it is forwarded as gets the same instance in the same story. The forwarding is an
  /// autowired registration that depends on `source`: ``Registry/validate()`` reports a missing
  /// `source`, and the graph export draws the edge. `convert` is usually `{ $0 }`: the compiler
  /// then checks that `source` conforms to `target`, so a forwarding that cannot work does not
  /// build (Swinject finds out when resolving).
  ///
  /// ```swift
  /// r.register(AccountsService.self, lifetime: .app, AccountsService.init)
  /// r.forward((any AccountsReading).self, to: AccountsService.self) { $0 }
  /// r.forward((any AccountsWriting).self, to: AccountsService.self) { $0 }
  /// ```
  ///
  /// - Parameters:
  ///   - target: The type it is also resolved as, usually a protocol.
  ///   - name: A typed name for `target`, when several registrations share it.
  ///   - source: The registered type whose instance is served (resolved without a name).
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - convert: Turns the `source` instance into a `target`; `{ $0 }` when it conforms.
  @inlinable
  public func forward<Source, Target>(
    _ target: Target.Type, name: (any Hashable & Sendable)? = nil, to source: Source.Type,
    file: String = #fileID, line: UInt = #line,
    _ convert: @escaping @Sendable (Source) -> Target
  ) {
    record(
      ForwardedEntry(
        Target.self, source: Source.self, qualifier: .named(name), site: site(file), line: line,
        make: { r, _, result in
          result.initializeMemory(as: Target.self, to: convert(try r.dependency(Source.self)))
        }))
  }
}

/// The registration ``Registrar/forward(_:name:to:file:line:_:)`` records: a transient
/// registration of `Target` depending on `Source`, which the resolution trace reports as forwarded.
@usableFromInline
final class ForwardedEntry: Entry, ForwardingEntry, @unchecked Sendable {
  // Invariant (restated, as Swift requires of a subclass of an `@unchecked Sendable` class): as
  // for `Entry`; `source` is an immutable metatype.
  let source: Any.Type

  @usableFromInline
  init(
    _ target: Any.Type, source: Any.Type, qualifier: KeyQualifier?, site: RegistrationSite,
    line: UInt, make: @escaping Make
  ) {
    self.source = source
    super.init(
      type: target, qualifier: qualifier, lifetime: .transient,
      dependencies: Dependency.declared(types: [source]), isMainActor: false, site: site,
      line: line, make: make)
  }

  var sourceDescription: String { describeKey(source, nil, []) }
}
