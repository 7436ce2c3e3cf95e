import CPlatformRandom

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the figures were measured, and how Swinject's random graph identifier is drawn.
///
/// Swinject 2.10.0 draws a random `GraphIdentifier` at every outermost resolution (for each
/// container in the chain): `UInt.random(in:)` on Linux, which the Swift runtime
/// (`swift_stdlib_random`) fills with the `getrandom` system call (hundreds of nanoseconds), and
/// `UUID()` on Apple platforms, filled in user space. By default the benchmark answers
/// `swift_stdlib_random` in user space (`CPlatformRandom`, interposed in this executable), so no
/// ratio rests on a cost only Linux has; `--linux-random` keeps the system call.
enum Platform {
  /// `Linux x86_64`.
  static let name: String = {
    var info = utsname()
    uname(&info)
    func text<T>(_ field: T) -> String {
      withUnsafeBytes(of: field) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    return "\(text(info.sysname)) \(text(info.machine))"
  }()

  static var randomInUserSpace: Bool { vnb_random_is_userspace() != 0 }

  static func setRandomInUserSpace(_ enabled: Bool) {
    vnb_random_set_userspace(enabled ? 1 : 0)
  }

  /// Shown with every ratio to Swinject.
  static var swinjectRatio: String {
    if vnb_random_is_interposed() == 0 { return name }
    return randomInUserSpace
      ? "\(name), Swinject's graph identifier drawn in user space (as on Apple platforms)"
      : "\(name), Swinject's graph identifier drawn by the getrandom system call (Linux only)"
  }

  /// Runs `body` and counts the random draws (`swift_stdlib_random` calls) it made.
  static func countingDraws<T>(_ body: () throws -> T) rethrows -> (T, Int) {
    vnb_random_set_counting(1)
    defer { vnb_random_set_counting(0) }
    let before = vnb_random_draws()
    let value = try body()
    return (value, Int(vnb_random_draws() - before))
  }

  /// Nanoseconds per 8-byte draw, as Swinject makes it, with the system call or in user space.
  static func drawCost(userSpace: Bool, draws: Int = 20_000) -> Double {
    let previous = randomInUserSpace
    setRandomInUserSpace(userSpace)
    defer { setRandomInUserSpace(previous) }
    var value: UInt64 = 0
    var best = Double.infinity
    for _ in 0..<5 {
      let start = monotonicNanoseconds()
      for _ in 0..<draws { vnb_random_draw(&value, 8) }
      best = min(best, Double(monotonicNanoseconds() - start) / Double(draws))
    }
    return best
  }
}
