public import Observation
public import ViperNest
public import ViperNestSwiftUI

private struct ScreenConformanceStory: UserStory {}
private struct ScreenDetailStory: UserStory {}

/// The presenter of the scenarios' screens: a screen module with neither interactor nor router.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
public final class ConformancePresenter: VIPERPresenter {
  /// The presenter's links: no view (the screen reads it), no interactor, no router.
  @ObservationIgnored public let links = PresenterLinks<NoView, NoInteractor, NoRouter>()

  /// Whether the screen is on screen, as its appearance callbacks say.
  public private(set) var isOnScreen = false
  /// How many times the screen's task started, and how many of those were cancelled.
  public private(set) var tasksStarted = 0
  /// How many of the screen's tasks were cancelled.
  public private(set) var tasksCancelled = 0

  /// Creates a presenter; only the builder calls it.
  public init() {}
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ConformancePresenter: ScreenAppearance {
  /// The screen appeared.
  public func screenDidAppear() { isOnScreen = true }

  /// The screen disappeared.
  public func screenDidDisappear() { isOnScreen = false }

  /// A task that runs until it is cancelled.
  public func screenTask() async {
    tasksStarted += 1
    do { try await Task.sleep(for: .seconds(3600)) } catch { tasksCancelled += 1 }
  }
}

/// The scenarios' screen: a plain value here, a SwiftUI view where the driver shows SwiftUI (the
/// driver adds the `View` conformance).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct ConformanceScreen: VIPERScreen {
  /// The screen's presenter.
  public let presenter: ConformancePresenter

  /// Creates the screen; only the builder calls it.
  ///
  /// - Parameter presenter: The presenter.
  public init(presenter: ConformancePresenter) {
    self.presenter = presenter
  }
}

/// SwiftUI navigation scenarios written once against ``ScreenNavigationConformanceDriver``:
/// `swift test` runs them on the headless SwiftUI stack; Tests/UIKitConformanceTests runs them
/// against SwiftUI in an iOS simulator (with the UIKit scenarios, one command, see there).
///
/// SwiftUI writes the path shorter on the back button (N1 of the SwiftUI notes) and the sheet's
/// binding at the end of a swipe-down (S3); when it releases a removed screen's values is not
/// documented (N14), so the scenarios wait for it, against a deadline.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public enum ScreenNavigationConformance {
  /// Every scenario, by name.
  public nonisolated static let scenarios:
    [(
      name: String,
      run: @MainActor @Sendable (any ScreenNavigationConformanceDriver) async throws -> Void
    )] = [
      ("backEndsThePushedScreenAndSwiftUIReleasesIt", backEndsThePushedScreenAndSwiftUIReleasesIt),
      ("swipeDownEndsTheSheetAndSwiftUIReleasesIt", swipeDownEndsTheSheetAndSwiftUIReleasesIt),
      ("pushAndBackMoveTheAppearanceAndTheTask", pushAndBackMoveTheAppearanceAndTheTask),
      ("aSheetLeavesTheScreenBeneathItOnScreen", aSheetLeavesTheScreenBeneathItOnScreen),
    ]

  private typealias Builder = ScreenBuilder<
    ConformanceScreen, ConformancePresenter, NoInteractor, NoRouter
  >

  /// A story whose root screen the driver shows in a stack bound to a new navigation.
  private static func showRoot(_ driver: any ScreenNavigationConformanceDriver) async throws
    -> (app: Story, story: Story, navigation: ScreenNavigation, root: ConformancePresenter)
  {
    let app = try Registry(
      driver.toolkitAssembly,
      AnyAssembly("ScreenConformance") { r in
        r.register(ConformancePresenter.self, mainActor: { _ in ConformancePresenter() })
      }
    ).start()
    let story = try app.open(ScreenConformanceStory.self)
    let navigation = ScreenNavigation()
    let root = try Builder.build(in: story)
    try await driver.showStack(navigation, root: root)
    await driver.settle()
    return (app, story, navigation, root.presenter)
  }

  /// A screen module built in its own story, with its presenter held weakly.
  private static func buildScreen(in story: Story) throws -> (
    story: Story,
    module: ScreenModule<ConformanceScreen, ConformancePresenter, NoInteractor, NoRouter>
  ) {
    let opened = try story.open(ScreenDetailStory.self)
    return (opened, try Builder.build(in: opened))
  }

  /// Back button: the pushed screen's story closes at the path write, and SwiftUI releases its
  /// presenter.
  public static func backEndsThePushedScreenAndSwiftUIReleasesIt(
    _ driver: any ScreenNavigationConformanceDriver
  ) async throws {
    let (app, story, navigation, _) = try await showRoot(driver)
    defer { app.close() }
    let released = try await push(in: story, on: navigation, driver)
    try await driver.userTapsBack(navigation)
    try require(navigation.path.isEmpty, "the back button writes the path one shorter")
    try require(released.story.isClosed, "the popped screen's story closes")
    await driver.settle()
    try require(
      await driver.eventually { released.presenter.object == nil },
      "SwiftUI releases the popped screen's presenter")
  }

  /// Swipe-down: the sheet's story closes when its binding is written, and SwiftUI releases its
  /// presenter.
  public static func swipeDownEndsTheSheetAndSwiftUIReleasesIt(
    _ driver: any ScreenNavigationConformanceDriver
  ) async throws {
    let (app, story, navigation, _) = try await showRoot(driver)
    defer { app.close() }
    let (sheetStory, module) = try buildScreen(in: story)
    let presenter = WeakObject(module.presenter)
    try navigation.presentSheet(module, story: sheetStory)
    _ = consume module
    await driver.settle()
    try await driver.userSwipesDownSheet(navigation)
    await driver.settle()
    try require(
      await driver.eventually { navigation.sheet == nil && sheetStory.isClosed },
      "the swiped-down sheet's binding is written and its story closes")
    try require(
      await driver.eventually { presenter.object == nil },
      "SwiftUI releases the swiped-down screen's presenter")
  }

  /// Appearance: the root appears when the stack shows it; a push makes the pushed screen appear
  /// and the covered root disappear, its task cancelled (`.task` is cancelled "at some point after
  /// the view disappears", L4 of the SwiftUI notes); Back makes the root appear again, its task
  /// started anew, and the popped screen disappear, its task cancelled (N14).
  public static func pushAndBackMoveTheAppearanceAndTheTask(
    _ driver: any ScreenNavigationConformanceDriver
  ) async throws {
    let (app, story, navigation, root) = try await showRoot(driver)
    defer { app.close() }
    try require(
      await driver.eventually { root.isOnScreen && root.tasksStarted == 1 },
      "the root appears and its task starts")
    let (pushedStory, module) = try buildScreen(in: story)
    let pushed = module.presenter
    try navigation.push(module, story: pushedStory)
    await driver.settle()
    try require(
      await driver.eventually { pushed.isOnScreen && pushed.tasksStarted == 1 },
      "the pushed screen appears and its task starts")
    try require(
      await driver.eventually { !root.isOnScreen && root.tasksCancelled == 1 },
      "the covered root disappears and its task is cancelled")
    try await driver.userTapsBack(navigation)
    await driver.settle()
    try require(
      await driver.eventually { root.isOnScreen && root.tasksStarted == 2 },
      "the uncovered root appears again and its task starts again")
    try require(
      await driver.eventually { !pushed.isOnScreen && pushed.tasksCancelled == 1 },
      "the popped screen disappears and its task is cancelled")
  }

  /// A sheet appears and leaves the screen beneath it on screen, its task running (a page sheet
  /// "partially covers the underlying content", doc: uikit/uimodalpresentationstyle/pagesheet);
  /// swiped down, it disappears and its task is cancelled.
  public static func aSheetLeavesTheScreenBeneathItOnScreen(
    _ driver: any ScreenNavigationConformanceDriver
  ) async throws {
    let (app, story, navigation, root) = try await showRoot(driver)
    defer { app.close() }
    let (sheetStory, module) = try buildScreen(in: story)
    let sheet = module.presenter
    try navigation.presentSheet(module, story: sheetStory)
    await driver.settle()
    try require(
      await driver.eventually { sheet.isOnScreen && sheet.tasksStarted == 1 },
      "the sheet appears and its task starts")
    try require(
      root.isOnScreen && root.tasksCancelled == 0, "the screen beneath the sheet stays on screen")
    try await driver.userSwipesDownSheet(navigation)
    await driver.settle()
    try require(
      await driver.eventually { !sheet.isOnScreen && sheet.tasksCancelled == 1 },
      "the swiped-down sheet disappears and its task is cancelled")
    try require(root.isOnScreen, "the screen beneath never left the screen")
  }

  /// Pushes a screen module; returns its story and its presenter, held weakly.
  private static func push(
    in story: Story, on navigation: ScreenNavigation,
    _ driver: any ScreenNavigationConformanceDriver
  ) async throws -> (story: Story, presenter: WeakObject) {
    let (pushedStory, module) = try buildScreen(in: story)
    let presenter = WeakObject(module.presenter)
    try navigation.push(module, story: pushedStory)
    _ = consume module
    await driver.settle()
    return (pushedStory, presenter)
  }
}

/// An object held weakly.
@MainActor
final class WeakObject {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

/// What a SwiftUI conformance scenario needs from the platform under test.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public protocol ScreenNavigationConformanceDriver: AnyObject {
  /// The toolkit's registrations (the headless host's assembly; UIKit's toolkit in an app).
  var toolkitAssembly: any Assembly { get }

  /// Shows a `NavigationStack` (with its sheet and cover) bound to `navigation`, with `root` as
  /// its root, in a window.
  func showStack(_ navigation: ScreenNavigation, root: any Presentable) async throws

  /// The user taps the back button of the stack.
  func userTapsBack(_ navigation: ScreenNavigation) async throws

  /// The user swipes the sheet down.
  func userSwipesDownSheet(_ navigation: ScreenNavigation) async throws

  /// Lets SwiftUI render what changed.
  func settle() async

  /// Whether `condition` holds now or becomes true soon (UI toolkits release asynchronously).
  func eventually(_ condition: @MainActor () -> Bool) async -> Bool
}
