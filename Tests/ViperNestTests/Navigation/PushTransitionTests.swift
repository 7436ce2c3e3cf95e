import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct PushTransitionTests {
  @Test func theStackHoldsThePushedModuleUntilItIsPopped() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let transition: PushTransition
    let probe: ModuleProbe
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      probe = ModuleProbe(module)
      transition = PushTransition(from: list, to: module)
      try transition.perform()
    }
    let navigation = try #require(list.navigationContainer as? HeadlessNavigationController)
    #expect(navigation.controllers.map(\.description) == ["ContactsView", "ContactDetailView"])
    #expect(transition.navigation === navigation)
    probe.expectAllAlive()

    try transition.reverse()

    probe.expectAllReleased()
    #expect(navigation.controllers.map(\.description) == ["ContactsView"])
    #expect(
      app.host.log.suffix(2) == [
        .pushed("ContactDetailView", onto: "Navigation(ContactsView)"),
        .popped(["ContactDetailView"], from: "Navigation(ContactsView)"),
      ])
  }

  @Test func pushingWithoutANavigationStackIsReportedClearly() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let list = try ContactsBuilder.build(in: story)
    try list.attachToWindow(app.window)
    let detail = try ContactDetailBuilder.build(in: story, passing: ada)

    let error = try #require(throws: TransitionError.self) {
      try PushTransition(from: list.view, to: detail).perform()
    }
    #expect(error.code == .noNavigationStack)
    #expect(
      error.description == """
        Cannot push ContactDetailView from ContactsView: ContactsView is not in a navigation stack.
          fix: show ContactsView inside a navigation container (attachToWindow(window, \
        withNavigationController: true), or present it with embedIn: .navigationController), or \
        present ContactDetailView instead of pushing it
        """)
    #expect(detail.view.parentController == nil)
    #expect(!detail.view.isViewLoaded)
  }

  @Test func theBarAppearanceAppliesWhileTheModuleIsOnTopAndRevertsWhenItIsPopped() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let navigation = try #require(list.navigationContainer as? HeadlessNavigationController)
    let bar = NavigationBarAppearance(barTintColor: .white, hidesBackButton: true)
    let transition = PushTransition(
      from: list, to: try ContactDetailBuilder.build(in: story, passing: ada),
      appearance: .init(navigationBar: bar))

    #expect(navigation.visibleBarAppearance == nil)
    try transition.perform()
    #expect(navigation.visibleBarAppearance == bar)
    try transition.reverse()
    #expect(navigation.visibleBarAppearance == nil)
  }

  @Test func pushingANavigationContainerIsRefused() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let wrapped = try ContactDetailBuilder.build(in: story, passing: ada)
      .attachToNavigationController()
    let error = try #require(throws: TransitionError.self) {
      try PushTransition(from: list, to: wrapped).perform()
    }
    #expect(error.code == .incompatibleController)
  }

  @Test func reversingPopsWhatWasPushedAboveTheModuleToo() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let first = PushTransition(
      from: list, to: try ContactDetailBuilder.build(in: story, passing: ada))
    try first.perform()
    let second = PushTransition(
      from: try #require(first.destination),
      to: try ContactDetailBuilder.build(in: story, passing: ada))
    try second.perform()

    try first.reverse()

    #expect(list.navigationContainer?.stack.count == 1)
    #expect(second.destination == nil)
    try second.reverse()
    #expect(!second.isShown)
  }

  @Test func aNavigationContainerCanBeTheSource() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let navigation = try #require(list.navigationContainer)
    try PushTransition(
      from: navigation, to: try ContactDetailBuilder.build(in: story, passing: ada)
    )
    .perform()
    #expect(navigation.stack.count == 2)
  }
}
