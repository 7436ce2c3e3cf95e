/// The frozen registrations of one scope (the root, or one story type's local registrations).
///
/// Plain keys (no name, no arguments), the hot path, live in an open-addressing table of entries
/// probed by the type's metadata pointer with a multiplicative hash: a lookup is a multiply, a
/// shift and usually one comparison (with the entry's own `typeID`, read from the entry a hit
/// needs anyway), and costs the same with 10 or 100,000 registrations. The table is at most 3/4
/// full: one word per slot.
///
/// The slots do not retain their entries: `entries`, held by the table, does. So building and
/// freeing the table is a fill of plain words, with no reference counting.
@usableFromInline
final class Table: Sendable {
  // Sendable: `Unmanaged` is, and every slot points to an entry that `entries` keeps alive for as
  // long as the table exists (see `init`).
  @usableFromInline let slots: [Unmanaged<AnyEntry>?]
  @usableFromInline let mask: Int
  @usableFromInline let shift: Int
  private let keyed: [ServiceKey: AnyEntry]
  let entries: [AnyEntry]

  init(_ entries: [AnyEntry]) {
    self.entries = entries
    var plainCount = 0
    for entry in entries where entry.isPlain { plainCount += 1 }
    var capacity = 8
    while capacity * 3 < plainCount * 4 { capacity <<= 1 }
    var slots = [Unmanaged<AnyEntry>?](repeating: nil, count: capacity)
    let mask = capacity - 1
    let shift = UInt.bitWidth - capacity.trailingZeroBitCount
    var keyed: [ServiceKey: AnyEntry] = [:]
    for entry in entries {
      guard entry.isPlain else {
        keyed[entry.key] = entry
        continue
      }
      var index = Table.slot(UInt(bitPattern: entry.typeID), shift: shift)
      while slots[index] != nil { index = (index + 1) & mask }
      slots[index] = Unmanaged.passUnretained(entry)
    }
    self.slots = slots
    self.mask = mask
    self.shift = shift
    self.keyed = keyed
  }

  @inlinable
  static func slot(_ key: UInt, shift: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
  }

  /// Where `key` is in `keys`, an open-addressing table of non-zero keys (zero: empty) whose
  /// count is a power of two, filled by `slot(_:shift:)` and linear probing; nil if absent.
  static func probe(_ keys: [UInt], _ key: UInt, shift: Int) -> Int? {
    let mask = keys.count - 1
    var index = slot(key, shift: shift)
    while true {
      let candidate = keys[index]
      if candidate == key { return index }
      if candidate == 0 { return nil }
      index = (index + 1) & mask
    }
  }

  @inlinable @inline(__always)
  func entry(for type: ObjectIdentifier) -> AnyEntry? {
    unmanagedEntry(for: type)?.takeUnretainedValue()
  }

  /// The entry of a plain key, unretained (the table keeps it alive as long as it lives): the
  /// resolution fast path borrows it without reference counting.
  @inlinable @inline(__always)
  func unmanagedEntry(for type: ObjectIdentifier) -> Unmanaged<AnyEntry>? {
    var index = Table.slot(UInt(bitPattern: type), shift: shift)
    while true {
      guard let candidate = slots[index] else { return nil }
      if candidate._withUnsafeGuaranteedRef({ $0.typeID }) == type { return candidate }
      index = (index + 1) & mask
    }
  }

  @inline(__always)
  func entry(for key: ServiceKey) -> AnyEntry? {
    key.isPlain ? entry(for: key.type) : keyed[key]
  }
}
