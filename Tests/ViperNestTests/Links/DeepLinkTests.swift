import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

/// Opening deep links: the right stories, the right modules with their typed inputs, the same
/// transitions routers use; the prefix on screen reused; failures that leave nothing behind.
@MainActor
struct DeepLinkTests {
  private let order = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

  @Test func aLinkOpensEachStepInItsStoryWithItsTypedInput() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()

    let opened = try navigator.open(URL(link: "shop://shop/item/42?color=blue&note=gift%20wrap"))

    #expect(opened.route == "/shop/item/:item?color&note")
    #expect(opened.steps.map(\.storyChain) == [["App", "Shop"], ["App", "Shop", "Item"]])
    #expect(opened.steps.map(\.wasReused) == [false, false])
    let item = try #require(opened.steps[1].controller as? ItemScreen)
    #expect(item.item == 42)
    #expect(item.color == .blue)
    #expect(item.note == "gift wrap")
    let navigation = try #require(shop.window.root as? HeadlessNavigationController)
    #expect(navigation.controllers.map { $0 === item } == [false, true])
    #expect(shop.app.tree.description.contains("ItemBasket (story(Item))"))
    navigator.dismissAll()
    #expect(shop.app.tree.children.isEmpty)
  }

  @Test func optionalParametersMayBeLeftOut() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()

    let opened = try navigator.open(URL(link: "shop://shop/item/7"))

    let item = try #require(opened.steps[1].controller as? ItemScreen)
    #expect(item.item == 7)
    #expect(item.color == nil)
    #expect(item.note == nil)
    navigator.dismissAll()
  }

  @Test func aLinkIntoWhatIsOnScreenReusesItsPrefixAndBuildsOnlyTheRest() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()
    let first = try navigator.open(URL(link: "shop://shop/item/3"))
    let item = try #require(first.steps[1].controller)

    let second = try navigator.open(URL(link: "shop://shop/item/3/buy/\(order.uuidString)"))

    #expect(second.steps.map(\.wasReused) == [true, true, false])
    #expect(second.steps[1].controller === item)
    let buy = try #require(second.steps[2].controller as? BuyScreen)
    #expect(buy.order == order)
    #expect(shop.app.tree.children.map(\.name) == ["Shop"])
    #expect(shop.app.tree.children[0].children[0].children.map(\.name) == ["Buy"])
    navigator.dismissAll()
  }

  @Test func whatTheLinkReplacesIsDismissedAndItsStoriesClosed() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()
    let first = try navigator.open(URL(link: "shop://shop/item/3/buy/\(order.uuidString)"))
    let buyStory = try #require(first.steps[2].transition?.story)
    let itemStory = try #require(first.steps[1].transition?.story)
    weak let oldItem = first.steps[1].controller

    let second = try navigator.open(URL(link: "shop://shop/item/4"))

    #expect(second.steps.map(\.wasReused) == [true, false])
    #expect(buyStory.isClosed)
    #expect(itemStory.isClosed)
    #expect(oldItem == nil)
    #expect(shop.window.root?.presentedController == nil)
    let navigation = try #require(shop.window.root as? HeadlessNavigationController)
    #expect(navigation.controllers.count == 2)
    #expect((navigation.topController as? ItemScreen)?.item == 4)
    navigator.dismissAll()
  }

  @Test func aTabStepSelectsTheTabAndPushesOntoItsStackPoppingWhatIsAbove() throws {
    let shop = try ShopApp()
    let home = try shop.app.open(HomeStory.self)
    let shopStory = try shop.app.open(ShopStory.self)
    defer {
      shopStory.close()
      home.close()
    }
    let tabs = shop.host.makeTabContainer()
    let homeModule = try shopStory.resolve(ShopModule.self)
    let shopModule = try shopStory.resolve(ShopModule.self)
    let tabTransition = TabTransition(
      container: tabs,
      tabs: [
        try homeModule.attachToNavigationController(),
        try shopModule.attachToNavigationController(),
      ])
    try tabTransition.perform()
    try WindowRootTransition(window: shop.window, root: tabs).perform()
    // A router pushed something onto the shop's stack: the link replaces it.
    let shopNavigation = try #require(shopModule.view.navigationContainer)
    let pushedByRouter = PlainController(host: shop.host)
    try PushTransition(from: shopModule.view, to: pushedByRouter).perform()
    let navigator = shop.navigator(stories: [home, shopStory])

    let opened = try navigator.open(URL(link: "https://shop.example/tabs/shop/item/9"))

    #expect(tabs.selectedTabIndex == 1)
    #expect(opened.steps.map(\.wasReused) == [true, false])
    #expect(opened.steps[0].controller === shopModule.view)
    #expect(shopNavigation.stack.count == 2)
    #expect((shopNavigation.stack.last as? ItemScreen)?.item == 9)
    #expect(opened.steps[1].storyChain == ["App", "Shop", "Item"])
    navigator.dismissAll()
    try tabTransition.reverse()
  }

  @Test func aLinkToAnotherTabSelectsItAndEndsWhatThePreviousLinkPushed() throws {
    let shop = try ShopApp()
    let home = try shop.app.open(HomeStory.self)
    let shopStory = try shop.app.open(ShopStory.self)
    defer {
      shopStory.close()
      home.close()
    }
    let tabs = shop.host.makeTabContainer()
    let tabTransition = TabTransition(
      container: tabs,
      tabs: [
        try home.resolve(ShopModule.self).attachToNavigationController(),
        try shopStory.resolve(ShopModule.self).attachToNavigationController(),
      ])
    try tabTransition.perform()
    try WindowRootTransition(window: shop.window, root: tabs).perform()
    let navigator = shop.navigator(stories: [home, shopStory])
    let item = try navigator.open(URL(link: "shop://tabs/shop/item/9"))
    let itemStory = try #require(item.steps[1].transition?.story)

    let opened = try navigator.open(URL(link: "shop://tabs/home"))

    #expect(tabs.selectedTabIndex == 0)
    #expect(opened.steps.map(\.wasReused) == [true])
    #expect(opened.steps[0].storyChain == ["App", "Home"])
    #expect(itemStory.isClosed)
    #expect(item.steps[1].transition?.isShown == false)
    try tabTransition.reverse()
  }

  @Test func aTabStepWithoutItsStoryFailsSayingWhichStoryToPass() throws {
    let shop = try ShopApp()
    let tabs = shop.host.makeTabContainer()
    try TabTransition(
      container: tabs, tabs: [PlainController(host: shop.host), PlainController(host: shop.host)]
    )
    .perform()
    try WindowRootTransition(window: shop.window, root: tabs).perform()

    let error = try #require(throws: LinkError.self) {
      try shop.navigator().open(URL(link: "shop://tabs/shop/item/9"))
    }

    #expect(error.code == .stepFailed)
    #expect(error.summary.contains("No open Shop story"))
    #expect(error.fix.contains("stories:"))
    #expect(shop.app.tree.children.isEmpty)
  }

  @Test func theLastStepIsAnimatedAndTheOthersAreNotOnAStrictHost() throws {
    let shop = try ShopApp(timing: .strict)
    let navigator = shop.navigator()

    let opened = try navigator.open(URL(link: "shop://shop/item/3/buy/\(order.uuidString)"))

    #expect(shop.host.hasTransitionsInFlight)
    #expect(opened.steps[1].transition?.isShown == true)
    shop.host.finishTransitions()
    #expect(opened.steps[2].transition?.isShown == true)
    navigator.dismissAll()
  }

  // MARK: - Failing cleanly

  @Test func aLinkThatMatchesNoRouteListsTheClosestRoutes() throws {
    let shop = try ShopApp()

    let error = try #require(throws: LinkError.self) {
      try shop.navigator().open(URL(link: "shop://shop/itme/3"))
    }

    #expect(error.code == .noMatchingRoute)
    #expect(error.closestRoutes.count == 3)
    #expect(error.closestRoutes.allSatisfy { $0.hasPrefix("/shop/item/:item") })
    #expect(error.description.contains("No route matches shop://shop/itme/3."))
    #expect(error.description.contains("fix: "))
    #expect(shop.window.root == nil)
  }

  @Test func aParameterThatDoesNotConvertSaysWhichAndWhyAndChangesNothing() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()
    try navigator.open(URL(link: "shop://shop/item/1"))
    let before = shop.app.tree

    let error = try #require(throws: LinkError.self) {
      try navigator.open(URL(link: "shop://shop/item/3?color=green"))
    }

    #expect(error.code == .invalidParameter)
    #expect(error.parameter == "color")
    #expect(error.route == "/shop/item/:item?color&note")
    #expect(error.summary.contains("\"green\", not one of red, blue"))
    #expect(error.step?.hasPrefix("2 (") == true)
    #expect(shop.app.tree == before)
    navigator.dismissAll()
  }

  @Test func aMissingOrMalformedRequiredParameterIsRefused() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()

    let notAnInteger = try #require(throws: LinkError.self) {
      try navigator.open(URL(link: "shop://shop/item/three"))
    }
    let notAUUID = try #require(throws: LinkError.self) {
      try navigator.open(URL(link: "shop://shop/item/3/buy/42"))
    }

    #expect(notAnInteger.parameter == "item")
    #expect(notAnInteger.summary.contains("\"three\", not an integer"))
    #expect(notAUUID.parameter == "order")
    #expect(notAUUID.summary.contains("not a UUID"))
    #expect(shop.window.root == nil)
  }

  @Test(.detectsLeaks) func aStepThatFailsHalfwayClosesEveryStoryTheLinkOpened() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()

    let error = try #require(throws: LinkError.self) {
      try navigator.open(URL(link: "shop://shop/item/5/broken"))
    }

    #expect(error.code == .stepFailed)
    #expect(error.step?.hasPrefix("3 (") == true)
    #expect(error.underlyingError is ViperNestError)
    #expect(error.description.contains("the payment service is down"))
    #expect(shop.app.tree.children.isEmpty)
    #expect(shop.window.root == nil)
    shop.app.close()
  }

  @Test(.detectsLeaks) func aFailedStepAfterAReusedPrefixKeepsThePrefixAndReleasesTheRest() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()
    let first = try navigator.open(URL(link: "shop://shop/item/5"))
    let item = try #require(first.steps[1].controller)

    #expect(throws: LinkError.self) {
      try navigator.open(URL(link: "shop://shop/item/5/broken"))
    }

    #expect(first.steps[1].controller === item)
    #expect(shop.app.tree.children.map(\.name) == ["Shop"])
    #expect(shop.app.tree.children[0].children.map(\.name) == ["Item"])
    #expect(shop.app.tree.children[0].children[0].children.isEmpty)
    navigator.dismissAll()
    shop.app.close()
  }

  @Test func routeForTellsTheMatchingRouteWithoutOpeningIt() throws {
    let shop = try ShopApp()
    let navigator = shop.navigator()

    #expect(
      navigator.route(for: URL(link: "shop://shop/item/1/buy/x")) == "/shop/item/:item/buy/:order")
    #expect(
      navigator.route(for: URL(link: "https://example.com/shop/item/1"))
        == "/shop/item/:item?color&note")
    #expect(navigator.route(for: URL(link: "shop://shop")) == nil)
    #expect(shop.window.root == nil)
  }
}

/// Every presentation a step can use shows its module as the matching transition does.
@MainActor
struct DeepLinkPresentationTests {
  private func shop() throws -> ShopApp {
    try ShopApp(
      assembly: ShopAssembly { r in
        r.route(
          "/overlay/:item",
          .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
          .show(
            ItemModule.self, in: ItemStory.self, .overlay(.init(detents: [.medium])),
            LinkParameter<Int>("item")
          ) { link, item in link.input.item = item })
        r.route(
          "/embed/:item",
          .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
          .show(
            ItemModule.self, in: ItemStory.self,
            .embed(area: { ($0 as? HeadlessViewController)?.area("banner") }),
            LinkParameter<Int>("item")
          ) { link, item in link.input.item = item })
        r.route(
          "/nowhere",
          .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
          .show(ItemModule.self, in: ItemStory.self, .embed(area: { _ in nil })))
      })
  }

  @Test func anOverlayStepShowsItsModuleAsACurtain() throws {
    let shop = try shop()
    let navigator = shop.navigator()

    let opened = try navigator.open(URL(link: "shop://overlay/8"))

    let item = try #require(opened.steps[1].controller as? ItemScreen)
    #expect(opened.steps[1].transition is OverlayTransition)
    #expect(shop.window.root?.presentedController === item)
    #expect(item.overlayAppearance?.detents == [.medium])
    navigator.dismissAll()
    #expect(shop.window.root?.presentedController == nil)
    #expect(shop.app.tree.children.isEmpty)
  }

  @Test func anEmbedStepShowsItsModuleInTheAreaItsClosureFinds() throws {
    let shop = try shop()
    let navigator = shop.navigator()

    let opened = try navigator.open(URL(link: "shop://embed/8"))

    let parent = try #require(opened.steps[0].controller as? HeadlessViewController)
    let item = try #require(opened.steps[1].controller as? ItemScreen)
    #expect(parent.children.contains { $0 === item })
    #expect(parent.areaName(of: item) == "banner")
    navigator.dismissAll()
    #expect(shop.app.tree.children.isEmpty)
  }

  @Test(.detectsLeaks) func anEmbedStepWithoutAnAreaFailsAndUndoesTheLink() throws {
    let shop = try shop()
    let navigator = shop.navigator()

    let error = try #require(throws: LinkError.self) {
      try navigator.open(URL(link: "shop://nowhere"))
    }

    #expect(error.code == .impossibleTransition)
    #expect(error.summary == "LinkScreen has no area for ItemScreen.")
    #expect(error.step?.hasPrefix("2 (") == true)
    #expect(shop.window.root == nil)
    #expect(shop.app.tree.children.isEmpty)
    shop.app.close()
  }
}
