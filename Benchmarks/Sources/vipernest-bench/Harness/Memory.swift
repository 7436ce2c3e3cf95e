import CMallocStats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Process memory as the kernel and the allocator see it.
///
/// - Resident set size: `/proc/self/statm`, second field (resident pages) times the page size.
///   What the OS charges the process; it moves in whole pages and rarely shrinks, so it shows
///   growth, not small objects.
/// - Heap bytes in use: glibc's `mallinfo2().uordblks` (bytes in allocated chunks, chunk headers
///   included, from the main arena and mmapped blocks: `+ hblkhd`). Exact to the allocation, so it
///   measures small per-object costs such as bytes per registration.
enum Memory {
  static func residentBytes() -> Int {
    #if os(Linux)
      guard let file = fopen("/proc/self/statm", "r") else { return -1 }
      defer { fclose(file) }
      var size = 0
      var resident = 0
      guard readStatm(file, &size, &resident) else { return -1 }
      return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return -1
    #endif
  }

  static func heapBytesInUse() -> Int {
    Int(cmallocstats_heap_bytes_in_use())
  }

  /// Returns freed memory at the top of the heap to the OS, so RSS readings start from a floor.
  static func trim() {
    cmallocstats_trim()
  }

  #if os(Linux)
    private static func readStatm(
      _ file: UnsafeMutablePointer<FILE>, _ size: inout Int, _ resident: inout Int
    ) -> Bool {
      var buffer = [CChar](repeating: 0, count: 128)
      guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
      let text = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let fields = text.split(separator: " ").compactMap { Int($0) }
      guard fields.count >= 2 else { return false }
      size = fields[0]
      resident = fields[1]
      return true
    }
  #endif
}
