/// A property held weakly, for any class-bound protocol type (where `weak var` needs a concrete
/// class): a module's output, a view controller's delegate.
///
/// ```swift
/// final class AddContactPresenter: VIPERPresenter {
///   @Weak var output: (any AddContactOutput)?
/// }
/// ```
@propertyWrapper
public struct Weak<Object> {
  private weak var object: AnyObject?

  /// Creates the property with `wrappedValue`, held weakly.
  ///
  /// - Parameter wrappedValue: A class instance, or `nil`.
  public init(wrappedValue: Object?) {
    object = wrappedValue.map { $0 as AnyObject }
  }

  /// The object, or `nil` once it is released.
  public var wrappedValue: Object? {
    get { object as? Object }
    set { object = newValue.map { $0 as AnyObject } }
  }
}
