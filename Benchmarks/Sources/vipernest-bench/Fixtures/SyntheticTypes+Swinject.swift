import Swinject

extension SyntheticService {
  /// Registers this type with Swinject (default scope).
  static func register(in c: Container) {
    c.register(Self.self) { _ in Self() }
  }
}
