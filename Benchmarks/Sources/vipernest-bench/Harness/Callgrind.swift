import Foundation

/// Instructions a fresh process executes, counted by callgrind (valgrind): a figure the machine's
/// load does not move, for the targets the issue states in instructions.
enum Callgrind {
  struct Tools {
    let valgrind: String
    let annotate: String
    let objcopy: String
  }

  /// `valgrind`, `callgrind_annotate` and `objcopy` on the PATH, nil when one is missing (the
  /// targets that need them are then INCONCLUSIVE, and say why).
  static let tools: Tools? = {
    guard let valgrind = ChildProcess.find("valgrind"),
      let annotate = ChildProcess.find("callgrind_annotate"),
      let objcopy = ChildProcess.find("objcopy")
    else { return nil }
    return Tools(valgrind: valgrind, annotate: annotate, objcopy: objcopy)
  }()

  /// Why nothing was counted, when `tools` is nil.
  static let missing =
    "not counted: valgrind, callgrind_annotate or objcopy is not installed (callgrind counts the "
    + "instructions)"

  /// What one process executed.
  struct Count {
    /// Instructions of the whole process, from `exec` to exit.
    let total: Double
    /// Instructions of the function(s) whose mangled name contains the fragment asked for and of
    /// everything they call (inclusive cost: the largest over the matching symbols, so a thunk
    /// and the specialization it calls are not added twice).
    let inside: Double
  }

  /// Runs `binary arguments` in a fresh process under callgrind and counts what it executed,
  /// in all and inside the functions whose mangled name contains `function`.
  ///
  /// Valgrind 3.19's debug-info reader gives up on Swift binaries' DWARF (a thread-local
  /// variable), so callgrind runs a copy without debug info; the symbol table it needs stays
  /// (as in Benchmarks/Scripts/instructions-per-iteration.sh).
  static func count(_ binary: String, _ arguments: [String], inside function: String) throws
    -> Count
  {
    guard let tools else { throw BenchError(missing) }
    let manager = FileManager.default
    let name = "vipernest-callgrind-\(ProcessInfo.processInfo.processIdentifier)-\(UUID())"
    let scratch = manager.temporaryDirectory.appendingPathComponent(name)
    try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: scratch) }
    let stripped = scratch.appendingPathComponent("App").path
    let output = scratch.appendingPathComponent("callgrind.out").path
    _ = try ChildProcess.run(tools.objcopy, ["--strip-debug", binary, stripped])
    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stripped)
    _ = try ChildProcess.run(
      tools.valgrind, ["--tool=callgrind", "--callgrind-out-file=\(output)", stripped] + arguments)
    let report = try ChildProcess.run(
      tools.annotate, ["--inclusive=yes", "--threshold=100", output]
    ).output
    // Lines read `  22,512,345 (54.12%)  file:function [object]`.
    func instructions(_ line: Substring) -> Double? {
      line.split(separator: " ").first.flatMap { Double($0.filter { $0 != "," }) }
    }
    let lines = report.split(separator: "\n")
    guard let totalLine = lines.first(where: { $0.hasSuffix("PROGRAM TOTALS") }),
      let total = instructions(totalLine)
    else {
      throw BenchError(
        "callgrind_annotate printed no total for \(binary):\n\(report.prefix(2_000))")
    }
    let inside =
      lines
      .filter { $0.contains(":\(function)") }
      .compactMap(instructions)
      .max()
    guard let inside else {
      throw BenchError(
        "callgrind counted nothing in a function named *\(function)* of \(binary): is it there "
          + "(not inlined into its caller)?")
    }
    return Count(total: total, inside: inside)
  }
}
