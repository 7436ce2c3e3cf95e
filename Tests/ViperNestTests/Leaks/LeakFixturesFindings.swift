import ViperNest

@testable import ViperNest

// Fixture-corpus cases for the findings of issue 12, one per finding, each a different shape of
// leak (or of non-leak) than the cases of LeakFixtures.swift.

// MARK: - An app registration of an instance the registry did not create (finding 2)

enum ExistingInstance {
  /// A client created before the registry, as `URLSession.shared` or an analytics SDK is.
  final class AnalyticsClient: Sendable {
    static let shared = AnalyticsClient()
    static let sdk = AnalyticsClient()
    static let legacy = AnalyticsClient()
  }

  /// A cache the app story creates; a global keeps it after the app story closed.
  final class ImageCache: Sendable {}

  /// Where the leaky variant parks the app-created cache.
  final class Parking: @unchecked Sendable {
    // Safe because only `ExistingInstanceTests`, a serialized suite, writes `cache`, one test at
    // a time.
    static let shared = Parking()
    var cache: ImageCache?
  }

  /// Registers the client in the three ways an app can: as an instance, through a factory
  /// marked process-owned, and (the only one ViperNest cannot tell apart) through a plain factory.
  static func assembly(plainFactory: Bool) -> AnyAssembly {
    AnyAssembly { r in
      r.register(AnalyticsClient.self, name: "instance", instance: AnalyticsClient.shared)
      r.register(AnalyticsClient.self, name: "marked", lifetime: .app) { _ in
        LeakDetector.markProcessOwned(AnalyticsClient.sdk)
        return AnalyticsClient.sdk
      }
      if plainFactory {
        r.register(AnalyticsClient.self, name: "plain", lifetime: .app) { _ in
          AnalyticsClient.legacy
        }
      }
      r.register(ImageCache.self, lifetime: .app) { _ in ImageCache() }
    }
  }
}

// MARK: - A leaked router whose resolver reaches the registry's internals (finding 3)

enum RouterReachingTheRegistry {
  /// A client a plain `.app` factory returns: the registration's closure captures it.
  final class PushClient: Sendable {
    static let shared = PushClient()
  }

  /// A router that keeps the resolver it was given, and itself through a closure.
  final class CheckoutRouter {
    var resolver: Resolver?
    var onDone: (() -> Void)?

    init(resolver: Resolver) {
      self.resolver = resolver
      onDone = { _ = self }
    }
  }

  static func assembly() -> AnyAssembly {
    let client = PushClient.shared
    return AnyAssembly { r in
      // The factory captures the client, as `{ _ in self }` in an assembly property does.
      r.register(PushClient.self, lifetime: .app) { _ in client }
    }
  }
}
