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
///
/// An assembly made of others installs them with ``Registrar/install(_:)``, so that messages name
/// the assembly that made each registration.
///
/// Assemblies are not required to be `Sendable`: one may hold configuration that is not (a class
/// of settings), and in a module whose default isolation is the main actor (Xcode 26's default for
/// app targets) an assembly's conformance is main-actor-isolated, which a `Sendable` protocol
/// would forbid. The registry runs assemblies synchronously on the calling thread, so an assembly
/// created on the main actor is installed there. Declare your own assembly `Sendable` when you need
/// to pass it between tasks, and use `[any Assembly & Sendable]` for such a list.
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
///
/// It is not `Sendable`: its closure may capture values that are not, or state isolated to the
/// actor it was written on (the main actor, in an app target), and the registry calls it
/// synchronously on the installing thread. Create it where the registry is built.
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

extension Registrar {
  /// Adds the registrations of `assemblies`, for an assembly made of others: messages about each
  /// registration name the assembly that made it (`… in ContactsAssembly (in AppAssembly)`), and
  /// each is told ``Assembly/loaded(_:)`` once the registry installed it.
  ///
  /// ```swift
  /// struct AppAssembly: Assembly {
  ///   func assemble(_ r: Registrar) {
  ///     r.install(CoreAssembly(), ContactsAssembly())
  ///   }
  /// }
  /// ```
  ///
  /// Calling `ContactsAssembly().assemble(r)` directly registers the same services, but its
  /// registrations are attributed to `AppAssembly` and its `loaded(_:)` is not called.
  ///
  /// The registrations join this registrar's: they are local to the same story and override when
  /// it does (``overriding``), and they are installed with the rest of the outer assembly, all or
  /// none.
  ///
  /// - Parameter assemblies: The assemblies, added in order.
  public func install(_ assemblies: any Assembly...) {
    for assembly in assemblies {
      let name = nameInMessages(of: assembly)
      assembly.assemble(
        Registrar(
          buffer: buffer, assemblyName: assemblyName.map { "\(name) (in \($0))" } ?? name,
          localStory: localStory, isOverriding: isOverriding))
      buffer.composed.append(assembly)
    }
  }
}

/// The name messages give `assembly`'s registrations: an ``AnyAssembly``'s name, else its type's.
func nameInMessages(of assembly: any Assembly) -> String {
  (assembly as? AnyAssembly)?.name ?? typeName(type(of: assembly))
}
