public import SampleSupport
import ViperNest

/// The Bank sample: the Raiffeisen scenario of seed 001 on ViperNest, driven on the headless host.
///
/// A login at launch whose router signs in: the tabs replace it as the window's root, in a
/// session opened beside the login's story (and signing out replaces them with a new login the
/// same way); a dashboard composed of independent modules (VIPER and MVC behind
/// the same `Module<Input, Output>`), one of them removed; nested stories Payments > Transfer >
/// Confirm with story-scoped state; a typed navigation bar and a typed curtain; a transfer
/// confirmed through module outputs. It prints every screen as text, every navigation step and
/// every story opened or closed, and ends with the leak detector's verdict.
@MainActor
public enum BankDemo {
  /// Command-line options.
  public struct Options: Sendable {
    /// Read commands from standard input instead of running the scripted session.
    public var interactive = false
    /// Open this deep link after launch instead of running the scripted session.
    public var link: String?

    public init() {}

    /// Parses `--interactive`, `--open URL` and `--help`.
    ///
    /// - Throws: ``UsageError`` naming the unknown option, or carrying the usage for `--help`.
    public init(arguments: [String]) throws {
      var remaining = arguments[...]
      while let argument = remaining.popFirst() {
        switch argument {
        case "--interactive": interactive = true
        case "--open":
          guard let link = remaining.popFirst() else {
            throw UsageError("--open needs a link.", usage: BankDemo.usage)
          }
          self.link = link
        case "--help", "-h": throw UsageError.help(BankDemo.usage)
        default: throw UsageError("Unknown option \(argument).", usage: BankDemo.usage)
        }
      }
    }
  }

  /// A command-line mistake (or `--help`).
  public typealias UsageError = SampleSupport.UsageError

  public nonisolated static let usage = """
    usage: bank [--interactive] [--open URL]
      (no option)     run the scripted session: sign in, tabs, the composed dashboard, a
                      transfer, sign out and in again
      --open URL      open a deep link after signing in, such as bank://payments/transfer/2
      --interactive   type commands (help lists them: balances, select, call, close-promo, tab,
                      new, amount, continue, confirm, cancel, sign-out, sign-in, open URL, tree,
                      quit)
    """

  /// Runs the sample and returns its exit code: 0 when everything worked and nothing leaked.
  ///
  /// - Parameters:
  ///   - options: What to run.
  ///   - readLine: The next command in interactive mode (nil at end of input).
  ///   - print: Where each line of output goes.
  /// - Returns: 0, 1 when the session failed (or the link of `--open` did not open), 2 when
  ///   something leaked.
  public static func run(
    _ options: Options, readLine: () -> String? = { Swift.readLine() },
    print: @escaping (String) -> Void = { Swift.print($0) }
  ) async -> Int32 {
    let detector = LeakDetector(timeout: .milliseconds(500))
    let linkOpened: Bool
    do {
      linkOpened = try await detector.withTracking { () async throws -> Bool in
        let session = try BankSession(print: print)
        defer { session.finish() }
        await session.awaitAccounts()
        if let link = options.link {
          return session.openLink(link)
        } else if options.interactive {
          session.interactive(readLine: readLine)
        } else {
          try session.scripted()
        }
        return true
      }
    } catch {
      print("error: \(error)")
      return 1
    }
    let leakCheck = printLeakCheck(
      await detector.check(),
      noLeaks: "Leak check: no leaks. Every removed module and closed story was released.",
      print: print)
    return leakCheck != 0 ? leakCheck : (linkOpened ? 0 : 1)
  }
}
