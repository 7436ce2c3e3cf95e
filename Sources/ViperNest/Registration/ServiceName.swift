/// A typed name that tells apart several registrations of one type.
///
/// Any `Hashable & Sendable` value works, so an enum gives you names the compiler checks:
///
/// ```swift
/// enum Gateway: Hashable, Sendable { case card, bankTransfer }
/// r.register(PaymentGateway.self, name: Gateway.card, CardGateway.init)
/// let card = try app.resolve(PaymentGateway.self, name: Gateway.card)
/// ```
///
/// A class, so that `ServiceKey.name` is a single optional reference: plain keys (no name, the
/// common case) are copied, compared and hashed without touching the boxed value.
final class ServiceName: Hashable, @unchecked Sendable, CustomStringConvertible {
  // Invariant that makes this Sendable: the only initializer takes a `Hashable & Sendable` value,
  // so the wrapped `AnyHashable` always boxes a Sendable value, and it is a `let`.
  let value: AnyHashable

  init(_ value: some Hashable & Sendable) {
    self.value = AnyHashable(value)
  }

  convenience init?(_ value: (any Hashable & Sendable)?) {
    guard let value else { return nil }
    self.init(value)
  }

  static func == (lhs: ServiceName, rhs: ServiceName) -> Bool { lhs.value == rhs.value }

  func hash(into hasher: inout Hasher) { hasher.combine(value) }

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

  /// A key from its parts.
  init(typeID: ObjectIdentifier, name: ServiceName?, arguments: ObjectIdentifier?) {
    self.type = typeID
    self.name = name
    self.arguments = arguments
  }

  /// A plain key.
  init(type: ObjectIdentifier) {
    self.type = type
    self.name = nil
    self.arguments = nil
  }

  /// A key without name or arguments: the common case, looked up in the fast table.
  var isPlain: Bool { name == nil && arguments == nil }

  // Written out rather than synthesized: plain keys (the common case) then hash and compare one
  // word, without going through the optional name's value witnesses.
  static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
    guard lhs.type == rhs.type, lhs.arguments == rhs.arguments else { return false }
    switch (lhs.name, rhs.name) {
    case (nil, nil): return true
    case (let left?, let right?): return left == right
    default: return false
    }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    if let arguments { hasher.combine(arguments) }
    if let name { hasher.combine(name) }
  }
}

/// A readable name for a type, without the module prefix (`ContactListPresenting`).
///
/// The same text as `String(describing: type)`, which for a metatype ends in this call, but without
/// first asking the runtime whether the metatype conforms to `CustomStringConvertible` and its kin:
/// the first such question for a type scans every conformance record in the process, which made
/// `validate()` of a 3,000-registration app spend most of its time there (docs/Performance.md,
/// "At app scale"). `TypeNameTests` pins the equality for every kind of type.
func typeName(_ type: Any.Type) -> String {
  _typeName(type, qualified: false)
}
