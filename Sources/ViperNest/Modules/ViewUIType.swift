public import Foundation

/// How a module's view gets its UI: built in code, from a storyboard, or from a nib.
///
/// A builder declares its default (``VIPERBuilder/defaultViewUIType``) and a call may override it
/// (``VIPERBuilder/build(in:viewUIType:)``). The UIKit toolkit loads storyboards with
/// `UIStoryboard` and nibs with `UIViewController(nibName:bundle:)`; the headless host records
/// the choice so tests can assert it.
///
/// ```swift
/// final class ContactsBuilder: VIPERBuilder<ContactsView, ContactsPresenter, ContactsInteractor,
///   ContactsRouter>
/// {
///   override class var defaultViewUIType: ViewUIType { .storyboard(name: "Contacts") }
/// }
/// let module = try ContactsBuilder.build(in: story, viewUIType: .nib(name: "CompactContacts"))
/// ```
public enum ViewUIType: Hashable, Sendable, CustomStringConvertible {
  /// The view builds its UI in code. The view is resolved from the registry when registered
  /// there (so it can take dependencies), otherwise created by the toolkit.
  case code
  /// The view is instantiated from a storyboard.
  ///
  /// - Parameters:
  ///   - name: The storyboard's file name, without extension.
  ///   - bundle: The bundle that holds it. `nil`: the main bundle.
  ///   - identifier: The controller's storyboard identifier. `nil`: the initial controller.
  case storyboard(name: String, bundle: Bundle? = nil, identifier: String? = nil)
  /// The view's UI is loaded from a nib whose owner is the view.
  ///
  /// - Parameters:
  ///   - name: The nib's file name, without extension.
  ///   - bundle: The bundle that holds it. `nil`: the main bundle.
  case nib(name: String, bundle: Bundle? = nil)

  public var description: String {
    switch self {
    case .code: "code"
    case .storyboard(let name, let bundle, let identifier):
      "storyboard \(name)\(identifier.map { "#\($0)" } ?? "")\(bundleSuffix(bundle))"
    case .nib(let name, let bundle): "nib \(name)\(bundleSuffix(bundle))"
    }
  }
}

private func bundleSuffix(_ bundle: Bundle?) -> String {
  guard let bundle, bundle != Bundle.main else { return "" }
  return " in \(bundle.bundleIdentifier ?? bundle.bundleURL.lastPathComponent)"
}
