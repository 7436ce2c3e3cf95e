/// A transition, or a router helper, could not show or hide a module.
///
/// The message says what was asked, why it cannot happen, and what to do instead:
///
/// ```swift
/// do {
///   try router.push(detail)
/// } catch let error as TransitionError where error.code == .noNavigationStack {
///   print(error)
///   // Cannot push ContactDetailView from ContactsView: ContactsView is not in a navigation stack.
///   //   fix: show ContactsView inside a navigation container (attachToWindow(window,
///   //   withNavigationController: true), or present it with embedIn: .navigationController), or
///   //   present ContactDetailView instead of pushing it
/// }
/// ```
public struct TransitionError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure this is. Compare with the static members:
  /// `error.code == .noNavigationStack`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Sendable {
      case noNavigationStack, cannotPopRoot, alreadyPresenting, notPresented, alreadyShown
      case sourceReleased, alreadyPerformed, notPerformed
      case incompatibleController, areaNotInParent, notInWindow, transitionInFlight, noSuchTab
      case storyWouldClose
    }

    let value: Value

    /// A push (or pop) needs a navigation stack and the controller is not in one.
    public static let noNavigationStack = Code(value: .noNavigationStack)
    /// The root of a navigation stack cannot be popped.
    public static let cannotPopRoot = Code(value: .cannotPopRoot)
    /// The source already presents another controller; UIKit would ignore the second presentation.
    public static let alreadyPresenting = Code(value: .alreadyPresenting)
    /// A dismissal was asked for a controller that is not presented.
    public static let notPresented = Code(value: .notPresented)
    /// The destination is already shown somewhere (presented, in a stack, embedded or a root).
    public static let alreadyShown = Code(value: .alreadyShown)
    /// The controller (or window) to navigate from was released: its module is gone.
    public static let sourceReleased = Code(value: .sourceReleased)
    /// The transition was already performed; transitions are single-use.
    public static let alreadyPerformed = Code(value: .alreadyPerformed)
    /// The transition was reversed before it was performed.
    public static let notPerformed = Code(value: .notPerformed)
    /// A controller, window or area belongs to another UI framework than the one asked to show it.
    public static let incompatibleController = Code(value: .incompatibleController)
    /// The container area is not inside the parent controller's view.
    public static let areaNotInParent = Code(value: .areaNotInParent)
    /// The controller to present from is not in a window; UIKit would only log a warning and never
    /// present (nor call the completion).
    public static let notInWindow = Code(value: .notInWindow)
    /// Another transition of the same presentation context (or navigation stack) is still
    /// animating; UIKit would ignore this one, or leave the stack inconsistent.
    public static let transitionInFlight = Code(value: .transitionInFlight)
    /// A tab container has no tab at the index asked for.
    public static let noSuchTab = Code(value: .noSuchTab)
    /// The story of the module to show is open inside a story that closes when what the
    /// transition replaces leaves the screen, so the new module would be shown with a closed story;
    /// open that story beside the replaced flow instead (``Resolving/open(_:in:)``).
    public static let storyWouldClose = Code(value: .storyWouldClose)

    public var description: String { value.rawValue }
  }

  /// What kind of failure this is.
  public let code: Code
  /// What failed, in one sentence.
  public let summary: String
  /// How to fix it.
  public let fix: String

  /// Creates an error; used by toolkits that implement the UI abstraction.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - summary: What failed, naming the objects involved.
  ///   - fix: How to fix it.
  public init(_ code: Code, _ summary: String, fix: String) {
    self.code = code
    self.summary = summary
    self.fix = fix
  }

  /// The full message: what failed and how to fix it.
  public var description: String { "\(summary)\n  fix: \(fix)" }
}

extension TransitionError {
  /// `object` is not of the toolkit's type `expected`.
  ///
  /// - Parameters:
  ///   - object: The foreign object.
  ///   - expected: The type the toolkit works with, such as `UIViewController`.
  ///   - toolkit: The toolkit's name, such as `UIKit`.
  /// - Returns: An ``Code/incompatibleController`` error.
  public static func incompatible(_ object: AnyObject, expected: String, toolkit: String)
    -> TransitionError
  {
    TransitionError(
      .incompatibleController,
      "\(type(of: object)) cannot be shown by \(toolkit): it is not \(withIndefiniteArticle(expected)).",
      fix:
        "use one UI framework per hierarchy: build \(toolkit) modules with \(toolkit)'s toolkit "
        + "registered as (any UIToolkit)")
  }
}
