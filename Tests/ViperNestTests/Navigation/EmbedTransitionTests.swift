import Testing
import ViperNest
import ViperNestHeadless

/// A screen composed of independent modules.
final class DashboardView: HeadlessViewController {
  var listArea: HeadlessContainerArea { area("list") }
  var bannerArea: HeadlessContainerArea { area("banner") }
}

/// A plain MVC module.
final class BannerController: HeadlessViewController {}

@MainActor
struct EmbedTransitionTests {
  @Test func aScreenComposedOfIndependentModulesHoldsThemAndEachCanBeRemovedAlone() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let dashboard = DashboardView(host: app.host)
    try dashboard.attachToWindow(app.window)
    let list: EmbedTransition
    let banner: EmbedTransition
    let probe: ModuleProbe
    let bannerRef: WeakRef
    do {
      let module = try ContactsBuilder.build(in: story)
      probe = ModuleProbe(module)
      list = EmbedTransition(parent: dashboard, area: dashboard.listArea, child: module)
      let controller = BannerController(host: app.host)
      bannerRef = WeakRef(controller)
      banner = EmbedTransition(parent: dashboard, area: dashboard.bannerArea, child: controller)
      try list.perform()
      try banner.perform()
      #expect(dashboard.areaName(of: module.view) == "list")
      #expect(module.view.isViewLoaded)
    }
    probe.expectAllAlive()
    #expect(dashboard.children.map(\.description) == ["ContactsView", "BannerController"])

    try list.reverse()

    probe.expectAllReleased()
    #expect(bannerRef.object != nil)
    #expect(dashboard.children.map(\.description) == ["BannerController"])
    #expect(
      app.host.log.suffix(3) == [
        .embedded("ContactsView", in: "DashboardView", area: "list"),
        .embedded("BannerController", in: "DashboardView", area: "banner"),
        .removed("ContactsView", from: "DashboardView"),
      ])
    #expect(banner.isShown)
  }

  @Test func releasingTheParentReleasesWhatIsEmbeddedInIt() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let probe: ModuleProbe
    do {
      let dashboard = DashboardView(host: app.host)
      let module = try ContactsBuilder.build(in: story)
      probe = ModuleProbe(module)
      try EmbedTransition(parent: dashboard, area: dashboard.listArea, child: module).perform()
      probe.expectAllAlive()
    }
    probe.expectAllReleased()
  }

  @Test func anAreaOfAnotherControllerIsRefused() throws {
    let app = try ContactsApp()
    let dashboard = DashboardView(host: app.host)
    let other = DashboardView(host: app.host)
    app.host.setName("OtherDashboard", of: other)
    let error = try #require(throws: TransitionError.self) {
      try EmbedTransition(
        parent: dashboard, area: other.bannerArea, child: BannerController(host: app.host)
      ).perform()
    }
    #expect(error.code == .areaNotInParent)
    #expect(
      error.summary
        == "Cannot embed BannerController in DashboardView: area banner belongs to OtherDashboard.")
  }

  @Test func aRouterEmbedsIntoItsOwnView() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let router = try #require(list.presenter as? ContactsPresenter).router as? ContactsRouter
    let transition = try #require(router).embed(
      BannerController(host: app.host), in: list.area("header"))
    #expect(list.children.map(\.description) == ["BannerController"])
    try transition.reverse()
    #expect(list.children.isEmpty)
  }
}
