#if canImport(XCTest)
  import ViperNest
  import ViperNestTesting
  import XCTest

  /// The XCTest helper for teams that have not moved to Swift Testing.
  final class TrackForLeaksXCTests: XCTestCase {
    private final class Presenter {
      var onUpdate: (() -> Void)?
    }

    func testReleasedObjectPassesTeardown() {
      let presenter = Presenter()
      trackForLeaks(presenter, role: .presenter)
      presenter.onUpdate = { [weak presenter] in _ = presenter }
    }
  }
#endif
