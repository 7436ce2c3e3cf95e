import Foundation
import Testing

@testable import ViperNest

/// `VIPERNEST_INTERNAL_CHECKS=1` compiles in the checks of the invariants docs/Architecture.md
/// states; CI builds so, apps do not.
struct InternalChecksTests {
  @Test func theChecksAreCompiledInExactlyWhenTheEnvironmentAsksForThem() {
    let asked = ProcessInfo.processInfo.environment["VIPERNEST_INTERNAL_CHECKS"] == "1"
    #expect(internalChecksEnabled == asked)
  }

  #if VIPERNEST_INTERNAL_CHECKS
    @Test func aBrokenInvariantStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        internalCheck(false, "a test breaks it on purpose")
      }
    }
  #endif
}
