/// A typed name that tells apart several registrations of one type.
///
/// Any `Hashable & Sendable` value works, so an enum gives you names the compiler checks:
///
/// ```swift
/// enum Gateway: Hashable, Sendable { case card, bankTransfer }
/// r.register(PaymentGateway.self, name: Gateway.card, CardGateway.init)
/// let card = try app.resolve(PaymentGateway.self, name: Gateway.card)
/// ```
struct ServiceName: Hashable, @unchecked Sendable, CustomStringConvertible {
  // Invariant that makes this Sendable: the only initializer takes a `Hashable & Sendable` value,
  // so the wrapped `AnyHashable` always boxes a Sendable value and is never mutated.
  let value: AnyHashable

  init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
  }

  init?(_ value: (any Hashable & Sendable)?) {
    guard let value else { return nil }
    self.init(value)
  }

  var description: String {
    if let string = value.base as? String { return "\"\(string)\"" }
    return "\(type(of: value.base)).\(value.base)"
  }
}

/// Identifies one registration: the type it is resolved as, its name, and its runtime argument
/// types.
struct ServiceKey: Hashable, Sendable {
  let type: ObjectIdentifier
  let name: ServiceName?
  let arguments: ObjectIdentifier?

  init(_ type: Any.Type, name: ServiceName? = nil, arguments: Any.Type? = nil) {
    self.type = ObjectIdentifier(type)
    self.name = name
    self.arguments = arguments.map(ObjectIdentifier.init)
  }

  /// A key without name or arguments: the common case, looked up in the fast table.
  var isPlain: Bool { name == nil && arguments == nil }
}

/// A readable name for a type, without the module prefix (`ContactListPresenting`).
func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
