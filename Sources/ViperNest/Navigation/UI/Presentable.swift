/// Something a transition can show: a view controller, a ``Module``, or a built ``VIPERModule``.
///
/// ```swift
/// try router.present(addContactModule)                 // a Module<Input, Output>
/// try router.push(ContactDetailBuilder.build(in: story))  // a VIPERModule
/// ```
@MainActor
public protocol Presentable {
  /// The controller that is shown.
  var viewController: any ViewControlling { get }
}
