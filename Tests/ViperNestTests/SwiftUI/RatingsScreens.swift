import Observation
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI

// A screen module that loads on appearance: its presenter adopts `ScreenAppearance`, loads the
// ratings in `screenTask()` and records every callback, so the tests see when a host calls them.

enum RatingsStory: UserStory {}
enum RatingsDetailStory: UserStory {}

/// What the ratings screens did, oldest first, shared by the screens of one story.
@MainActor
final class RatingsLog {
  /// The appearance callbacks: "2 appeared", "1 disappeared".
  private(set) var appearance: [String] = []
  /// What the screens' tasks did: "2 task started", "2 loaded", "2 task cancelled".
  private(set) var tasks: [String] = []
  private var built = 0

  /// A name for the next screen: "1", "2", … in the order they are built.
  func nextName() -> String {
    built += 1
    return "\(built)"
  }

  func appeared(_ name: String) { appearance.append("\(name) appeared") }
  func disappeared(_ name: String) { appearance.append("\(name) disappeared") }
  func task(_ name: String, _ event: String) { tasks.append("\(name) \(event)") }
}

/// The ratings source, kept by the Ratings story (longer than any screen): it answers at once or,
/// with `ratings` nil, only when the load is cancelled; it keeps the listeners screens subscribe.
@MainActor
final class RatingsService {
  /// When a screen's presenter subscribes with a closure that captures it (the leak fixture).
  enum Leak { case onAppear, afterLoading }

  /// The ratings a load returns; nil: the load waits until it is cancelled.
  var ratings: [Int]? = [5, 4]
  /// The leak to cause, if any.
  var leak: Leak?
  /// Closures kept for as long as the story: a presenter that stores one capturing itself leaks.
  var listeners: [@MainActor () -> Void] = []

  func load() async throws -> [Int] {
    if let ratings { return ratings }
    try await Task.sleep(for: .seconds(3600))
    return []
  }
}

@MainActor protocol RatingsInteractorInput: AnyObject {
  func loadRatings() async throws -> [Int]
  func subscribe(_ listener: @escaping @MainActor () -> Void)
  var leak: RatingsService.Leak? { get }
}
@MainActor protocol RatingsInteractorOutput: AnyObject {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class RatingsPresenter: VIPERPresenter, RatingsInteractorOutput, ScreenAppearance {
  @ObservationIgnored let links = PresenterLinks<NoView, any RatingsInteractorInput, NoRouter>()
  @ObservationIgnored let name: String
  @ObservationIgnored private let log: RatingsLog
  private(set) var ratings: [Int] = []

  init(log: RatingsLog) {
    self.log = log
    name = log.nextName()
  }

  func screenDidAppear() {
    log.appeared(name)
    if interactor.leak == .onAppear { interactor.subscribe { self.ratings = [] } }
  }

  func screenDidDisappear() { log.disappeared(name) }

  func screenTask() async {
    log.task(name, "task started")
    do {
      ratings = try await interactor.loadRatings()
      log.task(name, "loaded")
      if interactor.leak == .afterLoading { interactor.subscribe { self.ratings = [] } }
    } catch {
      log.task(name, "task cancelled")
    }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class RatingsInteractor: VIPERInteractor, RatingsInteractorInput {
  let links = InteractorLinks<any RatingsInteractorOutput>()
  private let service: RatingsService
  init(service: RatingsService) { self.service = service }

  var leak: RatingsService.Leak? { service.leak }
  func loadRatings() async throws -> [Int] { try await service.load() }
  func subscribe(_ listener: @escaping @MainActor () -> Void) { service.listeners.append(listener) }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct RatingsScreen: VIPERScreen {
  let presenter: RatingsPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias RatingsScreenBuilder = ScreenBuilder<
  RatingsScreen, RatingsPresenter, RatingsInteractor, NoRouter
>

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct RatingsAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.story(RatingsStory.self) { r in
      r.register(
        RatingsLog.self, lifetime: .story(RatingsStory.self),
        mainActor: { _ in
          RatingsLog()
        })
      r.register(
        RatingsService.self, lifetime: .story(RatingsStory.self),
        mainActor: { _ in
          RatingsService()
        })
      r.register(
        ScreenNavigation.self, lifetime: .story(RatingsStory.self),
        mainActor: { _ in
          ScreenNavigation()
        })
      r.register(RatingsPresenter.self, mainActor: RatingsPresenter.init(log:))
      r.register(RatingsInteractor.self, mainActor: RatingsInteractor.init(service:))
    }
    r.story(RatingsDetailStory.self, in: RatingsStory.self) { _ in }
  }
}
