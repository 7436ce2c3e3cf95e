/// A property-injection wrapper (``Injected``, ``LazyInjected``, ``WeakLazyInjected``) that could
/// not get its value: used outside a resolution, or not declared by its registration.
///
/// Inside a registration made with
/// ``Registrar/register(_:name:lifetime:injecting:file:line:_:)``, these errors (and every
/// resolution error of an `@Injected` property) are thrown by the `resolve` that builds the object,
/// wrapped in ``ViperNestError/Code/factoryFailed``, so a half-injected object never escapes.
///
/// ```swift
/// do {
///   _ = try app.resolve(ProfileViewModel.self)
/// } catch let error as ViperNestError {
///   print(error.underlyingError as? InjectionError ?? error)
/// }
/// ```
public struct InjectionError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure this is.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Sendable {
      case outsideResolution, undeclaredProperty
    }

    let value: Value

    /// The wrapper was initialized outside a ViperNest resolution (the object was built with a
    /// plain initializer call), so there is no story to resolve from.
    public static let outsideResolution = Code(value: .outsideResolution)
    /// The registration that built the object does not declare the property in `injecting:`, so
    /// ``Registry/validate()`` could not check it.
    public static let undeclaredProperty = Code(value: .undeclaredProperty)

    public var description: String { value.rawValue }
  }

  /// What kind of failure this is.
  public let code: Code
  /// The key the property asked for, as `Type` or `Type["name"]`.
  public let key: String
  /// The wrapper: `@Injected`, `@LazyInjected` or `@WeakLazyInjected`.
  public let wrapper: String

  /// How the registration declares the property: `.eager(Store.self)`.
  let declaration: String

  init(_ code: Code, key: String, wrapper: String, declaration: String) {
    self.code = code
    self.key = key
    self.wrapper = wrapper
    self.declaration = declaration
  }

  /// What failed, why, and how to fix it.
  public var description: String {
    switch code.value {
    case .outsideResolution:
      return """
        \(wrapper) property of type \(key) was initialized outside a ViperNest resolution: there is \
        no story to resolve it from.
          fix: register the class with r.register(Owner.self, injecting: [\(declaration)], \
        Owner.init) and resolve it from a story, or build it inside \
        story.withPropertyInjection { Owner() }
        """
    case .undeclaredProperty:
      return """
        \(wrapper) property of type \(key) is not declared by the registration that built its \
        object, so validate() could not check it.
          fix: add \(declaration) to the registration's `injecting:` list
        """
    }
  }
}
