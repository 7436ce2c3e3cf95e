/// The frozen registration graph shared by every story of a started registry. Immutable.
@usableFromInline
final class Graph: Sendable {
  @usableFromInline let root: Table
  let locals: [ObjectIdentifier: Table]
  let entries: [AnyEntry]
  /// For each story type (the app story included), the cached entries whose instances live in a
  /// story of that type, indexed by `AnyEntry.slot`.
  let slotEntries: [ObjectIdentifier: [AnyEntry]]
  /// Declared parents of each story type (``Registrar/story(_:in:body:)``).
  let storyParents: [ObjectIdentifier: [StoryKind]]
  /// Every story type the registrations mention.
  let stories: [StoryKind]
  let hasGraphLifetime: Bool
  let configuration: Registry.Configuration
  /// `configuration.trace`: when set, entries are traced copies and stories publish nothing, so
  /// every cached hit takes the locked path, where it is reported (`StoryNode.claim`).
  let trace: (@Sendable (ResolutionEvent) -> Void)?
  /// What opening a story of each kind the registrations mention needs, by story type: one
  /// lookup in a frozen table.
  private let profiles: WordTable<KeyedSlot<StoryProfile>>
  /// Story-local overrides that replaced a registration of the same story.
  private let replacingOverrides: Set<ObjectIdentifier>

  /// Freezes `entries`: assigns ids and instance slots and builds the lookup tables. Check
  /// ``crossScopeProblems()`` before publishing it.
  init(
    entries: [AnyEntry], storyParents: [(story: StoryKind, parent: StoryKind)],
    replacingOverrides: Set<ObjectIdentifier> = [], configuration: Registry.Configuration
  ) {
    var entries = entries
    var replacingOverrides = replacingOverrides
    if let trace = configuration.trace {
      // Traced copies (their factories report what they built), under the same override marks.
      let originals = entries
      entries = originals.map { $0.traced(by: trace) ?? $0 }
      for (original, copy) in zip(originals, entries)
      where original !== copy && replacingOverrides.contains(ObjectIdentifier(original)) {
        replacingOverrides.insert(ObjectIdentifier(copy))
      }
    }
    self.trace = configuration.trace
    self.replacingOverrides = replacingOverrides
    var parents: [ObjectIdentifier: [StoryKind]] = [:]
    var stories: [ObjectIdentifier: StoryKind] = [:]
    for (story, parent) in storyParents {
      // Declared again by each assembly that registers in the story: a known pair adds nothing.
      if parents[story.id]?.contains(parent) ?? false { continue }
      parents[story.id, default: []].append(parent)
      stories[story.id] = story
      stories[parent.id] = parent
    }
    // The entries of each story kind, local ones and owned ones, gathered in `StoryLists` (a
    // probe of a word table per entry and list it joins, not a dictionary access) and put in
    // dictionaries once per story below.
    var lists = StoryLists()
    var hasGraphLifetime = false
    for (index, entry) in entries.enumerated() {
      // Written only when it changes. An entry's id is its position in the registry's list,
      // which never changes (`install` appends, and an override or decoration puts a new entry
      // in place of the old one), so every graph of a registry assigns the same id and only the
      // first writes it: a validation reading the ids of an earlier graph without the registry's
      // lock never races a `start()` freezing the same entries.
      if entry.id != index { entry.id = index }
      if let story = entry.localStory { lists.locals[lists.position(of: story)].append(entry) }
      let owner: StoryKind?
      switch entry.lifetime.kind {
      case .app: owner = .app
      case .story(let story): owner = story
      case .weak: owner = entry.localStory ?? .app
      case .graph:
        owner = nil
        hasGraphLifetime = true
      case .transient: owner = nil
      }
      if let owner {
        // Likewise written only when it changes (an override installed after an earlier graph
        // can shift the slots that follow it); only stories of the started graph, the last one
        // built, read slots.
        let position = lists.position(of: owner)
        lists.owned[position].append(entry)
        let slot = lists.owned[position].count - 1
        if entry.slot != slot { entry.slot = slot }
      }
    }
    var localEntries: [ObjectIdentifier: [AnyEntry]] = [:]
    var slotEntries: [ObjectIdentifier: [AnyEntry]] = [StoryKind.app.id: []]
    for (position, kind) in lists.kinds.enumerated() {
      if !lists.locals[position].isEmpty {
        localEntries[kind.id] = lists.locals[position]
        stories[kind.id] = kind
      }
      if !lists.owned[position].isEmpty {
        slotEntries[kind.id] = lists.owned[position]
        // The app story is not one of `stories` (see below).
        if kind != .app { stories[kind.id] = kind }
      }
    }
    var storyKinds = stories
    storyKinds[StoryKind.app.id] = .app
    stories[StoryKind.app.id] = nil
    // Without story-local registrations (the common case) the root table shares `entries`.
    self.root = Table(localEntries.isEmpty ? entries : entries.filter { $0.localStory == nil })
    let locals = localEntries.mapValues(Table.init)
    self.locals = locals
    self.entries = entries
    self.slotEntries = slotEntries
    self.storyParents = parents
    self.stories = stories.values.sorted { $0.name < $1.name }
    self.hasGraphLifetime = hasGraphLifetime
    self.configuration = configuration
    self.profiles = WordTable(
      frozen: storyKinds.map { id, kind in
        KeyedSlot(
          id,
          StoryProfile(
            kind: kind, locals: locals[id], slotCount: slotEntries[id]?.count ?? 0,
            allowedParents: parents[id].flatMap { $0.isEmpty ? nil : $0 }))
      }, expectedCount: storyKinds.count)
  }

  /// Story-local registrations that shadow an enclosing registration without `overriding` (unless
  /// each story owns its own by design, `RegistrationSite.isOwnedByEachStory`), or override one
  /// that does not exist.
  func crossScopeProblems() -> [ViperNestError] {
    var problems: [ViperNestError] = []
    for (storyID, table) in locals {
      let enclosing = enclosingTables(outside: storyID)
      for entry in table.entries {
        let shadowed = enclosingEntry(for: entry.key, in: enclosing)
        if entry.isOverride, shadowed == nil,
          !replacingOverrides.contains(ObjectIdentifier(entry))
        {
          problems.append(
            ViperNestError(
              .overrideWithoutOriginal, .overrideWithoutOriginal(entry, candidates: entries)))
        } else if !entry.isOverride, !entry.site.isOwnedByEachStory, let shadowed {
          // A registration each story owns by design (a story's navigation) is another instance
          // per story, not a replacement: it shadows without `overriding`.
          problems.append(
            ViperNestError(.duplicateRegistration, .duplicate(first: shadowed, second: entry)))
        }
      }
    }
    return problems.sorted { $0.sortKey < $1.sortKey }
  }

  /// The registration `key` resolves to in stories enclosing `story` (declared parents, then root).
  func enclosingEntry(for key: ServiceKey, outside story: ObjectIdentifier) -> AnyEntry? {
    enclosingEntry(for: key, in: enclosingTables(outside: story))
  }

  /// The first of `tables` that registers `key`, else the root.
  func enclosingEntry(for key: ServiceKey, in tables: [Table]) -> AnyEntry? {
    for table in tables {
      if let entry = table.entry(for: key) { return entry }
    }
    return root.entry(for: key)
  }

  /// The local registrations of the stories enclosing `story`, nearest declared parents first
  /// (breadth-first), computed once per story rather than once per registration.
  func enclosingTables(outside story: ObjectIdentifier) -> [Table] {
    var tables: [Table] = []
    var visited: Set<ObjectIdentifier> = [story]
    var frontier = storyParents[story] ?? []
    while !frontier.isEmpty {
      var next: [StoryKind] = []
      for parent in frontier where visited.insert(parent.id).inserted {
        if let table = locals[parent.id] { tables.append(table) }
        next.append(contentsOf: storyParents[parent.id] ?? [])
      }
      frontier = next
    }
    return tables
  }

  /// What opening a story of type `type` needs (a story no registration mentions owns nothing).
  func profile<S: UserStory>(for type: S.Type) -> StoryProfile {
    profiles[UInt(bitPattern: ObjectIdentifier(type))].value
      ?? StoryProfile(kind: StoryKind.of(type))
  }

  /// What opening a story of `kind` needs.
  func profile(for kind: StoryKind) -> StoryProfile {
    profiles[UInt(bitPattern: kind.id)].value ?? StoryProfile(kind: kind)
  }
}

/// The entries of each story kind `Graph.init` meets: those local to it and those whose instances
/// a story of that kind owns, in registration order. A story kind's lists are found by one probe of
/// a ``WordTable`` (a dictionary access hashes the key with SipHash, and the loop makes one or two
/// per registration: benchmark targets `launch-300` and `validate()` of the 300-module app).
private struct StoryLists {
  /// By story type: the kind's position in `kinds`, `locals` and `owned`.
  private var positions = WordTable<KeyedSlot<Int>>(minimumCapacity: 16)
  /// Each kind met, in the order met.
  private(set) var kinds: [StoryKind] = []
  var locals: [[AnyEntry]] = []
  var owned: [[AnyEntry]] = []

  /// The position of `kind`'s lists, added empty the first time.
  mutating func position(of kind: StoryKind) -> Int {
    let key = UInt(bitPattern: kind.id)
    if let position = positions[key].value { return position }
    _ = positions.insert(KeyedSlot(key: key, value: kinds.count))
    kinds.append(kind)
    locals.append([])
    owned.append([])
    return kinds.count - 1
  }
}

/// What opening a story of one kind needs, computed once when the registry starts.
final class StoryProfile: Sendable {
  let kind: StoryKind
  /// The story's local registrations, if any.
  let locals: Table?
  /// How many cached instances a story of this kind can own.
  let slotCount: Int
  /// The stories it must be opened inside (nil: anywhere).
  let allowedParents: [StoryKind]?

  init(
    kind: StoryKind, locals: Table? = nil, slotCount: Int = 0, allowedParents: [StoryKind]? = nil
  ) {
    self.kind = kind
    self.locals = locals
    self.slotCount = slotCount
    self.allowedParents = allowedParents
  }
}
