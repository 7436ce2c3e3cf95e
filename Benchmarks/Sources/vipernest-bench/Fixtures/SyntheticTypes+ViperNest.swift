import ViperNest

extension SyntheticService {
  /// Registers this type as a transient built by its initializer (autowired, no dependencies).
  static func register(in r: Registrar) {
    r.register(Self.self) { Self() }
  }
}

/// How each `validate-1k` type registers itself with ViperNest.
protocol ValidationRegistering {
  static func register(in r: Registrar, lifetime: Lifetime)
}

extension ValidationRoot: ValidationRegistering {
  static func register(in r: Registrar, lifetime: Lifetime) {
    r.register(ValidationRoot.self, lifetime: lifetime, ValidationRoot.init(clock:))
  }
}

extension ValidationBranch: ValidationRegistering {
  static func register(in r: Registrar, lifetime: Lifetime) {
    r.register(ValidationBranch.self, lifetime: lifetime, ValidationBranch.init(inner:clock:))
  }
}
