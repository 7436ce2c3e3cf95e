// A stub of exactly the UIKit API that Sources/ViperNestUIKit calls, so the adapters can be
// type-checked on Linux (.ci/typecheck-uikit.sh), plus the few members the module generator's
// UIKit templates call (marked "generator"), so a test can type-check generated UIKit modules.
// It is never shipped and never run: bodies trap.
//
// Each declaration is copied from Apple's documentation (developer.apple.com/documentation/uikit/…,
// the path is given above it), with its isolation (`@MainActor`) and optionality. Where a Swift stub
// cannot express an Objective-C behaviour, a `// stub:` comment says what was adapted and why.
//
// Not a SwiftPM target: `.ci/typecheck-uikit.sh` compiles it as a module named UIKit.
// swift-format-ignore-file

@_exported import Foundation

private func stub() -> Never { fatalError("UIKit stub: for type-checking only") }

// MARK: - Responders and views

// uikit/uiresponder: @MainActor class UIResponder : NSObject
@MainActor open class UIResponder: NSObject {}

// quartzcore/calayer: class CALayer : NSObject (re-exported by UIKit through QuartzCore)
open class CALayer: NSObject {
  // quartzcore/calayer/cornerradius: var cornerRadius: CGFloat { get set }
  open var cornerRadius: CGFloat { get { stub() } set { stub() } }
}

// uikit/uicolor: class UIColor : NSObject
open class UIColor: NSObject, @unchecked Sendable {
  // uikit/uicolor/init(red:green:blue:alpha:):
  // init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { stub() }
}

// uikit/uiimage: class UIImage : NSObject
open class UIImage: NSObject, @unchecked Sendable {
  // uikit/uiimage/init(named:): init?(named name: String)
  public init?(named name: String) { stub() }
}

// uikit/uiview: @MainActor class UIView : UIResponder
@MainActor open class UIView: UIResponder {
  // uikit/uiview/init(frame:): init(frame: CGRect)
  public init(frame: CGRect) { stub() }
  // uikit/uiview/init(coder:): init?(coder: NSCoder)
  // (required: UIView adopts NSCoding, whose init(coder:) is a required initializer)
  public required init?(coder: NSCoder) { stub() }

  // uikit/uiview/window: var window: UIWindow? { get }
  open var window: UIWindow? { stub() }
  // uikit/uiview/ishidden: var isHidden: Bool { get set }
  open var isHidden: Bool { get { stub() } set { stub() } }
  // uikit/uiview/isuserinteractionenabled: var isUserInteractionEnabled: Bool { get set }
  open var isUserInteractionEnabled: Bool { get { stub() } set { stub() } }

  // uikit/uiview/bounds: var bounds: CGRect { get set }
  open var bounds: CGRect { get { stub() } set { stub() } }
  // uikit/uiview/frame: var frame: CGRect { get set }
  open var frame: CGRect { get { stub() } set { stub() } }
  // uikit/uiview/backgroundcolor: @NSCopying var backgroundColor: UIColor? { get set }
  open var backgroundColor: UIColor? { get { stub() } set { stub() } }
  // uikit/uiview/layer: var layer: CALayer { get }
  open var layer: CALayer { stub() }

  // uikit/uiview/autoresizingmask-swift.property:
  // var autoresizingMask: UIView.AutoresizingMask { get set }
  open var autoresizingMask: UIView.AutoresizingMask { get { stub() } set { stub() } }

  // uikit/uiview/autoresizingmask-swift.struct: struct AutoresizingMask
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // .../flexibleleftmargin: static var flexibleLeftMargin: UIView.AutoresizingMask { get }
    public static var flexibleLeftMargin: UIView.AutoresizingMask { stub() }
    // .../flexiblewidth: static var flexibleWidth: UIView.AutoresizingMask { get }
    public static var flexibleWidth: UIView.AutoresizingMask { stub() }
    // .../flexiblerightmargin: static var flexibleRightMargin: UIView.AutoresizingMask { get }
    public static var flexibleRightMargin: UIView.AutoresizingMask { stub() }
    // .../flexibleheight: static var flexibleHeight: UIView.AutoresizingMask { get }
    public static var flexibleHeight: UIView.AutoresizingMask { stub() }
  }

  // uikit/uiview/addsubview(_:): func addSubview(_ view: UIView)
  open func addSubview(_ view: UIView) { stub() }
  // uikit/uiview/removefromsuperview(): func removeFromSuperview()
  open func removeFromSuperview() { stub() }
  // uikit/uiview/isdescendant(of:): func isDescendant(of view: UIView) -> Bool
  open func isDescendant(of view: UIView) -> Bool { stub() }
}

// uikit/uiwindow: @MainActor class UIWindow : UIView
@MainActor open class UIWindow: UIView {
  // uikit/uiwindow/rootviewcontroller: var rootViewController: UIViewController? { get set }
  open var rootViewController: UIViewController? { get { stub() } set { stub() } }
  // uikit/uiwindow/makekeyandvisible(): func makeKeyAndVisible()
  open func makeKeyAndVisible() { stub() }
}

// MARK: - View controllers

// uikit/uimodalpresentationstyle: enum UIModalPresentationStyle
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case currentContext = 3
  case custom = 4
  case overFullScreen = 5
  case overCurrentContext = 6
  case popover = 7
  case none = -1
  case automatic = -2
}

// uikit/uiviewcontroller: @MainActor class UIViewController : UIResponder
@MainActor open class UIViewController: UIResponder {
  // uikit/uiviewcontroller/init(nibname:bundle:):
  // init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)
  // Designated, not required (as in UIKit). On Apple platforms an Objective-C initializer can
  // still be called through a metatype; a Swift stub cannot express that, so the one adapter line
  // that does it is compiled only on Apple platforms (UIKitToolkit.loadView, VIPERNEST_UIKIT_STUB).
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { stub() }
  // uikit/uiviewcontroller/init(coder:): init?(coder: NSCoder)
  // (required: UIViewController adopts NSCoding; a subclass that declares its own designated
  // initializer must implement it, as on iOS)
  public required init?(coder: NSCoder) { stub() }

  // stub: Objective-C's inherited -[NSObject init], which UIKit forwards to
  // initWithNibName:nil bundle:nil; written as a convenience initializer for a Swift class.
  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  // generator: uikit/uiviewcontroller/viewdidload(): func viewDidLoad()
  open func viewDidLoad() { stub() }
  // generator: uikit/uiviewcontroller/isviewloaded: var isViewLoaded: Bool { get }
  open var isViewLoaded: Bool { stub() }
  // generator: uikit/uiviewcontroller/loadviewifneeded(): func loadViewIfNeeded()
  open func loadViewIfNeeded() { stub() }
  // generator: uikit/uiviewcontroller/title: var title: String? { get set }
  open var title: String? { get { stub() } set { stub() } }

  // uikit/uiviewcontroller/viewwillappear(_:): func viewWillAppear(_ animated: Bool)
  open func viewWillAppear(_ animated: Bool) { stub() }
  // uikit/uiviewcontroller/viewdidappear(_:): func viewDidAppear(_ animated: Bool)
  open func viewDidAppear(_ animated: Bool) { stub() }
  // uikit/uiviewcontroller/viewwilldisappear(_:): func viewWillDisappear(_ animated: Bool)
  open func viewWillDisappear(_ animated: Bool) { stub() }
  // uikit/uiviewcontroller/viewdiddisappear(_:): func viewDidDisappear(_ animated: Bool)
  open func viewDidDisappear(_ animated: Bool) { stub() }
  // uikit/uiviewcontroller/ismovingfromparent: var isMovingFromParent: Bool { get }
  open var isMovingFromParent: Bool { stub() }
  // uikit/uiviewcontroller/isbeingdismissed: var isBeingDismissed: Bool { get }
  open var isBeingDismissed: Bool { stub() }
  // uikit/uiviewcontroller/children: var children: [UIViewController] { get }
  open var children: [UIViewController] { stub() }

  // uikit/uiviewcontroller/view: var view: UIView! { get set }
  open var view: UIView! { get { stub() } set { stub() } }
  // uikit/uiviewcontroller/viewifloaded: var viewIfLoaded: UIView? { get }
  open var viewIfLoaded: UIView? { stub() }

  // uikit/uiviewcontroller/presentedviewcontroller:
  // var presentedViewController: UIViewController? { get }
  open var presentedViewController: UIViewController? { stub() }
  // uikit/uiviewcontroller/presentingviewcontroller:
  // var presentingViewController: UIViewController? { get }
  open var presentingViewController: UIViewController? { stub() }
  // uikit/uiviewcontroller/parent: weak var parent: UIViewController? { get }
  open var parent: UIViewController? { stub() }
  // uikit/uiviewcontroller/navigationcontroller:
  // var navigationController: UINavigationController? { get }
  open var navigationController: UINavigationController? { stub() }
  // uikit/uiviewcontroller/transitioncoordinator:
  // var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { get }
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { stub() }

  // uikit/uiviewcontroller/modalpresentationstyle:
  // var modalPresentationStyle: UIModalPresentationStyle { get set }
  open var modalPresentationStyle: UIModalPresentationStyle { get { stub() } set { stub() } }
  // uikit/uiviewcontroller/ismodalinpresentation: var isModalInPresentation: Bool { get set }
  open var isModalInPresentation: Bool { get { stub() } set { stub() } }
  // uikit/uiviewcontroller/sheetpresentationcontroller:
  // var sheetPresentationController: UISheetPresentationController? { get }
  @available(iOS 15.0, *)
  open var sheetPresentationController: UISheetPresentationController? { stub() }

  // uikit/uiviewcontroller/navigationitem: var navigationItem: UINavigationItem { get }
  open var navigationItem: UINavigationItem { stub() }
  // uikit/uiviewcontroller/tabbaritem: var tabBarItem: UITabBarItem! { get set }
  open var tabBarItem: UITabBarItem! { get { stub() } set { stub() } }

  // uikit/uiviewcontroller/present(_:animated:completion:):
  // func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
  //   completion: (() -> Void)? = nil)
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) { stub() }
  // uikit/uiviewcontroller/dismiss(animated:completion:):
  // func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { stub() }

  // uikit/uiviewcontroller/addchild(_:): func addChild(_ childController: UIViewController)
  open func addChild(_ childController: UIViewController) { stub() }
  // uikit/uiviewcontroller/removefromparent(): func removeFromParent()
  open func removeFromParent() { stub() }
  // uikit/uiviewcontroller/willmove(toparent:): func willMove(toParent parent: UIViewController?)
  open func willMove(toParent parent: UIViewController?) { stub() }
  // uikit/uiviewcontroller/didmove(toparent:): func didMove(toParent parent: UIViewController?)
  open func didMove(toParent parent: UIViewController?) { stub() }
}

// uikit/uiviewcontrollertransitioncoordinatorcontext:
// @MainActor protocol UIViewControllerTransitionCoordinatorContext : NSObjectProtocol
@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {}

// uikit/uiviewcontrollertransitioncoordinator:
// @MainActor protocol UIViewControllerTransitionCoordinator :
//   UIViewControllerTransitionCoordinatorContext
@MainActor public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  // uikit/uiviewcontrollertransitioncoordinator/animate(alongsidetransition:completion:):
  // func animate(alongsideTransition animation:
  //   ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
  //   completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)? = nil) -> Bool
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

// uikit/uisheetpresentationcontroller: @MainActor class UISheetPresentationController
@available(iOS 15.0, *)
@MainActor open class UISheetPresentationController: NSObject {
  // uikit/uisheetpresentationcontroller/detents:
  // var detents: [UISheetPresentationController.Detent] { get set }
  open var detents: [UISheetPresentationController.Detent] { get { stub() } set { stub() } }
  // uikit/uisheetpresentationcontroller/prefersgrabbervisible:
  // var prefersGrabberVisible: Bool { get set }
  open var prefersGrabberVisible: Bool { get { stub() } set { stub() } }

  // uikit/uisheetpresentationcontroller/detent: @MainActor class Detent
  @MainActor open class Detent: NSObject {
    // .../detent/medium(): class func medium() -> UISheetPresentationController.Detent
    open class func medium() -> UISheetPresentationController.Detent { stub() }
    // .../detent/large(): class func large() -> UISheetPresentationController.Detent
    open class func large() -> UISheetPresentationController.Detent { stub() }
  }
}

// MARK: - Containers

// uikit/uinavigationbar: @MainActor class UINavigationBar : UIView
@MainActor open class UINavigationBar: UIView {
  // uikit/uinavigationbar/preferslargetitles: var prefersLargeTitles: Bool { get set }
  open var prefersLargeTitles: Bool { get { stub() } set { stub() } }
}

// uikit/uibarappearance: @MainActor class UIBarAppearance : NSObject
@MainActor open class UIBarAppearance: NSObject {
  // uikit/uibarappearance/init(): convenience init()
  public override init() { stub() }
  // uikit/uibarappearance/configurewithdefaultbackground(): func configureWithDefaultBackground()
  open func configureWithDefaultBackground() { stub() }
  // uikit/uibarappearance/backgroundcolor: @NSCopying var backgroundColor: UIColor? { get set }
  open var backgroundColor: UIColor? { get { stub() } set { stub() } }
}

// uikit/uinavigationbarappearance: @MainActor class UINavigationBarAppearance : UIBarAppearance
@MainActor open class UINavigationBarAppearance: UIBarAppearance {}

// uikit/uinavigationitem: @MainActor class UINavigationItem : NSObject
@MainActor open class UINavigationItem: NSObject {
  // uikit/uinavigationitem/standardappearance:
  // @NSCopying var standardAppearance: UINavigationBarAppearance? { get set }
  open var standardAppearance: UINavigationBarAppearance? { get { stub() } set { stub() } }
  // uikit/uinavigationitem/scrolledgeappearance:
  // @NSCopying var scrollEdgeAppearance: UINavigationBarAppearance? { get set }
  open var scrollEdgeAppearance: UINavigationBarAppearance? { get { stub() } set { stub() } }
  // uikit/uinavigationitem/largetitledisplaymode-swift.property:
  // var largeTitleDisplayMode: UINavigationItem.LargeTitleDisplayMode { get set }
  open var largeTitleDisplayMode: UINavigationItem.LargeTitleDisplayMode {
    get { stub() }
    set { stub() }
  }
  // uikit/uinavigationitem/hidesbackbutton: var hidesBackButton: Bool { get set }
  open var hidesBackButton: Bool { get { stub() } set { stub() } }

  // uikit/uinavigationitem/largetitledisplaymode-swift.enum: enum LargeTitleDisplayMode
  public enum LargeTitleDisplayMode: Int, Sendable {
    case automatic = 0
    case always = 1
    case never = 2
    // .../largetitledisplaymode-swift.enum/inline: case inline (iOS 17)
    @available(iOS 17.0, *)
    case inline = 3
  }
}

// uikit/uinavigationcontroller: @MainActor class UINavigationController : UIViewController
@MainActor open class UINavigationController: UIViewController {
  // uikit/uinavigationcontroller/init(rootviewcontroller:):
  // init(rootViewController: UIViewController)  (a designated initializer)
  public init(rootViewController: UIViewController) { stub() }
  // uikit/uinavigationcontroller/init(nibname:bundle:):
  // init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { stub() }
  // uikit/uinavigationcontroller/init(coder:): init?(coder aDecoder: NSCoder)
  public required init?(coder aDecoder: NSCoder) { stub() }

  // uikit/uinavigationcontroller/viewcontrollers: var viewControllers: [UIViewController]
  open var viewControllers: [UIViewController] { get { stub() } set { stub() } }
  // uikit/uinavigationcontroller/navigationbar: var navigationBar: UINavigationBar { get }
  open var navigationBar: UINavigationBar { stub() }

  // uikit/uinavigationcontroller/pushviewcontroller(_:animated:):
  // func pushViewController(_ viewController: UIViewController, animated: Bool)
  open func pushViewController(_ viewController: UIViewController, animated: Bool) { stub() }
  // uikit/uinavigationcontroller/popviewcontroller(animated:):
  // func popViewController(animated: Bool) -> UIViewController?
  open func popViewController(animated: Bool) -> UIViewController? { stub() }
  // uikit/uinavigationcontroller/poptoviewcontroller(_:animated:):
  // func popToViewController(_ viewController: UIViewController, animated: Bool)
  //   -> [UIViewController]?
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  { stub() }
}

// uikit/uitabbarcontroller: @MainActor class UITabBarController : UIViewController
@MainActor open class UITabBarController: UIViewController {
  // uikit/uitabbarcontroller/init(nibname:bundle:):
  // init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { stub() }
  // uikit/uitabbarcontroller/init(coder:): init?(coder: NSCoder)
  public required init?(coder: NSCoder) { stub() }
  // uikit/uitabbarcontroller/init(tabs:): init(tabs: [UITab])
  @available(iOS 18.0, *)
  public init(tabs: [UITab]) { stub() }

  // uikit/uitabbarcontroller/tabs: var tabs: [UITab] { get set }
  // (iOS 18; ViperNest's TabControlling names its members tabRoots/setTabRoots so as not to clash)
  @available(iOS 18.0, *)
  open var tabs: [UITab] { get { stub() } set { stub() } }
  // uikit/uitabbarcontroller/settabs(_:animated:): func setTabs(_ tabs: [UITab], animated: Bool)
  @available(iOS 18.0, *)
  open func setTabs(_ tabs: [UITab], animated: Bool) { stub() }
  // uikit/uitabbarcontroller/selectedtab: var selectedTab: UITab? { get set }
  @available(iOS 18.0, *)
  open var selectedTab: UITab? { get { stub() } set { stub() } }
  // uikit/uitabbarcontroller/viewcontrollers: var viewControllers: [UIViewController]? { get set }
  open var viewControllers: [UIViewController]? { get { stub() } set { stub() } }
  // uikit/uitabbarcontroller/selectedindex: var selectedIndex: Int { get set }
  open var selectedIndex: Int { get { stub() } set { stub() } }
  // uikit/uitabbarcontroller/setviewcontrollers(_:animated:):
  // func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool)
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) { stub() }
}

// uikit/uitab: @MainActor class UITab : NSObject (iOS 18)
@available(iOS 18.0, *)
@MainActor open class UITab: NSObject {}

// uikit/uibaritem: @MainActor class UIBarItem : NSObject
@MainActor open class UIBarItem: NSObject {}

// uikit/uitabbaritem: @MainActor class UITabBarItem : UIBarItem
@MainActor open class UITabBarItem: UIBarItem {
  // uikit/uitabbaritem/init(title:image:tag:): init(title: String?, image: UIImage?, tag: Int)
  public init(title: String?, image: UIImage?, tag: Int) { stub() }
  // uikit/uitabbaritem/init(tabbarsystemitem:tag:):
  // init(tabBarSystemItem systemItem: UITabBarItem.SystemItem, tag: Int)
  public init(tabBarSystemItem systemItem: UITabBarItem.SystemItem, tag: Int) { stub() }

  // uikit/uitabbaritem/systemitem: enum SystemItem
  public enum SystemItem: Int, Sendable {
    case more = 0
    case favorites = 1
    case featured = 2
    case topRated = 3
    case recents = 4
    case contacts = 5
    case history = 6
    case bookmarks = 7
    case search = 8
    case downloads = 9
    case mostRecent = 10
    case mostViewed = 11
  }
}

// MARK: - Loading UI

// uikit/uistoryboard: @MainActor class UIStoryboard : NSObject
@MainActor open class UIStoryboard: NSObject {
  // uikit/uistoryboard/init(name:bundle:): init(name: String, bundle storyboardBundleOrNil: Bundle?)
  public init(name: String, bundle storyboardBundleOrNil: Bundle?) { stub() }
  // uikit/uistoryboard/instantiateinitialviewcontroller():
  // func instantiateInitialViewController() -> UIViewController?
  open func instantiateInitialViewController() -> UIViewController? { stub() }
  // uikit/uistoryboard/instantiateviewcontroller(withidentifier:):
  // func instantiateViewController(withIdentifier identifier: String) -> UIViewController
  open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
    stub()
  }
}

// MARK: - Alerts (ViperNestUIKit's leak alert)

// uikit/uialertcontroller: @MainActor class UIAlertController : UIViewController
@MainActor open class UIAlertController: UIViewController {
  // uikit/uialertcontroller/init(title:message:preferredstyle:):
  // convenience init(title: String?, message: String?,
  //   preferredStyle: UIAlertController.Style)
  public convenience init(
    title: String?, message: String?, preferredStyle: UIAlertController.Style
  ) { self.init(nibName: nil, bundle: nil) }

  // uikit/uialertcontroller/addaction(_:): func addAction(_ action: UIAlertAction)
  open func addAction(_ action: UIAlertAction) { stub() }

  // uikit/uialertcontroller/style: enum Style
  public enum Style: Int, Sendable {
    case actionSheet = 0
    case alert = 1
  }
}

// uikit/uialertaction: @MainActor class UIAlertAction : NSObject
@MainActor open class UIAlertAction: NSObject {
  // uikit/uialertaction/init(title:style:handler:):
  // convenience init(title: String?, style: UIAlertAction.Style,
  //   handler: ((UIAlertAction) -> Void)? = nil)
  // stub: delegates to NSObject's init(), which a Swift convenience initializer must call.
  public convenience init(
    title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil
  ) { self.init() }

  // uikit/uialertaction/style: enum Style
  public enum Style: Int, Sendable {
    case `default` = 0
    case cancel = 1
    case destructive = 2
  }
}
