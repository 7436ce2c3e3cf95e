#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The dependency-injection registry: you install assemblies at app start, then ``Registry/start(_:file:line:)`` freezes
/// the registrations and opens the app story, from which everything is resolved.
///
/// ```swift
/// let registry = try Registry(CoreAssembly(), ContactsAssembly())
/// let app = try registry.start()
/// let contacts = try app.open(ContactsStory.self)
/// let presenter = try contacts.resolve(ContactListPresenting.self)
/// ```
///
/// Once started, the registrations are frozen: installing more is an error. That is what lets every
/// story resolve without taking a registry-wide lock.
public final class Registry: Sendable {
  /// How a started registry reports what it notices.
  public struct Configuration: Sendable {
    /// Called with warnings such as a story released without ``Story/close()``.
    ///
    /// Default: in debug builds, writes to the system log on Apple platforms (`os.Logger`,
    /// subsystem `com.vipernest`, category `registry`) and to standard error elsewhere; nothing in
    /// release builds.
    public var onDiagnostic: @Sendable (Diagnostic) -> Void

    /// Called with every step of every resolution (a ``ResolutionEvent``: what was resolved, for
    /// what, in which story, and whether it was built or taken from a cache), for debugging.
    ///
    /// Fixed when the registrations are frozen: the first ``Registry/start(_:file:line:)``'s
    /// configuration decides, for every app story of the registry. Off (nil), tracing costs
    /// nothing: the resolution fast path does not look at it. On, cached instances are no longer
    /// served lock-free (every hit takes its story's lock so that it can be reported), and each
    /// factory call reports its outcome. The closure runs on the resolving thread with no lock
    /// held; it may log, but resolving from it is not traced separately.
    ///
    /// ```swift
    /// var configuration = Registry.Configuration()
    /// configuration.trace = { event in print(event) }
    /// let app = try registry.start(configuration)
    /// ```
    ///
    /// Default: nil; in debug builds, with the environment variable `VIPERNEST_TRACE` set, each
    /// event is printed to standard error, indented by its ``ResolutionEvent/depth``.
    public var trace: (@Sendable (ResolutionEvent) -> Void)?

    /// Tests only: runs on the building thread when a story is about to hand an instance it
    /// built to the leak detector, with no lock held (a test closes the story there, as a close
    /// racing the first build would). Nil otherwise; read only when leak detection is on.
    var willTrackInstance: (@Sendable () -> Void)?

    /// The default configuration.
    public init() {
      #if DEBUG
        onDiagnostic = { diagnostic in SystemLog.write("ViperNest: \(diagnostic)", .registry) }
        trace = getenv("VIPERNEST_TRACE") == nil ? nil : ResolutionEvent.printing
      #else
        onDiagnostic = { _ in }
      #endif
    }
  }

  struct State {
    var entries: [AnyEntry] = []
    var index = InstallIndex()
    var storyParents: [(story: StoryKind, parent: StoryKind)] = []
    /// Deep links' routes, in the order they were declared.
    var routes: [LinkRoute] = []
    /// Overrides that replaced a registration in their own scope (nothing else to check).
    var replacingOverrides: Set<ObjectIdentifier> = []
    var startedAt: Origin?
    var graph: Graph?
    /// The graph ``validationGraph()`` built for the registrations so far; dropped by `install`.
    var validationGraph: Graph?
  }

  struct ScopedKey: Hashable {
    let key: ServiceKey
    let story: ObjectIdentifier?
  }

  private let protected: Protected<State>
  /// ``observeRegistrations(_:)``'s observers.
  let registrationObservers = RegistrationObservers()

  /// Creates an empty registry.
  public init() {
    protected = Protected(State())
  }

  /// Creates a registry with `assemblies` installed.
  ///
  /// - Parameters:
  ///   - assemblies: The assemblies, installed in order.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ViperNestError`` when a registration is wrong (a duplicate key without
  ///   `overriding`, an override of nothing); no registry is created.
  public convenience init(
    _ assemblies: any Assembly..., file: String = #fileID, line: UInt = #line
  ) throws {
    self.init()
    try install(assemblies, file: file, line: line)
  }

  /// Creates a registry with a list of assemblies installed, when the list is built at run time.
  ///
  /// ```swift
  /// var assemblies: [any Assembly] = [CoreAssembly(), ContactsAssembly()]
  /// if showsBanners { assemblies.append(BannerAssembly()) }
  /// let registry = try Registry(assemblies)
  /// ```
  ///
  /// - Parameters:
  ///   - assemblies: The assemblies, installed in order.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ViperNestError`` when a registration is wrong (a duplicate key without
  ///   `overriding`, an override of nothing); no registry is created.
  public convenience init(
    _ assemblies: [any Assembly], file: String = #fileID, line: UInt = #line
  ) throws {
    self.init()
    try install(assemblies, file: file, line: line)
  }

  /// Installs `assemblies`: all their registrations, or none when any is wrong.
  ///
  /// ```swift
  /// try registry.install(ContactsAssembly(), AddContactAssembly())
  /// ```
  ///
  /// - Parameters:
  ///   - assemblies: The assemblies, installed in order.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ViperNestError`` with code ``ViperNestError/Code/duplicateRegistration``,
  ///   ``ViperNestError/Code/overrideWithoutOriginal``,
  ///   ``ViperNestError/Code/invalidRegistration`` or, after ``start(_:file:line:)``,
  ///   ``ViperNestError/Code/registryFrozen``. The registry is unchanged when it throws.
  public func install(
    _ assemblies: any Assembly..., file: String = #fileID, line: UInt = #line
  ) throws {
    try install(assemblies, file: file, line: line)
  }

  /// Installs the registrations `body` makes: all of them, or none when any is wrong.
  ///
  /// ```swift
  /// try registry.install { r in
  ///   r.register(Clock.self, lifetime: .app, SystemClock.init)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - body: Adds registrations.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: As `install(_ assemblies:)`: the registry is unchanged when it throws.
  public func install(
    file: String = #fileID, line: UInt = #line, _ body: (Registrar) -> Void
  ) throws {
    try withoutActuallyEscaping(body) { body in
      let name = "install at \(Origin(fileID: file, line: line, assembly: nil))"
      try install([AnyAssembly(name, body)], file: file, line: line)
    }
  }

  /// Installs a list of assemblies: all their registrations, or none when any is wrong.
  ///
  /// ```swift
  /// var assemblies: [any Assembly] = [CoreAssembly(), ContactsAssembly()]
  /// if showsBanners { assemblies.append(BannerAssembly()) }
  /// try registry.install(assemblies)
  /// ```
  ///
  /// - Parameters:
  ///   - assemblies: The assemblies, installed in order.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ViperNestError`` with code ``ViperNestError/Code/duplicateRegistration``,
  ///   ``ViperNestError/Code/overrideWithoutOriginal``,
  ///   ``ViperNestError/Code/invalidRegistration`` or, after ``start(_:file:line:)``,
  ///   ``ViperNestError/Code/registryFrozen``. The registry is unchanged when it throws.
  public func install(
    _ assemblies: [any Assembly], file: String = #fileID, line: UInt = #line
  ) throws {
    let attempt = Origin(fileID: file, line: line, assembly: nil)
    // Assemblies are user code: run them before taking the lock.
    let buffer = Registrar.Buffer()
    for assembly in assemblies {
      let name = nameInMessages(of: assembly)
      assembly.assemble(
        Registrar(buffer: buffer, assemblyName: name, localStory: nil, isOverriding: false))
    }
    try protected.withLock { state in
      if let startedAt = state.startedAt {
        throw ViperNestError(
          .registryFrozen, .registryFrozen(startedAt: startedAt, attempt: attempt))
      }
      var problems = buffer.problems
      var entries = state.entries
      entries.reserveCapacity(entries.count + buffer.entries.count)
      var index = state.index
      index.reserve(for: buffer.entries)
      var replacing = state.replacingOverrides
      // Overrides apply after every other registration of the install, wherever their assembly
      // stands in the list, as Factory's and swift-dependencies' do; two overrides of one key in
      // one install are an error.
      var overridden: [Int: AnyEntry] = [:]
      for entry in buffer.entries where !entry.isOverride {
        if let existing = index.position(of: entry) {
          problems.append(
            ViperNestError(
              .duplicateRegistration, .duplicate(first: entries[existing], second: entry)))
        } else {
          index.insert(entry, at: entries.count)
          entries.append(entry)
        }
      }
      for entry in buffer.entries where entry.isOverride {
        if let existing = index.position(of: entry) {
          if let first = overridden[existing] {
            problems.append(
              ViperNestError(.duplicateRegistration, .duplicate(first: first, second: entry)))
            continue
          }
          overridden[existing] = entry
          entries[existing] = entry
          replacing.insert(ObjectIdentifier(entry))
        } else if entry.localStory == nil {
          problems.append(
            ViperNestError(
              .overrideWithoutOriginal, .overrideWithoutOriginal(entry, candidates: entries)))
        } else {
          index.insert(entry, at: entries.count)
          entries.append(entry)
        }
      }
      if !buffer.decorations.isEmpty {
        AnyDecoration.apply(
          buffer.decorations, to: &entries, replacing: &replacing, problems: &problems)
      }
      if let first = problems.first { throw first.adding(others: Array(problems.dropFirst())) }
      state.entries = entries
      state.index = index
      state.replacingOverrides = replacing
      state.validationGraph = nil
      state.storyParents.append(contentsOf: buffer.storyParents)
      state.routes.append(contentsOf: buffer.routes)
    }
    didInstall(buffer.entries, from: assemblies + buffer.composed)
  }

  /// Freezes the registrations and opens a new app story, the root of every story.
  ///
  /// Call it once at app start and keep the returned story for the app's lifetime; `app`
  /// singletons live in it. Calling it again opens another, independent app story over the same
  /// frozen registrations (handy in tests).
  ///
  /// ```swift
  /// let app = try registry.start()
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: How the started registry reports diagnostics.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: The open app story.
  /// - Throws: ``ViperNestError`` when story-local registrations conflict with their parents
  ///   (a shadowed key without `overriding`, an override of nothing). Nothing is frozen then.
  public func start(
    _ configuration: Configuration = Configuration(), file: String = #fileID, line: UInt = #line
  ) throws -> Story {
    let graph = try protected.withLock { state in
      if let graph = state.graph { return graph }
      let graph = Graph(
        entries: state.entries, storyParents: state.storyParents,
        replacingOverrides: state.replacingOverrides, configuration: configuration)
      let problems = graph.crossScopeProblems()
      if let first = problems.first { throw first.adding(others: Array(problems.dropFirst())) }
      state.graph = graph
      state.startedAt = Origin(fileID: file, line: line, assembly: nil)
      // Only `install` needs these, and it is refused from now on.
      state.index = InstallIndex()
      state.validationGraph = nil
      return graph
    }
    return Story(node: StoryNode(root: graph))
  }

  /// The deep links' routes installed so far, in the order they were declared.
  var linkRoutes: [LinkRoute] { protected.withLock { $0.routes } }

  /// The frozen graph if started, or one built from the registrations so far without freezing
  /// them (for validation and export), kept until the next `install`. Built under the lock so it
  /// never races `start()`.
  func validationGraph() -> Graph {
    protected.withLock { state in
      if let graph = state.graph ?? state.validationGraph { return graph }
      let graph = Graph(
        entries: state.entries, storyParents: state.storyParents,
        replacingOverrides: state.replacingOverrides, configuration: Configuration())
      state.validationGraph = graph
      return graph
    }
  }
}

/// Where each installed registration is in `Registry.State.entries`, by key and scope, for the
/// duplicate and override checks of `install`. Plain root keys (nearly all) are in a growable
/// ``WordTable`` keyed by the type's metadata pointer, like `Table`: no hashing of the whole key.
/// The others are in a dictionary.
struct InstallIndex {
  private var plain = WordTable<KeyedSlot<Int>>()
  private var others: [Registry.ScopedKey: Int] = [:]

  /// The position of the registration with `entry`'s key in `entry`'s scope, if any.
  func position(of entry: AnyEntry) -> Int? {
    guard entry.isPlain, entry.localStory == nil else {
      return others[Registry.ScopedKey(key: entry.key, story: entry.localStory?.id)]
    }
    return plain[UInt(bitPattern: entry.typeID)].value
  }

  /// Records that `entry`, whose key is not indexed yet in its scope, is at `position`.
  mutating func insert(_ entry: AnyEntry, at position: Int) {
    guard entry.isPlain, entry.localStory == nil else {
      others[Registry.ScopedKey(key: entry.key, story: entry.localStory?.id)] = position
      return
    }
    let inserted = plain.insert(KeyedSlot(entry.typeID, position))
    internalCheck(inserted, "install indexes a key once per scope")
  }

  /// Makes room for the keys of `entries`, so that inserting them never rehashes (benchmark
  /// target `launch-300`: growing the dictionary of story-local keys one rehash at a time cost
  /// half of what `install` does after the assemblies).
  mutating func reserve(for entries: [AnyEntry]) {
    var scoped = 0
    for entry in entries where !entry.isPlain || entry.localStory != nil { scoped += 1 }
    plain.reserveCapacity(plain.count + entries.count - scoped)
    others.reserveCapacity(others.count + scoped)
  }
}

/// State guarded by a lock; the only way in is `withLock`, which runs no user code.
package final class Protected<Value>: @unchecked Sendable {
  // Invariant that makes this Sendable: `value` is only read or written inside `withLock`.
  private let lock = ConditionLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
