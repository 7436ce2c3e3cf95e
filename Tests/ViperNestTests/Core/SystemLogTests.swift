import Testing
import ViperNest

/// Where the library's own messages and intervals go by default: `os.Logger` and `OSSignposter` on
/// Apple platforms (type-checked on Linux against Tests/AppleStubs/os.swift), standard error and
/// nothing elsewhere.
struct SystemLogTests {
  #if !canImport(os) && !os(Windows)
    @Test func outsideApplePlatformsMessagesGoToStandardErrorAsWritten() async throws {
      let result = await #expect(
        processExitsWith: .success, observing: [\.standardErrorContent]
      ) {
        SystemLog.write("ViperNest: a registry message", .registry)
      }
      let text = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(text.hasSuffix("ViperNest: a registry message\n"))
    }

    @Test func outsideApplePlatformsAnIntervalNeverBuildsItsDescription() {
      var built = false
      let interval = SystemLog.begin(
        "build module", .modules,
        {
          built = true
          return "ContactsView"
        }())
      SystemLog.end(interval)
      #expect(!built)
    }
  #endif
}
