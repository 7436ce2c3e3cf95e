#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A warning from a started registry: something that is not an error but is worth fixing.
///
/// ```swift
/// var configuration = Registry.Configuration()
/// configuration.onDiagnostic = { diagnostic in logger.warning("\(diagnostic)") }
/// let app = try registry.start(configuration)
/// ```
public struct Diagnostic: Sendable, CustomStringConvertible {
  /// What kind of thing was noticed.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// A story was released without ``Story/close()``; ViperNest closed it.
    public static let storyReleasedWithoutClose = Kind(name: "storyReleasedWithoutClose")
    /// The leak detector found objects alive after their module or story ended.
    public static let leak = Kind(name: "leak")

    public var description: String { name }
  }

  /// What kind of thing was noticed.
  public let kind: Kind
  /// The story chain it concerns, from the app down.
  public let storyChain: [String]
  /// What happened and how to fix it.
  public let message: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - kind: What kind of thing was noticed.
  ///   - storyChain: The story chain it concerns.
  ///   - message: What happened and how to fix it.
  public init(kind: Kind, storyChain: [String], message: String) {
    self.kind = kind
    self.storyChain = storyChain
    self.message = message
  }

  public var description: String { message }

  /// Also receives every diagnostic reported on this task, besides the registry's
  /// ``Registry/Configuration/onDiagnostic``: lets a test see what a snippet would print.
  @TaskLocal package static var observer: Observer?

  /// A diagnostic observer. (A class: an optimized build passed no metadata for a task-local of
  /// optional function type and crashed in `swift_task_localValuePush`.)
  package final class Observer: Sendable {
    let receive: @Sendable (Diagnostic) -> Void

    init(_ receive: @escaping @Sendable (Diagnostic) -> Void) { self.receive = receive }
  }

  /// Runs `body` with `observer` receiving every diagnostic reported on this task (a test hook).
  ///
  /// - Parameters:
  ///   - observer: Receives each diagnostic.
  ///   - body: The code whose diagnostics are observed.
  /// - Throws: What `body` throws.
  @inline(never)
  package static func observing(
    _ observer: @escaping @Sendable (Diagnostic) -> Void, _ body: () throws -> Void
  ) rethrows {
    try $observer.withValue(Observer(observer), operation: body)
  }

  /// Sends `diagnostic` to `handler` and to the task's ``observer``.
  static func report(_ diagnostic: Diagnostic, to handler: @Sendable (Diagnostic) -> Void) {
    observer?.receive(diagnostic)
    handler(diagnostic)
  }
}

/// Writes `text` and a line break to standard error, all of it.
func printToStandardError(_ text: String) {
  var bytes = Array((text + "\n").utf8)
  bytes.withUnsafeMutableBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}
