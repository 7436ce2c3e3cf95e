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

  /// Creates a presenter; only the builder calls it.
  public init() {}
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
    ]

  private typealias Builder = ScreenBuilder<
    ConformanceScreen, ConformancePresenter, NoInteractor, NoRouter
  >

  /// A story whose root screen the driver shows in a stack bound to a new navigation.
  private static func showRoot(_ driver: any ScreenNavigationConformanceDriver) async throws
    -> (app: Story, story: Story, navigation: ScreenNavigation)
  {
    let app = try Registry(
      driver.toolkitAssembly,
      AnyAssembly("ScreenConformance") { r in
        r.register(ConformancePresenter.self, mainActor: { _ in ConformancePresenter() })
      }
    ).start()
    let story = try app.open(ScreenConformanceStory.self)
    let navigation = ScreenNavigation()
    try await driver.showStack(navigation, root: try Builder.build(in: story))
    await driver.settle()
    return (app, story, navigation)
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
    let (app, story, navigation) = try await showRoot(driver)
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
    let (app, story, navigation) = try await showRoot(driver)
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
