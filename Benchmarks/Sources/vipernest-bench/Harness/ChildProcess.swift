import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished child process printed, and what it cost.
struct ChildRun {
  let output: String
  /// Wall time from spawn to exit.
  let wallNanoseconds: Double
  /// User + system CPU time of the child and every descendant it waited for (a build's compiler
  /// processes included): much less sensitive to other processes' load than wall time.
  let cpuNanoseconds: Double

  /// The number after `key` in the output (`launch_ns 123`), if any.
  func value(_ key: String) -> Double? {
    let words = output.split(whereSeparator: \.isWhitespace)
    guard let index = words.firstIndex(where: { $0 == key }), index + 1 < words.count else {
      return nil
    }
    return Double(words[index + 1])
  }
}

enum ChildProcess {
  /// Runs `executable` with `arguments` in `directory`, waits, and fails the run on a non-zero
  /// exit with what it printed.
  static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil
  ) throws -> ChildRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let cpuBefore = childrenCPUNanoseconds()
    let start = monotonicNanoseconds()
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let wall = Double(monotonicNanoseconds() - start)
    let cpu = childrenCPUNanoseconds() - cpuBefore
    let output = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw BenchError(
        "\(executable) \(arguments.joined(separator: " ")) exited "
          + "\(process.terminationStatus):\n\(output.suffix(4_000))")
    }
    return ChildRun(output: output, wallNanoseconds: wall, cpuNanoseconds: cpu)
  }

  /// The `swift` driver on the PATH.
  static var swift: String { find("swift") ?? "/usr/bin/swift" }

  /// The executable `name` on the PATH, if any.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// User + system time of this process's waited-for descendants so far.
  private static func childrenCPUNanoseconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    func ns(_ time: timeval) -> Double {
      Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3
    }
    return ns(usage.ru_utime) + ns(usage.ru_stime)
  }
}
