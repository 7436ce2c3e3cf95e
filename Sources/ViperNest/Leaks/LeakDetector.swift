#if canImport(Synchronization) && !canImport(ObjectiveC)
  import Synchronization
#endif

/// Tells you which objects outlived the module or story that owned them, and why.
///
/// The registry and module builder track every object they create for a module or story (view,
/// presenter, interactor, router, story-scoped instances) when a detector is active, holding them
/// weakly (never retaining them). When a module is dismissed or a story closed, its objects are
/// expected to be released; a check polls the references against a deadline (teardown can be
/// asynchronous) and reports what is still alive, with the retain cycles that keep it alive.
/// Objects whose owner is still alive (app singletons, services of an open story) are never
/// reported.
///
/// Tests enable a detector per test with the `.detectsLeaks` trait of `ViperNestTesting`. In an
/// app, ``shared`` is on in debug builds with the ``LeakHandler/log`` handler, off in release:
///
/// ```swift
/// #if DEBUG
///   LeakDetector.shared.handler = .assertionFailure
/// #endif
/// ```
///
/// Any object can also be tracked by hand; it is expected to be released by the next explicit
/// ``check(timeout:)``:
///
/// ```swift
/// let detector = LeakDetector(timeout: .seconds(1))
/// detector.track(coordinator, role: .custom("coordinator"))
/// coordinator = nil
/// if let report = await detector.check() { print(report) }
/// ```
///
/// Tracking costs one non-owning reference (an unowned reference count on Linux, a weak box on
/// Apple platforms) and an array append per object, and nothing when no detector is active; no
/// text is formatted until a report is built.
public final class LeakDetector: Sendable {
  typealias State = LeakDetectorCore.State

  /// The state and bookkeeping, shared with this detector's owner groups.
  let core: LeakDetectorCore

  #if canImport(Synchronization) && !canImport(ObjectiveC)
    /// Read by every ``current`` lookup, so it is an atomic rather than part of the locked state.
    private let enabled: Atomic<Bool>
  #endif

  deinit {
    if isEnabled { LeakDetector.enabledCount.add(-1) }
    core.close()
  }

  /// How many detectors are enabled in the process: when none is, ``current`` is nil without
  /// reading the task-local binding (a story open or a module build asks, every time).
  static let enabledCount = AtomicCounter()

  // MARK: - Choosing the detector

  /// The detector bound to the current task by ``withTracking(_:)``.
  @TaskLocal package static var bound: LeakDetector?

  /// The app-wide detector, off until your app turns it on (usually in debug builds only). Its
  /// handler is ``LeakHandler/log`` in debug builds.
  ///
  /// It is opt-in because it watches every module and story of the process: a test process that
  /// did not ask for it (tests use the `.detectsLeaks` trait, which binds a detector of their own)
  /// would otherwise have its objects observed by reports built for other tests.
  ///
  /// ```swift
  /// #if DEBUG
  ///   LeakDetector.shared.isEnabled = true
  ///   LeakDetector.shared.handler = .custom { report in logger.error("\(report)") }
  /// #endif
  /// ```
  public static let shared: LeakDetector = {
    // Without the runtime reflection until the app turns it on (see `LeakReflection`).
    #if DEBUG
      LeakDetector(timeout: .seconds(2), handler: .log, isEnabled: false, reflection: .unavailable)
    #else
      LeakDetector(timeout: .seconds(2), handler: nil, isEnabled: false, reflection: .unavailable)
    #endif
  }()

  /// The detector that tracks objects created now: the one bound to the current task by
  /// ``withTracking(_:)``, else ``shared``; nil when that detector is disabled.
  ///
  /// The registry asks for it once per module or story it creates; when it is nil, nothing is
  /// tracked and nothing is allocated.
  public static var current: LeakDetector? {
    if enabledCount.value == 0 { return nil }
    let detector = boundDetector ?? shared
    return detector.isEnabled ? detector : nil
  }

  /// Runs `body` with ``current`` when there is one, without retaining it: for a hook that uses
  /// the detector synchronously (a module build).
  ///
  /// - Parameter body: Receives the current detector; not called when no detector is current.
  @inline(__always)
  static func withCurrent(_ body: (LeakDetector) -> Void) {
    if enabledCount.value == 0 { return }
    guard let bound = boundDetectorAddress else {
      if shared.isEnabled { body(shared) }
      return
    }
    // Unretained: the task-local binding that `withTracking` pushed holds the detector strongly
    // until its scope returns, and that scope encloses this synchronous call (a binding pushed
    // inside `body` is popped before `body` returns, so this one stays).
    Unmanaged<LeakDetector>.fromOpaque(bound)._withUnsafeGuaranteedRef { detector in
      if detector.isEnabled { body(detector) }
    }
  }

  /// The address of the detector ``bound`` holds, nil when none is bound: the value the task-local
  /// lookup (below) finds is a `LeakDetector?`, one nullable pointer, read here without a retain.
  private static var boundDetectorAddress: UnsafeRawPointer? {
    guard let value = taskLocalValue(key: Unmanaged.passUnretained($bound).toOpaque()) else {
      return nil
    }
    return value.load(as: UnsafeRawPointer?.self)
  }

  /// ``bound``, read through the runtime's task-local lookup itself: `TaskLocal.get()` is not
  /// inlinable and copies the value through unspecialized generic code (about 190 instructions,
  /// once per module build with tracking on). The lookup's key is the `TaskLocal` object's address
  /// (what `TaskLocal.key` is), and the value it finds is stored as a `LeakDetector?`.
  static var boundDetector: LeakDetector? {
    guard let value = taskLocalValue(key: Unmanaged.passUnretained($bound).toOpaque()) else {
      return nil
    }
    return value.load(as: LeakDetector?.self)
  }

  /// Creates an enabled detector.
  ///
  /// - Parameters:
  ///   - timeout: How long a check waits for ended owners' objects to be released.
  ///   - handler: Called with the report after an owner ends and its objects are still alive at
  ///     the deadline, and when a module is built with a broken ownership rule; nil to report
  ///     only when ``check(timeout:)`` or ``checkNow()`` is called.
  ///   - isEnabled: Whether the detector tracks objects while it is ``current``.
  public convenience init(
    timeout: Duration = .seconds(1), handler: LeakHandler? = nil, isEnabled: Bool = true
  ) {
    self.init(timeout: timeout, handler: handler, isEnabled: isEnabled, reflection: .runtime)
  }

  /// Creates a detector that reaches the runtime reflection through `reflection` (see
  /// ``LeakReflection``).
  private init(
    timeout: Duration, handler: LeakHandler?, isEnabled: Bool, reflection: LeakReflection
  ) {
    #if canImport(Synchronization) && !canImport(ObjectiveC)
      enabled = Atomic(isEnabled)
      core = LeakDetectorCore(
        State(timeout: timeout, handler: handler, reflection: reflection))
    #else
      core = LeakDetectorCore(
        State(isEnabled: isEnabled, timeout: timeout, handler: handler, reflection: reflection))
    #endif
    if isEnabled { LeakDetector.enabledCount.add(1) }
  }

  /// Whether the detector tracks objects while it is ``current``.
  public var isEnabled: Bool {
    get {
      #if canImport(Synchronization) && !canImport(ObjectiveC)
        enabled.load(ordering: .relaxed)
      #else
        core.state.withLock { $0.isEnabled }
      #endif
    }
    set {
      // Installed before the detector can become current, so it tracks nothing without it.
      if newValue { core.installReflection() }
      #if canImport(Synchronization) && !canImport(ObjectiveC)
        let wasEnabled = enabled.exchange(newValue, ordering: .relaxed)
      #else
        let wasEnabled = core.state.withLock { state in
          defer { state.isEnabled = newValue }
          return state.isEnabled
        }
      #endif
      if wasEnabled != newValue { LeakDetector.enabledCount.add(newValue ? 1 : -1) }
    }
  }

  /// How long a check waits for ended owners' objects to be released.
  public var timeout: Duration {
    get { core.state.withLock { $0.timeout } }
    set { core.state.withLock { $0.timeout = newValue } }
  }

  /// Called with each report the detector finds on its own; nil to report only on request.
  public var handler: LeakHandler? {
    get { core.state.withLock { $0.handler } }
    set { core.state.withLock { $0.handler = newValue } }
  }

  /// Runs `operation` with this detector as ``current`` for the current task and its child tasks.
  ///
  /// Scopes nest: the innermost detector replaces outer ones for the duration of `operation`.
  ///
  /// ```swift
  /// let detector = LeakDetector()
  /// detector.withTracking { registry.open(ContactsStory.self).close() }
  /// ```
  ///
  /// - Parameter operation: The code whose objects are tracked.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func withTracking<Result>(_ operation: () throws -> Result) rethrows -> Result {
    try Self.$bound.withValue(self, operation: operation)
  }

  /// Runs `operation` with this detector as ``current`` for the current task and its child tasks.
  ///
  /// ```swift
  /// let detector = LeakDetector()
  /// try await detector.withTracking { try await flow.run() }
  /// let report = await detector.check()
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor isolation, inherited by `operation`.
  ///   - operation: The code whose objects are tracked.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func withTracking<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await Self.$bound.withValue(self, operation: operation, isolation: isolation)
  }

  // MARK: - Tracking by hand

  /// Tracks an object by hand; it is expected to be released by the next explicit check.
  ///
  /// The object is not retained; tracking allocates nothing per object on Linux (an unowned
  /// reference count) and one weak box on Apple platforms.
  ///
  /// ```swift
  /// detector.track(imageCache, role: .custom("image cache"), module: "Gallery")
  /// ```
  ///
  /// - Parameters:
  ///   - object: The object; not retained.
  ///   - role: The object's role, shown in reports.
  ///   - module: The module to name in reports, if any.
  public func track(_ object: AnyObject, role: LeakRole = .object, module: String? = nil) {
    let entry = State.HandTracked(reference: TrackedReference(object), role: role, module: module)
    core.state.withLock { state in
      // A report may have to explain the object (see `LeakReflection`).
      state.reflection = .runtime
      state.handTracked.append(entry)
    }
  }

  // MARK: - Hooks for the registry and module builder

  /// Begins a group of objects owned by a module or a story.
  ///
  /// - Parameters:
  ///   - kind: ``LeakOwnerKind/module`` or ``LeakOwnerKind/story``.
  ///   - name: The module or story name shown in reports, e.g. `ContactList`.
  ///   - parent: The enclosing story's (or module's) group; ending it ends this one too.
  ///   - owner: The module or story instance, if the group should also end when it is released;
  ///     not retained.
  /// - Returns: The group; keep it with the module or story and end it on dismissal.
  package func beginOwner(
    _ kind: LeakOwnerKind, name: String, parent: LeakOwnerToken? = nil, owner: AnyObject? = nil
  ) -> LeakOwnerToken {
    let token = LeakOwnerToken(
      core: core, kind: kind, name: name, parent: parent?.core === core ? parent : nil,
      owner: owner)
    core.register(token)
    return token
  }

  /// Begins the group of a built VIPER module and tracks its parts, in one step.
  ///
  /// Equivalent to ``beginOwner(_:name:parent:owner:)`` followed by ``track(_:role:in:)`` for
  /// each part, with one lock and, on Linux, no allocation beyond the group itself.
  ///
  /// - Parameters:
  ///   - name: The module name shown in reports, e.g. `ContactList`.
  ///   - parent: The enclosing story's group; closing the story ends this module too.
  ///   - owner: The module instance, if the group should also end when it is released.
  ///   - view: The module's view (on UIKit, its view controller).
  ///   - presenter: The module's presenter.
  ///   - interactor: The module's interactor, if any.
  ///   - router: The module's router, if any.
  /// - Returns: The group; end it when the module is dismissed.
  package func beginModule(
    _ name: String, parent: LeakOwnerToken? = nil, owner: AnyObject? = nil,
    view: AnyObject?, presenter: AnyObject?, interactor: AnyObject? = nil,
    router: AnyObject? = nil
  ) -> LeakOwnerToken {
    let token = LeakOwnerToken(
      core: core, kind: .module, name: name, parent: parent?.core === core ? parent : nil,
      owner: owner)
    // Filled before the group is published under the lock in `register`.
    token.entries.append(view, builtinRole: .view)
    token.entries.append(presenter, builtinRole: .presenter)
    token.entries.append(interactor, builtinRole: .interactor)
    token.entries.append(router, builtinRole: .router)
    core.register(token)
    return token
  }

  /// The name reports use for modules built by `builder`: `name()` (the builder's
  /// `moduleName`, which formats a type name) is evaluated the first time a builder type is seen,
  /// outside any lock, and reused afterwards, so tracking a module formats no text.
  ///
  /// - Parameters:
  ///   - builder: The builder type.
  ///   - name: Computes the name.
  /// - Returns: The name.
  package static func moduleName(of builder: AnyClass, _ name: () -> String) -> String {
    let key = ObjectIdentifier(builder)
    if let known = moduleNames.withLock({ $0[key] }) {
      return known
    }
    let computed = name()
    moduleNames.withLock { $0[key] = computed }
    return computed
  }

  /// Module names per builder type; see ``moduleName(of:_:)``.
  private static let moduleNames = LeakLock<[ObjectIdentifier: String]>([:])

  /// Tracks an object of a module or story; the object is not retained.
  ///
  /// - Parameters:
  ///   - object: The object to track.
  ///   - role: Its role, shown in reports.
  ///   - owner: The group returned by ``beginOwner(_:name:parent:owner:)``.
  package func track(_ object: AnyObject, role: LeakRole, in owner: LeakOwnerToken) {
    owner.core.track(object, role: role, in: owner)
  }

  /// Ends a group: its module was dismissed or its story closed (closing a story also ends the
  /// groups opened inside it).
  ///
  /// Checks the group's objects at once. When all are released, forgets the group. Otherwise the
  /// group waits for the next check; with a ``handler``, a background check polls until the
  /// ``timeout`` and calls the handler with the report.
  ///
  /// - Parameter owner: The group to end.
  /// - Returns: True when every object of the group is already released.
  @discardableResult
  package func ownerEnded(_ owner: LeakOwnerToken) -> Bool {
    owner.core.ownerEnded(owner)
  }

  /// Checks a built module's references against VIPER's ownership rules and records the
  /// violations: they go to the ``handler`` at once if there is one, else into the next report.
  ///
  /// The check reflects on the objects the first time a combination of module types is seen and
  /// reuses the verdict afterwards; each detector reports a combination's violations once.
  ///
  /// - Parameters:
  ///   - view: The module's view.
  ///   - presenter: The module's presenter.
  ///   - interactor: The module's interactor, if any.
  ///   - router: The module's router, if any.
  ///   - viewController: What the router navigates from; defaults to `view`.
  ///   - moduleOutput: The object the module reports its result to, if any.
  /// - Returns: The violations found.
  @discardableResult
  package func checkOwnership(
    view: AnyObject?, presenter: AnyObject?, interactor: AnyObject? = nil,
    router: AnyObject? = nil, viewController: AnyObject? = nil, moduleOutput: AnyObject? = nil
  ) -> [OwnershipViolation] {
    let key = OwnershipCheckKey(
      view, presenter, interactor, router, viewController, moduleOutput)
    let violations: [OwnershipViolation]
    if let known = Self.ownershipVerdicts.withLock({ $0[key] }) {
      violations = known
    } else {
      violations = core.reflection.moduleViolations(
        view, presenter, interactor, router, viewController, moduleOutput)
      Self.ownershipVerdicts.withLock { $0[key] = violations }
    }
    guard !violations.isEmpty else { return [] }
    record(violations, of: key)
    return violations
  }

  /// Records a combination's violations the first time this detector sees it: to the handler at
  /// once if there is one, else into the next report.
  func record(_ violations: [OwnershipViolation], of key: OwnershipCheckKey) {
    let (isNew, handler) = core.state.withLock { state -> (Bool, LeakHandler?) in
      guard state.reportedOwnership.insert(key).inserted else { return (false, nil) }
      if state.handler == nil {
        state.violations += violations
      }
      return (true, state.handler)
    }
    guard isNew else { return }
    handler?(LeakReport(leaks: [], ownershipViolations: violations))
  }

  /// Begins the group of a module built by `builder`, tracks its parts and checks its ownership
  /// rules: like ``beginModule(_:parent:owner:view:presenter:interactor:router:)`` named by
  /// ``moduleName(of:_:)``, with the module as owner (through its view), followed by
  /// ``checkOwnership(view:presenter:interactor:router:viewController:moduleOutput:)`` with the
  /// view as view controller.
  ///
  /// The view's links must hold the returned group, and the presenter's links its presenter
  /// hold: the view and the presenter count as alive while they do (see
  /// `LeakOwnerToken.ownerHoldsGroup`). The presenter's links object is tracked too, so a report
  /// can reach the module's layers; the interactor and router are tracked only if they outlive
  /// the presenter's links.
  ///
  /// The name and the last ownership verdict are kept per builder type on the main actor, so a
  /// module of a known builder takes the detector's lock once and hashes nothing; the group
  /// itself is a forgotten module group reused when one is free (no allocation).
  ///
  /// - Parameters:
  ///   - builder: The builder type.
  ///   - name: Computes the module name the first time `builder` is seen.
  ///   - parent: The enclosing story's group.
  ///   - view: The module's view, its owner.
  ///   - presenter: The module's presenter.
  ///   - presenterLinks: The presenter's links object.
  ///   - interactor: The module's interactor; nil for a module without one (``NoInteractor``).
  ///   - router: The module's router; nil for a module without one (``NoRouter``).
  /// - Returns: The group, which the view's links hold and end when the module is dismissed, and
  ///   its presenter hold, retained once for the presenter's links to hold.
  @MainActor
  package func beginModule(
    builtBy builder: AnyClass, name: () -> String, parent: LeakOwnerToken?,
    view: AnyObject, presenter: AnyObject, presenterLinks: Unmanaged<AnyObject>,
    interactor: AnyObject?, router: AnyObject?
  ) -> (group: LeakOwnerToken, presenterHold: Unmanaged<LeakPresenterHold>) {
    // Unretained: a builder's record is never removed (see `BuilderLeakInfo.known`).
    unowned(unsafe) let info = BuilderLeakInfo.info(for: builder, name: name).takeUnretainedValue()
    let begun = core.beginModule(
      nameKey: UnsafeRawPointer(Unmanaged.passUnretained(info).toOpaque()), name: { info.name },
      parent: parent?.core === core ? parent : nil, presenterLinks: presenterLinks)
    // The verdict depends on the layers' types only (the view is also the view controller).
    let types = WiringMemo.types(view, presenter, interactor, router)
    if info.verdictTypes == types {
      if !info.violations.isEmpty {
        record(
          info.violations, of: OwnershipCheckKey(view, presenter, interactor, router, view, nil))
      }
    } else {
      info.violations = checkOwnership(
        view: view, presenter: presenter, interactor: interactor, router: router,
        viewController: view)
      info.verdictTypes = types
    }
    return begun
  }

  /// Violations per combination of module types: the rules depend on how a module's classes
  /// declare their properties, so the reflection runs once per combination.
  private static let ownershipVerdicts = LeakLock<[OwnershipCheckKey: [OwnershipViolation]]>([:])

  // MARK: - Checking

  /// Reports, without waiting, the objects of ended owners (and the objects tracked by hand)
  /// that are still alive, plus pending ownership violations.
  ///
  /// Use it where teardown is synchronous. Each leak is reported once: reported groups are
  /// forgotten.
  ///
  /// ```swift
  /// module.dismiss()
  /// #expect(detector.checkNow() == nil)
  /// ```
  ///
  /// - Returns: The report, or nil when everything was released and no rule was broken.
  public func checkNow() -> LeakReport? {
    core.takeReport(includingHandTracked: true)
  }

  /// Waits until the objects of ended owners (and the objects tracked by hand) are released or
  /// the deadline passes, then reports what is still alive, plus pending ownership violations.
  ///
  /// Polls the tracked references: first by yielding, then with short, growing pauses (at most
  /// 16 ms), never past the deadline. Returns as soon as everything is released. Each leak is
  /// reported once: reported groups are forgotten.
  ///
  /// ```swift
  /// module.dismiss()
  /// if let report = await detector.check(timeout: .milliseconds(500)) {
  ///   print(report)
  /// }
  /// ```
  ///
  /// - Parameter timeout: How long to wait; nil for the detector's ``timeout``.
  /// - Returns: The report, or nil when everything was released and no rule was broken.
  public func check(timeout: Duration? = nil) async -> LeakReport? {
    let interval = SystemLog.begin("leak check", .leaks, "")
    defer { SystemLog.end(interval) }
    return await core.check(timeout: timeout, includingHandTracked: true)
  }
}

/// The Swift runtime's task-local lookup (what `TaskLocal.get()` calls): the storage of the value
/// bound to `key` for the current task (or, outside a task, the current thread), nil when none is.
@_silgen_name("swift_task_localValueGet")
private func taskLocalValue(key: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

/// What the leak detector keeps per builder type: the module name and the ownership verdict for
/// the module types the builder last built.
@MainActor
final class BuilderLeakInfo {
  let name: String
  /// The dynamic types of view, presenter, interactor and router `violations` is the verdict for
  /// (see `WiringMemo.types`); zeros before the first.
  var verdictTypes: (UInt, UInt, UInt, UInt) = (0, 0, 0, 0)
  var violations: [OwnershipViolation] = []

  private init(name: String) {
    self.name = name
  }

  /// The builder's record, created the first time `builder` is seen; unretained, since records
  /// live as long as the process.
  @inline(__always)
  static func info(for builder: AnyClass, name: () -> String) -> Unmanaged<BuilderLeakInfo> {
    if let known = known[UInt(bitPattern: ObjectIdentifier(builder))].value { return known }
    let info = BuilderLeakInfo(name: LeakDetector.moduleName(of: builder, name))
    records.append(info)
    let inserted = known.insert(KeyedSlot(ObjectIdentifier(builder), .passUnretained(info)))
    internalCheck(
      inserted && known.count == records.count,
      "every builder record is in `records` once, and `known` points to it")
    return .passUnretained(info)
  }

  /// Every record, kept for the process's lifetime: what keeps `known`'s unretained references
  /// valid.
  private static var records: [BuilderLeakInfo] = []

  // Main-actor isolated, and only accessed by `info(for:name:)`, which does not call out while it
  // accesses it: no two accesses can overlap, so the runtime exclusivity check, on the path of
  // every tracked module build (`leak-tracking`), is turned off (measured with it on: +163
  // instructions a tracked build, 11,498 -> 11,661). Records are never removed
  // (`records` keeps them), so the unretained references stay valid.
  /// Each builder type's record, unretained, by the builder's metadata pointer.
  @exclusivity(unchecked) private static var known = WordTable<
    KeyedSlot<Unmanaged<BuilderLeakInfo>>
  >()
}

/// The types of a module's parts, identifying an ownership verdict.
struct OwnershipCheckKey: Hashable, Sendable {
  private let types: (ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?)
  private let moreTypes: (ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?)

  init(
    _ view: AnyObject?, _ presenter: AnyObject?, _ interactor: AnyObject?, _ router: AnyObject?,
    _ viewController: AnyObject?, _ moduleOutput: AnyObject?
  ) {
    func id(_ object: AnyObject?) -> ObjectIdentifier? {
      object.map { ObjectIdentifier(type(of: $0)) }
    }
    types = (id(view), id(presenter), id(interactor))
    moreTypes = (id(router), id(viewController), id(moduleOutput))
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.types == rhs.types && lhs.moreTypes == rhs.moreTypes
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(types.0)
    hasher.combine(types.1)
    hasher.combine(types.2)
    hasher.combine(moreTypes.0)
    hasher.combine(moreTypes.1)
    hasher.combine(moreTypes.2)
  }
}
