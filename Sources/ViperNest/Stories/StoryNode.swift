public import CViperNestAtomics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The state of one open story: its place in the tree, its story-local registrations and the
/// instances it owns. ``Story`` is the public handle; resolvers and child stories reference the node.
///
/// Locking: each node has its own lock guarding `slots`, the creation order, its list of children,
/// `waiting` and the closing flags; a child's sibling links are guarded by its parent's lock. No lock is held while a factory or a deinit runs; a node never takes its
/// parent's lock while holding its own, except for `WaitGraph.lock`, which is always taken last.
///
/// The resolution fast path (lookup, cached hit) is `@inlinable` so that it is specialized for the
/// resolved type in the caller's module; everything slow (creating, waiting, errors) is not.
///
/// Lock-free hits: a cached instance, once built, is also *published*: a pointer to its box in
/// `published[slot]`, read without the lock. A reader counts itself in `readers` before loading
/// the pointer and out after copying the instance; closing clears every published pointer and the
/// `closedFlag` first, then waits for `readers` to drop to zero before releasing anything. All
/// of these are sequentially consistent atomics, so a reader either sees the pointer while its box
/// is still alive, or sees nil and takes the locked slow path (which refuses a closed story).
/// Readers never wait; only a closing story waits, for a handful of instructions per reader.
@usableFromInline
final class StoryNode: @unchecked Sendable {
  // Invariant that makes this Sendable: `let` properties are immutable; every `var` and the memory
  // behind `slots` and `order` is only accessed while holding `lock` (the sibling links:
  // the parent's lock), except that a closing story releases the slots it took out of the creation
  // order after unlocking, when nothing else can reach them (closed is set and the order emptied
  // under the lock); `atomics` (reader count, closed and releasing flags, close waiters,
  // published pointers) is only accessed through the sequentially consistent atomics of
  // CViperNestAtomics, and published pointers are written only while holding `lock`. The lock already makes every access exclusive, so the
  // `var`s skip the runtime's exclusivity checks (`@exclusivity(unchecked)`), a visible part of
  // opening a story.
  @usableFromInline let graph: Graph
  /// The story type's kind, local registrations and slot count (shared by its stories).
  let profile: StoryProfile
  @usableFromInline let parent: StoryNode?
  /// `parent`, unretained (`parent` keeps it alive): walking up the tree costs no reference
  /// counting.
  @usableFromInline let parentRef: Unmanaged<StoryNode>?
  /// The app story (nil on the app story itself, to avoid a reference to self).
  @usableFromInline let appAncestor: StoryNode?
  let depth: Int
  /// Whether this node or an ancestor has local registrations (if not, lookups go straight to the
  /// root table).
  @usableFromInline let chainHasLocals: Bool
  /// In `storage`, destroyed in `deinit`.
  @usableFromInline let lock: RawConditionLock
  /// The story type's id (`kind.id`), read by the inlinable `nearest(_:)`.
  @usableFromInline let kindID: ObjectIdentifier
  /// The leak detector's group for this story (nil when detection is off): its instances are
  /// expected to be released when it closes.
  let leakToken: LeakOwnerToken?

  private let slotCount: Int
  /// One allocation for everything a story needs (`StorageLayout`): its lock, its atomics, its
  /// creation order and its slots.
  private let storage: UnsafeMutableRawPointer
  @usableFromInline let slots: UnsafeMutablePointer<SlotState>
  /// `[readers, closedFlag, releasingFlag, closeWaiters, published[0], published[1], …]`, atomics
  /// only.
  @usableFromInline let atomics: UnsafeMutableRawPointer
  /// The slots built so far, oldest first: `order[0..<instanceTotal]` (each slot at most once).
  private let order: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) private var instanceTotal = 0
  /// Open children: a list through their sibling links, so opening and closing a story allocates
  /// nothing here.
  @exclusivity(unchecked) private var firstChild: StoryNode?
  /// Guarded by the parent's lock.
  @exclusivity(unchecked) private var nextSibling: StoryNode?
  /// Guarded by the parent's lock; the parent's list holds it strongly.
  @exclusivity(unchecked) private unowned(unsafe) var previousSibling: StoryNode?
  /// Whether this node is in its parent's list (guarded by the parent's lock).
  @exclusivity(unchecked) private var isLinked = false
  /// Threads waiting for a slot another thread is creating, and which slot.
  @exclusivity(unchecked) private var waiting: [(slot: Int, thread: ThreadResolutionState)] = []
  @exclusivity(unchecked) private var closing = false
  @exclusivity(unchecked) private(set) var closed = false

  /// Whether the story has finished closing (an atomic load; for callers outside the node).
  var isClosed: Bool { isClosedFlagSet }

  /// Creates the app story of `graph`.
  convenience init(root graph: Graph) {
    self.init(graph: graph, profile: graph.profile(for: .app), parent: nil)
  }

  // Inlined into `openChild`: called, the caller kept its own references to the graph, the
  // profile and the parent around the call, three retain and release pairs per open (benchmark
  // target `story-cycle`).
  @inline(__always)
  private init(graph: Graph, profile: StoryProfile, parent: StoryNode?) {
    self.graph = graph
    self.profile = profile
    self.kindID = profile.kind.id
    self.parent = parent
    self.parentRef = parent.map { Unmanaged.passUnretained($0) }
    self.appAncestor = parent.map { $0.appAncestor ?? $0 }
    self.depth = (parent?.depth ?? -1) + 1
    self.chainHasLocals = profile.locals != nil || (parent?.chainHasLocals ?? false)
    leakToken = LeakDetector.current?.beginOwner(
      .story, name: profile.kind.name, parent: parent?.leakToken)
    slotCount = profile.slotCount
    let layout = StorageLayout(slotCount: slotCount)
    // `malloc`, not `UnsafeMutableRawPointer.allocate`: on Linux the runtime serves every raw
    // allocation through `posix_memalign` (it forces its own minimum alignment), about 130
    // instructions more per story (benchmark target `story-cycle`). Invariant: `malloc` returns
    // memory aligned for any fundamental type, which is all the block needs (checked).
    guard let memory = malloc(layout.byteCount) else { fatalError("out of memory") }
    internalCheck(
      Int(bitPattern: memory) % layout.alignment == 0, "a story's storage is misaligned")
    storage = memory
    lock = RawConditionLock(initializingAt: storage)
    atomics = storage + layout.atomics
    atomics.initializeMemory(as: Int.self, repeating: 0, count: 4)
    (atomics + 4 * MemoryLayout<Int>.stride).initializeMemory(
      as: UnsafeRawPointer?.self, repeating: nil, count: slotCount)
    order = (storage + layout.order).initializeMemory(as: Int.self, repeating: 0, count: slotCount)
    slots = (storage + layout.slots).initializeMemory(
      as: SlotState.self, repeating: .empty, count: slotCount)
  }

  /// The story type's kind.
  var kind: StoryKind { profile.kind }

  /// This story type's local registrations, if it has any.
  var locals: Table? { profile.locals }

  deinit {
    // A closed story emptied every slot (a store after the close refuses its instance), so only
    // a story that never closed has instances to release here.
    if closed {
      internalCheck(
        (0..<slotCount).allSatisfy { if case .empty = slots[$0] { true } else { false } },
        "a closed story still holds an instance")
    } else {
      slots.deinitialize(count: slotCount)
    }
    lock.destroy()
    free(storage)
  }

  /// Where each part of a story's storage block starts.
  private struct StorageLayout {
    let atomics: Int
    let order: Int
    let slots: Int
    let byteCount: Int
    let alignment: Int

    init(slotCount: Int) {
      func aligned(_ offset: Int, _ alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
      }
      let word = MemoryLayout<Int>.stride
      atomics = aligned(RawConditionLock.byteCount, MemoryLayout<Int>.alignment)
      order = atomics + (4 + slotCount) * word
      slots = aligned(order + slotCount * word, MemoryLayout<SlotState>.alignment)
      byteCount = slots + slotCount * MemoryLayout<SlotState>.stride
      alignment = max(
        RawConditionLock.alignment, MemoryLayout<Int>.alignment, MemoryLayout<SlotState>.alignment)
    }
  }

  // MARK: - Atomics

  /// How many threads are reading a published instance right now.
  @inlinable
  var readers: UnsafeMutablePointer<Int> { atomics.assumingMemoryBound(to: Int.self) }

  /// Non-zero once the story is closed.
  @inlinable
  var closedFlag: UnsafeMutablePointer<Int> { atomics.assumingMemoryBound(to: Int.self) + 1 }

  /// The box of slot `slot`'s instance, or nil while it is not built (or the story is closed).
  @inlinable
  func published(_ slot: Int) -> UnsafeMutablePointer<UnsafeRawPointer?> {
    (atomics + 4 * MemoryLayout<Int>.stride).assumingMemoryBound(to: UnsafeRawPointer?.self) + slot
  }

  /// Non-zero while a thread runs the deinits of what this story owned. Set with `lock` held,
  /// cleared without it (see `finishClosing`).
  private var releasingFlag: UnsafeMutablePointer<Int> {
    atomics.assumingMemoryBound(to: Int.self) + 2
  }

  /// How many closing threads wait, with `lock`, for `releasingFlag` to clear.
  private var closeWaiters: UnsafeMutablePointer<Int> {
    atomics.assumingMemoryBound(to: Int.self) + 3
  }

  /// How many closing threads wait for another thread's release of this story right now (read by
  /// tests).
  var closeWaiterCount: Int { vn_atomic_load(closeWaiters) }

  /// Whether the story is closed, without taking its lock.
  @inlinable
  var isClosedFlagSet: Bool { vn_atomic_load(closedFlag) != 0 }

  @inlinable
  var app: StoryNode { appAncestor ?? self }

  // MARK: - Lookup

  /// The registration a plain key (a type without name or arguments) resolves to here, and the
  /// story whose registrations hold it: nil for the root registrations, which the app story
  /// holds (so the common case takes no reference to the app story).
  @inlinable @inline(__always)
  func lookup(_ type: ObjectIdentifier) -> (entry: AnyEntry, home: StoryNode?)? {
    if chainHasLocals { return lookupThroughLocals(type) }
    guard let entry = graph.root.entry(for: type) else { return nil }
    return (entry, nil)
  }

  @usableFromInline
  func lookupThroughLocals(_ type: ObjectIdentifier) -> (entry: AnyEntry, home: StoryNode?)? {
    guard let (entry, home) = lookup(ServiceKey(type: type)) else { return nil }
    return (entry, home)
  }

  /// The registration `key` resolves to here, and the story whose registrations hold it.
  @inline(__always)
  func lookup(_ key: ServiceKey) -> (entry: AnyEntry, home: StoryNode)? {
    if chainHasLocals {
      var node: StoryNode? = self
      while let current = node {
        if let entry = current.locals?.entry(for: key) { return (entry, current) }
        node = current.parent
      }
    }
    return graph.root.entry(for: key).map { ($0, app) }
  }

  /// The nearest open story of `kind`: this one or an ancestor.
  @inlinable
  func nearest(_ kind: StoryKind) -> StoryNode? {
    nearest(kind.id)?.takeUnretainedValue()
  }

  /// The nearest open story whose kind is `id`, unretained (it is this node or an ancestor, which
  /// this node keeps alive).
  @inlinable
  func nearest(_ id: ObjectIdentifier) -> Unmanaged<StoryNode>? {
    if kindID == id { return Unmanaged.passUnretained(self) }
    var node = parentRef
    while let current = node {
      if current._withUnsafeGuaranteedRef({ $0.kindID == id }) { return current }
      node = current._withUnsafeGuaranteedRef { $0.parentRef }
    }
    return nil
  }

  /// Whether `ancestor` is this node or one of its ancestors.
  func isWithin(_ ancestor: StoryNode) -> Bool {
    var node: StoryNode? = self
    while let current = node {
      if current === ancestor { return true }
      node = current.parent
    }
    return false
  }

  /// `App > Contacts > AddContact`, shortened in the middle for very deep trees.
  var chainNames: [String] {
    var names: [String] = []
    var node: StoryNode? = self
    while let current = node {
      names.append(current.kind.name)
      node = current.parent
    }
    return names.reversed()
  }

  // MARK: - Cached instances

  /// The instance of a cached entry owned by this story, created once even under racing first
  /// access. The factory runs without any lock held.
  @inlinable
  func cachedInstance<T, Args>(
    _ entry: AnyEntry, _ arguments: Args, requester: StoryNode,
    isolation: ObjectIdentifier? = nil
  ) throws -> T {
    // Lock-free hit (see the type's comment): count in, load, copy the instance, count out.
    vn_atomic_fetch_add(readers, 1)
    if let box = vn_atomic_load_pointer(published(entry.slot)) {
      let value = CachedInstance.value(at: box, of: entry, as: T.self)
      vn_atomic_fetch_add(readers, -1)
      return value
    }
    vn_atomic_fetch_add(readers, -1)
    // The slow path is split so that only what needs `T` is generic (specialized here, in the
    // caller's module): claiming the slot, waiting and storing are not.
    lock.lock()
    switch try claim(entry, requester: requester) {
    case .ready(let box):
      return CachedInstance.value(of: box, of: entry, as: T.self)
    case .weakReady(let object):
      // The object the factory returned as a `T` (only class instances are kept weakly).
      return object as! T
    case .claimed:
      let value: T
      // Post-initialisation hooks of what the factory builds run before the instance is stored.
      let hooks = pendingPostInitCount()
      do {
        value = try construct(
          entry, arguments, scope: self, requester: requester, isolation: isolation)
        if hooks != pendingPostInitCount() {
          try runPendingPostInitHooks(from: hooks, requester: requester)
        }
      } catch {
        abandon(entry.slot)
        throw error
      }
      // Tracked before it is stored and published: a close that ends the story's group after
      // this point finds the instance in it (or, having closed first, makes `store` refuse it).
      // Tracked after publishing, a close in between would end the group before the instance
      // joined it, and the instance would never be checked.
      if hasLeakToken, entry.isOwned, type(of: value as Any) is AnyClass { track(built: value) }
      if case .weak = entry.lifetime.kind {
        try storeWeak(value as Any, entry)
      } else {
        try store(CachedInstance.stored(value, for: entry), entry)
      }
      return value
    }
  }

  /// What `claim` found in a slot.
  @usableFromInline
  enum Claim {
    case ready(AnyObject)
    case weakReady(AnyObject)
    /// Empty: this thread now builds it (the slot says `.creating`).
    case claimed
  }

  /// Called with `lock` held; returns with it released: the slot's instance, or the right to build
  /// it (waiting while another thread builds it).
  @usableFromInline
  func claim(_ entry: AnyEntry, requester: StoryNode) throws -> Claim {
    // The thread's state borrowed, not retained (benchmark target `story-cycle`).
    try ThreadResolutionState.withCurrent { try claim(entry, requester: requester, thread: $0) }
  }

  private func claim(
    _ entry: AnyEntry, requester: StoryNode, thread: ThreadResolutionState
  ) throws -> Claim {
    let index = entry.slot
    while true {
      if closed {
        lock.unlock()
        throw ViperNestError(
          .storyClosed, .storyClosed(node: self, requested: entry.keyDescription))
      }
      switch slots[index] {
      case .ready(let box):
        lock.unlock()
        if let trace = graph.trace { traceHit(entry, trace) }
        return .ready(box)
      case .weakReady(let box):
        if let object = box.object {
          lock.unlock()
          if let trace = graph.trace { traceHit(entry, trace) }
          return .weakReady(object)
        }
        // Its holders let go: forget it, so the slot is listed once when it is built again.
        slots[index] = .empty
        removeFromOrder(index)
      case .empty:
        if entry.isAsync { return try refuseAsync(entry, requester: requester) }
        if thread.isResolving(entry, in: self) {
          lock.unlock()
          throw ViperNestError.circular(thread.stack + [entry], node: requester, crossThread: false)
        }
        slots[index] = .creating(thread)
        lock.unlock()
        return .claimed
      case .creating(let owner):
        if entry.isAsync { return try refuseAsync(entry, requester: requester) }
        if owner === thread || !WaitGraph.beginWait(thread, for: owner) {
          lock.unlock()
          throw ViperNestError.circular(
            thread.stack + [entry], node: requester, crossThread: owner !== thread)
        }
        waiting.append((index, thread))
        lock.wait()
        waiting.removeAll { $0.thread === thread }
        WaitGraph.endWait(thread)
      }
    }
  }

  /// Reports a cached hit (only taken on this locked path when tracing: nothing is published).
  private func traceHit(_ entry: AnyEntry, _ trace: @Sendable (ResolutionEvent) -> Void) {
    trace(
      .make(entry.keyDescription, onStack: false, in: self, outcome: .fromCache(entry.lifetime)))
  }

  /// Called with `lock` held: an `async` registration resolved synchronously (not built yet).
  private func refuseAsync(_ entry: AnyEntry, requester: StoryNode) throws -> Claim {
    lock.unlock()
    throw ViperNestError.awaitRequired(entry, node: requester)
  }

  /// The factory of a claimed slot failed: empties it and wakes its waiters.
  @usableFromInline
  func abandon(_ index: Int) {
    lock.lock()
    slots[index] = .empty
    endCreation(index)
    lock.unlock()
  }

  /// Stores the instance built for a claimed slot, and publishes it; refuses a story that closed
  /// meanwhile (the instance is then released by the caller).
  @usableFromInline
  func store(_ box: AnyObject, _ entry: AnyEntry) throws {
    let index = entry.slot
    lock.lock()
    if closed {
      slots[index] = .empty
      endCreation(index)
      lock.unlock()
      throw ViperNestError(.storyClosed, .storyClosed(node: self, requested: entry.keyDescription))
    }
    slots[index] = .ready(box)
    // Traced stories publish nothing: every hit then takes the locked path, which reports it.
    if graph.trace == nil {
      vn_atomic_store_pointer(
        published(index), UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()))
    }
    order[instanceTotal] = index
    instanceTotal += 1
    endCreation(index)
    lock.unlock()
  }

  /// Stores a `weak`-lifetime instance built for a claimed slot (a class instance, or an error).
  @usableFromInline
  func storeWeak(_ value: Any, _ entry: AnyEntry) throws {
    let index = entry.slot
    guard type(of: value) is AnyClass else {
      abandon(index)
      throw ViperNestError(
        .invalidRegistration,
        .invalidRegistration(
          entry,
          reason:
            "a `weak` lifetime needs a class instance, but it built "
            + withIndefiniteArticle("\(type(of: value))"),
          fix: "use `.transient` or a story lifetime for value types"))
    }
    lock.lock()
    if closed {
      slots[index] = .empty
      endCreation(index)
      lock.unlock()
      throw ViperNestError(.storyClosed, .storyClosed(node: self, requested: entry.keyDescription))
    }
    slots[index] = .weakReady(WeakBox(value as AnyObject))
    order[instanceTotal] = index
    instanceTotal += 1
    endCreation(index)
    lock.unlock()
  }

  /// Drops the instance built in slot `index`, so that the next resolve builds a new one
  /// (``Resolving/reset(_:name:)``). Nothing to drop (never built, being built, or the story
  /// closed, which releases it itself): false. The instance is released after unlocking, once
  /// the readers that may be copying it out of its published box are done, as when closing.
  func reset(slot index: Int) -> Bool {
    lock.lock()
    guard !closed else {
      lock.unlock()
      return false
    }
    let dropped = slots[index]
    switch dropped {
    case .ready, .weakReady:
      slots[index] = .empty
      vn_atomic_store_pointer(published(index), nil)
      removeFromOrder(index)
    case .empty, .creating:
      lock.unlock()
      return false
    }
    lock.unlock()
    waitForReaders()
    withExtendedLifetime(dropped) {}  // released here: its deinit is user code
    return true
  }

  /// Waits until no reader is inside its lock-free window (see the type's comment); called after
  /// clearing published pointers, before releasing what they pointed to.
  ///
  /// A spin, so that the lock-free hit pays nothing for it (a sleeping closer would need every
  /// reader to check for it and wake it). It is bounded because a reader's window, from its
  /// increment of `readers` to its decrement, is one pointer load and a copy of the instance
  /// (reference-count increments: no lock, no wait, no allocation, no user code), and a reader
  /// arriving after the clear finds no pointer and leaves at once for the locked path, which
  /// refuses a closed story (a reset keeps the other slots published: their readers keep
  /// passing through, each for those few instructions). Only a reader preempted inside its
  /// window delays the wait, by about a scheduling quantum; `sched_yield` lets it run.
  ///
  /// Obligation: nothing that can block or run user code may enter the reader's window
  /// (`cachedInstance`, `asyncCachedHit`, `asyncCachedInstance`).
  private func waitForReaders() {
    while vn_atomic_load(readers) != 0 { sched_yield() }
  }

  /// Whether the leak detector watches this story.
  @usableFromInline
  var hasLeakToken: Bool { leakToken != nil }

  /// Hands a built instance whose dynamic type is a class to the leak detector (see `track(_:)`).
  ///
  /// A class-typed `T` is tracked as itself, without `as AnyObject` (benchmark target
  /// `memory-300` with tracking on; see `CachedInstance.stored`). Not inlinable, like `stored`:
  /// the slow path of `cachedInstance`, specialized in the caller, holds a call only.
  @usableFromInline
  func track<T>(built value: T) {
    // A class-typed `T` is one strong reference, as an `AnyObject` is (the invariant of
    // `CachedInstance.stored`); `as AnyObject` would scan conformance records the first time
    // each type is tracked (benchmark target `memory-300` with tracking on).
    track(T.self is AnyClass ? unsafeBitCast(value, to: AnyObject.self) : value as AnyObject)
  }

  /// Hands a built instance to the leak detector. Call before storing it (see `cachedInstance`).
  @usableFromInline
  func track(_ object: AnyObject) {
    graph.configuration.willTrackInstance?()
    leakToken?.track(object, role: parent == nil ? .singleton : .storyService)
  }

  /// Called with `lock` held: takes `index` out of the creation order.
  func removeFromOrder(_ index: Int) {
    guard let position = (0..<instanceTotal).first(where: { order[$0] == index }) else { return }
    (order + position).update(from: order + position + 1, count: instanceTotal - position - 1)
    instanceTotal -= 1
  }

  /// Called with `lock` held when this thread stops creating slot `index` (built, failed or
  /// abandoned): wakes the threads waiting for it and withdraws their wait-for edges at once.
  /// Left until each waiter wakes, a stale edge could close a cycle of threads that are not
  /// waiting for each other any more, and report a circular dependency that does not exist.
  private func endCreation(_ index: Int) {
    guard !waiting.isEmpty else { return }
    let released = waiting.filter { $0.slot == index }.map(\.thread)
    if !released.isEmpty { WaitGraph.endWaits(released) }
    lock.broadcast()
  }

  // MARK: - Children

  /// Opens a child story of type `type`.
  func openChild<S: UserStory>(_ type: S.Type) throws -> StoryNode {
    try openChild(graph.profile(for: type))
  }

  /// Opens a story of type `type` inside the nearest open story of type `ancestor` (this one or an
  /// ancestor), or inside this one when `ancestor` is nil.
  func openChild<S: UserStory>(_ type: S.Type, in ancestor: (any UserStory.Type)?) throws
    -> StoryNode
  {
    guard let ancestor else { return try openChild(graph.profile(for: type)) }
    let profile = graph.profile(for: type)
    // A closed story opens nothing, not even elsewhere: its resolver belongs to a flow that ended.
    if isClosed {
      throw ViperNestError(
        .storyClosed, .storyClosed(node: self, requested: "story \(profile.kind.name)"))
    }
    guard let home = nearest(ObjectIdentifier(ancestor)) else {
      throw ViperNestError(
        .storyNotOpen,
        .ancestorNotOpen(story: profile.kind, ancestor: StoryKind.of(ancestor), node: self))
    }
    return try home.takeUnretainedValue().openChild(profile)
  }

  /// Opens a child story of `kind` (deep links keep story types as kinds).
  func openChild(kind: StoryKind) throws -> StoryNode {
    try openChild(graph.profile(for: kind))
  }

  private func openChild(_ profile: StoryProfile) throws -> StoryNode {
    let interval = SystemLog.begin("open story", .stories, profile.kind.name)
    defer { SystemLog.end(interval) }
    if let allowed = profile.allowedParents, !allowed.contains(where: { nearest($0.id) != nil }) {
      throw ViperNestError(
        .storyOpenedOutsideParent,
        .storyOpenedOutsideParent(profile.kind, allowed: allowed, node: self))
    }
    // Built before taking the lock (building begins its leak group, which takes the detector's
    // lock); a child the closing parent refuses ends that group at once, so no group of a story
    // that never opened stays listed.
    let child = StoryNode(graph: graph, profile: profile, parent: self)
    lock.lock()
    if closing || closed {
      lock.unlock()
      child.leakToken?.end()
      throw ViperNestError(
        .storyClosed, .storyClosed(node: self, requested: "story \(profile.kind.name)"))
    }
    child.nextSibling = firstChild
    firstChild?.previousSibling = child
    child.isLinked = true
    firstChild = child
    lock.unlock()
    return child
  }

  private func removeChild(_ child: StoryNode) {
    lock.withLock {
      guard child.isLinked else { return }
      if let previous = child.previousSibling {
        previous.nextSibling = child.nextSibling
      } else {
        firstChild = child.nextSibling
      }
      child.nextSibling?.previousSibling = child.previousSibling
      child.previousSibling = nil
      child.isLinked = false
      child.nextSibling = nil
      // (The list's reference to `child` goes here, under the lock; the caller's keeps it alive.)
    }
  }

  /// Called with `lock` held: the open children, newest first.
  private func openChildren() -> [StoryNode] {
    guard var node = firstChild else { return [] }
    var result = [node]
    while let next = node.nextSibling {
      result.append(next)
      node = next
    }
    return result
  }

  /// Called with `lock` held: empties the list of children, returning them.
  private func unlinkChildren() -> [StoryNode] {
    let children = openChildren()
    for child in children {
      child.isLinked = false
      child.previousSibling = nil
      child.nextSibling = nil
    }
    firstChild = nil
    return children
  }

  // MARK: - Closing

  /// Closes this story and every story open inside it, innermost first, releasing what each owns
  /// in reverse order of creation. Idempotent and safe to call from any thread.
  func close() {
    let interval = SystemLog.begin("close story", .stories, self.kind.name)
    defer { SystemLog.end(interval) }
    // The common case, a story without open children, closes in one locked section and allocates
    // nothing.
    lock.lock()
    closing = true
    if firstChild == nil { return finishClosing(locked: true) }
    var pending = openChildren()
    lock.unlock()
    var ordered: [StoryNode] = [self]
    while let node = pending.popLast() {
      ordered.append(node)
      pending.append(contentsOf: node.beginClosing())
    }
    for node in ordered.reversed() { node.finishClosing() }
  }

  /// Stops new children from opening; returns the open ones.
  private func beginClosing() -> [StoryNode] {
    lock.withLock {
      closing = true
      return openChildren()
    }
  }

  /// Releases what this story owns. When another thread is already releasing it, waits until it
  /// is done, so that `close()` returns only once the story and its children hold nothing (a leak
  /// check right after `close()` is then right even while other threads close the same stories).
  /// A thread that is itself running the deinits of a close never waits: a deinit that closes a
  /// story must not wait for a close that waits for it.
  ///
  /// The releasing thread clears `releasingFlag` without taking the lock again, and takes it to
  /// wake waiters only when one counted itself in `closeWaiters` (benchmark target `story-cycle`:
  /// a lock and a broadcast per close). Both are sequentially consistent atomics and a waiter
  /// counts itself in, then reads the flag, while holding the lock, which it gives up only inside
  /// `wait()`: either the releaser sees the count and its broadcast (taken under the lock) comes
  /// once the waiter waits, or the waiter sees the flag cleared and does not wait.
  private func finishClosing(locked: Bool = false) {
    if !locked { lock.lock() }
    if vn_atomic_load(releasingFlag) != 0,
      ThreadResolutionState.withCurrent({ $0.releasingDepth == 0 })
    {
      vn_atomic_fetch_add(closeWaiters, 1)
      while vn_atomic_load(releasingFlag) != 0 { lock.wait() }
      vn_atomic_fetch_add(closeWaiters, -1)
    }
    if closed {
      lock.unlock()
      return
    }
    closed = true
    vn_atomic_store(closedFlag, 1)
    vn_atomic_store(releasingFlag, 1)
    // The built slots leave the creation order under the lock: from now on nothing else reads or
    // writes them (every other path checks `closed` first), so they are released after unlocking.
    let built = instanceTotal
    instanceTotal = 0
    for position in 0..<built { vn_atomic_store_pointer(published(order[position]), nil) }
    let leftovers = unlinkChildren()
    if !waiting.isEmpty { lock.broadcast() }
    lock.unlock()
    for child in leftovers { child.close() }
    // Readers that loaded a published pointer before it was cleared are copying its instance.
    // Nothing is released before they are done.
    waitForReaders()
    // Release outside the lock (deinits are user code), newest first.
    ThreadResolutionState.withCurrent { $0.releasingDepth += 1 }
    for position in (0..<built).reversed() { slots[order[position]] = .empty }
    ThreadResolutionState.withCurrent { $0.releasingDepth -= 1 }
    vn_atomic_store(releasingFlag, 0)
    if vn_atomic_load(closeWaiters) != 0 { lock.withLock { lock.broadcast() } }
    leakToken?.end()
    // Leave the parent only now: a parent closing meanwhile still finds this story and waits.
    parent?.removeChild(self)
  }

  // MARK: - Inspection

  /// What this story holds now, and its open children.
  func snapshot() -> StoryTree {
    let (instances, children) = lock.withLock { () -> ([String], [StoryNode]) in
      let owned = graph.slotEntries[kind.id] ?? []
      let instances = (0..<instanceTotal).compactMap { position -> String? in
        let index = order[position]
        return switch slots[index] {
        case .ready: owned[index].labeledDescription
        case .weakReady(let box): box.object == nil ? nil : owned[index].labeledDescription
        case .empty, .creating: nil
        }
      }
      return (instances, openChildren())
    }
    return StoryTree(
      name: kind.name, instances: instances,
      children: children.map { $0.snapshot() }.sorted { $0.name < $1.name })
  }

  /// The number of instances this story holds now (not counting its children).
  var instanceCount: Int { lock.withLock { instanceTotal } }
}

/// A cached instance slot.
@usableFromInline
enum SlotState {
  case empty
  /// A thread is running the factory; others wait on the story's condition.
  case creating(ThreadResolutionState)
  case ready(AnyObject)
  case weakReady(WeakBox)
}

/// Holds a cached instance that is not a class instance (a struct, an existential).
@usableFromInline
final class InstanceBox<T> {
  @usableFromInline let value: T
  @usableFromInline init(_ value: T) { self.value = value }
}

/// How a cached instance sits in its story's slot: a class instance as itself, any other value in
/// an ``InstanceBox``.
///
/// A class instance needs no box: a box is an allocation per instance and a generic class whose
/// metadata the runtime makes, once per cached type, on the first build (benchmark target
/// `memory-300`: most cached instances are of class types). Invariant: a slot filled for an entry
/// whose type `T` is a class type (`AnyEntry.isClassInstance`, set from the registered type) holds
/// the `T` instance itself; for any other `T` it holds an `InstanceBox<T>` (checked under
/// `VIPERNEST_INTERNAL_CHECKS` where a slot is stored and where it is read with the lock held).
/// Writer and readers decide by the same entry's flag, so they always agree.
@usableFromInline
enum CachedInstance {
  /// What a slot stores for `value`, an instance of `entry`'s type.
  ///
  /// Not inlinable: it runs once per cached instance, so the slow path of `cachedInstance`,
  /// specialized in every caller's module, holds a call rather than its body (benchmark target
  /// `size-300`).
  @usableFromInline
  static func stored<T>(_ value: T, for entry: AnyEntry) -> AnyObject {
    internalCheck(
      entry.isClassInstance == (T.self is AnyClass), "an entry of another type stores a \(T.self)")
    // Not `value as AnyObject`: where this is not specialized (the library's generic resolution
    // path), that goes through `_bridgeAnythingToObjectiveC`, whose casts ask the runtime about
    // conformances the first time each type is stored, a scan of every conformance record in the
    // process: 670,000 instructions per cached type in a 100-module app (benchmark targets
    // `launch-300`, a third of the first screen, and `memory-300`, a third of the first builds).
    // Invariant that makes the bit cast sound: `T` is a class type (the entry says so, checked
    // above), so a `T` is one strong reference, as an `AnyObject` is; the readers cast it back
    // under the same flag.
    if entry.isClassInstance { return unsafeBitCast(value, to: AnyObject.self) }
    return InstanceBox(value)
  }

  /// The instance a slot of `entry` holds, read through an unretained reference.
  @inlinable
  static func value<T>(at slot: UnsafeRawPointer, of entry: AnyEntry, as type: T.Type) -> T {
    if entry.isClassInstance {
      // The object is the `T` instance itself (see the type's invariant): a class reference and
      // an `AnyObject` are one pointer.
      return Unmanaged<AnyObject>.fromOpaque(slot)._withUnsafeGuaranteedRef {
        unsafeBitCast($0, to: T.self)
      }
    }
    return Unmanaged<InstanceBox<T>>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.value }
  }

  /// The instance a slot of `entry` holds, read with the story's lock held.
  @inlinable
  static func value<T>(of object: AnyObject, of entry: AnyEntry, as type: T.Type) -> T {
    checkStored(object, of: entry, as: T.self)
    if entry.isClassInstance { return unsafeBitCast(object, to: T.self) }
    return unsafeDowncast(object, to: InstanceBox<T>.self).value
  }

  @usableFromInline
  static func checkStored<T>(_ object: AnyObject, of entry: AnyEntry, as type: T.Type) {
    internalCheck(
      entry.isClassInstance ? object is T : object is InstanceBox<T>,
      "a cached \(T.self) is stored as \(Swift.type(of: object))")
  }
}

/// Holds a `weak`-lifetime instance.
@usableFromInline
final class WeakBox {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
