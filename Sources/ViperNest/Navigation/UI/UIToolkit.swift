/// The UI framework behind the abstraction: it loads views and makes containers.
///
/// ``VIPERBuilder`` asks the registry for one when it has to load a view from a storyboard or a
/// nib (or in code when the view is not registered); transitions ask a controller's ``ViewControlling/toolkit``
/// for navigation and tab containers. `ViperNestUIKit` provides `UIKitToolkit`; `ViperNestHeadless`
/// provides `HeadlessHost`.
///
/// ```swift
/// r.register((any UIToolkit).self, mainActorInstance: UIKitToolkit.shared)
/// ```
@MainActor
public protocol UIToolkit: AnyObject {
  /// Creates a controller of type `type`, its UI loaded as `ui` says.
  ///
  /// - Parameters:
  ///   - type: The controller class.
  ///   - ui: In code, from a storyboard, or from a nib.
  /// - Returns: The new controller. Its view may load later, when it is first shown.
  /// - Throws: ``ModuleError`` with ``ModuleError/Code/viewLoadFailed`` when the storyboard or nib
  ///   is missing or holds another class.
  func loadView<View: ViewControlling>(_ type: View.Type, from ui: ViewUIType) throws -> View

  /// Creates a navigation container whose stack is `root`.
  ///
  /// - Parameter root: The root controller. The container holds it.
  /// - Returns: The container.
  /// - Throws: ``TransitionError`` when `root` belongs to another UI framework.
  func makeNavigationContainer(root: any ViewControlling) throws -> any NavigationControlling

  /// Creates an empty tab container.
  ///
  /// - Returns: The container.
  /// - Throws: Never for the toolkits ViperNest ships; a custom toolkit may.
  func makeTabContainer() throws -> any TabControlling
}
