/// The tracked objects of an owner group.
///
/// Built for the hot path of a module build: the first four entries (a VIPER module) live inline
/// as four words and a word of role codes, and entries are trivially copyable (a one-word
/// ``TrackedReference`` and a role code), so appending, checking and releasing them touches no
/// reference count and allocates nothing. Roles other than the built-in ones are kept aside and
/// referred to by index.
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

  /// The first four references (one word each: a reference is never null).
  private var inline: (TrackedReference?, TrackedReference?, TrackedReference?, TrackedReference?) =
    (nil, nil, nil, nil)
  /// The first four role codes, 8 bits each, the first entry's lowest. An inline entry's code is
  /// below 11: the 7 built-in roles, or one of at most 4 custom roles added so far.
  private var inlineRoleCodes: UInt32 = 0
  /// Retained by `makeExtra`, released by `releaseAll` (the owner group calls it in its
  /// `deinit`): unmanaged, so the list stays trivially copyable and reading it from the group
  /// copies no references.
  private var extra: Unmanaged<Extra>?
  /// How many objects are tracked.
  private(set) var count = 0

  /// The positions of the entries.
  var indices: Range<Int> { 0..<count }

  /// The reference at `index`.
  @inline(__always)
  func reference(at index: Int) -> TrackedReference {
    switch index {
    case 0: inline.0.unsafelyUnwrapped
    case 1: inline.1.unsafelyUnwrapped
    case 2: inline.2.unsafelyUnwrapped
    case 3: inline.3.unsafelyUnwrapped
    default: extra.unsafelyUnwrapped.takeUnretainedValue().overflow[index - 4].reference
    }
  }

  /// The role of the object at `index`.
  func role(at index: Int) -> LeakRole {
    let code =
      index < 4
      ? Int(truncatingIfNeeded: inlineRoleCodes >> UInt32(8 * index)) & 0xFF
      : extra.unsafelyUnwrapped.takeUnretainedValue().overflow[index - 4].roleCode
    return code < Self.builtinRoles.count
      ? Self.builtinRoles[code]
      : extra.unsafelyUnwrapped.takeUnretainedValue().customRoles[
        code - Self.builtinRoles.count]
  }

  /// Starts tracking a module part, if there is one, without comparing role names.
  mutating func append(_ object: AnyObject?, builtinRole: BuiltinRole) {
    if let object {
      append(TrackedReference(object), code: builtinRole.rawValue)
    }
  }

  /// Adds a module part's reference without comparing role names; the list now owns it.
  mutating func append(_ reference: TrackedReference, builtinRole: BuiltinRole) {
    append(reference, code: builtinRole.rawValue)
  }

  /// Starts tracking a built module's presenter links, into an empty list (see
  /// `LeakOwnerToken.trackModuleLinks`).
  @inline(__always)
  mutating func appendModuleLinks(presenterLinks: Unmanaged<AnyObject>) {
    assert(count == 0, "a module's parts go into an empty list")
    inline = (presenterLinks._withUnsafeGuaranteedRef { TrackedReference($0) }, nil, nil, nil)
    inlineRoleCodes = UInt32(BuiltinRole.presenter.rawValue)
    count = 1
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
    append(reference, code: code)
  }

  /// Roles of a module's parts, by their position in `builtinRoles`.
  enum BuiltinRole: Int {
    case view = 0
    case presenter = 1
    case interactor = 2
    case router = 3
  }

  private mutating func append(_ reference: TrackedReference, code: Int) {
    if count < 4 {
      inlineRoleCodes |= UInt32(truncatingIfNeeded: code) << UInt32(8 * count)
    }
    switch count {
    case 0: inline.0 = reference
    case 1: inline.1 = reference
    case 2: inline.2 = reference
    case 3: inline.3 = reference
    default: makeExtra().overflow.append(Entry(reference: reference, roleCode: code))
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
  @inline(__always)
  func containsLiveObject(keeping sink: inout [AnyObject]) -> Bool {
    if count <= 4 {
      // Inline entries (every module): straight-line checks, no position switch.
      if count > 0, inline.0.unsafelyUnwrapped.isAlive(keeping: &sink) { return true }
      if count > 1, inline.1.unsafelyUnwrapped.isAlive(keeping: &sink) { return true }
      if count > 2, inline.2.unsafelyUnwrapped.isAlive(keeping: &sink) { return true }
      return count > 3 && inline.3.unsafelyUnwrapped.isAlive(keeping: &sink)
    }
    var index = 0
    while index < count {
      if reference(at: index).isAlive(keeping: &sink) { return true }
      index += 1
    }
    return false
  }

  /// How many tracked objects are still alive.
  ///
  /// - Parameter sink: Receives strong references the check had to create.
  func liveCount(keeping sink: inout [AnyObject]) -> Int {
    var alive = 0
    for index in indices where reference(at: index).isAlive(keeping: &sink) {
      alive += 1
    }
    return alive
  }

  /// Releases every reference and empties the list.
  @inline(__always)
  mutating func releaseAll() {
    guard count > 0 else { return }
    if count == 4 {
      // A module's four parts: straight-line releases.
      inline.0.unsafelyUnwrapped.release()
      inline.1.unsafelyUnwrapped.release()
      inline.2.unsafelyUnwrapped.release()
      inline.3.unsafelyUnwrapped.release()
    } else if count == 1 {
      // A built module's presenter links.
      inline.0.unsafelyUnwrapped.release()
    } else {
      var index = 0
      while index < count {
        reference(at: index).release()
        index += 1
      }
    }
    inline = (nil, nil, nil, nil)
    inlineRoleCodes = 0
    if let extra {
      extra.release()
      self.extra = nil
    }
    count = 0
  }
}
