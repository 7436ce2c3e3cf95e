import Foundation

/// A command-line mistake (or `--help`). Shared by the samples.
public struct UsageError: Error, CustomStringConvertible {
  public let message: String
  public var isHelp = false
  public var description: String { message }

  /// A mistake: `problem`, then the usage.
  public init(_ problem: String, usage: String) {
    message = "\(problem)\n\(usage)"
  }

  private init(help usage: String) {
    message = usage
    isHelp = true
  }

  /// `--help`: carries the usage.
  public static func help(_ usage: String) -> UsageError {
    UsageError(help: usage)
  }
}

/// A sample's `main`: parses the command line with `parse` and exits with the code `run` returns.
/// A ``UsageError`` is printed, with exit code 0 for `--help` and 64 for a mistake.
@MainActor
public func runSample<Options>(
  parse: ([String]) throws -> Options, run: (Options) async -> Int32
) async throws -> Never {
  let options: Options
  do {
    options = try parse(Array(CommandLine.arguments.dropFirst()))
  } catch let error as UsageError {
    print(error.message)
    exit(error.isHelp ? 0 : 64)
  }
  exit(await run(options))
}
