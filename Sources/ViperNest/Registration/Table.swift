/// The frozen registrations of one scope (the root, or one story type's local registrations).
///
/// Plain keys (no name, no arguments), the hot path, live in an open-addressing table keyed by the
/// type's metadata pointer with a multiplicative hash: a lookup is a multiply, a shift and usually
/// one comparison, and costs the same with 10 or 100,000 registrations.
@usableFromInline
final class Table: Sendable {
  @usableFromInline let keys: [UInt]
  /// Unretained: `entries` holds every entry for the table's lifetime, and a lookup then costs no
  /// reference counting.
  @usableFromInline let values: [Unmanaged<AnyEntry>?]
  @usableFromInline let mask: Int
  @usableFromInline let shift: Int
  private let keyed: [ServiceKey: AnyEntry]
  let entries: [AnyEntry]

  init(_ entries: [AnyEntry]) {
    self.entries = entries
    let plain = entries.filter(\.key.isPlain)
    var capacity = 8
    while capacity < plain.count * 2 { capacity <<= 1 }
    var keys = [UInt](repeating: 0, count: capacity)
    var values = [Unmanaged<AnyEntry>?](repeating: nil, count: capacity)
    let mask = capacity - 1
    let shift = UInt.bitWidth - capacity.trailingZeroBitCount
    for entry in plain {
      let key = UInt(bitPattern: entry.key.type)
      var index = Table.slot(key, shift: shift)
      while keys[index] != 0 { index = (index + 1) & mask }
      keys[index] = key
      values[index] = Unmanaged.passUnretained(entry)
    }
    self.keys = keys
    self.values = values
    self.mask = mask
    self.shift = shift
    var keyed: [ServiceKey: AnyEntry] = [:]
    for entry in entries where !entry.key.isPlain { keyed[entry.key] = entry }
    self.keyed = keyed
  }

  @inlinable
  static func slot(_ key: UInt, shift: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
  }

  @inlinable @inline(__always)
  func entry(for type: ObjectIdentifier) -> AnyEntry? {
    unmanagedEntry(for: type)?.takeUnretainedValue()
  }

  /// The entry of a plain key, unretained (the table keeps it alive as long as it lives).
  @inlinable @inline(__always)
  func unmanagedEntry(for type: ObjectIdentifier) -> Unmanaged<AnyEntry>? {
    let key = UInt(bitPattern: type)
    var index = Table.slot(key, shift: shift)
    while true {
      let candidate = keys[index]
      if candidate == key { return values[index] }
      if candidate == 0 { return nil }
      index = (index + 1) & mask
    }
  }

  @inline(__always)
  func entry(for key: ServiceKey) -> AnyEntry? {
    key.isPlain ? entry(for: key.type) : keyed[key]
  }
}
