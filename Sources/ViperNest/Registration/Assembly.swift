/// A group of registrations, usually one per feature or module, handed to the registry at app start.
///
/// ```swift
/// struct ContactsAssembly: Assembly {
///   func assemble(_ r: Registrar) {
///     r.register(ContactStore.self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
///     r.register(ContactListInteracting.self, ContactListInteractor.init(store:))
///   }
/// }
///
/// let registry = try Registry(ContactsAssembly())
/// ```
public protocol Assembly {
  /// Adds this assembly's registrations.
  ///
  /// - Parameter r: The registrar that records them. The registry installs all of them or, when any
  ///   is wrong, none.
  func assemble(_ r: Registrar)

  /// Called once the registry installed this assembly's registrations (Swinject's
  /// `loaded(resolver:)`), outside every lock; the default does nothing.
  ///
  /// ```swift
  /// func loaded(_ registry: Registry) { registry.observeRegistrations { print($0) } }
  /// ```
  ///
  /// - Parameter registry: The registry it was installed in.
  func loaded(_ registry: Registry)
}

/// An assembly written as a closure, for tests and small apps.
///
/// ```swift
/// let registry = try Registry(AnyAssembly { r in r.register(Clock.self, SystemClock.init) })
/// ```
public struct AnyAssembly: Assembly {
  private let body: (Registrar) -> Void
  let name: String

  /// Creates an assembly that runs `body`.
  ///
  /// - Parameters:
  ///   - name: The name shown in messages about its registrations.
  ///   - body: Adds the registrations.
  public init(_ name: String = "AnyAssembly", _ body: @escaping (Registrar) -> Void) {
    self.name = name
    self.body = body
  }

  public func assemble(_ r: Registrar) { body(r) }
}
