extension Resolving {
  /// Resolves `type` (optionally by `name`), awaiting its factory when it is `async`.
  ///
  /// A synchronous registration resolves as with ``resolve(_:name:isolation:)``; an `async` one is
  /// awaited. A cached `async` instance (`app`, `story`, `weak`) is created once: concurrent
  /// resolutions share one in-flight creation, and no thread is blocked while it runs.
  ///
  /// It runs on the caller's actor (it is `nonisolated(nonsending)`): awaiting an instance that
  /// is already built, or a synchronous registration, switches no executor. A factory keeps its
  /// own isolation: a nonisolated `async` factory runs off the caller's actor, a `mainActor:` one
  /// on the main actor.
  ///
  /// It is a separate name, not an `async` overload of `resolve`: in `async` code Swift prefers an
  /// `async` overload, which would make every existing `try resolve(...)` there a compile error.
  ///
  /// ```swift
  /// let session = try await app.resolveAsync(Session.self)
  /// ```
  ///
  /// Cancellation: a task cancelled while it waits for a shared creation stops waiting and throws
  /// `CancellationError`; the creation itself runs on and completes for every other waiter (and
  /// is cached). A creation that fails caches nothing: the next resolution tries again. When the
  /// owning story closes before the creation ends, the instance is released as soon as it is
  /// built and the waiters get ``ViperNestError/Code/storyClosed``.
  ///
  /// - Parameters:
  ///   - type: The type it was registered as. Inferred when omitted.
  ///   - name: The typed name it was registered under, if any.
  /// - Returns: The instance, shared or new according to the registration's ``Lifetime``.
  /// - Throws: As ``resolve(_:name:isolation:)``, and `CancellationError` when the task is
  ///   cancelled while waiting for a shared creation.
  @inlinable
  public nonisolated(nonsending) func resolveAsync<T>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil
  ) async throws -> T {
    let resolver = resolver
    if name == nil {
      guard let unmanaged = resolver.plainEntry(T.self) else {
        return try await resolver.resolvePlainAsync(T.self)
      }
      if unmanaged._withUnsafeGuaranteedRef({ $0.isAsync }) {
        if let initializer = try resolver.transientObjectLeaf(unmanaged, T.self) {
          // Awaited here, as a hand-written `await T()` would be, and returned as it is: the
          // registration made sure `T` is a class (`register<T: AnyObject>`), so the reference
          // is a `T`.
          do {
            return unsafeBitCast(try await initializer(), to: T.self)
          } catch {
            // `resolver` (which keeps the entry alive) is still held here.
            throw asyncFactoryFailed(
              unmanaged.takeUnretainedValue(), error, requester: resolver.requester)
          }
        }
        switch try resolver.resolveAsyncEntryNow(unmanaged, T.self) {
        case .resolved(let value):
          return value
        case .leaf(let initializer, let entry):
          // Awaited here, as a hand-written `await T()` would be: the initializer's own frame
          // and executor switch only.
          do {
            return try await initializer()
          } catch {
            // `resolver` (which keeps `entry` alive) is still held here.
            throw asyncFactoryFailed(
              entry.takeUnretainedValue(), error, requester: resolver.requester)
          }
        case .pending:
          return try await resolver.resolvePlainAsync(T.self)
        }
      }
      return try resolver.resolveSynchronousNow(unmanaged, T.self, isolation: #isolation)
    }
    return try await resolver.resolveNamedAsync(T.self, name: name)
  }

  /// Resolves `type` registered with runtime arguments, awaiting its factory when it is `async`.
  ///
  /// ```swift
  /// let details = try await bank.resolveAsync(AccountDetails.self, arguments: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type it was registered as.
  ///   - name: The typed name it was registered under, if any.
  ///   - first: The first runtime argument, of the type it was registered with.
  ///   - rest: The other runtime arguments, in order.
  /// - Returns: A new instance.
  /// - Throws: As ``resolveAsync(_:name:)``.
  public nonisolated(nonsending) func resolveAsync<T, First, each Rest>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil, arguments first: First,
    _ rest: repeat each Rest
  ) async throws -> T {
    let key = ServiceKey(
      T.self, name: ServiceName(name), arguments: (First, repeat each Rest).self)
    let handOff = ArgumentsHandOff((first, (repeat each rest)))
    return try await resolver.resolveKeyAsync(
      key, T.self, handOff,
      argumentTypes: argumentTypeList(First.self, repeat (each Rest).self))
  }

  /// Opens a story of type `story` and awaits `body` in it (usually resolving what the story
  /// starts with); when `body` throws, or its task is cancelled, the story is closed before the
  /// error is rethrown, so nothing it built stays alive.
  ///
  /// ```swift
  /// let (story, session) = try await app.openAsync(SessionStory.self) {
  ///   try await $0.resolveAsync(Session.self)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - story: The story type.
  ///   - body: Resolves what the story starts with.
  /// - Returns: The open story and what `body` returned.
  /// - Throws: What ``open(_:in:)`` or `body` throws; `CancellationError` when the task was
  ///   cancelled by the time `body` returned.
  public nonisolated(nonsending) func openAsync<S: UserStory, T>(
    _ story: S.Type, resolving body: (Story) async throws -> T
  ) async throws -> (story: Story, value: T) {
    let opened = try open(story)
    do {
      let value = try await body(opened)
      try Task.checkCancellation()
      return (opened, value)
    } catch {
      opened.close()
      throw error
    }
  }

  /// A provider that resolves `type` from this story, awaiting it, each time it is called.
  ///
  /// - Parameter type: The type to resolve later.
  /// - Returns: The provider.
  public func asyncProvider<T>(_ type: T.Type = T.self) -> AsyncProvider<T> {
    AsyncProvider(resolver: resolver)
  }
}

/// Resolves `T` later with `try await`, from the story it was injected in: the `async`
/// counterpart of ``Provider``, for registrations whose factories are `async` (a synchronous
/// ``Provider`` of one throws ``ViperNestError/Code/awaitRequired`` when called, and
/// ``Registry/validate()`` reports it).
///
/// ```swift
/// final class AccountsPresenter {
///   let accounts: AsyncProvider<AccountList>
///   init(accounts: AsyncProvider<AccountList>) { self.accounts = accounts }
///   func load() async throws -> [String] { try await accounts().names }
/// }
/// ```
public struct AsyncProvider<T>: Sendable {
  @usableFromInline let resolver: Resolver

  /// Resolves `T`, awaiting its factory when it is `async`, on the caller's actor (as
  /// ``Resolving/resolveAsync(_:name:)`` does).
  ///
  /// - Returns: The instance.
  /// - Throws: As ``Resolving/resolveAsync(_:name:)``.
  @inlinable
  public nonisolated(nonsending) func callAsFunction() async throws -> T {
    try await resolver.resolveAsync(T.self)
  }
}

extension AsyncProvider: BuiltInDependency {
  static var deferredTarget: Any.Type? { T.self }
  static var isAsyncDeferred: Bool { true }
  static func make(from resolver: Resolver) -> AsyncProvider<T> {
    AsyncProvider(resolver: resolver)
  }
}
