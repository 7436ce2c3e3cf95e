import Foundation
import Testing

@testable import ViperNest

private final class Screen {
  var onTap: (() -> Void)?
}

private final class ScreenPresenter {
  var screen: Screen?
}

/// The leak detector reaches the runtime reflection (the retain-path walker, the explainer, the
/// ownership rules) through one hook, `LeakReflection`, which only the API an app calls to use a
/// detector installs (docs/Architecture.md, "The leak detector's reflection hook").
struct LeakReflectionHookTests {
  // MARK: - What installs the hook

  @Test func theSharedDetectorHasNoReflectionUntilTheAppTurnsItOn() {
    // The suite never turns the shared detector on (see `sharedDetectorIsOffUntilTheAppTurnsItOn`).
    #expect(!LeakDetector.shared.isEnabled)
    let view = Screen()
    let presenter = ScreenPresenter()
    presenter.screen = view
    let shared = LeakDetector.shared.core.reflection
    #expect(shared.moduleViolations(view, presenter, nil, nil, nil, nil).isEmpty)
    #expect(shared.strongReferences(presenter).references.isEmpty)
    // A detector the app creates can check the same module.
    let created = LeakDetector(isEnabled: false).core.reflection
    #expect(created.moduleViolations(view, presenter, nil, nil, nil, nil).count == 1)
    #expect(created.strongReferences(presenter).references.count == 1)
  }

  @Test func turningADetectorOnInstallsTheReflection() {
    let detector = LeakDetector(isEnabled: false)
    detector.core.state.withLock { $0.reflection = .unavailable }
    let view = Screen()
    let presenter = ScreenPresenter()
    presenter.screen = view
    detector.isEnabled = true
    #expect(detector.checkOwnership(view: view, presenter: presenter).count == 1)
  }

  @Test func trackingByHandInstallsTheReflection() throws {
    let detector = LeakDetector(isEnabled: false)
    detector.core.state.withLock { $0.reflection = .unavailable }
    var screen: Screen? = Screen()
    screen?.onTap = { [screen] in _ = screen }
    try detector.track(#require(screen), role: .view)
    screen = nil
    let report = try #require(detector.checkNow())
    #expect(report.leaks.map(\.cause) == [.retainCycle])
  }

  // MARK: - Without the hook

  @Test func withoutTheReflectionLeaksAreReportedWithoutAPath() throws {
    let detector = LeakDetector()
    var screen: Screen? = Screen()
    screen?.onTap = { [screen] in _ = screen }
    try detector.track(#require(screen), role: .view)
    detector.core.state.withLock { $0.reflection = .unavailable }
    screen = nil
    let report = try #require(detector.checkNow())
    #expect(report.leaks.map(\.typeName) == ["Screen"])
    #expect(report.leaks.map(\.cause) == [.pathUnavailable])
  }

  // MARK: - The core's only way in

  /// The walker's entry points, and the files that make up the reflection layer.
  private static let walkerEntryPoints = [
    "LeakExplainer.", "RetainGraph(", "ReferenceWalker(", "GlobalStorage.", "strongReferences(of:",
    "storedFields(of:", "OwnershipViolation.violations(", "strongDirectReferences(",
    "backReferenceViolations(from:",
  ]
  private static let reflectionLayer = [
    "Leaks/Reflection/", "Leaks/LeakExplainer.swift", "Leaks/RetainGraph.swift",
    "Leaks/RetainPath.swift", "Leaks/OwnershipViolation.swift", "Leaks/LeakReflection.swift",
  ]

  @Test func theCoreReachesTheWalkerOnlyThroughTheHook() throws {
    let root = DocumentationTests.root.appendingPathComponent("Sources/ViperNest")
    let files = try #require(FileManager.default.enumerator(atPath: root.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50)
    var offending: [String] = []
    var installing: Set<String> = []
    for file in files where !Self.reflectionLayer.contains(where: file.hasPrefix) {
      let code = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        .components(separatedBy: "\n")
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
      for line in code {
        for entry in Self.walkerEntryPoints where line.contains(entry) {
          offending.append("\(file): \(entry)")
        }
        if line.contains(".runtime") { installing.insert(file) }
      }
    }
    #expect(offending == [])
    // Installed by the detector's public API only.
    #expect(installing == ["Leaks/LeakDetector.swift", "Leaks/LeakDetectorCore.swift"])
  }
}
