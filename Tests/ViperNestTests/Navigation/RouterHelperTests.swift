import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct RouterHelperTests {
  private func router(of view: some VIPERView) throws -> any VIPERRouter {
    func router<Presenter: VIPERPresenter>(_ presenter: Presenter) -> Any { presenter.router }
    let presenter = try #require(view.links.presenter as? any VIPERPresenter)
    return try #require(router(presenter) as? any VIPERRouter)
  }

  @Test func presentAndDismissWithCompletions() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    var events: [String] = []
    let probe: ModuleProbe
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      probe = ModuleProbe(module)
      try router(of: list).present(module, appearance: .init(style: .fullScreen)) {
        events.append("presented")
      }
      #expect(module.view.modalPresentationStyle == .fullScreen)
      try router(of: module.view).dismiss { events.append("dismissed") }
    }
    #expect(events == ["presented", "dismissed"])
    probe.expectAllReleased()
  }

  @Test func pushAndPopWithCompletions() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    var events: [String] = []
    let probe: ModuleProbe
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      probe = ModuleProbe(module)
      try router(of: list).push(module) { events.append("pushed") }
      try router(of: module.view).pop { events.append("popped") }
    }
    #expect(events == ["pushed", "popped"])
    probe.expectAllReleased()
  }

  @Test func theListRouterShowsADetailThatPopsItself() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    try story.resolve(ContactBook.self).contacts = [ada]
    let presenter = try #require(list.presenter as? ContactsPresenter)
    weak var detail: ContactDetailView?
    do {
      presenter.didSelect(index: 0)
      #expect(presenter.lastError == nil)
      detail = list.navigationContainer?.stack.last as? ContactDetailView
      #expect(detail?.shownAtLoad == "Ada Lovelace")
      #expect(detail?.navigationBarAppearance == .init(prefersLargeTitles: false))
      detail?.presenter.didTapBack()
    }
    #expect(detail == nil)
    #expect(list.navigationContainer?.stack.count == 1)
  }

  @Test func dismissingAPushedModuleSaysToPopIt() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let module = try ContactDetailBuilder.build(in: story, passing: ada)
    try router(of: list).push(module)
    let error = try #require(throws: TransitionError.self) {
      try router(of: module.view).dismiss()
    }
    #expect(error.code == .notPresented)
    #expect(
      error.description == """
        Cannot dismiss ContactDetailView: it is not presented, it is in a navigation stack.
          fix: pop it instead: try router.pop()
        """)
  }

  @Test func poppingAPresentedModuleSaysToDismissIt() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let module = try ContactDetailBuilder.build(in: story, passing: ada)
    try router(of: list).present(module)
    let error = try #require(throws: TransitionError.self) { try router(of: module.view).pop() }
    #expect(error.code == .noNavigationStack)
    #expect(error.fix == "dismiss it instead: try router.dismiss()")
  }

  @Test func poppingTheRootOfAStackIsRefused() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let error = try #require(throws: TransitionError.self) { try router(of: list).pop() }
    #expect(error.code == .cannotPopRoot)
    #expect(list.navigationContainer?.stack.count == 1)
  }

  @Test func aRouterWhoseModuleIsGoneSaysSo() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let router = try ContactsBuilder.build(in: story).router
    let error = try #require(throws: TransitionError.self) {
      try router.present(ContactDetailBuilder.build(in: story, passing: ada))
    }
    #expect(error.code == .sourceReleased)
    #expect(
      error.summary
        == "ContactsRouter cannot present ContactDetailView: its module's view controller was "
        + "released (or the router was never wired).")
  }
}
