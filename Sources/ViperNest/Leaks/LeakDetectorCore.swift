/// The state and bookkeeping behind a ``LeakDetector``, shared with its owner groups.
///
/// Groups hold the core strongly and the core's group list holds the groups, so the public
/// detector closes the core when it is released: the list is dropped and later hooks on its
/// groups do nothing. No reference cycle outlives the detector, and no group needs a weak
/// reference back to it.
final class LeakDetectorCore: Sendable {
  struct State {
    struct HandTracked {
      let reference: TrackedReference
      let role: LeakRole
      let module: String?
    }

    #if canImport(ObjectiveC)
      var isEnabled: Bool
    #endif
    var timeout: Duration
    var handler: LeakHandler?
    /// Set when the detector is released: hooks on its groups do nothing afterwards.
    var isClosed = false
    /// Owner groups, open or ended, not yet checked.
    var groups: ContiguousArray<LeakOwnerToken> = []
    var handTracked: [HandTracked] = []
    var violations: [OwnershipViolation] = []
    /// Module type combinations whose ownership violations were already reported.
    var reportedOwnership: Set<OwnershipCheckKey> = []
    var nextSequence = 0
    var sweepThreshold = 256
    /// The last forgotten module group (`LeakOwnerToken.ownerHoldsGroup`), kept for reuse; it is reused
    /// only when this is its only reference. One is enough for the common sequence (build,
    /// dismiss, check, build) and costs no list bookkeeping.
    var spare: LeakOwnerToken?
    /// Finds an object's owning references for reports; nil for the default
    /// (`LeakExplainer.userReferences(of:)`). Replaced by tests only.
    var scanner: (@Sendable (AnyObject) -> ReferenceScan)?
    /// The detector's way into the runtime reflection: ``LeakReflection/runtime`` once app code
    /// turned the detector on (see ``LeakReflection``).
    var reflection: LeakReflection
  }

  let state: LeakLock<State>

  init(_ initialState: State) {
    state = LeakLock(initialState)
  }

  /// The detector's way into the runtime reflection.
  var reflection: LeakReflection {
    state.withLock { $0.reflection }
  }

  /// Installs the runtime reflection (see ``LeakReflection``). Called by the API an app calls to
  /// use the detector, before the detector tracks anything.
  func installReflection() {
    state.withLock { $0.reflection = .runtime }
  }

  /// Stops tracking: releases every reference and forgets every group.
  func close() {
    state.withLock { state in
      state.isClosed = true
      for entry in state.handTracked {
        entry.reference.release()
      }
      state.handTracked.removeAll()
      for group in state.groups {
        group.releaseEntries()
        group.slot = -1
      }
      state.groups.removeAll()
      state.spare = nil
    }
  }

  /// Begins the group of a built VIPER module and tracks it, in one lock section: a forgotten
  /// module group nobody else holds is reused, so a module allocates no group.
  ///
  /// The view is not tracked: its links hold the returned group (see
  /// `LeakOwnerToken.ownerHoldsGroup`), and the presenter is tracked through its links object.
  ///
  /// - Parameters:
  ///   - nameKey: Identifies `name`'s value: the same key always comes with the same name (a
  ///     builder's record), so a reused group with this key keeps its name without comparing it.
  ///   - name: The module name shown in reports.
  ///   - parent: The enclosing story's group of this core, if any.
  ///   - presenterLinks: The presenter's links object (it lives as long as the presenter).
  /// - Returns: The group, listed (unless the detector is closed), which the view's links must
  ///   hold, and its presenter hold, retained once for the presenter's links to hold.
  @inline(__always)
  func beginModule(
    nameKey: UnsafeRawPointer, name: () -> String, parent: LeakOwnerToken?,
    presenterLinks: Unmanaged<AnyObject>
  ) -> (group: LeakOwnerToken, presenterHold: Unmanaged<LeakPresenterHold>) {
    let (token, hold, swept) = state.withLock {
      state -> (LeakOwnerToken, Unmanaged<LeakPresenterHold>, [AnyObject]?) in
      // Tracked in each branch, before the group becomes `token`: tracked after the branches
      // join, the reused group was retained and released around its reuse.
      let token: LeakOwnerToken
      if let reused = Self.takeSpare(&state) {
        reused.reuse(nameKey: nameKey, name: name, parent: parent)
        reused.trackModuleLinks(presenterLinks: presenterLinks)
        token = consume reused
      } else {
        let fresh = LeakOwnerToken(core: self, name: name(), parent: parent, ownedByViewLinks: ())
        fresh.nameKey = nameKey
        fresh.trackModuleLinks(presenterLinks: presenterLinks)
        token = consume fresh
      }
      let hold = Unmanaged.passRetained(token.presenterHold.unsafelyUnwrapped)
      guard !state.isClosed else { return (token, hold, nil) }
      // A sweep is rare: the strong references it had to create (weak-box references only) are
      // released when this function returns, after unlocking.
      var swept: [AnyObject]?
      if state.groups.count >= state.sweepThreshold {
        var keep: [AnyObject] = []
        Self.sweepReleasedGroups(&state, keeping: &keep)
        swept = keep
      }
      Self.append(token, to: &state)
      return (token, hold, swept)
    }
    withExtendedLifetime(swept) {}
    return (token, hold)
  }

  /// The spare module group, if nothing else references it; a spare still referenced elsewhere
  /// (a leaked module's links) is dropped. Call with the lock held.
  @inline(__always)
  private static func takeSpare(_ state: inout State) -> LeakOwnerToken? {
    guard state.spare != nil else { return nil }
    let isUnique = isKnownUniquelyReferenced(&state.spare)
    // Moved out, not copied: no reference count changes for the reused group.
    var spare: LeakOwnerToken?
    swap(&spare, &state.spare)
    // Dropping a shared spare releases a reference, never the last one: no deinit runs under
    // the lock.
    return isUnique ? spare : nil
  }

  func register(_ token: LeakOwnerToken) {
    var keep: [AnyObject] = []
    defer { keep.removeAll() }
    state.withLock { state in
      guard !state.isClosed else { return }
      Self.list(token, in: &state, keeping: &keep)
    }
  }

  /// Numbers and lists a new group. Call with the lock held.
  ///
  /// - Parameter sink: Receives strong references a sweep had to create.
  @inline(__always)
  private static func list(
    _ token: LeakOwnerToken, in state: inout State, keeping sink: inout [AnyObject]
  ) {
    if state.groups.count >= state.sweepThreshold {
      sweepReleasedGroups(&state, keeping: &sink)
    }
    append(token, to: &state)
  }

  /// Numbers a new group and appends it to the list. Call with the lock held.
  @inline(__always)
  private static func append(_ token: LeakOwnerToken, to state: inout State) {
    token.sequence = state.nextSequence
    state.nextSequence += 1
    token.slot = state.groups.count
    state.groups.append(token)
  }

  /// Tracks `object` in `owner`; see ``LeakDetector/track(_:role:in:)``.
  func track(_ object: AnyObject, role: LeakRole, in owner: LeakOwnerToken) {
    track(object, role: role) { _ in owner }
  }

  /// Tracks a built module's interactor or router that outlives its presenter's links (see
  /// `LeakPresenterHold.trackOutliving(_:role:)`) into the listed group that holds `hold`; with
  /// none (the group was forgotten, or reused with another hold), nothing is tracked. A scan of
  /// the list, on a path taken only when a layer outlives its links.
  func trackOutliving(_ object: AnyObject, role: LeakRole, heldBy hold: LeakPresenterHold) {
    track(object, role: role) { state in state.groups.first { $0.presenterHold === hold } }
  }

  /// Tracks `object` (unless it is process-owned) in the group `owner` finds under the lock;
  /// nothing once the detector is closed or when `owner` finds none.
  private func track(
    _ object: AnyObject, role: LeakRole, in owner: (State) -> LeakOwnerToken?
  ) {
    if LeakDetector.isProcessOwned(object) { return }
    let reference = TrackedReference(object)
    state.withLock { state in
      if !state.isClosed, let group = owner(state) {
        group.entries.append(reference, role: role)
      } else {
        reference.release()
      }
    }
  }

  /// Ends `owner`; see ``LeakDetector/ownerEnded(_:)``.
  @discardableResult
  func ownerEnded(_ owner: LeakOwnerToken) -> Bool {
    var keep: [AnyObject] = []
    let (isReleased, handler) = state.withLock { state -> (Bool, LeakHandler?) in
      guard !state.isClosed else { return (true, nil) }
      // Forgotten already (a built module's view links keep their group until the view goes,
      // and a module hidden twice ends it twice): nothing is tracked any more.
      if owner.isEnded, owner.slot < 0 { return (true, nil) }
      owner.isEnded = true
      // The caller holds the group, so it is not known whether a built module's view is
      // released: counted as alive (a later check finds out).
      if owner.hasLiveObjects(keeping: &keep, isUnique: false) {
        return (false, state.handler)
      }
      owner.releaseEntries()
      Self.unlist(owner, from: &state)
      return (true, nil)
    }
    keep.removeAll()
    if let handler {
      Task.detached(priority: .utility) { [self] in
        if let report = await self.check(timeout: nil, includingHandTracked: false) {
          handler(report)
        }
      }
    }
    return isReleased
  }

  /// Waits for the ended groups' objects, then reports what is still alive.
  ///
  /// Runs on the main actor. The check takes strong references to the objects it examines (a
  /// leaked object is held while its report is built, an object while its stored properties are
  /// read, and on Apple platforms every `weak` box it loads), so when the object's other owners let
  /// go meanwhile, the check makes the last release and the object's `deinit` runs where the check
  /// runs. A view controller or view (a `@MainActor` class) must not deinitialize off the main
  /// thread, and the properties read are main-actor state: here both happen on the main actor.
  /// The polling suspends between attempts, so the main actor is free while the check waits.
  @MainActor
  func check(timeout: Duration?, includingHandTracked: Bool) async -> LeakReport? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout ?? state.withLock { $0.timeout })
    var attempt = 0
    while aliveCount(includingHandTracked: includingHandTracked) > 0 {
      guard clock.now < deadline, !Task.isCancelled else { break }
      if attempt < 4 {
        await Task.yield()
      } else {
        let pause = Duration.milliseconds(1 << min(attempt - 4, 4))
        try? await Task.sleep(until: min(clock.now.advanced(by: pause), deadline), clock: clock)
      }
      attempt += 1
    }
    return takeReport(includingHandTracked: includingHandTracked)
  }

  /// Objects of ended groups (and, if asked, hand-tracked objects) still alive; forgets released
  /// ended groups on the way.
  private func aliveCount(includingHandTracked: Bool) -> Int {
    var keep: [AnyObject] = []
    defer { keep.removeAll() }
    return state.withLock { state in
      var alive = 0
      var index = 0
      while index < state.groups.count {
        let isUnique = isKnownUniquelyReferenced(&state.groups[index])
        let group = state.groups[index]
        index += 1
        guard group.isEffectivelyEnded(keeping: &keep, isUnique: isUnique) else { continue }
        let groupAlive = group.liveCount(keeping: &keep, isUnique: isUnique)
        if groupAlive == 0 {
          group.releaseEntries()
          Self.unlist(group, from: &state)
          index -= 1
        }
        alive += groupAlive
      }
      if includingHandTracked {
        alive += state.handTracked.reduce(0) {
          $0 + ($1.reference.isAlive(keeping: &keep) ? 1 : 0)
        }
      }
      return alive
    }
  }

  /// Builds the report of what is alive now and forgets the reported groups.
  func takeReport(includingHandTracked: Bool) -> LeakReport? {
    // Most checks find nothing leaked: one lock section forgets the released groups and takes
    // the pending violations, and no candidate list is set up. Strong references are created
    // under the lock but released after it, so no deinit runs while the lock is held.
    // `keep` is released when the function returns, after unlocking; it stays empty unless a
    // reference is a weak box.
    var keep: [AnyObject] = []
    let outcome = state.withLock { state -> CleanCheck in
      guard !state.isClosed else { return .clean }
      guard
        Self.forgetIfNothingLeaked(
          &state, includingHandTracked: includingHandTracked, keeping: &keep)
      else { return .mayHaveLeaked }
      return state.violations.isEmpty ? .clean : .violations(Self.takeViolations(&state))
    }
    switch outcome {
    case .clean: return nil
    case .violations(let violations): return LeakReport(leaks: [], ownershipViolations: violations)
    case .mayHaveLeaked: return takeFullReport(includingHandTracked: includingHandTracked)
    }
  }

  /// What the lock section of a check found; only `violations` carries an array, so a clean
  /// check returns no array to release.
  private enum CleanCheck {
    case clean
    case violations([OwnershipViolation])
    case mayHaveLeaked
  }

  /// The report when something may have leaked: collects the leaked objects of ended groups (and
  /// hand-tracked ones) and the live objects of open groups as possible holders, forgets the
  /// reported groups, then explains the leaks after unlocking.
  private func takeFullReport(includingHandTracked: Bool) -> LeakReport? {
    // Built modules' layers are found after unlocking (`BuiltModule.members(_:)`), in their place
    // in tracking order.
    var leakedItems: [ReportItem<LeakCandidate>] = []
    var holderItems: [ReportItem<HolderCandidate>] = []
    var keep: [AnyObject] = []
    let violations = state.withLock { state -> [OwnershipViolation] in
      guard !state.isClosed else { return [] }
      // Released meanwhile: nothing to report but the violations.
      if Self.forgetIfNothingLeaked(
        &state, includingHandTracked: includingHandTracked, keeping: &keep)
      {
        return Self.takeViolations(&state)
      }
      var ended: [(group: LeakOwnerToken, isUnique: Bool)] = []
      var index = 0
      while index < state.groups.count {
        let isUnique = isKnownUniquelyReferenced(&state.groups[index])
        let group = state.groups[index]
        index += 1
        if group.isEffectivelyEnded(keeping: &keep, isUnique: isUnique) {
          ended.append((group, isUnique))
          continue
        }
        if group.ownerHoldsGroup {
          holderItems.append(.module(BuiltModule(group, isUnique: isUnique)))
          continue
        }
        for index in group.entries.indices {
          if let object = group.entries.reference(at: index).load() {
            let role = group.entries.role(at: index)
            holderItems.append(
              .object(
                HolderCandidate(object: object, description: group.holderDescription(role: role))
              ))
          }
        }
      }
      for (group, isUnique) in ended.sorted(by: { $0.group.sequence < $1.group.sequence }) {
        if group.ownerHoldsGroup {
          leakedItems.append(.module(BuiltModule(group, isUnique: isUnique)))
        } else {
          for index in group.entries.indices {
            if let object = group.entries.reference(at: index).load() {
              leakedItems.append(
                .object(
                  LeakCandidate(
                    object: object, role: group.entries.role(at: index),
                    module: group.moduleName, story: group.storyChain)))
            }
          }
        }
        group.releaseEntries()
        Self.unlist(group, from: &state)
      }
      if includingHandTracked {
        for entry in state.handTracked {
          if let object = entry.reference.load() {
            leakedItems.append(
              .object(
                LeakCandidate(object: object, role: entry.role, module: entry.module, story: nil)))
          }
          entry.reference.release()
        }
        state.handTracked.removeAll()
      } else {
        for entry in state.handTracked {
          if let object = entry.reference.load() {
            holderItems.append(
              .object(
                HolderCandidate(object: object, description: "\(entry.role), tracked by hand")))
          }
        }
      }
      return Self.takeViolations(&state)
    }
    keep.removeAll()
    let (scanner, reflection) = state.withLock { ($0.scanner, $0.reflection) }
    var leaked = leakedItems.flatMap { item in
      item.candidates(reflection) { object, role, module in
        LeakCandidate(object: object, role: role, module: module.name, story: module.story)
      }
    }
    var holders = holderItems.flatMap { item in
      item.candidates(reflection) { object, role, module in
        HolderCandidate(object: object, description: module.holderDescription(role))
      }
    }
    guard !leaked.isEmpty || !violations.isEmpty else { return nil }

    var seen = Set<ObjectIdentifier>()
    leaked = leaked.filter { seen.insert(ObjectIdentifier($0.object)).inserted }
    // Marked process-owned after it was tracked: never reported.
    leaked.removeAll { LeakDetector.isProcessOwned($0.object) }
    guard !leaked.isEmpty || !violations.isEmpty else { return nil }
    holders = holders.filter { !seen.contains(ObjectIdentifier($0.object)) }
    let leaks = reflection.explain(leaked, holders, scanner)
    return LeakReport(leaks: leaks, ownershipViolations: violations)
  }

  /// The pending ownership violations, which the caller reports. Call with the lock held.
  private static func takeViolations(_ state: inout State) -> [OwnershipViolation] {
    guard !state.violations.isEmpty else { return [] }
    let violations = state.violations
    state.violations = []
    return violations
  }

  /// Most checks find nothing: every ended group's objects (and every object tracked by hand,
  /// when the check reports them) are released. Then this forgets those groups and objects as
  /// the full report would, without collecting candidates, holders or sorting. Call with the lock
  /// held.
  ///
  /// Ended groups are forgotten in tracking order, as the report does, so the list keeps the
  /// order the report would leave. With a live object, or more ended groups than it handles
  /// without allocating, it changes nothing and returns false.
  ///
  /// - Parameter sink: Receives strong references the checks had to create.
  /// - Returns: True when nothing leaked and the ended groups were forgotten.
  private static func forgetIfNothingLeaked(
    _ state: inout State, includingHandTracked: Bool, keeping sink: inout [AnyObject]
  ) -> Bool {
    if state.groups.count == 1, !includingHandTracked || state.handTracked.isEmpty {
      return forgetSoleGroupIfReleased(&state, keeping: &sink)
    }
    let maximumEnded = 8
    var ended = 0
    var firstEnded = -1
    var isClean = true
    var index = 0
    let count = state.groups.count
    while index < count {
      let isUnique = isKnownUniquelyReferenced(&state.groups[index])
      let group = state.groups[index]
      if group.isEffectivelyEnded(keeping: &sink, isUnique: isUnique) {
        if ended == maximumEnded || group.hasLiveObjects(keeping: &sink, isUnique: isUnique) {
          isClean = false
          break
        }
        if ended == 0 { firstEnded = index }
        group.isReleasable = true
        ended += 1
      }
      index += 1
    }
    if isClean, includingHandTracked {
      for entry in state.handTracked where entry.reference.isAlive(keeping: &sink) {
        isClean = false
        break
      }
    }
    guard isClean else {
      if ended > 0 {
        for group in state.groups { group.isReleasable = false }
      }
      return false
    }
    if includingHandTracked, !state.handTracked.isEmpty {
      for entry in state.handTracked {
        entry.reference.release()
      }
      state.handTracked.removeAll()
    }
    if ended == 1 {
      let group = state.groups[firstEnded]
      group.isReleasable = false
      group.releaseEntries()
      unlist(group, from: &state)
      return true
    }
    // Several: forget them oldest first (a few scans of a short list, no allocation).
    while ended > 0 {
      var oldest: LeakOwnerToken?
      for group in state.groups where group.isReleasable {
        if oldest.map({ group.sequence < $0.sequence }) ?? true { oldest = group }
      }
      guard let group = oldest else { break }
      group.isReleasable = false
      group.releaseEntries()
      unlist(group, from: &state)
      ended -= 1
    }
    return true
  }

  /// `forgetIfNothingLeaked` for a list of one group and no hand-tracked object to check (the
  /// check after a module was built and dropped): the group is moved out of the list, checked,
  /// and then forgotten (becoming the spare) or put back, with no reference count traffic for the
  /// group. Call with the lock held.
  ///
  /// - Parameter sink: Receives strong references the checks had to create.
  /// - Returns: True when the group is open, or ended with every object released (then forgotten).
  @inline(__always)
  private static func forgetSoleGroupIfReleased(
    _ state: inout State, keeping sink: inout [AnyObject]
  ) -> Bool {
    var group = state.groups.removeLast()
    let isUnique = isKnownUniquelyReferenced(&group)
    let isEnded = group.isEffectivelyEnded(keeping: &sink, isUnique: isUnique)
    guard isEnded, !group.hasLiveObjects(keeping: &sink, isUnique: isUnique) else {
      // Open (nothing to forget) or leaked (the full report takes it): back in its slot, 0.
      state.groups.append(group)
      return !isEnded
    }
    group.releaseEntries()
    group.slot = -1
    if group.ownerHoldsGroup {
      state.spare = group
    }
    return true
  }

  // MARK: - Group list

  /// Removes a group from the list in O(1). Call with the lock held, after releasing the
  /// group's entries. A module group built by a builder becomes the spare (replacing the
  /// previous one, which may release it: its entries are released already, no user code runs).
  private static func unlist(_ group: LeakOwnerToken, from state: inout State) {
    let slot = group.slot
    guard slot >= 0, slot < state.groups.count, state.groups[slot] === group else { return }
    // Moved out of the list; when it is the group itself, it moves on into `spare`.
    let last = state.groups.removeLast()
    group.slot = -1
    guard last !== group else {
      if last.ownerHoldsGroup {
        state.spare = last
      }
      return
    }
    state.groups[slot] = last
    last.slot = slot
    if group.ownerHoldsGroup {
      state.spare = group
    }
  }

  /// Forgets ended groups whose objects are all released. Call with the lock held.
  ///
  /// - Parameter sink: Receives strong references the checks had to create.
  private static func sweepReleasedGroups(_ state: inout State, keeping sink: inout [AnyObject]) {
    var index = 0
    while index < state.groups.count {
      let isUnique = isKnownUniquelyReferenced(&state.groups[index])
      let group = state.groups[index]
      if group.isEffectivelyEnded(keeping: &sink, isUnique: isUnique),
        !group.hasLiveObjects(keeping: &sink, isUnique: isUnique)
      {
        group.releaseEntries()
        unlist(group, from: &state)
      } else {
        index += 1
      }
    }
    state.sweepThreshold = max(256, 2 * state.groups.count)
  }
}

/// An object of a report, or a built module whose layers are found after unlocking.
private enum ReportItem<Candidate> {
  case object(Candidate)
  case module(BuiltModule)

  /// The object, or the module's layers that are alive, each made a candidate by `make`. Call
  /// without the detector's lock (see `BuiltModule.members(_:)`).
  func candidates(
    _ reflection: LeakReflection, _ make: (AnyObject, LeakRole, BuiltModule) -> Candidate
  ) -> [Candidate] {
    switch self {
    case .object(let candidate): [candidate]
    case .module(let module): module.members(reflection).map { make($0.0, $0.1, module) }
    }
  }
}

/// A module built by a ``VIPERBuilder`` whose group a report takes: its tracked objects, loaded
/// under the detector's lock, from which `members(_:)` finds the layers that are alive.
///
/// The layers are not tracked themselves (see `LeakOwnerToken.ownerHoldsGroup`). While the
/// presenter is alive, so is its links object, which is tracked; while the view is alive, its
/// links hold the group. Each layer is then found through the module's own links: the view
/// through the presenter's weak link to it, the interactor and router through the presenter's
/// strong links, the presenter through the interactor's weak link to it (or, when the interactor
/// was released, through the view's strong link to it). An interactor or router that outlived the
/// presenter's links was tracked into the group then.
private struct BuiltModule {
  let presenterLinks: AnyObject?
  /// Objects tracked into the group besides the presenter's links: an interactor or router that
  /// outlived them, or objects tracked by hand.
  let others: [(AnyObject, LeakRole)]
  /// Whether the view's links may still hold the group (the view may be alive).
  let viewMayBeAlive: Bool
  let name: String
  let story: String?
  let group: LeakOwnerToken

  /// Loads the group's tracked objects. Call with the detector's lock held.
  init(_ group: LeakOwnerToken, isUnique: Bool) {
    presenterLinks = group.entries.reference(at: 0).load()
    others = group.entries.indices.dropFirst().compactMap { index in
      group.entries.reference(at: index).load().map { ($0, group.entries.role(at: index)) }
    }
    viewMayBeAlive = !isUnique
    name = group.name
    story = group.storyChain
    self.group = group
  }

  func holderDescription(_ role: LeakRole) -> String {
    group.holderDescription(role: role)
  }

  /// The module's layers that are alive, view, presenter, interactor, router. Call without the
  /// detector's lock: it reads the layers' links (as the retain-path walker reads objects).
  ///
  /// - Parameter reflection: Reads the layers' stored properties.
  func members(_ reflection: LeakReflection) -> [(AnyObject, LeakRole)] {
    var members: [(AnyObject, LeakRole)] = []
    let links = presenterLinks as? any LeakPresenterLinksProbe
    var view: AnyObject?
    if viewMayBeAlive, let links {
      view = links.leakProbedView
    }
    if let view { members.append((view, .view)) }
    let interactor = links?.leakProbedInteractor
    if let presenterLinks {
      let presenter =
        interactor.flatMap { Self.presenter(linkedFrom: $0, reflection) }
        ?? view.flatMap { Self.presenter(linkedFrom: $0, reflection) }
      if let presenter {
        members.append((presenter, .presenter))
      } else {
        // Alive, but no link leads to its presenter (links rewired by hand, or kept by something
        // else after the presenter went): reported as what it is, so the report is not silent.
        members.append((presenterLinks, .custom("presenter's links")))
      }
    }
    if let interactor { members.append((interactor, .interactor)) }
    if let router = links?.leakProbedRouter { members.append((router, .router)) }
    // An interactor or router that outlived the links, unless they hold it again.
    return members + others.filter { other in !members.contains { $0.0 === other.0 } }
  }

  /// The presenter a layer's links lead to (an interactor's weak link, a view's strong one):
  /// `layer`'s links object is found by reading its stored properties, as the retain-path walker
  /// does.
  private static func presenter(
    linkedFrom layer: AnyObject, _ reflection: LeakReflection
  ) -> AnyObject? {
    for reference in reflection.strongReferences(layer).references
    where reference.isDirect {
      if let links = reference.target as? any LeakPresenterLinkProbe,
        let presenter = links.leakProbedPresenter
      {
        return presenter
      }
    }
    return nil
  }
}

/// Links that lead to a module's presenter, read by a leak report from any thread.
protocol LeakPresenterLinkProbe: AnyObject {
  /// The presenter, if it is alive and these links are wired to it.
  nonisolated var leakProbedPresenter: AnyObject? { get }
}

/// A presenter's links, which lead to a module's other layers, read by a leak report from any
/// thread.
protocol LeakPresenterLinksProbe: AnyObject {
  /// The view, if it is alive and these links are wired to it.
  nonisolated var leakProbedView: AnyObject? { get }
  /// The interactor these links hold, if they are wired to an object.
  nonisolated var leakProbedInteractor: AnyObject? { get }
  /// The router these links hold, if they are wired to an object.
  nonisolated var leakProbedRouter: AnyObject? { get }
}
