/// The frozen registrations of one scope (the root, or one story type's local registrations).
///
/// Plain keys (no name, no arguments), the hot path, live in `plain`, a frozen ``WordTable``
/// probed by the type's metadata pointer: a lookup is a multiply, a shift and usually one
/// comparison (with the entry's own `typeID`, read from the entry a hit needs anyway), and costs
/// the same with 10 or 100,000 registrations. One word per slot (`EntrySlot`), at most 3/4 full.
///
/// Immutable once built, so stories on any thread probe it without a lock.
///
/// The slots do not retain their entries: `entries`, held by the table, does. So building and
/// freeing the table is a fill of plain words, with no reference counting.
@usableFromInline
final class Table: Sendable {
  // Sendable: every slot points to an entry that `entries` keeps alive for as long as the table
  // exists (see `init`), and neither changes after `init`.
  @usableFromInline let plain: WordTable<EntrySlot>
  private let keyed: [ServiceKey: AnyEntry]
  let entries: [AnyEntry]

  init(_ entries: [AnyEntry]) {
    self.entries = entries
    var plainCount = 0
    var keyed: [ServiceKey: AnyEntry] = [:]
    for entry in entries {
      if entry.isPlain {
        plainCount += 1
      } else {
        keyed[entry.key] = entry
      }
    }
    // Of two entries of one key (the validator's table of every story's local entries), the
    // first stays, the one a lookup finds.
    plain = WordTable(
      frozen: entries.lazy.filter { $0.isPlain }.map { EntrySlot(entry: .passUnretained($0)) },
      expectedCount: plainCount)
    self.keyed = keyed
  }

  @inlinable @inline(__always)
  func entry(for type: ObjectIdentifier) -> AnyEntry? {
    unmanagedEntry(for: type)?.takeUnretainedValue()
  }

  /// The entry of a plain key, unretained (the table keeps it alive as long as it lives): the
  /// resolution fast path borrows it without reference counting.
  @inlinable @inline(__always)
  func unmanagedEntry(for type: ObjectIdentifier) -> Unmanaged<AnyEntry>? {
    plain[UInt(bitPattern: type)].entry
  }

  @inline(__always)
  func entry(for key: ServiceKey) -> AnyEntry? {
    key.isPlain ? entry(for: key.type) : keyed[key]
  }
}

/// A slot of `Table.plain`: an unretained entry, whose key is its `typeID`.
@usableFromInline
struct EntrySlot: WordTableElement, Sendable {
  // Unretained (benchmark targets `app-hit` and `story-hit`: a lookup borrows the entry with no
  // retain and release; `register-10k`: building and freeing the table counts no references).
  // Invariant: the entry is kept alive by `Table.entries` for as long as the table exists.
  @usableFromInline let entry: Unmanaged<AnyEntry>?

  @usableFromInline
  init(entry: Unmanaged<AnyEntry>?) {
    self.entry = entry
  }

  @usableFromInline
  static var vacant: EntrySlot { EntrySlot(entry: nil) }

  @inlinable
  var isVacant: Bool { entry == nil }

  @inlinable
  var key: UInt {
    guard let entry else { return 0 }
    return UInt(bitPattern: entry._withUnsafeGuaranteedRef { $0.typeID })
  }
}
