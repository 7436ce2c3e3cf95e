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
/// Locking: each node has its own lock guarding `slots`, `creationOrder`, `children`, `waiting` and
/// the closing flags. No lock is held while a factory or a deinit runs; a node never takes its
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
  // behind `slots` is only accessed while holding `lock`; `atomics` (reader count, closed flag,
  // published pointers) is only accessed through the sequentially consistent atomics of
  // CViperNestAtomics, and published pointers are written only while holding `lock`.
  @usableFromInline let graph: Graph
  let kind: StoryKind
  @usableFromInline let parent: StoryNode?
  /// `parent`, unretained (`parent` keeps it alive): walking up the tree costs no reference
  /// counting.
  @usableFromInline let parentRef: Unmanaged<StoryNode>?
  /// The app story (nil on the app story itself, to avoid a reference to self).
  @usableFromInline let appAncestor: StoryNode?
  let depth: Int
  /// This story type's local registrations, if it has any.
  let locals: Table?
  /// Whether this node or an ancestor has local registrations (if not, lookups go straight to the
  /// root table).
  @usableFromInline let chainHasLocals: Bool
  @usableFromInline let lock = ConditionLock()
  /// The story type's id (`kind.id`), read by the inlinable `nearest(_:)`.
  @usableFromInline let kindID: ObjectIdentifier
  /// The leak detector's group for this story (nil when detection is off): its instances are
  /// expected to be released when it closes.
  let leakToken: LeakOwnerToken?

  private let slotCount: Int
  @usableFromInline let slots: UnsafeMutablePointer<SlotState>
  /// `[readers, closedFlag, published[0], published[1], …]`, one allocation, atomics only.
  @usableFromInline let atomics: UnsafeMutableRawPointer
  private var creationOrder: [Int] = []
  private var children: [ObjectIdentifier: StoryNode] = [:]
  /// Threads waiting for a slot another thread is creating, and which slot.
  private var waiting: [(slot: Int, thread: ThreadResolutionState)] = []
  private var closing = false
  private(set) var closed = false
  /// A thread is running the deinits of what this story owned.
  private var releasing = false

  /// Whether the story has finished closing (locks; for callers outside the node).
  var isClosed: Bool { lock.withLock { closed } }

  /// Creates the app story of `graph`.
  convenience init(root graph: Graph) {
    self.init(graph: graph, kind: .app, parent: nil)
  }

  private init(graph: Graph, kind: StoryKind, parent: StoryNode?) {
    self.graph = graph
    self.kind = kind
    self.kindID = kind.id
    self.parent = parent
    self.parentRef = parent.map { Unmanaged.passUnretained($0) }
    self.appAncestor = parent.map { $0.appAncestor ?? $0 }
    self.depth = (parent?.depth ?? -1) + 1
    self.locals = graph.locals[kind.id]
    self.chainHasLocals = locals != nil || (parent?.chainHasLocals ?? false)
    leakToken = LeakDetector.current?.beginOwner(
      .story, name: kind.name, parent: parent?.leakToken)
    slotCount = graph.slotCount(for: kind)
    slots = .allocate(capacity: max(slotCount, 1))
    slots.initialize(repeating: .empty, count: slotCount)
    atomics = .allocate(
      byteCount: (2 + slotCount) * MemoryLayout<Int>.stride, alignment: MemoryLayout<Int>.alignment)
    atomics.initializeMemory(as: Int.self, repeating: 0, count: 2)
    (atomics + 2 * MemoryLayout<Int>.stride).initializeMemory(
      as: UnsafeRawPointer?.self, repeating: nil, count: slotCount)
  }

  deinit {
    slots.deinitialize(count: slotCount)
    slots.deallocate()
    atomics.deallocate()
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
    (atomics + 2 * MemoryLayout<Int>.stride).assumingMemoryBound(to: UnsafeRawPointer?.self) + slot
  }

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
    _ entry: Entry<T, Args>, _ arguments: Args, requester: StoryNode
  ) throws -> T {
    // Lock-free hit (see the type's comment): count in, load, copy the instance, count out.
    vn_atomic_fetch_add(readers, 1)
    if let box = vn_atomic_load_pointer(published(entry.slot)) {
      let value = Unmanaged<InstanceBox<T>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
      vn_atomic_fetch_add(readers, -1)
      return value
    }
    vn_atomic_fetch_add(readers, -1)
    lock.lock()
    return try cachedInstanceSlowPath(entry, arguments, requester: requester)
  }

  /// Called with `lock` held; returns with it released.
  @usableFromInline
  func cachedInstanceSlowPath<T, Args>(
    _ entry: Entry<T, Args>, _ arguments: Args, requester: StoryNode
  ) throws -> T {
    let index = entry.slot
    let thread = ThreadResolutionState.current
    claim: while true {
      if closed {
        lock.unlock()
        throw ViperNestError(
          .storyClosed, .storyClosed(node: self, requested: entry.keyDescription))
      }
      switch slots[index] {
      case .ready(let box):
        lock.unlock()
        return unsafeDowncast(box, to: InstanceBox<T>.self).value
      case .weakReady(let box):
        if let object = box.object, let value = object as? T {
          lock.unlock()
          return value
        }
        // Its holders let go: forget it, so the slot is listed once when it is built again.
        slots[index] = .empty
        creationOrder.removeAll { $0 == index }
      case .empty:
        if thread.isResolving(entry, in: self) {
          lock.unlock()
          throw ViperNestError.circular(thread.stack + [entry], node: requester, crossThread: false)
        }
        slots[index] = .creating(thread)
        lock.unlock()
        break claim
      case .creating(let owner):
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

    let value: T
    do {
      value = try construct(entry, arguments, scope: self, requester: requester)
    } catch {
      lock.lock()
      slots[index] = .empty
      endCreation(index)
      lock.unlock()
      throw error
    }

    lock.lock()
    if closed {
      slots[index] = .empty
      endCreation(index)
      lock.unlock()
      throw ViperNestError(.storyClosed, .storyClosed(node: self, requested: entry.keyDescription))
    }
    if case .weak = entry.lifetime.kind {
      guard type(of: value as Any) is AnyClass else {
        slots[index] = .empty
        endCreation(index)
        lock.unlock()
        throw ViperNestError(
          .invalidRegistration,
          .invalidRegistration(
            entry,
            reason:
              "a `weak` lifetime needs a class instance, but it built a \(type(of: value as Any))",
            fix: "use `.transient` or a story lifetime for value types"))
      }
      slots[index] = .weakReady(WeakBox(value as AnyObject))
    } else {
      let box = InstanceBox(value)
      slots[index] = .ready(box)
      vn_atomic_store_pointer(
        published(index), UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()))
    }
    creationOrder.append(index)
    endCreation(index)
    lock.unlock()
    if let leakToken, type(of: value as Any) is AnyClass {
      leakToken.track(value as AnyObject, role: parent == nil ? .singleton : .storyService)
    }
    return value
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
    try openChild(graph.storyKind(for: type))
  }

  /// Opens a child story of `kind`.
  func openChild(_ kind: StoryKind) throws -> StoryNode {
    if let allowed = graph.storyParents[kind.id], !allowed.isEmpty,
      !allowed.contains(where: { nearest($0) != nil })
    {
      throw ViperNestError(
        .storyOpenedOutsideParent, .storyOpenedOutsideParent(kind, allowed: allowed, node: self))
    }
    let child = StoryNode(graph: graph, kind: kind, parent: self)
    lock.lock()
    defer { lock.unlock() }
    if closing || closed {
      throw ViperNestError(.storyClosed, .storyClosed(node: self, requested: "story \(kind.name)"))
    }
    children[ObjectIdentifier(child)] = child
    return child
  }

  private func removeChild(_ child: StoryNode) {
    lock.withLock { _ = children.removeValue(forKey: ObjectIdentifier(child)) }
  }

  // MARK: - Closing

  /// Closes this story and every story open inside it, innermost first, releasing what each owns
  /// in reverse order of creation. Idempotent and safe to call from any thread.
  func close() {
    var pending: [StoryNode] = [self]
    var ordered: [StoryNode] = []
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
      return Array(children.values)
    }
  }

  /// Releases what this story owns. When another thread is already releasing it, waits until it
  /// is done, so that `close()` returns only once the story and its children hold nothing (a leak
  /// check right after `close()` is then right even while other threads close the same stories).
  /// A thread that is itself running the deinits of a close never waits: a deinit that closes a
  /// story must not wait for a close that waits for it.
  private func finishClosing() {
    let thread = ThreadResolutionState.current
    var released: [SlotState] = []
    lock.lock()
    while releasing, thread.releasingDepth == 0 { lock.wait() }
    if closed {
      lock.unlock()
      return
    }
    closed = true
    vn_atomic_store(closedFlag, 1)
    releasing = true
    released.reserveCapacity(creationOrder.count)
    for index in creationOrder.reversed() {
      vn_atomic_store_pointer(published(index), nil)
      released.append(slots[index])
      slots[index] = .empty
    }
    creationOrder = []
    let leftovers = Array(children.values)
    children = [:]
    if !waiting.isEmpty { lock.broadcast() }
    lock.unlock()
    for child in leftovers { child.close() }
    // Readers that loaded a published pointer before it was cleared are copying its instance:
    // a few instructions each. Nothing is released before they are done.
    while vn_atomic_load(readers) != 0 { sched_yield() }
    // Release outside the lock (deinits are user code), newest first.
    thread.releasingDepth += 1
    for index in released.indices { released[index] = .empty }
    thread.releasingDepth -= 1
    lock.withLock {
      releasing = false
      lock.broadcast()
    }
    leakToken?.end()
    // Leave the parent only now: a parent closing meanwhile still finds this story and waits.
    parent?.removeChild(self)
  }

  // MARK: - Inspection

  /// What this story holds now, and its open children.
  func snapshot() -> StoryTree {
    let (instances, openChildren) = lock.withLock { () -> ([String], [StoryNode]) in
      let owned = graph.slotEntries[kind.id] ?? []
      let instances = creationOrder.compactMap { index -> String? in
        switch slots[index] {
        case .ready: owned[index].labeledDescription
        case .weakReady(let box): box.object == nil ? nil : owned[index].labeledDescription
        case .empty, .creating: nil
        }
      }
      return (instances, Array(children.values))
    }
    return StoryTree(
      name: kind.name, instances: instances,
      children: openChildren.map { $0.snapshot() }.sorted { $0.name < $1.name })
  }

  /// The number of instances this story holds now (not counting its children).
  var instanceCount: Int { lock.withLock { creationOrder.count } }
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

/// Holds a cached instance of any type (existentials and structs included).
@usableFromInline
final class InstanceBox<T> {
  @usableFromInline let value: T
  init(_ value: T) { self.value = value }
}

/// Holds a `weak`-lifetime instance.
@usableFromInline
final class WeakBox {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
