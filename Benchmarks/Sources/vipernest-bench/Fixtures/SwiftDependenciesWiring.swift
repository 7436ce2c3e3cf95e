import Dependencies

// swift-dependencies 1.17.1, the second peer of `app-hit`, `transient-leaf` and `story-cycle`,
// used the way its documentation tells users to (README "Quick start"; Documentation.docc
// "Registering dependencies", "Designing dependencies", "Dependency lifetimes"): one
// `DependencyKey` with a `liveValue` per dependency, a computed property on `DependencyValues`,
// `@Dependency(\.x)` in the model that uses it, and `withDependencies { $0.x = … } operation: { … }`
// to run code in a scope with its own values. The models are `@MainActor`, as app models are; the
// benchmark reads them on the main thread, where ViperNest's and Swinject's contenders run too.
//
// The library is a set of values in a task local, not a container: it has no transient or
// scoped lifetime of its own, so each scenario uses the form its documentation gives for that job
// (see the three keys below and docs/Performance.md, "swift-dependencies").

/// `app-hit`: an app singleton is a `liveValue` that is one shared instance (the library also
/// caches a key's live value after its first use).
enum AppConfigurationKey: DependencyKey {
  static let liveValue = AppConfiguration()
}

/// `transient-leaf`: the library hands out values, so a new instance per use is a dependency whose
/// value creates one: a client struct with a closure ("Designing dependencies").
struct LeafFactory: Sendable {
  var make: @Sendable () -> Leaf
}

enum LeafFactoryKey: DependencyKey {
  static let liveValue = LeafFactory(make: { Leaf() })
}

/// `story-cycle`: the flow's session. Every key needs a live value, used outside any scope; a flow
/// overrides it with a fresh instance in its `withDependencies` scope.
///
/// `FlowSession` is a non-`Sendable` class (it has a `var`) and the library stores only `Sendable`
/// values, so it is wrapped in the library's `UncheckedSendable`. Safe here because the benchmark
/// creates, stores and reads every session on the main thread (`runBenchmarks` is `@MainActor` and
/// the models are `@MainActor`): no session crosses a thread.
enum FlowSessionKey: DependencyKey {
  static let liveValue = UncheckedSendable(FlowSession())
}

extension DependencyValues {
  var appConfiguration: AppConfiguration {
    get { self[AppConfigurationKey.self] }
    set { self[AppConfigurationKey.self] = newValue }
  }

  var leafFactory: LeafFactory {
    get { self[LeafFactoryKey.self] }
    set { self[LeafFactoryKey.self] = newValue }
  }

  var flowSession: FlowSession {
    get { self[FlowSessionKey.self].value }
    set { self[FlowSessionKey.self] = UncheckedSendable(newValue) }
  }
}

/// A feature model that reads the app configuration (`app-hit`).
@MainActor
final class ConfigurationModel {
  @Dependency(\.appConfiguration) var configuration
  init() {}
}

/// A feature model that makes a new leaf each time (`transient-leaf`).
@MainActor
final class LeafModel {
  @Dependency(\.leafFactory) var leafFactory
  init() {}
}

/// A model of the flow, created in the flow's scope (`story-cycle`).
@MainActor
final class FlowModel {
  @Dependency(\.flowSession) var session
  init() {}
}

@MainActor
enum SwiftDependenciesWiring {
  /// One `story-cycle` cycle: opens a scope with a fresh session, creates the flow's model in it,
  /// reads the session twice through the model, and leaves the scope (nothing keeps the session).
  /// Returns 0 when both reads gave the same instance, so the checks and the timed loop run the
  /// same code.
  @inline(__always)
  static func cycle() -> UInt {
    withDependencies {
      $0.flowSession = FlowSession()
    } operation: {
      let model = FlowModel()
      return digest(model.session) ^ digest(model.session)
    }
  }
}
