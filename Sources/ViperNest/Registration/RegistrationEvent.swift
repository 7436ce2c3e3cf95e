/// A registration the registry installed, as told to the observers of
/// ``Registry/observeRegistrations(_:)`` (Swinject's `Behavior`).
///
/// ```swift
/// registry.observeRegistrations { event in
///   print("registered \(event.key) (\(event.lifetime)) at \(event.origin)")
/// }
/// ```
public struct RegistrationEvent: Sendable, CustomStringConvertible {
  /// The type it is resolved as.
  public let serviceType: Any.Type
  /// The key: `Type`, `Type["name"]` or `Type(ArgumentType)`.
  public let key: String
  /// How long its instances live.
  public let lifetime: Lifetime
  /// Whether it replaces another registration (``Registrar/overriding``).
  public let isOverride: Bool
  /// The story whose subtree it is local to (``Registrar/story(_:in:body:)``), or nil.
  public let localStory: String?
  /// Where it was written: `ContactsAssembly.swift:12 in ContactsAssembly`.
  public let origin: String
  /// The dependency types it declares, or nil for a closure factory (opaque to validation).
  public let dependencies: [Any.Type]?

  init(_ entry: AnyEntry) {
    serviceType = entry.serviceType
    key = entry.keyDescription
    lifetime = entry.lifetime
    isOverride = entry.isOverride
    localStory = entry.localStory?.name
    origin = entry.origin.description
    dependencies = entry.dependencies.map { $0.map(\.type) }
  }

  public var description: String {
    "\(isOverride ? "override " : "")\(key) (\(lifetime))"
      + (localStory.map { " in story \($0)" } ?? "") + " at \(origin)"
  }
}

/// The registry's registration observers: called after each successful `install`, outside every
/// lock, in registration order.
final class RegistrationObservers: Sendable {
  private let observers = Protected<[@Sendable (RegistrationEvent) -> Void]>([])

  func add(_ observer: @escaping @Sendable (RegistrationEvent) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  /// Tells the observers about `entries` (none to tell: one lock, nothing else).
  func notify(_ entries: [AnyEntry]) {
    let current = observers.withLock { $0 }
    guard !current.isEmpty else { return }
    for entry in entries {
      let event = RegistrationEvent(entry)
      for observer in current { observer(event) }
    }
  }
}

extension Registry {
  /// Calls `observer` for every registration installed from now on, once its `install` succeeded
  /// (an install that throws installs nothing and reports nothing): for logging, metrics or
  /// checking conventions. Observers run outside every lock, in registration order.
  ///
  /// ```swift
  /// registry.observeRegistrations { event in
  ///   print("registered \(event.key) (\(event.lifetime)) at \(event.origin)")
  /// }
  /// ```
  ///
  /// - Parameter observer: Called with each installed registration.
  public func observeRegistrations(_ observer: @escaping @Sendable (RegistrationEvent) -> Void) {
    registrationObservers.add(observer)
  }

  /// After a successful install: the observers, then each assembly's `loaded` hook.
  func didInstall(_ entries: [AnyEntry], from assemblies: [any Assembly]) {
    registrationObservers.notify(entries)
    for assembly in assemblies { assembly.loaded(self) }
  }
}

extension Assembly {
  /// Does nothing: override it to act once the assembly is installed.
  ///
  /// - Parameter registry: The registry the assembly was installed in.
  public func loaded(_ registry: Registry) {}
}

extension EnvironmentOverride {
  /// Tells the overriding assemblies they were installed, when they were.
  ///
  /// - Parameter registry: The registry they were installed in.
  public func loaded(_ registry: Registry) {
    guard isActive else { return }
    for assembly in assemblies { assembly.loaded(registry) }
  }
}
