/// The tracked objects of an owner group.
///
/// Built for the hot path of a module build: the first four entries (a VIPER module) live inline,
/// and entries are trivially copyable (a ``TrackedReference`` and a role code), so appending,
/// checking and releasing them touches no reference count and allocates nothing. Roles other
/// than the built-in ones are kept aside and referred to by index.
struct LeakEntries {
  private struct Entry {
    let reference: TrackedReference
    let roleCode: Int
  }

  private static let builtinRoles: [LeakRole] = [
    .view, .presenter, .interactor, .router, .storyService, .singleton, .object,
  ]

  /// Entries past the fourth and custom roles, allocated the first time one is needed, so the
  /// list of a module copies and destroys without touching arrays.
  private final class Extra {
    var overflow: [Entry] = []
    var customRoles: [LeakRole] = []
  }

  private var inline: (Entry?, Entry?, Entry?, Entry?) = (nil, nil, nil, nil)
  /// Retained by `makeExtra`, released by `releaseAll` (the owner group calls it in its
  /// `deinit`): unmanaged, so the list stays trivially copyable and reading it from the group
  /// copies no references.
  private var extra: Unmanaged<Extra>?
  /// How many objects are tracked.
  private(set) var count = 0

  /// The positions of the entries.
  var indices: Range<Int> { 0..<count }

  private func entry(at index: Int) -> Entry {
    switch index {
    case 0: inline.0.unsafelyUnwrapped
    case 1: inline.1.unsafelyUnwrapped
    case 2: inline.2.unsafelyUnwrapped
    case 3: inline.3.unsafelyUnwrapped
    default: extra.unsafelyUnwrapped.takeUnretainedValue().overflow[index - 4]
    }
  }

  /// The reference at `index`.
  func reference(at index: Int) -> TrackedReference {
    entry(at: index).reference
  }

  /// The role of the object at `index`.
  func role(at index: Int) -> LeakRole {
    let code = entry(at: index).roleCode
    return code < Self.builtinRoles.count
      ? Self.builtinRoles[code]
      : extra.unsafelyUnwrapped.takeUnretainedValue().customRoles[
        code - Self.builtinRoles.count]
  }

  /// Starts tracking a module part, if there is one, without comparing role names.
  mutating func append(_ object: AnyObject?, builtinRole: BuiltinRole) {
    if let object {
      append(Entry(reference: TrackedReference(object), roleCode: builtinRole.rawValue))
    }
  }

  /// Adds a module part's reference without comparing role names; the list now owns it.
  mutating func append(_ reference: TrackedReference, builtinRole: BuiltinRole) {
    append(Entry(reference: reference, roleCode: builtinRole.rawValue))
  }

  /// Adds a reference; the list now owns it.
  mutating func append(_ reference: TrackedReference, role: LeakRole) {
    let code: Int
    if let builtin = Self.builtinRoles.firstIndex(of: role) {
      code = builtin
    } else {
      let extra = makeExtra()
      code = Self.builtinRoles.count + extra.customRoles.count
      extra.customRoles.append(role)
    }
    append(Entry(reference: reference, roleCode: code))
  }

  /// Roles of a module's parts, by their position in `builtinRoles`.
  enum BuiltinRole: Int {
    case view = 0
    case presenter = 1
    case interactor = 2
    case router = 3
  }

  private mutating func append(_ entry: Entry) {
    switch count {
    case 0: inline.0 = entry
    case 1: inline.1 = entry
    case 2: inline.2 = entry
    case 3: inline.3 = entry
    default: makeExtra().overflow.append(entry)
    }
    count += 1
  }

  private mutating func makeExtra() -> Extra {
    if let extra { return extra.takeUnretainedValue() }
    let created = Extra()
    extra = .passRetained(created)
    return created
  }

  /// Whether any tracked object is still alive.
  ///
  /// - Parameter sink: Receives strong references the check had to create.
  func containsLiveObject(keeping sink: inout [AnyObject]) -> Bool {
    for index in indices where entry(at: index).reference.isAlive(keeping: &sink) {
      return true
    }
    return false
  }

  /// How many tracked objects are still alive.
  ///
  /// - Parameter sink: Receives strong references the check had to create.
  func liveCount(keeping sink: inout [AnyObject]) -> Int {
    var alive = 0
    for index in indices where entry(at: index).reference.isAlive(keeping: &sink) {
      alive += 1
    }
    return alive
  }

  /// Releases every reference and empties the list.
  mutating func releaseAll() {
    guard count > 0 else { return }
    for index in indices {
      entry(at: index).reference.release()
    }
    inline = (nil, nil, nil, nil)
    extra?.release()
    extra = nil
    count = 0
  }
}
