#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the app was launched with and how it was built, read once: the facts an
/// ``EnvironmentOverride`` chooses by (Factory's `onTest`, `onPreview`, `onDebug`, `onArg`).
///
/// ``current`` reads the process; tests build their own, so no global state is changed.
///
/// ```swift
/// let uiTest = LaunchEnvironment(arguments: ["-mock-network"])
/// #expect(LaunchCondition.argument("-mock-network").holds(in: uiTest))
/// ```
public struct LaunchEnvironment: Sendable {
  /// The launch arguments (`CommandLine.arguments`, the program's path first).
  public var arguments: [String]
  /// Whether the process runs unit tests (XCTest, or `swift test` on any platform).
  public var isTest: Bool
  /// Whether the process renders Xcode previews (`XCODE_RUNNING_FOR_PREVIEWS=1`).
  public var isPreview: Bool
  /// Whether ViperNest was built for debugging (`DEBUG`): SwiftPM and Xcode build it in the app's
  /// own configuration.
  public var isDebug: Bool
  /// Whether the process runs in an iOS, tvOS, watchOS or visionOS simulator (`SIMULATOR_UDID`).
  public var isSimulator: Bool
  /// Whether every condition holds, whatever the facts: for validating every override at once.
  var matchesEverything = false

  /// A launch environment with the given facts; those left out are false.
  ///
  /// - Parameters:
  ///   - arguments: The launch arguments.
  ///   - isTest: Whether unit tests run.
  ///   - isPreview: Whether Xcode previews render.
  ///   - isDebug: Whether this is a debug build.
  ///   - isSimulator: Whether this runs in a simulator.
  public init(
    arguments: [String] = [], isTest: Bool = false, isPreview: Bool = false,
    isDebug: Bool = false, isSimulator: Bool = false
  ) {
    self.arguments = arguments
    self.isTest = isTest
    self.isPreview = isPreview
    self.isDebug = isDebug
    self.isSimulator = isSimulator
  }

  /// The process's own launch environment.
  public static var current: LaunchEnvironment {
    let process = CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) }
    let name = (process ?? nil) ?? ""
    #if DEBUG
      let debug = true
    #else
      let debug = false
    #endif
    return LaunchEnvironment(
      arguments: CommandLine.arguments,
      isTest: variable("XCTestConfigurationFilePath") != nil || name.contains("xctest")
        || name.contains("swiftpm-testing-helper") || name.hasSuffix("PackageTests"),
      isPreview: variable("XCODE_RUNNING_FOR_PREVIEWS") == "1", isDebug: debug,
      isSimulator: variable("SIMULATOR_UDID") != nil)
  }

  /// An environment in which every ``LaunchCondition`` holds: install every override under it
  /// and ``Registry/validate()`` checks them all, whichever launch would choose them.
  ///
  /// ```swift
  /// let registry = try Registry(
  ///   ContactsAppAssembly(),
  ///   EnvironmentOverride(.argument("-empty-contacts"), in: .everyCondition, EmptyContactsAssembly()))
  /// try registry.validate().check()
  /// ```
  public static var everyCondition: LaunchEnvironment {
    var environment = LaunchEnvironment()
    environment.matchesEverything = true
    return environment
  }

  private static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

/// A fact about the launch that selects an ``EnvironmentOverride``.
///
/// ```swift
/// EnvironmentOverride(.test, TestDoublesAssembly())
/// EnvironmentOverride(.argument("-mock-network"), MockNetworkAssembly())
/// ```
public struct LaunchCondition: Sendable, CustomStringConvertible {
  private let test: @Sendable (LaunchEnvironment) -> Bool
  public let description: String

  private init(_ description: String, _ test: @escaping @Sendable (LaunchEnvironment) -> Bool) {
    self.description = description
    self.test = test
  }

  /// Unit tests are running (Factory's `onTest`).
  public static let test = LaunchCondition("test") { $0.isTest }
  /// Xcode previews are rendering (Factory's `onPreview`).
  public static let preview = LaunchCondition("preview") { $0.isPreview }
  /// A debug build (Factory's `onDebug`).
  public static let debug = LaunchCondition("debug") { $0.isDebug }
  /// A simulator (Factory's `onSimulator`).
  public static let simulator = LaunchCondition("simulator") { $0.isSimulator }

  /// The app was launched with `argument`, as a UI test does with `launchArguments` (Factory's
  /// `onArg`). Holds in release builds too.
  ///
  /// - Parameter argument: The launch argument.
  /// - Returns: The condition.
  public static func argument(_ argument: String) -> LaunchCondition {
    LaunchCondition("argument \(argument)") { $0.arguments.contains(argument) }
  }

  /// The app was launched with any of `arguments` (Factory's `onArgs`).
  ///
  /// - Parameter arguments: The launch arguments.
  /// - Returns: The condition.
  public static func anyArgument(_ arguments: [String]) -> LaunchCondition {
    LaunchCondition("any argument of \(arguments)") { environment in
      arguments.contains { environment.arguments.contains($0) }
    }
  }

  /// Your own fact about the launch.
  ///
  /// - Parameters:
  ///   - description: What it checks, for messages.
  ///   - test: Whether it holds.
  /// - Returns: The condition.
  public static func custom(
    _ description: String, _ test: @escaping @Sendable (LaunchEnvironment) -> Bool
  ) -> LaunchCondition {
    LaunchCondition(description, test)
  }

  /// Whether the condition holds in `environment`.
  ///
  /// - Parameter environment: The launch environment.
  /// - Returns: True when it holds (always, in ``LaunchEnvironment/everyCondition``).
  public func holds(in environment: LaunchEnvironment) -> Bool {
    environment.matchesEverything || test(environment)
  }
}

/// Assemblies that replace registrations only when the app is launched in some way: in unit
/// tests, in previews, in debug builds, with a UI test's launch argument. The choice is made once,
/// when the registry installs it, so nothing is decided per resolution.
///
/// Every registration of the assemblies is an override (made with ``Registrar/overriding``, even
/// when written `r.register`): one that replaces nothing is refused like any override, with
/// ``ViperNestError/Code/overrideWithoutOriginal``, and the registry is unchanged. Later
/// installs win, so list overrides from the most general to the most specific.
///
/// ```swift
/// let registry = try Registry(
///   ContactsAppAssembly(),
///   EnvironmentOverride(.test, InMemoryContactsAssembly()),
///   EnvironmentOverride(.argument("-empty-contacts"), EmptyContactsAssembly()))
/// ```
public struct EnvironmentOverride: Assembly {
  private let condition: LaunchCondition
  private let environment: LaunchEnvironment
  let assemblies: [any Assembly]

  /// Overrides with `assemblies` when `condition` holds in `environment`.
  ///
  /// - Parameters:
  ///   - condition: When the overrides apply.
  ///   - environment: The launch to check; default: ``LaunchEnvironment/current``.
  ///   - assemblies: The overriding assemblies.
  public init(
    _ condition: LaunchCondition, in environment: LaunchEnvironment = .current,
    _ assemblies: any Assembly...
  ) {
    self.condition = condition
    self.environment = environment
    self.assemblies = assemblies
  }

  /// Whether the overrides apply.
  public var isActive: Bool { condition.holds(in: environment) }

  public func assemble(_ r: Registrar) {
    guard isActive else { return }
    for assembly in assemblies {
      let name = nameInMessages(of: assembly)
      assembly.assemble(
        Registrar(
          buffer: r.buffer, assemblyName: "\(name) (on \(condition))", localStory: r.localStory,
          isOverriding: true))
    }
  }
}
