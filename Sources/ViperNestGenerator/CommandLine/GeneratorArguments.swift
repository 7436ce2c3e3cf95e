/// The command line of `generate-module`, parsed but not yet checked against the package.
///
/// ```swift
/// let arguments = try GeneratorArguments(parsing: ["ContactDetail", "--in", "Sources/MyApp"])
/// arguments.name       // "ContactDetail"
/// arguments.directory  // "Sources/MyApp"
/// ```
package struct GeneratorArguments: Sendable, Equatable {
  /// The module's name, as typed.
  package var name: String?
  /// `--in`: the directory to write the module's folder into.
  package var directory: String?
  /// `--target`: the target to write the module's folder into.
  package var target: String?
  /// `--tests-in`: the directory to write the test into.
  package var testsDirectory: String?
  /// `--no-tests`: write no test.
  package var noTests = false
  /// `--mvc`: one view controller instead of VIPER layers.
  package var mvc = false
  /// `--story`: the story the module belongs to.
  package var story: String?
  /// `--ui`: the view's toolkit.
  package var ui: ViewToolkit?
  /// `--view swiftui`: a SwiftUI screen module (`VIPERScreen`, `ScreenBuilder`) instead of a view
  /// controller.
  package var swiftUI = false
  /// `--dry-run`: print the plan, write nothing.
  package var dryRun = false
  /// `-h`, `--help`: print the usage.
  package var help = false
  /// `--package-root` (from the plugin): the directory relative paths start from.
  package var packageRoot: String?
  /// `--package-facts` (from the plugin): a JSON file of ``PackageFacts``.
  package var packageFacts: String?
  /// `--target-module`: the Swift module the files belong to, which the test imports (inferred
  /// from the package, or from a `Sources/<Module>` path, when not given).
  package var targetModule: String?

  /// The options, their value's placeholder (nil for flags), and whether `--help` lists them.
  static let options: [(name: String, value: String?, listed: Bool)] = [
    ("--in", "directory", true), ("--target", "target", true),
    ("--tests-in", "directory", true), ("--no-tests", nil, true), ("--mvc", nil, true),
    ("--story", "Story", true), ("--ui", "headless|uikit", true), ("--view", "swiftui", true),
    ("--dry-run", nil, true),
    ("--help", nil, true), ("--package-root", "directory", false),
    ("--package-facts", "file", false), ("--target-module", "module", true),
  ]

  /// Creates empty arguments.
  package init() {}

  /// Parses `arguments` (without the command's own name).
  ///
  /// Options take their value as the next argument or after `=` (`--in=Sources/MyApp`).
  ///
  /// - Parameter arguments: The arguments.
  /// - Throws: ``GeneratorError`` with code ``GeneratorError/Code/invalidOption`` for an unknown
  ///   option (suggesting the nearest one), a repeated option, a missing value, an invalid
  ///   `--ui` or `--view`, or more than one module name.
  package init(parsing arguments: [String]) throws {
    var seen: Set<String> = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") else {
        if let name {
          throw GeneratorError(
            .invalidOption,
            "Unexpected argument \"\(argument)\": the module's name is \(name) already. Pass one "
              + "name; options start with --.")
        }
        name = argument
        continue
      }
      var option = argument == "-h" ? "--help" : argument
      var inlineValue: String?
      if let equals = option.firstIndex(of: "=") {
        inlineValue = String(option[option.index(after: equals)...])
        option = String(option[..<equals])
      }
      guard let spec = Self.options.first(where: { $0.name == option }) else {
        throw GeneratorError(.invalidOption, Self.unknownOptionMessage(option))
      }
      guard seen.insert(option).inserted else {
        throw GeneratorError(
          .invalidOption, "\(option) is given twice. Pass it once.")
      }
      guard let placeholder = spec.value else {
        if inlineValue != nil {
          throw GeneratorError(.invalidOption, "\(option) is a flag: it takes no value.")
        }
        try setFlag(option)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !arguments[index].hasPrefix("--") {
        value = arguments[index]
        index += 1
      } else {
        throw GeneratorError(
          .invalidOption, "\(option) needs a value: \(option) <\(placeholder)>.")
      }
      guard !value.isEmpty else {
        throw GeneratorError(.invalidOption, "\(option) needs a non-empty <\(placeholder)>.")
      }
      try setOption(option, value)
    }
  }

  private mutating func setFlag(_ option: String) throws {
    switch option {
    case "--no-tests": noTests = true
    case "--mvc": mvc = true
    case "--dry-run": dryRun = true
    default: help = true
    }
  }

  private mutating func setOption(_ option: String, _ value: String) throws {
    switch option {
    case "--in": directory = value
    case "--target": target = value
    case "--tests-in": testsDirectory = value
    case "--story": story = value
    case "--package-root": packageRoot = value
    case "--package-facts": packageFacts = value
    case "--target-module": targetModule = value
    case "--view":
      guard value.lowercased() == "swiftui" else {
        throw GeneratorError(
          .invalidOption,
          "--view takes swiftui (a SwiftUI screen built by a ScreenBuilder), not \"\(value)\". "
            + "Leave --view out for a view controller (--ui headless|uikit).")
      }
      swiftUI = true
    default:
      guard let toolkit = ViewToolkit(rawValue: value.lowercased()) else {
        throw GeneratorError(
          .invalidOption,
          "--ui takes headless (HeadlessViewController, runs anywhere) or uikit "
            + "(UIViewController), not \"\(value)\".")
      }
      ui = toolkit
    }
  }

  private static func unknownOptionMessage(_ option: String) -> String {
    let listed = options.filter(\.listed).map(\.name)
    let nearest = listed.min { distance(option, $0) < distance(option, $1) }
    let suggestion =
      nearest.flatMap { distance(option, $0) <= 3 ? " Did you mean \($0)?" : nil } ?? ""
    return "Unknown option \(option).\(suggestion) Run with --help to see the options."
  }

  /// The edit distance between two strings (insertions, deletions, substitutions), ignoring case.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
