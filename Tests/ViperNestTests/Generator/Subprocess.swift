import Foundation
import Testing

/// A command-line tool run by a test: its exit status and everything it printed.
struct Subprocess {
  let command: [String]
  let status: Int32
  let output: String
  let timedOut: Bool

  var succeeded: Bool { status == 0 && !timedOut }

  /// Runs `command` (looked up on the `PATH`) in `directory`, its standard output and error
  /// captured together, polling until it exits or `timeout` passes (then it is terminated).
  static func run(
    _ command: [String], in directory: String, timeout: Duration,
    environment: [String: String] = [:]
  ) async throws -> Subprocess {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("vipernest-subprocess-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path])
    }
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    process.environment = cleanEnvironment().merging(environment) { $1 }
    try process.run()

    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while process.isRunning, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(250))
    }
    let timedOut = process.isRunning
    if timedOut { process.terminate() }
    process.waitUntilExit()
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return Subprocess(
      command: command, status: process.terminationStatus, output: output, timedOut: timedOut)
  }

  /// This process's environment without what the running test tool set for itself.
  private static func cleanEnvironment() -> [String: String] {
    ProcessInfo.processInfo.environment.filter { key, _ in
      !key.hasPrefix("SWIFTPM_") && !key.hasPrefix("SWIFT_TESTING") && !key.contains("XCTest")
        && !key.hasPrefix("LLVM_PROFILE")
    }
  }

  /// Records an issue, with the command's output attached, unless it succeeded.
  @discardableResult
  func expectSuccess(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    guard !succeeded else { return true }
    let tail = output.split(separator: "\n", omittingEmptySubsequences: false).suffix(150)
      .joined(separator: "\n")
    Issue.record(
      """
      \(what) \(timedOut ? "timed out" : "failed with exit status \(status)"): \
      \(command.joined(separator: " "))
      --- last lines of its output (the whole output is attached) ---
      \(tail)
      """, sourceLocation: sourceLocation)
    Attachment.record(output, named: "\(what).log", sourceLocation: sourceLocation)
    return false
  }
}
