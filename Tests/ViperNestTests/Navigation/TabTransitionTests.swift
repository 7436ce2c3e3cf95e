import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct TabTransitionTests {
  @Test func theContainerHoldsItsTabsAndReversingReleasesThem() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let tabs = try #require(app.host.makeTabContainer() as? HeadlessTabController)
    let transition: TabTransition
    let list: ModuleProbe
    let detail: ModuleProbe
    do {
      let contacts = try ContactsBuilder.build(in: story)
      let contact = try ContactDetailBuilder.build(in: story, passing: ada)
      (list, detail) = (ModuleProbe(contacts), ModuleProbe(contact))
      transition = TabTransition(
        container: tabs,
        tabs: [
          try contacts.attachToNavigationController(tabBarItem: .system(.contacts, tag: 0)),
          try contact.attachToNavigationController(
            tabBarItem: .init(title: "Ada", imageName: "person", tag: 1)),
        ], appearance: .init(selectedIndex: 1))
      try transition.perform()
      try tabs.attachToWindow(app.window)
      #expect(!contacts.view.isViewLoaded, "only the selected tab loads")
      #expect(contact.view.isViewLoaded)
    }
    list.expectAllAlive()
    detail.expectAllAlive()
    #expect(tabs.selectedTabIndex == 1)
    #expect(
      tabs.tabControllers.map(\.tabItem?.description) == [
        "contacts (tag 0)", "Ada [person] (tag 1)",
      ])
    #expect(transition.container === tabs)

    try transition.reverse()

    list.expectAllReleased()
    detail.expectAllReleased()
    #expect(tabs.tabRoots.isEmpty)
  }

  @Test func selectingATabLoadsIt() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let tabs = try #require(app.host.makeTabContainer() as? HeadlessTabController)
    let first = try ContactsBuilder.build(in: story)
    let second = try ContactsBuilder.build(in: story)
    try TabTransition(container: tabs, tabs: [first, second]).perform()
    try tabs.attachToWindow(app.window)
    #expect([first.view.isViewLoaded, second.view.isViewLoaded] == [true, false])
    tabs.selectedTabIndex = 1
    #expect(second.view.isViewLoaded)
    #expect(app.host.log.last == .selectedTab(1, container: "Tabs"))
  }
}
