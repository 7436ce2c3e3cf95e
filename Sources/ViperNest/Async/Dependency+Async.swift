extension BuiltInDependency {
  /// Whether the deferred target is resolved with `await` (``AsyncProvider``).
  static var isAsyncDeferred: Bool { false }
}
