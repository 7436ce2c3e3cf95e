import Swinject
import ViperNest

/// `memory-1m`: RSS growth over 1,000,000 module builds and releases.
///
/// Each contender builds and drops modules in a loop; RSS (`/proc/self/statm`) and heap bytes in use
/// (`mallinfo2`) are read after a warm-up and again at the end. Swinject runs last because what it
/// grows stays allocated.
@MainActor
enum Memory1mScenario {
  static let id = "memory-1m"

  static func run(_ runner: Runner, settings: Settings) throws -> ScenarioResult {
    let builds = settings.profileIterations ?? (settings.quick ? 20_000 : 1_000_000)
    let fixture = try BuilderModuleFixture()
    defer { fixture.close() }
    try fixture.verify()

    let ours = try growth(runner, builds: builds) { n in try fixture.oursBatch(n) }
    if settings.profileIterations != nil { throw ProfileFinished() }
    let handwired = try growth(runner, builds: builds) { n in fixture.handwiredBatch(n) }
    let swinject = try growth(runner, builds: builds) { n in fixture.swinjectBatch(n) }

    var result = ScenarioResult(id: id)
    result.isMemoryScenario = true
    result.bytes = Double(ours.resident)
    // A memory scenario: one pass each, so no per-round timings or ratios.
    result.checks = [
      .counts(
        [Double(ours.resident)], .below(1_000_000), .bytes, "< 1 MB",
        what: "RSS growth over one pass of \(builds) builds")
    ]
    let buildsText = builds == 1_000_000 ? "1,000,000" : "\(builds)"
    result.notes = [
      "\(buildsText) builds and releases of the viper-module module each (ViperNest with its "
        + "builder). RSS growth / heap-in-use growth: ViperNest "
        + "\(Format.bytes(Double(ours.resident))) / \(Format.bytes(Double(ours.heap))); "
        + "hand-written \(Format.bytes(Double(handwired.resident))) / "
        + "\(Format.bytes(Double(handwired.heap))); Swinject "
        + "\(Format.bytes(Double(swinject.resident))) / \(Format.bytes(Double(swinject.heap)))."
    ]
    return result
  }

  /// RSS and heap growth over `builds` runs of `body`, after a warm-up of 10,000 and a
  /// `malloc_trim`.
  private static func growth(
    _ runner: Runner, builds: Int, _ body: (Int) throws -> UInt
  ) throws -> (resident: Int, heap: Int) {
    runner.fold(try body(10_000))
    // Give memory freed by earlier scenarios back to the OS first, so that glibc trimming it
    // during the loop does not show as negative growth.
    Memory.trim()
    let residentBefore = Memory.residentBytes()
    let heapBefore = Memory.heapBytesInUse()
    runner.fold(try body(builds))
    return (Memory.residentBytes() - residentBefore, Memory.heapBytesInUse() - heapBefore)
  }
}
