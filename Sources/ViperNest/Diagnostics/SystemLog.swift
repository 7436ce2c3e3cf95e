#if canImport(os)
  import os
#endif

/// Where ViperNest's own messages and intervals go when the app has set no handler of its own.
///
/// On Apple platforms messages go to `os.Logger` and intervals to `OSSignposter`, under one
/// subsystem (`com.vipernest`) with a category per area, so they show in Xcode's console, in
/// Console.app and in Instruments (module builds, story opens and closes, leak checks). Elsewhere
/// messages go to standard error, as written, and intervals cost nothing.
@usableFromInline
package enum SystemLog {
  /// The subsystem of every message and interval.
  package static let subsystem = "com.vipernest"

  /// The area a message or interval belongs to: its `os.Logger` / `OSSignposter` category.
  @usableFromInline
  package enum Category: String, Sendable {
    case registry, resolution, navigation, leaks, modules, stories
  }

  /// Writes `text` as a warning of `category`: to `os.Logger` on Apple platforms, to standard
  /// error elsewhere.
  package static func write(_ text: String, _ category: Category) {
    #if canImport(os)
      Logger(subsystem: subsystem, category: category.rawValue)
        .warning("\(text, privacy: .public)")
    #else
      printToStandardError(text)
    #endif
  }

  /// An interval begun by ``begin(_:_:_:)``; ``end(_:)`` ends it.
  @usableFromInline
  package struct Interval {
    #if canImport(os)
      let signposter: OSSignposter
      let name: StaticString
      let state: OSSignpostIntervalState?
    #endif
  }

  /// Begins an `OSSignposter` interval named `name` in `category`, described by `detail` (built
  /// only while Instruments records). Nothing outside Apple platforms.
  @usableFromInline @inline(__always)
  package static func begin(
    _ name: StaticString, _ category: Category, _ detail: @autoclosure () -> String
  ) -> Interval {
    #if canImport(os)
      let signposter = signposter(category)
      guard signposter.isEnabled else {
        return Interval(signposter: signposter, name: name, state: nil)
      }
      let state = signposter.beginInterval(
        name, id: signposter.makeSignpostID(), "\(detail(), privacy: .public)")
      return Interval(signposter: signposter, name: name, state: state)
    #else
      return Interval()
    #endif
  }

  /// Ends `interval`.
  @usableFromInline @inline(__always)
  package static func end(_ interval: Interval) {
    #if canImport(os)
      if let state = interval.state { interval.signposter.endInterval(interval.name, state) }
    #endif
  }

  #if canImport(os)
    private static let signposters: [Category: OSSignposter] = [
      .modules: OSSignposter(subsystem: subsystem, category: Category.modules.rawValue),
      .stories: OSSignposter(subsystem: subsystem, category: Category.stories.rawValue),
      .leaks: OSSignposter(subsystem: subsystem, category: Category.leaks.rawValue),
    ]

    private static func signposter(_ category: Category) -> OSSignposter {
      signposters[category] ?? OSSignposter(subsystem: subsystem, category: category.rawValue)
    }
  #endif
}
