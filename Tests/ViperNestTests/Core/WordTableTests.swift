import Testing

@testable import ViperNest

// `WordTable`, the one hash table behind the registrations' lookup, the install checks, the story
// profiles, the module builders' memos and the retain graph. Keys here are address-like words
// (multiples of 16), chosen to collide where a test needs a long probe.

struct WordTableTests {
  // MARK: - Collisions

  @Test func everyKeyOfACollidingRunIsFoundAndAnAbsentKeyOfTheRunIsNot() {
    var table = WordTable<KeyedSlot<Int>>(minimumCapacity: 6)
    #expect(table.slots.count == 8)
    let keys = Self.keys(count: 6, homeSlot: 3, capacity: 8)
    for (value, key) in keys.dropLast().enumerated() {
      let inserted = table.insert(KeyedSlot(key: key, value: value))
      #expect(inserted)
    }
    for (value, key) in keys.dropLast().enumerated() {
      #expect(table[key].value == value)
    }
    // Same home slot, never inserted: the probe walks the whole run to the empty slot after it.
    #expect(table[keys[5]].value == nil)
    #expect(table[keys[5]].key == 0)
  }

  @Test func aRunThatStartsInTheLastSlotWrapsToTheFirst() {
    var table = WordTable<KeyedSlot<Int>>()
    let keys = Self.keys(count: 4, homeSlot: 7, capacity: 8)
    for (value, key) in keys.dropLast().enumerated() {
      let inserted = table.insert(KeyedSlot(key: key, value: value))
      #expect(inserted)
    }
    #expect(table.slots.count == 8)
    // Slots 7, 0 and 1.
    #expect(table.slots[7].key == keys[0])
    #expect(table.slots[0].key == keys[1])
    #expect(table.slots[1].key == keys[2])
    for (value, key) in keys.dropLast().enumerated() {
      #expect(table[key].value == value)
    }
    #expect(table[keys[3]].value == nil)
  }

  @Test func anAbsentKeyIsNotFoundInAnEmptyTable() {
    let table = WordTable<KeyedSlot<Int>>()
    #expect(table.count == 0)
    for key in stride(from: UInt(16), through: 16 * 100, by: 16) {
      #expect(table[key].value == nil)
    }
  }

  // MARK: - Insertion

  @Test func insertKeepsTheElementAlreadyThereAndUpdateReplacesIt() {
    var table = WordTable<KeyedSlot<String>>()
    let first = table.insert(KeyedSlot(key: 0x1000, value: "first"))
    let second = table.insert(KeyedSlot(key: 0x1000, value: "second"))
    #expect(first)
    #expect(!second)
    #expect(table[0x1000].value == "first")
    #expect(table.count == 1)
    table.update(KeyedSlot(key: 0x1000, value: "third"))
    table.update(KeyedSlot(key: 0x2000, value: "new"))
    #expect(table[0x1000].value == "third")
    #expect(table[0x2000].value == "new")
    #expect(table.count == 2)
  }

  // MARK: - Growth

  @Test func aGrowingTableKeepsEveryKeyAndStaysAtMostThreeQuartersFull() {
    var table = WordTable<KeyedSlot<Int>>()
    // Scattered, as heap addresses are (an arithmetic run would not collide at all).
    let keys = Self.scatteredKeys(count: 2_000, seed: 1)
    for (value, key) in keys.enumerated() {
      let inserted = table.insert(KeyedSlot(key: key, value: value))
      #expect(inserted)
      #expect(table.count == value + 1)
      #expect(table.count * 4 <= table.slots.count * 3)
    }
    #expect(table.slots.count.nonzeroBitCount == 1)
    #expect(table.slots.count == 4_096)
    #expect(table.invariantsHold)
    var misplaced = 0
    for (value, key) in keys.enumerated() where table[key].value != value { misplaced += 1 }
    #expect(misplaced == 0)
    let absent = Self.scatteredKeys(count: 2_000, seed: 2).filter { !keys.contains($0) }
    #expect(absent.allSatisfy { table[$0].value == nil })
  }

  @Test func reservingRoomMeansTheInsertsThatFollowNeverRehash() {
    var table = WordTable<KeyedSlot<Int>>()
    table.reserveCapacity(100)
    let capacity = table.slots.count
    #expect(capacity == 256)
    for value in 0..<100 {
      _ = table.insert(KeyedSlot(key: UInt(value + 1) * 16, value: value))
    }
    #expect(table.slots.count == capacity)
  }

  // MARK: - Frozen

  @Test func aFrozenTableIsSizedForItsKeysAndFindsThemAll() {
    let keys = (1...96).map { UInt($0) &* 0x1_0000_0010 }
    let table = WordTable(
      frozen: keys.enumerated().map { KeyedSlot(key: $0.element, value: $0.offset) },
      expectedCount: keys.count)
    #expect(table.slots.count == 128)
    #expect(table.count == keys.count)
    #expect(table.invariantsHold)
    #expect(keys.enumerated().allSatisfy { table[$0.element].value == $0.offset })
    #expect(table[0x10].value == nil)
  }

  @Test func aFrozenTableKeepsTheFirstElementOfARepeatedKey() {
    let keys = Self.keys(count: 3, homeSlot: 5, capacity: 8)
    let elements = [
      KeyedSlot(key: keys[0], value: "a"), KeyedSlot(key: keys[1], value: "b"),
      KeyedSlot(key: keys[0], value: "again"), KeyedSlot(key: keys[2], value: "c"),
    ]
    let table = WordTable(frozen: elements, expectedCount: elements.count)
    #expect(table.count == 3)
    #expect(table[keys[0]].value == "a")
    #expect(table[keys[1]].value == "b")
    #expect(table[keys[2]].value == "c")
  }

  @Test func aRegistrationTableFindsEveryPlainRegistrationAndNothingElse() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Int.self) { 1 }
        r.register(String.self) { "one" }
        r.register(Double.self) { 1.0 }
      })
    let graph = registry.validationGraph()
    #expect(graph.root.entry(for: ObjectIdentifier(Int.self))?.typeID == ObjectIdentifier(Int.self))
    #expect(
      graph.root.entry(for: ObjectIdentifier(String.self))?.typeID
        == ObjectIdentifier(String.self))
    #expect(graph.root.entry(for: ObjectIdentifier(Float.self)) == nil)
    #expect(graph.root.plain.count == 3)
  }

  /// `count` distinct non-zero multiples of 16 below 2^40, scattered (SplitMix64 from `seed`).
  private static func scatteredKeys(count: Int, seed: UInt64) -> [UInt] {
    var state = seed
    var seen = Set<UInt>()
    var keys: [UInt] = []
    while keys.count < count {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      mixed ^= mixed >> 31
      let key = UInt(mixed & 0xFF_FFFF_FFF0) | 0x10
      if seen.insert(key).inserted { keys.append(key) }
    }
    return keys
  }

  /// `count` distinct non-zero multiples of 16 whose home slot is `homeSlot` in a table of
  /// `capacity` slots.
  private static func keys(count: Int, homeSlot: Int, capacity: Int) -> [UInt] {
    let shift = UInt.bitWidth - capacity.trailingZeroBitCount
    var keys: [UInt] = []
    var candidate: UInt = 16
    while keys.count < count {
      if WordTable<KeyedSlot<Int>>.home(of: candidate, shift: shift) == homeSlot {
        keys.append(candidate)
      }
      candidate += 16
    }
    return keys
  }
}
