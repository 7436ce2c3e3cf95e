import Foundation

/// `generate-module` from its command line to a written module, as the `vipernest-generate` tool
/// (and so the plugin) runs it.
///
/// ```swift
/// let outcome = GeneratorCommand.run(
///   ["ContactDetail", "--in", "Sources/MyApp"], currentDirectory: packageDirectory)
/// print(outcome.output, terminator: "")
/// ```
package enum GeneratorCommand {
  /// What running the command produced.
  package struct Outcome: Sendable, Equatable {
    /// The exit status: 0 on success (and for `--help`), 1 when nothing was written.
    package var status: Int32
    /// What goes to standard output.
    package var output: String
    /// What goes to standard error.
    package var errorOutput: String
  }

  /// Parses `arguments`, checks everything, then writes the module (or, with `--dry-run`, says
  /// what it would write).
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the command's own name.
  ///   - currentDirectory: Where relative paths start when no `--package-root` is given.
  /// - Returns: The outcome; on failure its error output says what failed and how to fix it, and
  ///   nothing was written.
  package static func run(_ arguments: [String], currentDirectory: String) -> Outcome {
    do {
      let parsed = try GeneratorArguments(parsing: arguments)
      if parsed.help { return Outcome(status: 0, output: GeneratorUsage.text, errorOutput: "") }
      let plan = try ModulePlan(parsed, currentDirectory: currentDirectory)
      if !parsed.dryRun { try ModuleWriter.write(plan.files, root: plan.root) }
      return Outcome(status: 0, output: plan.summary(written: !parsed.dryRun), errorOutput: "")
    } catch let error as GeneratorError {
      return Outcome(status: 1, output: "", errorOutput: "error: \(error.description)\n")
    } catch {
      return Outcome(status: 1, output: "", errorOutput: "error: \(error)\n")
    }
  }
}
