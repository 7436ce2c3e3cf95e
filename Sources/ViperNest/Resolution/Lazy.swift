/// Resolves `T` the first time it is asked for, then returns that same instance: Swinject's
/// `Lazy<T>`. Inject it where building `T` up front is wasteful (a service used by one rare
/// action) or would form a cycle.
///
/// As an autowired parameter it is resolved from the story the consumer was built in, and
/// ``Registry/validate()`` checks that `T` is registered there, as for ``Provider``. Copies share
/// the instance. If two threads ask for it first at the same time, both may resolve; the first to
/// finish wins and both get its instance (no lock is held while `T` is built).
///
/// ```swift
/// final class ExportAction {
///   let exporter: Lazy<PDFExporter>
///   init(exporter: Lazy<PDFExporter>) { self.exporter = exporter }
///   func run() throws -> String { try exporter.instance.export() }
/// }
/// r.register(ExportAction.self, ExportAction.init(exporter:))
/// ```
public struct Lazy<T> {
  private let make: @Sendable () throws -> T
  private let box: LazyBox<T>

  init(provider: Provider<T>) {
    self.init { try provider() }
  }

  init(_ make: @escaping @Sendable () throws -> T) {
    self.make = make
    self.box = LazyBox()
  }

  /// The instance: resolved on first use, then the same one.
  ///
  /// - Throws: What resolving `T` throws; nothing is kept then, and the next use retries.
  public var instance: T {
    get throws {
      if let value = box.value { return value }
      return box.keep(try make())
    }
  }

  /// The instance, as ``instance``.
  ///
  /// - Throws: What resolving `T` throws.
  public func callAsFunction() throws -> T { try instance }
}

// A `Lazy` hands its instance to whichever thread asks: sendable when the instance is.
extension Lazy: Sendable where T: Sendable {}

extension Lazy: BuiltInDependency {
  static var deferredTarget: Any.Type? { T.self }
  static func make(from resolver: Resolver) -> Lazy<T> {
    Lazy(provider: Provider(resolver: resolver))
  }
}

/// The instance a `Lazy` resolved, shared by its copies.
final class LazyBox<T>: @unchecked Sendable {
  // Invariant that makes this Sendable: `stored` is only read or written while holding `lock`,
  // which is never held while user code (resolving `T`) runs. `Lazy` is Sendable only when `T`
  // is, so an instance crosses threads only when that is allowed.
  private let lock = ConditionLock()
  private var stored: T?

  var value: T? { lock.withLock { stored } }

  /// Keeps `value` unless another thread kept one first; returns the one kept.
  func keep(_ value: T) -> T {
    lock.withLock {
      if let stored { return stored }
      stored = value
      return value
    }
  }
}

extension Resolving {
  /// A ``Lazy`` that resolves `type` (optionally by `name`) from this story on first use.
  ///
  /// ```swift
  /// let card = app.lazy(PaymentGateway.self, name: Gateway.card)
  /// let gateway = try card.instance
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve later.
  ///   - name: The typed name it was registered under, if any.
  /// - Returns: A lazy instance; using it resolves once.
  public func lazy<T>(_ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil) -> Lazy<T> {
    Lazy(provider: Provider(resolver: resolver, name: name))
  }

  /// A ``Lazy`` that resolves `type`, registered with runtime arguments, with `arguments` on
  /// first use.
  ///
  /// ```swift
  /// let detail = app.lazy((any ContactDetailPresenting).self, arguments: contact)
  /// let presenter = try detail.instance
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve later.
  ///   - name: The typed name it was registered under, if any.
  ///   - first: The first runtime argument, of the type it was registered with.
  ///   - rest: The other runtime arguments, in order.
  /// - Returns: A lazy instance; using it resolves once, with these arguments.
  public func lazy<T, First: Sendable, each Rest: Sendable>(
    _ type: T.Type = T.self, name: (any Hashable & Sendable)? = nil, arguments first: First,
    _ rest: repeat each Rest
  ) -> Lazy<T> {
    let provider = Provider<T>(resolver: resolver, name: name)
    let arguments = (first, (repeat each rest))
    return Lazy { try provider(arguments.0, repeat each arguments.1) }
  }
}

extension Provider {
  /// Resolves `T` registered with runtime arguments, passing them to its factory: a factory with
  /// parameters, like Factory's `ParameterFactory`.
  ///
  /// ```swift
  /// let detail = app.provider((any ContactDetailPresenting).self)
  /// let presenter = try detail(contact)
  /// ```
  ///
  /// - Parameters:
  ///   - first: The first runtime argument, of the type it was registered with.
  ///   - rest: The other runtime arguments, in order.
  /// - Returns: The instance (a new one, unless the registration caches per arguments).
  /// - Throws: As ``Resolving/resolve(_:name:arguments:_:isolation:)``.
  public func callAsFunction<First, each Rest>(
    _ first: First, _ rest: repeat each Rest
  ) throws -> T {
    try resolver.resolve(T.self, name: name, arguments: first, repeat each rest)
  }
}
