internal import CViperNestAtomics

/// Whether a global or static variable holds an object directly: its address is a word of the
/// program's global storage (the writable segments of the loaded images).
///
/// This is what the runtime makes decidable about an object no path leads to. A word equal to
/// the address of a live object is, in practice, a reference to it; a global holding an object
/// that holds this one (`AppSession.shared.currentView`), a running `Task` and an escaping
/// closure stay undecidable: their storage is on the heap, which only the objects' owners reach.
enum GlobalStorage {
  /// The objects among `objects` that a global or static variable holds directly; nil where the
  /// platform cannot tell (only ELF platforms, Linux, are scanned).
  ///
  /// - Parameter objects: Live objects, held strongly by the caller.
  /// - Returns: For each object, whether global storage holds it, or nil when not decidable.
  static func holdsDirectly(_ objects: [AnyObject]) -> [Bool]? {
    guard !objects.isEmpty else { return [] }
    let addresses = objects.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
    let sorted = Array(Set(addresses)).sorted()
    var found = [UInt8](repeating: 0, count: sorted.count)
    let scanned = sorted.withUnsafeBufferPointer { values in
      found.withUnsafeMutableBufferPointer { flags in
        vn_find_in_global_storage(values.baseAddress!, values.count, flags.baseAddress!)
      }
    }
    guard scanned == 1 else { return nil }
    return addresses.map { address in
      sorted.firstIndex(of: address).map { found[$0] == 1 } ?? false
    }
  }
}
