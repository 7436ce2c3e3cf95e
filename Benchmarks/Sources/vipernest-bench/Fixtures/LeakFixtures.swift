import ViperNest
import ViperNestHeadless

// For `leak-tracking` and `retain-path`: modules built in a story of their own (closing it is the
// dismissal the leak detector checks after), and a leaky variant whose presenter keeps its view
// strongly, a 4-object module kept alive by a retain cycle.

enum ModuleStory: UserStory {}

/// A presenter that keeps its view strongly once told to: the leak the detector has to explain.
@MainActor
final class LeakyPresenter: VIPERPresenter, BenchViewOutput, BenchInteractorOutput {
  let links = PresenterLinks<
    any BenchViewProtocol, any BenchInteractorProtocol, any BenchRouterProtocol
  >()
  var retainedView: BenchView?
  init() {}
}

@MainActor
final class LeakyBuilder: VIPERBuilder<BenchView, LeakyPresenter, BenchInteractor, BenchRouter> {}

extension OursWiring {
  /// The builder module's registrations plus the leaky presenter.
  static func startLeakApp(host: HeadlessHost) throws -> Story {
    let registry = Registry()
    try registry.install { r in
      registerBuilderModule(r, host: host)
      r.register(LeakyPresenter.self, mainActor: LeakyPresenter.init)
    }
    return try registry.start()
  }

  /// Opens a story, builds the module in it, drops the module and closes the story (the
  /// dismissal). Returns a digest of the view.
  @MainActor
  static func buildAndDismiss(in app: Story) throws -> UInt {
    let story = try app.open(ModuleStory.self)
    let value = digest(try BenchBuilder.build(in: story).view)
    story.close()
    return value
  }

  /// The same with the leaky presenter: the module stays alive after its story closed.
  @MainActor
  static func buildAndLeak(in app: Story) throws {
    let story = try app.open(ModuleStory.self)
    let module = try LeakyBuilder.build(in: story)
    module.presenter.retainedView = module.view
    story.close()
  }
}
