import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct WindowRootTransitionTests {
  @Test func theWindowHoldsItsRootAndReplacingItReleasesTheOldModule() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let first: ModuleProbe
    do {
      let module = try ContactsBuilder.build(in: story)
      first = ModuleProbe(module)
      try module.attachToWindow(app.window)
    }
    first.expectAllAlive()
    #expect(app.window.isKeyAndVisible)

    try ContactDetailBuilder.build(in: story, passing: ada).attachToWindow(app.window)

    first.expectAllReleased()
    #expect(app.window.root is ContactDetailView)
  }

  @Test func reversingRemovesTheRoot() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let transition: WindowRootTransition
    let probe: ModuleProbe
    do {
      let module = try ContactsBuilder.build(in: story)
      probe = ModuleProbe(module)
      transition = try module.attachToWindow(
        app.window, withNavigationController: true,
        appearance: .init(navigationBar: .init(prefersLargeTitles: true)))
    }
    let navigation = try #require(app.window.root as? HeadlessNavigationController)
    #expect(navigation.visibleBarAppearance == NavigationBarAppearance(prefersLargeTitles: true))
    #expect(transition.root === navigation)

    try transition.reverse()

    #expect(app.window.root == nil)
    #expect(app.host.log.last == .root(nil, window: "Window"))
    _ = consume navigation
    probe.expectAllReleased()
  }

  @Test func aReleasedWindowIsReported() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let module = try ContactsBuilder.build(in: story)
    let transition = WindowRootTransition(window: app.host.makeWindow(), root: module)
    let error = try #require(throws: TransitionError.self) { try transition.perform() }
    #expect(error.code == .sourceReleased)
    #expect(error.fix == "keep the window (an app keeps it in its scene delegate)")
  }
}
