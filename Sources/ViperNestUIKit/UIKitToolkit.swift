#if canImport(UIKit)
  import UIKit
  public import ViperNest

  /// ViperNest's UI toolkit for UIKit: loads views in code, from storyboards (`UIStoryboard`) and
  /// from nibs, and makes `UINavigationController`s and `UITabBarController`s.
  ///
  /// Register it once so builders can load views:
  ///
  /// ```swift
  /// r.register((any UIToolkit).self, mainActorInstance: UIKitToolkit.shared)
  /// ```
  ///
  /// This file is type-checked on Linux against `Tests/UIKitStub` by `.ci/typecheck-uikit.sh`.
  @MainActor
  public final class UIKitToolkit: UIToolkit {
    /// The toolkit; it has no state.
    public static let shared = UIKitToolkit()

    private init() {}

    /// Creates a view controller of `type`, its UI loaded as `ui` says.
    ///
    /// In code and from a nib the controller is created with `init(nibName:bundle:)` (so nib views
    /// must not replace that initializer); from a storyboard with
    /// `instantiateInitialViewController()` or `instantiateViewController(withIdentifier:)`.
    ///
    /// - Parameters:
    ///   - type: A `UIViewController` subclass.
    ///   - ui: In code, from a storyboard, or from a nib.
    /// - Returns: The controller; its view loads when it is first shown.
    /// - Throws: ``ModuleError`` with ``ModuleError/Code/viewLoadFailed`` when `type` is not a
    ///   `UIViewController`, the storyboard or nib is not in its bundle, or the storyboard holds
    ///   another class. (An unknown storyboard identifier still raises UIKit's exception.)
    public func loadView<View: ViewControlling>(_ type: View.Type, from ui: ViewUIType) throws
      -> View
    {
      guard let controllerType = type as? UIViewController.Type else {
        throw failure(type, "\(type) is not a UIViewController", fix: "subclass UIViewController")
      }
      let controller: UIViewController
      switch ui {
      case .code:
        controller = controllerType.init(nibName: nil, bundle: nil)
      case .nib(let name, let bundle):
        let bundle = bundle ?? Bundle.main
        guard bundle.path(forResource: name, ofType: "nib") != nil else {
          throw failure(
            type, "there is no nib named \(name) in \(bundle.bundleURL.lastPathComponent)",
            fix: "check the nib's name and target membership")
        }
        controller = controllerType.init(nibName: name, bundle: bundle)
      case .storyboard(let name, let bundle, let identifier):
        let bundle = bundle ?? Bundle.main
        guard bundle.path(forResource: name, ofType: "storyboardc") != nil else {
          throw failure(
            type, "there is no storyboard named \(name) in \(bundle.bundleURL.lastPathComponent)",
            fix: "check the storyboard's name and target membership")
        }
        let storyboard = UIStoryboard(name: name, bundle: bundle)
        guard
          let loaded = identifier.map(storyboard.instantiateViewController(withIdentifier:))
            ?? storyboard.instantiateInitialViewController()
        else {
          throw failure(
            type, "storyboard \(name) has no initial view controller",
            fix: "mark one as initial, or pass its identifier")
        }
        controller = loaded
      }
      guard let view = controller as? View else {
        throw failure(
          type,
          "\(ui) holds \(withIndefiniteArticle("\(Swift.type(of: controller))")), "
            + "not \(withIndefiniteArticle("\(type)"))",
          fix: "set the scene's custom class to \(type)")
      }
      return view
    }

    /// Creates a `UINavigationController` whose root is `root`.
    ///
    /// - Parameter root: A `UIViewController`.
    /// - Returns: The navigation controller.
    /// - Throws: ``TransitionError/Code/incompatibleController`` for a controller of another
    ///   toolkit.
    public func makeNavigationContainer(root: any ViewControlling) throws
      -> any NavigationControlling
    {
      let root = try uiViewController(root)
      let navigation = UINavigationController(rootViewController: root)
      if root.navigationItem.largeTitleDisplayMode == .always {
        navigation.navigationBar.prefersLargeTitles = true
      }
      return navigation
    }

    /// Creates an empty `UITabBarController`.
    ///
    /// - Returns: The tab bar controller.
    public func makeTabContainer() -> any TabControlling {
      UITabBarController()
    }

    private func failure(_ type: Any.Type, _ problem: String, fix: String) -> ModuleError {
      ModuleError(.viewLoadFailed, module: "\(type)", problems: [problem], fix: fix)
    }
  }

  /// `controller` as a `UIViewController`.
  @MainActor
  func uiViewController(_ controller: any ViewControlling) throws -> UIViewController {
    guard let controller = controller as? UIViewController else {
      throw TransitionError.incompatible(controller, expected: "UIViewController", toolkit: "UIKit")
    }
    return controller
  }
#endif
