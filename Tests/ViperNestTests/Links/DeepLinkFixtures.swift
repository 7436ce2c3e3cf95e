import Foundation
import ViperNest
import ViperNestHeadless

// A small shop for deep-link tests: a Home tab and a Shop tab composed at start-up, items opened
// in an ItemStory inside the shop, a purchase sheet in a BuyStory inside the item.

enum HomeStory: UserStory {}
enum ShopStory: UserStory {}
enum ItemStory: UserStory {}
enum BuyStory: UserStory {}
enum LooseStory: UserStory {}

enum ItemColor: String, CaseIterable, LinkConvertible {
  case red, blue
}

/// What an item's flow shares: released when its ItemStory closes.
final class ItemBasket {}

@MainActor
protocol LinkScreenOutput: AnyObject {}

/// A screen with a typed input that records what it was given.
final class LinkScreen: HeadlessViewController {
  var item: Int?
  var color: ItemColor?
  var note: String?
  var order: UUID?
  var basket: ItemBasket?
  weak var output: (any LinkScreenOutput)?
}

typealias HomeModule = Module<LinkScreen, any LinkScreenOutput>
typealias ShopModule = Module<LinkScreen, any LinkScreenOutput>
typealias ItemModule = Module<ItemScreen, any LinkScreenOutput>
typealias BuyModule = Module<BuyScreen, any LinkScreenOutput>
typealias BrokenModule = Module<BrokenScreen, any LinkScreenOutput>
typealias UnregisteredModule = Module<UnregisteredScreen, any LinkScreenOutput>

final class ItemScreen: HeadlessViewController {
  var item: Int?
  var color: ItemColor?
  var note: String?
  var basket: ItemBasket?
}
final class BuyScreen: HeadlessViewController {
  var order: UUID?
}
final class BrokenScreen: HeadlessViewController {}
final class UnregisteredScreen: HeadlessViewController {}

struct ShopFailure: Error, CustomStringConvertible {
  var description: String { "the payment service is down" }
}

/// Registers the shop's modules (MVC behind Module<Input, Output>) and its routes.
struct ShopAssembly: Assembly {
  var routes: (Registrar) -> Void = ShopAssembly.standardRoutes

  func assemble(_ r: Registrar) {
    r.register(
      ShopModule.self,
      mainActor: { r in
        let screen = LinkScreen(host: try r.resolve(HeadlessHost.self))
        return Module(view: screen, input: screen) { [weak screen] in screen?.output = $0 }
      })
    r.register(
      ItemModule.self,
      mainActor: { r in
        let screen = ItemScreen(host: try r.resolve(HeadlessHost.self))
        screen.basket = try r.resolve(ItemBasket.self)
        return Module(view: screen, input: screen)
      })
    r.register(
      BuyModule.self,
      mainActor: { r in
        let screen = BuyScreen(host: try r.resolve(HeadlessHost.self))
        return Module(view: screen, input: screen)
      })
    r.register(BrokenModule.self, mainActor: { _ in throw ShopFailure() })
    r.story(ShopStory.self)
    r.story(HomeStory.self)
    r.story(ItemStory.self, in: ShopStory.self) { r in
      r.register(ItemBasket.self, lifetime: .story(ItemStory.self), ItemBasket.init)
    }
    r.story(BuyStory.self, in: ItemStory.self)
    routes(r)
  }

  static func standardRoutes(_ r: Registrar) {
    r.route(
      "/shop/item/:item?color&note",
      .show(ShopModule.self, in: ShopStory.self, .windowRoot(embedIn: .navigationController)),
      .show(
        ItemModule.self, in: ItemStory.self, .push(), LinkParameter<Int>("item"),
        LinkParameter<ItemColor?>("color"), LinkParameter<String?>("note")
      ) { link, item, color, note in
        link.input.item = item
        link.input.color = color
        link.input.note = note
      })
    r.route(
      "/shop/item/:item/buy/:order",
      .show(ShopModule.self, in: ShopStory.self, .windowRoot(embedIn: .navigationController)),
      .show(ItemModule.self, in: ItemStory.self, .push(), LinkParameter<Int>("item")) {
        link, item in link.input.item = item
      },
      .show(
        BuyModule.self, in: BuyStory.self, .present(embedIn: .navigationController),
        LinkParameter<UUID>("order")
      ) { link, order in link.input.order = order })
    r.route(
      "/shop/item/:item/broken",
      .show(ShopModule.self, in: ShopStory.self, .windowRoot(embedIn: .navigationController)),
      .show(ItemModule.self, in: ItemStory.self, .push(), LinkParameter<Int>("item")) {
        link, item in link.input.item = item
      },
      .show(BrokenModule.self, in: BuyStory.self, .present()))
    r.route("/tabs/home", .selectTab(0, showing: ShopModule.self, in: HomeStory.self))
    r.route(
      "/tabs/shop/item/:item",
      .selectTab(1, showing: ShopModule.self, in: ShopStory.self),
      .show(ItemModule.self, in: ItemStory.self, .push(), LinkParameter<Int>("item")) {
        link, item in link.input.item = item
      })
  }
}

/// A started shop: host, registry, app story and window.
@MainActor
struct ShopApp {
  let host: HeadlessHost
  let registry: Registry
  let app: Story
  let window: HeadlessWindow

  init(timing: HeadlessHost.Timing = .immediate, assembly: ShopAssembly = ShopAssembly()) throws {
    host = HeadlessHost(timing: timing)
    registry = try Registry(host.assembly, assembly)
    app = try registry.start()
    window = host.makeWindow()
  }

  func navigator(stories: [Story] = []) -> LinkNavigator {
    LinkNavigator(registry: registry, app: app, window: window, stories: stories)
  }
}

extension URL {
  /// A URL from a literal the test knows is valid.
  init(link: String) {
    self.init(string: link)!
  }
}
