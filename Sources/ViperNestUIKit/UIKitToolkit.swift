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
        controller = make(controllerType, nibName: nil, bundle: nil)
      case .nib(let name, let bundle):
        let bundle = bundle ?? Bundle.main
        guard bundle.path(forResource: name, ofType: "nib") != nil else {
          throw failure(
            type, "there is no nib named \(name) in \(bundle.bundleURL.lastPathComponent)",
            fix: "check the nib's name and target membership")
        }
        controller = make(controllerType, nibName: name, bundle: bundle)
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
      try ensureNotShown(root, "make", "the root of a navigation controller")
      let navigation = UINavigationController(rootViewController: root)
      if root.navigationItem.largeTitleDisplayMode == .always {
        navigation.navigationBar.prefersLargeTitles = true
      }
      observeLifecycle(of: root)
      return navigation
    }

    /// Creates an empty `UITabBarController`.
    ///
    /// - Returns: The tab bar controller.
    public func makeTabContainer() -> any TabControlling {
      UITabBarController()
    }

    /// A controller of `type`, created with `init(nibName:bundle:)`.
    private func make(_ type: UIViewController.Type, nibName: String?, bundle: Bundle?)
      -> UIViewController
    {
      #if VIPERNEST_UIKIT_STUB
        // The Linux type-check: the stub is a Swift class, and a Swift class can be created
        // through a metatype only by a `required` initializer, which `init(nibName:bundle:)` is
        // not. Objective-C initializers can, so on Apple platforms the line below is compiled.
        _ = type
        return UIViewController(nibName: nibName, bundle: bundle)
      #else
        return type.init(nibName: nibName, bundle: bundle)
      #endif
    }

    private func failure(_ type: Any.Type, _ problem: String, fix: String) -> ModuleError {
      ModuleError(.viewLoadFailed, module: "\(type)", problems: [problem], fix: fix)
    }
  }

  /// Throws ``TransitionError/Code/alreadyShown`` when `controller` is in a container other than
  /// `container`, or presented: UIKit raises an exception for showing it again.
  @MainActor
  func ensureNotShown(
    _ controller: UIViewController, _ verb: String, _ place: String? = nil,
    except container: UIViewController? = nil
  ) throws {
    let parent = controller.parent === container ? nil : controller.parent
    guard let holder = parent ?? controller.presentingViewController else { return }
    let what = [verb, "\(type(of: controller))", place].compactMap { $0 }.joined(separator: " ")
    throw TransitionError(
      .alreadyShown,
      "Cannot \(what): it is already shown by \(type(of: holder)) (UIKit raises an exception).",
      fix: "hide it first (or remove it from \(type(of: holder))), or build a new module")
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
