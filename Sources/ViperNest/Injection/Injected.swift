/// A property resolved while its object is initialized, from the story that builds the object:
/// Factory's `@Injected`, for classes registered with
/// ``Registrar/register(_:name:lifetime:injecting:file:line:_:)``.
///
/// ```swift
/// final class ProfileViewModel {
///   @Injected var store: any ContactStore
///   @LazyInjected var analytics: any Analytics
/// }
/// r.register(
///   ProfileViewModel.self,
///   injecting: [.eager((any ContactStore).self), .lazy((any Analytics).self)],
///   ProfileViewModel.init)
/// ```
///
/// What it costs, against an initializer parameter: the property is resolved at run time, so the
/// compiler cannot check it; ``Registry/validate()`` checks it only because the registration
/// declares it (`.eager(T.self)`). A resolution error fails the `resolve` that builds the object.
/// Built outside a resolution (a plain `ProfileViewModel()`), the property has no value: reading
/// it stops the program with an ``InjectionError`` message; `try $store.get()` throws it instead.
@propertyWrapper
public struct Injected<T> {
  private var state: Result<T, any Error>

  /// Resolves the property's type from the story building the object.
  public init() {
    state = InjectionContext.resolveNow(T.self, name: nil, wrapper: "@Injected")
  }

  /// Resolves the property's type, registered under `name`, from the story building the object.
  ///
  /// - Parameter name: The typed name it was registered under.
  public init(name: some Hashable & Sendable) {
    state = InjectionContext.resolveNow(T.self, name: ServiceName(name), wrapper: "@Injected")
  }

  /// The resolved instance. Reading it when it could not be resolved stops the program with the
  /// error's message; use ``get()`` to handle that case.
  public var wrappedValue: T {
    get {
      switch state {
      case .success(let value): return value
      case .failure(let error): fatalError("ViperNest: \(error)")
      }
    }
    set { state = .success(newValue) }
  }

  /// The wrapper itself (`$store`), for ``get()``.
  public var projectedValue: Injected<T> { self }

  /// The resolved instance.
  ///
  /// - Returns: The instance resolved when the object was initialized, or the one assigned since.
  /// - Throws: ``InjectionError`` when the object was not built by a resolution, or the
  ///   ``ViperNestError`` resolving it threw.
  public func get() throws -> T { try state.get() }
}

extension Injected: Sendable where T: Sendable {}

/// A property resolved the first time it is read, from the story that built its object:
/// Factory's `@LazyInjected`. Declare it `.lazy(T.self)`.
///
/// Like a ``Provider``, it keeps that story's resolver until the first read; validation checks
/// that `T` is registered, not cycles through it (which is what it is for). The first read resolves
/// without holding any lock; two threads reading it first at the same time may both resolve, and
/// the first result is kept.
///
/// ```swift
/// final class ProfileViewModel {
///   @LazyInjected var analytics: any Analytics
/// }
/// ```
///
/// Reading it when it cannot be resolved (its story closed, or the object was not built by a
/// resolution) stops the program with the error's message; `try $analytics.get()` throws instead.
@propertyWrapper
public struct LazyInjected<T> {
  private let storage: LazyInjectionStorage<T>

  /// Captures the story building the object, to resolve the property's type on first read.
  public init() {
    storage = LazyInjectionStorage(name: nil, wrapper: "@LazyInjected")
  }

  /// Captures the story building the object, to resolve the property's type, registered under
  /// `name`, on first read.
  ///
  /// - Parameter name: The typed name it was registered under.
  public init(name: some Hashable & Sendable) {
    storage = LazyInjectionStorage(name: ServiceName(name), wrapper: "@LazyInjected")
  }

  /// The instance, resolved on first read. Stops the program when it cannot be resolved; use
  /// ``get()`` to handle that case.
  public var wrappedValue: T {
    get {
      do {
        return try storage.value()
      } catch {
        fatalError("ViperNest: \(error)")
      }
    }
    nonmutating set { storage.assign(newValue) }
  }

  /// The wrapper itself (`$analytics`), for ``get()`` and ``resolvedOrNil()``.
  public var projectedValue: LazyInjected<T> { self }

  /// The instance, resolved now if it was not yet.
  ///
  /// - Returns: The instance.
  /// - Throws: ``InjectionError`` when the object was not built by a resolution, or the
  ///   ``ViperNestError`` resolving it threw (such as ``ViperNestError/Code/storyClosed``).
  public func get() throws -> T { try storage.value() }

  /// The instance if it was resolved (or assigned) already, without resolving it.
  ///
  /// - Returns: The instance, or nil.
  public func resolvedOrNil() -> T? { storage.current() }
}

extension LazyInjected: Sendable where T: Sendable {}

/// A property resolved the first time it is read and then held weakly: Factory's
/// `@WeakLazyInjected`, for delegates and back references to objects somebody else owns. Declare
/// it `.lazy(T.self)`; `T` must be a class or a class-bound protocol.
///
/// ```swift
/// final class ContactRowPresenter {
///   @WeakLazyInjected var coordinator: ContactsCoordinator?
/// }
/// ```
///
/// After the first read it is nil once the instance is released (it is not resolved again).
@propertyWrapper
public struct WeakLazyInjected<T> {
  private let storage: LazyInjectionStorage<T>

  /// Captures the story building the object, to resolve the property's type on first read.
  public init() {
    storage = LazyInjectionStorage(name: nil, wrapper: "@WeakLazyInjected", isWeak: true)
  }

  /// Captures the story building the object, to resolve the property's type, registered under
  /// `name`, on first read.
  ///
  /// - Parameter name: The typed name it was registered under.
  public init(name: some Hashable & Sendable) {
    storage = LazyInjectionStorage(
      name: ServiceName(name), wrapper: "@WeakLazyInjected", isWeak: true)
  }

  /// The instance while somebody else holds it, resolved on first read. Stops the program when it
  /// cannot be resolved; use ``get()`` to handle that case.
  public var wrappedValue: T? {
    get {
      do {
        return try storage.value()
      } catch LazyInjectionStorage<T>.Released.released {
        return nil
      } catch {
        fatalError("ViperNest: \(error)")
      }
    }
    nonmutating set { storage.assign(newValue) }
  }

  /// The wrapper itself (`$coordinator`), for ``get()`` and ``resolvedOrNil()``.
  public var projectedValue: WeakLazyInjected<T> { self }

  /// The instance, resolved now if it was not yet; nil once it was released.
  ///
  /// - Returns: The instance, or nil when it was released.
  /// - Throws: ``InjectionError`` when the object was not built by a resolution, or the
  ///   ``ViperNestError`` resolving it threw.
  public func get() throws -> T? {
    do {
      return try storage.value()
    } catch LazyInjectionStorage<T>.Released.released {
      return nil
    }
  }

  /// The instance if it was resolved already and is still alive, without resolving it.
  ///
  /// - Returns: The instance, or nil.
  public func resolvedOrNil() -> T? { storage.current() }
}

extension WeakLazyInjected: Sendable where T: Sendable {}

/// What a lazy wrapper shares between copies: the resolver until the first read, then the
/// instance (strongly, or weakly for ``WeakLazyInjected``).
final class LazyInjectionStorage<T>: @unchecked Sendable {
  // Invariant that makes this Sendable: every `var` is only read or written while holding `lock`,
  // which is never held while resolving (user code); the wrappers that expose `T` across threads
  // are only Sendable when `T` is.
  enum Released: Error { case released }

  private let lock = ConditionLock()
  private let name: ServiceName?
  private let isWeak: Bool
  /// The story to resolve from, until resolved; then nil.
  private var resolver: Result<Resolver, InjectionError>?
  private var strong: T?
  private weak var weak: AnyObject?
  private var isResolved = false

  init(name: ServiceName?, wrapper: String, isWeak: Bool = false) {
    self.name = name
    self.isWeak = isWeak
    resolver = InjectionContext.resolver(for: T.self, name: name, isLazy: true, wrapper: wrapper)
  }

  /// The instance, resolving it on first use without holding the lock.
  func value() throws -> T {
    lock.lock()
    if isResolved {
      defer { lock.unlock() }
      return try held()
    }
    let source = resolver
    lock.unlock()
    guard let source else { throw Released.released }
    let resolved = try InjectionContext.withoutContext {
      try source.get().resolveInjected(T.self, name: name, later: true)
    }
    lock.lock()
    defer { lock.unlock() }
    if isResolved { return try held() }  // another thread was first: keep its instance
    store(resolved)
    return resolved
  }

  /// Called with `lock` held.
  private func held() throws -> T {
    if isWeak {
      guard let object = weak else { throw Released.released }
      return object as! T
    }
    return strong!
  }

  /// Called with `lock` held.
  private func store(_ value: T) {
    if isWeak { weak = value as AnyObject } else { strong = value }
    isResolved = true
    resolver = nil  // lets the story's node go
  }

  func assign(_ value: T?) {
    lock.withLock {
      if let value {
        store(value)
      } else {
        strong = nil
        weak = nil
        isResolved = true
        resolver = nil
      }
    }
  }

  func current() -> T? {
    lock.withLock { isResolved ? try? held() : nil }
  }
}
