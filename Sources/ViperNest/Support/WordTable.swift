/// The library's one hash table: open addressing over keys that are a non-zero word (a type's
/// metadata pointer, an `ObjectIdentifier` or an object's address), with a multiplicative
/// (Fibonacci) hash and linear probing. A lookup is a multiply, a shift and usually one
/// comparison (a `Dictionary` hashes with SipHash), and costs the same with 10 or 100,000 keys.
///
/// Each slot holds an `Element` that knows its own key, so a table whose elements can find their
/// key (`EntrySlot`: the entry's `typeID`) spends one word per slot; `KeyedSlot` pairs a key with
/// any value. Keys are never 0 (no metadata or object lives at address 0).
///
/// Two uses:
/// - Frozen: built once by `init(frozen:expectedCount:)`, then only read. A frozen table stored
///   in a `let` is immutable, so any number of threads may probe it without a lock (`Table`,
///   `Graph.profiles`).
/// - Growable: `insert` doubles the capacity when the table would pass 3/4 full. A growable
///   table is a value: whoever owns it serializes its mutations (a lock, the main actor, one
///   thread).
///
/// Invariants (`invariantsHold`, checked under `VIPERNEST_INTERNAL_CHECKS`): the capacity is a
/// power of two at least 8; at most 3/4 of the slots are full, so every probe meets an empty
/// slot; each key is in one slot, reached from its home slot without passing an empty one.
@usableFromInline
struct WordTable<Element: WordTableElement> {
  /// Power-of-two count; `Element.vacant` in empty slots.
  @usableFromInline private(set) var slots: ContiguousArray<Element>
  /// `UInt.bitWidth - log2(slots.count)`: the hash keeps the product's top bits.
  @usableFromInline private(set) var shift: Int
  /// The number of full slots.
  private(set) var count = 0

  /// An empty table with room for `minimumCapacity` elements before it grows.
  init(minimumCapacity: Int = 0) {
    let capacity = Self.capacity(for: minimumCapacity)
    slots = ContiguousArray(repeating: .vacant, count: capacity)
    shift = UInt.bitWidth - capacity.trailingZeroBitCount
  }

  /// A frozen table: `elements`, of which there are at most `expectedCount`, in a table sized
  /// for that many (of two elements with one key, the first stays).
  init(frozen elements: some Sequence<Element>, expectedCount: Int) {
    let capacity = Self.capacity(for: expectedCount)
    let shift = UInt.bitWidth - capacity.trailingZeroBitCount
    // Filled in a local array (one uniqueness check, not one per element).
    var slots = ContiguousArray<Element>(repeating: .vacant, count: capacity)
    var count = 0
    for element in elements where Self.place(element, in: &slots, shift: shift) {
      count += 1
      internalCheck(count <= expectedCount, "a frozen word table gets the elements it expects")
    }
    self.slots = slots
    self.shift = shift
    self.count = count
    internalCheck(invariantsHold, "a word table's invariants hold once it is built")
  }

  /// The number of slots: the smallest power of two, at least 8, that holds `count` elements at
  /// most 3/4 full.
  static func capacity(for count: Int) -> Int {
    var capacity = 8
    while capacity * 3 < count * 4 { capacity <<= 1 }
    return capacity
  }

  /// The slot where probing for `key` starts: the top bits of the key times 2^64/φ. Pointers'
  /// low bits are alignment zeros; the multiply spreads every bit into the top ones.
  @inlinable @inline(__always)
  static func home(of key: UInt, shift: Int) -> Int {
    // `&>>`: `shift` is in 1..<64 (the capacity is at least 8), so no overshift test is needed.
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> UInt(truncatingIfNeeded: shift))
  }

  /// The element whose key is `key`, or `Element.vacant` when the table has none.
  @inlinable @inline(__always)
  subscript(key: UInt) -> Element {
    internalCheck(key != 0, "a word table's keys are not zero")
    let mask = slots.count &- 1
    var index = Self.home(of: key, shift: shift)
    while true {
      // The vacancy test first: an element's key may be a load away (`EntrySlot`).
      if slots[index].isVacant || slots[index].key == key { return slots[index] }
      index = (index &+ 1) & mask
    }
  }

  /// Adds `element` unless an element with its key is already there.
  ///
  /// - Returns: Whether it was added (false: the table is unchanged).
  mutating func insert(_ element: Element) -> Bool {
    internalCheck(element.key != 0, "a word table's keys are not zero")
    let index = position(of: element.key)
    if !slots[index].isVacant { return false }
    if (count + 1) * 4 > slots.count * 3 {
      rehash(slots.count * 2)
      _ = Self.place(element, in: &slots, shift: shift)
    } else {
      slots[index] = element
    }
    count += 1
    internalCheck(count * 4 <= slots.count * 3, "a word table is at most 3/4 full")
    return true
  }

  /// Puts `element` in the table, in place of the element with the same key if there is one.
  mutating func update(_ element: Element) {
    let index = position(of: element.key)
    if !slots[index].isVacant {
      slots[index] = element
    } else {
      _ = insert(element)
    }
  }

  /// Makes room for `minimumCount` elements in all, so that inserting up to that many never
  /// rehashes.
  mutating func reserveCapacity(_ minimumCount: Int) {
    let capacity = Self.capacity(for: minimumCount)
    if capacity > slots.count { rehash(capacity) }
  }

  /// The slot that holds `key`, or the empty slot where it would go.
  private func position(of key: UInt) -> Int {
    let mask = slots.count - 1
    var index = Self.home(of: key, shift: shift)
    while true {
      if slots[index].isVacant || slots[index].key == key { return index }
      index = (index + 1) & mask
    }
  }

  /// Puts `element` in the first vacant slot of its probe sequence in `slots`, unless an element
  /// with its key is already there.
  ///
  /// - Returns: Whether it was put there.
  @inline(__always)
  private static func place(
    _ element: Element, in slots: inout ContiguousArray<Element>, shift: Int
  ) -> Bool {
    let key = element.key
    internalCheck(key != 0, "a word table's keys are not zero")
    let mask = slots.count - 1
    var index = home(of: key, shift: shift)
    while !slots[index].isVacant {
      if slots[index].key == key { return false }
      index = (index + 1) & mask
    }
    slots[index] = element
    return true
  }

  /// Whether the invariants stated on the type hold: for ``internalCheck(_:_:file:line:)``, which
  /// evaluates it only in builds that check (it visits every slot).
  var invariantsHold: Bool {
    let capacity = slots.count
    guard capacity >= 8, capacity.nonzeroBitCount == 1,
      shift == UInt.bitWidth - capacity.trailingZeroBitCount, count * 4 <= capacity * 3
    else { return false }
    var full = 0
    for (index, element) in slots.enumerated() where !element.isVacant {
      full += 1
      guard element.key != 0, position(of: element.key) == index else { return false }
    }
    return full == count
  }

  private mutating func rehash(_ capacity: Int) {
    internalCheck(
      capacity.nonzeroBitCount == 1 && capacity * 3 >= count * 4,
      "a word table grows to a power of two that holds its elements")
    let old = slots
    self = WordTable(frozen: old.lazy.filter { !$0.isVacant }, expectedCount: capacity * 3 / 4)
    internalCheck(slots.count == capacity, "a word table grows to the capacity asked for")
  }
}

extension WordTable: Sendable where Element: Sendable {}

/// What a ``WordTable`` slot holds: an element that knows its key.
@usableFromInline
protocol WordTableElement {
  /// The element of an empty slot.
  static var vacant: Self { get }
  /// Whether this is the element of an empty slot.
  var isVacant: Bool { get }
  /// The key, not 0; read only when the element is not `vacant`.
  var key: UInt { get }
}

/// A key and a value, for tables whose values do not carry their key.
struct KeyedSlot<Value>: WordTableElement {
  var key: UInt
  /// Nil only in an empty slot.
  var value: Value?

  static var vacant: Self { Self(key: 0, value: nil) }

  var isVacant: Bool { key == 0 }

  init(key: UInt, value: Value?) {
    self.key = key
    self.value = value
  }

  init(_ id: ObjectIdentifier, _ value: Value) {
    self.init(key: UInt(bitPattern: id), value: value)
  }
}

extension KeyedSlot: Sendable where Value: Sendable {}
