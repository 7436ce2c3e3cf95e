extension LeakDetector {
  /// Marks `object` as owned by the process (a shared client, a cache that lives until the app
  /// quits): no detector ever reports it, whichever module or story it was tracked in.
  ///
  /// Use it for an object the registry hands out but did not create, when you cannot register it
  /// with `instance:` (a factory that returns a singleton, say). Marking keeps the object's
  /// identity, not the object: it is not retained.
  ///
  /// ```swift
  /// r.register(ImageCache.self, lifetime: .app) { _ in
  ///   LeakDetector.markProcessOwned(ImageCache.shared)
  ///   return ImageCache.shared
  /// }
  /// ```
  ///
  /// - Parameter object: The object that lives as long as the process.
  public static func markProcessOwned(_ object: AnyObject) {
    let reference = TrackedReference(object)
    let isNew = ProcessOwnership.references.withLock { references in
      let key = ObjectIdentifier(object)
      if let known = references[key], known.refers(to: object) { return false }
      references[key]?.release()
      references[key] = reference
      return true
    }
    if isNew {
      ProcessOwnership.count.add(1)
    } else {
      reference.release()
    }
  }

  /// Whether ``markProcessOwned(_:)`` marked `object`.
  ///
  /// ```swift
  /// #expect(LeakDetector.isProcessOwned(ImageCache.shared))
  /// ```
  ///
  /// - Parameter object: The object to look up.
  /// - Returns: True when the object was marked process-owned.
  public static func isProcessOwned(_ object: AnyObject) -> Bool {
    guard ProcessOwnership.count.value > 0 else { return false }
    return ProcessOwnership.references.withLock { references in
      references[ObjectIdentifier(object)]?.refers(to: object) ?? false
    }
  }
}

/// The objects marked with ``LeakDetector/markProcessOwned(_:)``: non-owning references by
/// identity. An unowned reference keeps the object's address reserved, so a later object at
/// the same address is never mistaken for it; a weak one is compared by identity.
enum ProcessOwnership {
  static let references = LeakLock<[ObjectIdentifier: TrackedReference]>([:])
  /// How many objects are marked: when none is, checks take no lock.
  static let count = AtomicCounter()
}
