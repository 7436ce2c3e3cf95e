public import CViperNestAtomics

// The async resolution engine. A synchronous registration found by `resolveAsync` goes through the
// synchronous engine unchanged (`StoryNode.instance`); only `AsyncEntry`s come here. Nothing of
// this runs on the synchronous paths: they only read `AnyEntry.isAsync` where they would otherwise
// claim a slot or fail.

extension Resolver {
  /// `resolveAsync` for a plain key. Runs on the caller's actor (`nonisolated(nonsending)`), so
  /// that the synchronous engine it calls for synchronous registrations may run `@MainActor`
  /// factories when that actor is the main actor.
  @inlinable
  nonisolated(nonsending) func resolvePlainAsync<T>(_ type: T.Type) async throws -> T {
    let isolationID = (#isolation).map { ObjectIdentifier($0) }
    if !node.chainHasLocals,
      let unmanaged = node.graph.root.unmanagedEntry(for: ObjectIdentifier(T.self))
    {
      let isAsync = unmanaged._withUnsafeGuaranteedRef { $0.isAsync }
      if !isAsync {
        return try unmanaged._withUnsafeGuaranteedRef {
          try node.instance(
            of: $0, (), home: nil, requester: requester,
            isOutermost: true, isolation: isolationID)
        }
      }
      // Held strongly across the suspension (the graph holds it anyway).
      let entry = unmanaged.takeUnretainedValue()
      return try await node.asyncInstance(
        of: unsafeDowncast(entry, to: AsyncEntry<T, Void>.self), (), home: nil,
        requester: requester, isOutermost: true)
    }
    guard let (entry, home) = node.lookup(ObjectIdentifier(T.self)) else {
      return try unregistered(T.self)
    }
    if !entry.isAsync {
      return try node.instance(
        of: entry, (), home: home, requester: requester,
        isOutermost: true, isolation: isolationID)
    }
    return try await node.asyncInstance(
      of: unsafeDowncast(entry, to: AsyncEntry<T, Void>.self), (), home: home,
      requester: requester, isOutermost: true)
  }

  /// The registration of plain key `T` in the root table, unretained (the table keeps it alive
  /// as long as the resolver's graph lives), when no story of the chain has local
  /// registrations; nil otherwise (the slow lookup, `resolvePlainAsync`, finds it).
  @inlinable
  func plainEntry<T>(_ type: T.Type) -> Unmanaged<AnyEntry>? {
    guard !node.chainHasLocals else { return nil }
    return node.graph.root.unmanagedEntry(for: ObjectIdentifier(T.self))
  }

  /// The parameterless class initializer of `unmanaged`, an async registration of `T`, when it
  /// is a transient that `resolveAsync` awaits directly (`AsyncEntry.transientObjectLeaf`), its
  /// story checked open; nil for every other async registration.
  @inlinable
  func transientObjectLeaf<T>(
    _ unmanaged: Unmanaged<AnyEntry>, _ type: T.Type
  ) throws -> (@Sendable () async throws -> AnyObject)? {
    let leaf = unmanaged._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: AsyncEntry<T, Void>.self).transientObjectLeaf
    }
    guard let leaf else { return nil }
    if node.isClosedFlagSet { throw node.storyClosed(unmanaged.takeUnretainedValue()) }
    return leaf
  }

  /// `resolveAsync` of `unmanaged`, a synchronous registration of plain key `T`: resolved at
  /// once, by the synchronous engine, on the caller's actor (`isolation`).
  @inlinable
  func resolveSynchronousNow<T>(
    _ unmanaged: Unmanaged<AnyEntry>, _ type: T.Type, isolation: (any Actor)?
  ) throws -> T {
    try unmanaged._withUnsafeGuaranteedRef {
      try node.instance(
        of: $0, (), home: nil, requester: requester,
        isOutermost: true, isolation: isolation.map { ObjectIdentifier($0) })
    }
  }

  /// The synchronous part of `resolveAsync` for `unmanaged`, an async registration of plain key
  /// `T` that is not a class's transient initializer, run before anything is awaited: its cached
  /// instance when it is built, or the parameterless initializer of an async transient to await
  /// directly (its story checked open); `.pending` when the registration must be awaited through
  /// the engine. Awaiting nothing of the engine's on these paths spares every executor switch
  /// and async frame but the ones the user's initializer itself makes.
  @inlinable
  func resolveAsyncEntryNow<T>(
    _ unmanaged: Unmanaged<AnyEntry>, _ type: T.Type
  ) throws -> AsyncFirstStep<T> {
    try unmanaged._withUnsafeGuaranteedRef { entry -> AsyncFirstStep<T> in
      let entry = unsafeDowncast(entry, to: AsyncEntry<T, Void>.self)
      if case .transient = entry.lifetime.kind {
        guard let leaf = entry.leaf else { return .pending }
        try node.checkOpen(entry)
        return .leaf(leaf, unmanaged)
      }
      guard let value = try node.asyncCachedHit(entry) else { return .pending }
      return .resolved(value)
    }
  }

  /// `resolveAsync` for a named key (not inlined: names are the uncommon case).
  @usableFromInline
  nonisolated(nonsending) func resolveNamedAsync<T>(
    _ type: T.Type, name: (any Hashable & Sendable)?
  ) async throws -> T {
    try await resolveKeyAsync(
      ServiceKey(T.self, name: ServiceName(name)), T.self, ArgumentsHandOff(()), argumentTypes: [])
  }

  /// `resolveAsync` for a named or argument key.
  nonisolated(nonsending) func resolveKeyAsync<T, Args>(
    _ key: ServiceKey, _ type: T.Type, _ handOff: ArgumentsHandOff<Args>,
    argumentTypes: [Any.Type]
  ) async throws -> T {
    let arguments = handOff.arguments
    guard let (entry, home) = node.lookup(key) else {
      return try resolveEntry(key, T.self, arguments, argumentTypes: argumentTypes)
    }
    if !entry.isAsync {
      let resolve = { () throws -> T in
        try node.instance(
          of: entry, arguments, home: home,
          requester: requester, isOutermost: true)
      }
      // Read into a constant first: `#isolation === …` in a conditional expression of a
      // `nonisolated(nonsending)` function makes Swift 6.3.1 emit invalid LLVM IR (a release
      // build fails with "PHINode should have one entry for each predecessor").
      let isolation = #isolation
      if isolation === MainActor.shared { return try onMainActor(resolve) }
      return try resolve()
    }
    return try await node.asyncInstance(
      of: unsafeDowncast(entry, to: AsyncEntry<T, Args>.self), arguments, home: home,
      requester: requester, isOutermost: true)
  }

  /// Resolves a dependency of an async autowired initializer: awaited when its registration is
  /// async, resolved synchronously otherwise; `Resolver`, `Provider` and `AsyncProvider` are
  /// supplied by the registry.
  @inlinable
  nonisolated(nonsending) func dependencyAsync<D>(_ type: D.Type) async throws -> D {
    guard let (entry, home) = node.lookup(ObjectIdentifier(D.self)) else {
      return try unregistered(D.self)
    }
    if !entry.isAsync {
      return try node.instance(
        of: entry, (), home: home, requester: requester)
    }
    return try await node.asyncInstance(
      of: unsafeDowncast(entry, to: AsyncEntry<D, Void>.self), (), home: home,
      requester: requester, isOutermost: false)
  }
}

extension StoryNode {
  /// `instance(of:…)` for an async registration: picks the owner by lifetime, as the synchronous
  /// engine does.
  @inlinable
  nonisolated(nonsending) func asyncInstance<T, Args>(
    of entry: AsyncEntry<T, Args>, _ arguments: Args, home: StoryNode?, requester: StoryNode,
    isOutermost: Bool
  ) async throws -> T {
    let owner: StoryNode
    switch entry.lifetime.kind {
    case .transient, .graph:
      if isOutermost { try checkOpen(entry) }
      return try await constructAsync(entry, arguments, scope: self, requester: requester)
    case .app:
      owner = app
    case .story:
      guard let found = nearest(entry.lifetime.storyID)?.takeUnretainedValue() else {
        if isOutermost { try checkOpen(entry) }
        throw storyNotOpen(entry, requester: requester)
      }
      owner = found
    case .weak:
      owner = home ?? app
    }
    if isOutermost, owner !== self { try checkOpen(entry) }
    return try await owner.asyncCachedInstance(entry, arguments, requester: requester)
  }

  /// The built instance of a cached async entry resolved from this story (the outermost
  /// resolution), without awaiting: nil when it is not built yet, when it is transient, weak, or
  /// its story is not open (the awaited path creates it or reports the error).
  @inlinable
  func asyncCachedHit<T, Args>(_ entry: AsyncEntry<T, Args>) throws -> T? {
    let owner: StoryNode
    switch entry.lifetime.kind {
    case .transient, .graph, .weak:
      return nil
    case .app:
      owner = app
    case .story:
      guard let found = nearest(entry.lifetime.storyID)?.takeUnretainedValue() else { return nil }
      owner = found
    }
    if owner !== self { try checkOpen(entry) }
    vn_atomic_fetch_add(owner.readers, 1)
    defer { vn_atomic_fetch_add(owner.readers, -1) }
    guard let box = vn_atomic_load_pointer(owner.published(entry.slot)) else { return nil }
    return CachedInstance.value(at: box, of: entry, as: T.self)
  }

  /// The cached instance of an async entry owned by this story: the same lock-free hit as
  /// `cachedInstance`, else the shared in-flight creation.
  @inlinable
  nonisolated(nonsending) func asyncCachedInstance<T, Args>(
    _ entry: AsyncEntry<T, Args>, _ arguments: Args, requester: StoryNode
  ) async throws -> T {
    vn_atomic_fetch_add(readers, 1)
    if let box = vn_atomic_load_pointer(published(entry.slot)) {
      let value = CachedInstance.value(at: box, of: entry, as: T.self)
      vn_atomic_fetch_add(readers, -1)
      return value
    }
    vn_atomic_fetch_add(readers, -1)
    return try await createShared(entry, arguments, requester: requester)
  }

  /// The slow path of `asyncCachedInstance`: the built instance, or a wait for the creation in
  /// flight, or a new creation that others may join. The node's lock is only held to read and
  /// claim the slot, never across an `await`.
  @usableFromInline
  nonisolated(nonsending) func createShared<T, Args>(
    _ entry: AsyncEntry<T, Args>, _ arguments: Args, requester: StoryNode
  ) async throws -> T {
    let index = entry.slot
    let path = AsyncResolutionPath.current
    while true {
      lock.lock()
      if closed {
        lock.unlock()
        throw storyClosed(entry)
      }
      switch slots[index] {
      case .ready(let box):
        lock.unlock()
        return CachedInstance.value(of: box, of: entry, as: T.self)
      case .weakReady(let box):
        if let object = box.object {
          lock.unlock()
          return object as! T
        }
        slots[index] = .empty
        removeFromOrder(index)
        lock.unlock()
      case .empty:
        if path.isResolving(entry, in: self) {
          lock.unlock()
          throw ViperNestError.circular(path.entries + [entry], node: requester, crossThread: false)
        }
        let creation = AsyncCreation<T>(entry: entry)
        slots[index] = .creating(creation.owner)
        AsyncCreation<T>.list(creation)
        lock.unlock()
        let inner = path.running(creation)
        let handOff = ArgumentsHandOff(arguments)
        // Its own task: cancelling a waiter (even the first) does not cancel the creation.
        Task {
          await AsyncResolutionPath.$current.withValue(inner) {
            await self.runCreation(
              entry, handOff.arguments, requester: requester, creation: creation)
          }
        }
        return try await creation.wait(from: path, requester: requester)
      case .creating(let owner):
        // Only async creations claim an async entry's slot (the synchronous engine refuses it).
        guard let creation = AsyncCreationBase.find(owner) as? AsyncCreation<T> else {
          // Not expected (the synchronous engine never claims an async entry's slot): look again
          // once the claimer is done.
          lock.unlock()
          await Task.yield()
          continue
        }
        lock.unlock()
        if path.isResolving(entry, in: self) {
          throw ViperNestError.circular(path.entries + [entry], node: requester, crossThread: false)
        }
        return try await creation.wait(from: path, requester: requester)
      }
    }
  }

  /// Runs a shared creation to its end: builds, stores (or, when the story closed meanwhile,
  /// drops) the instance, then wakes every waiter.
  func runCreation<T, Args>(
    _ entry: AsyncEntry<T, Args>, _ arguments: Args, requester: StoryNode,
    creation: AsyncCreation<T>
  ) async {
    let value: T
    do {
      value = try await constructAsync(entry, arguments, scope: self, requester: requester)
    } catch {
      abandon(entry.slot)
      creation.finish(.failure(error))
      return
    }
    // Tracked before it is stored, as in `cachedInstance`: a racing close then finds it.
    if hasLeakToken, entry.isOwned, type(of: value as Any) is AnyClass { track(built: value) }
    do {
      if case .weak = entry.lifetime.kind {
        try storeWeak(value as Any, entry)
      } else {
        try store(CachedInstance.stored(value, for: entry), entry)
      }
    } catch {
      // The story closed while the factory ran: nothing keeps the instance; it goes when this
      // function returns.
      creation.finish(.failure(error))
      return
    }
    creation.finish(.success(SharedValue(value: value)))
  }
}

/// What `resolveAsync` does after its synchronous first step (`Resolver.resolveAsyncEntryNow`).
@usableFromInline
enum AsyncFirstStep<T> {
  /// Resolved without awaiting anything.
  case resolved(T)
  /// An async transient's parameterless initializer, awaited by `resolveAsync` itself, and its
  /// entry, which names it in the error when it throws. The entry is not retained: the root table
  /// of the resolver's graph keeps it alive (`Table.entries`; the node's `graph`, the graph's
  /// `root` and the table's `entries` are constants), and `resolveAsync` holds the resolver
  /// until it has read the entry.
  case leaf(@Sendable () async throws -> T, Unmanaged<AnyEntry>)
  /// Awaited through the engine (`Resolver.resolvePlainAsync`).
  case pending
}

/// Runtime arguments moved from the resolving caller to the factory that consumes them.
@usableFromInline
struct ArgumentsHandOff<Arguments>: @unchecked Sendable {
  // Invariant: built from the arguments of one `resolveAsync` call and read once, by the factory
  // call of that resolution; the caller keeps no access to them, so they are never used from two
  // places at once. (A cached registration's arguments are always `Void`.)
  @usableFromInline let arguments: Arguments

  @usableFromInline
  init(_ arguments: Arguments) { self.arguments = arguments }
}

/// Runs `entry`'s async factory with `scope`'s registrations visible, tracking the resolution
/// path of this task (a task-local) for cycle detection and error messages.
@inlinable
nonisolated(nonsending) func constructAsync<T, Args>(
  _ entry: AsyncEntry<T, Args>, _ arguments: Args, scope: StoryNode, requester: StoryNode
) async throws -> T {
  let resolver = Resolver(node: scope, requester: requester)
  guard entry.mayResolveNested else {
    do {
      // Handed off: the factory is not isolated (it runs off the caller's actor).
      let handOff = ArgumentsHandOff(arguments)
      return try await entry.asyncFactory(resolver, handOff.arguments)
    } catch {
      throw asyncFactoryFailed(entry, error, requester: requester)
    }
  }
  return try await constructAsyncNested(entry, arguments, resolver: resolver)
}

/// `constructAsync` for a factory that may resolve others: pushes it on the task's path.
@usableFromInline
nonisolated(nonsending) func constructAsyncNested<T, Args>(
  _ entry: AsyncEntry<T, Args>, _ arguments: Args, resolver: Resolver
) async throws -> T {
  let (scope, requester) = (resolver.node, resolver.requester)
  let path = AsyncResolutionPath.current
  if path.isResolving(entry, in: scope) {
    throw ViperNestError.circular(path.entries + [entry], node: requester, crossThread: false)
  }
  return try await AsyncResolutionPath.$current.withValue(path.pushing(entry, in: scope)) {
    do {
      // Handed off: the factory is not isolated (it runs off the caller's actor).
      let handOff = ArgumentsHandOff(arguments)
      return try await entry.asyncFactory(resolver, handOff.arguments)
    } catch {
      throw asyncFactoryFailed(entry, error, requester: requester)
    }
  }
}

/// What an async factory threw: ViperNest's own errors and cancellation pass through, anything
/// else is wrapped with the resolution path.
@usableFromInline
func asyncFactoryFailed(_ entry: AnyEntry, _ error: any Error, requester: StoryNode) -> any Error {
  if error is ViperNestError || error is CancellationError { return error }
  var path = AsyncResolutionPath.current.entries
  if path.last !== entry { path.append(entry) }
  return ViperNestError.factoryFailed(entry, error, path: path, node: requester)
}
