import Foundation
import Testing
import ViperNest
import ViperNestHeadless

/// `validate()` checks every route before anything is shown, naming the route, the step and the
/// fix.
@MainActor
struct DeepLinkValidationTests {
  private func problems(_ routes: @escaping (Registrar) -> Void) throws -> [LinkError] {
    let host = HeadlessHost()
    let registry = try Registry(host.assembly, ShopAssembly(routes: routes))
    return registry.validate().routeProblems
  }

  @Test func theShopsRoutesAreValid() throws {
    let host = HeadlessHost()
    let registry = try Registry(host.assembly, ShopAssembly())

    let report = registry.validate()

    // The broken route's module throws when built: validation cannot know, opening reports it.
    #expect(report.routeProblems.isEmpty, "\(report)")
    #expect(report.checkedRouteCount == 5)
    #expect(report.description.contains("Deep links: 5 routes valid."))
  }

  @Test func aMalformedPatternIsReported() throws {
    let found = try problems { r in
      r.route("/shop//item/:", .show(ShopModule.self, in: ShopStory.self, .windowRoot()))
    }

    #expect(found.map(\.code) == [.invalidRoute])
    #expect(found.first?.summary.contains("empty path segment") == true)
    #expect(found.first?.route == "/shop//item/:")
  }

  @Test func aParameterThePatternDoesNotCaptureIsReported() throws {
    let found = try problems { r in
      r.route(
        "/shop/item",
        .show(ShopModule.self, in: ShopStory.self, .windowRoot(embedIn: .navigationController)),
        .show(ItemModule.self, in: ItemStory.self, .push(), LinkParameter<Int>("item")) {
          link, item in link.input.item = item
        })
    }

    let problem = try #require(found.first)
    #expect(found.count == 1)
    #expect(problem.code == .invalidRoute)
    #expect(problem.step?.hasPrefix("2 (") == true)
    #expect(problem.summary.contains("`item` (Int)"))
    #expect(problem.fix.contains("add `:item` to the pattern's path, or `?item` to its query"))
  }

  @Test func aPushWithoutANavigationContainerBeforeItIsReported() throws {
    let found = try problems { r in
      r.route(
        "/shop/item/:item",
        .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
        .show(ItemModule.self, in: ItemStory.self, .push()))
    }

    let problem = try #require(found.first)
    #expect(found.count == 1)
    #expect(problem.code == .impossibleTransition)
    #expect(problem.step?.hasPrefix("2 (") == true)
    #expect(problem.fix.contains("embedIn: .navigationController"))
  }

  @Test func aTabOrWindowRootAfterTheFirstStepAndAFirstStepWithoutASourceAreReported() throws {
    let found = try problems { r in
      r.route("/a", .show(ShopModule.self, in: ShopStory.self, .present()))
      r.route(
        "/b", .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
        .selectTab(1, showing: ShopModule.self, in: ShopStory.self))
      r.route(
        "/c", .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
        .show(ShopModule.self, in: ShopStory.self, .windowRoot()))
    }

    #expect(
      found.map(\.code) == [.impossibleTransition, .impossibleTransition, .impossibleTransition])
    #expect(found.map(\.route) == ["/a", "/b", "/c"])
  }

  @Test func aModuleThatDoesNotResolveInItsStoryChainIsReported() throws {
    let found = try problems { r in
      r.route(
        "/shop/missing",
        .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
        .show(UnregisteredModule.self, in: ItemStory.self, .present()))
    }

    let problem = try #require(found.first)
    #expect(found.count == 1)
    #expect(problem.code == .unresolvableModule)
    #expect(problem.summary.contains("does not resolve in App > Shop > Item"))
    #expect(problem.fix.contains("r.story(ItemStory.self)"))
  }

  @Test func aStoryOpenedOutsideItsDeclaredParentsIsReported() throws {
    let found = try problems { r in
      r.route(
        "/buy",
        .show(ShopModule.self, in: ShopStory.self, .windowRoot()),
        .show(BuyModule.self, in: BuyStory.self, .present()))
    }

    #expect(found.map(\.code) == [.storyOutsideParent])
    #expect(found.first?.summary.contains("declared to open only inside Item") == true)
  }

  @Test func twoRoutesWithTheSameShapeAreAmbiguous() throws {
    let found = try problems { r in
      r.route("/shop/:id", .show(ShopModule.self, in: ShopStory.self, .windowRoot()))
      r.route("/shop/:name", .show(ShopModule.self, in: ShopStory.self, .windowRoot()))
      r.route("/shop/new", .show(ShopModule.self, in: ShopStory.self, .windowRoot()))
    }

    #expect(found.map(\.code) == [.ambiguousRoutes])
    #expect(found.first?.summary.contains("/shop/:id") == true)
    #expect(found.first?.summary.contains("/shop/:name") == true)
  }

  @Test func checkThrowsTheFirstRouteProblem() throws {
    let host = HeadlessHost()
    let registry = try Registry(
      host.assembly,
      ShopAssembly { r in
        r.route("/x", .show(ShopModule.self, in: ShopStory.self, .push()))
      })

    let report = registry.validate()

    #expect(!report.isValid)
    #expect(report.description.contains("Deep links: 1 problem:"))
    let error = try #require(throws: LinkError.self) { try report.check() }
    #expect(error.code == .impossibleTransition)
  }
}

/// The trie matcher: literals before parameters, captures by name, 1,000 routes.
@MainActor
struct LinkMatchingTests {
  private func navigator(_ patterns: [String]) throws -> (LinkNavigator, ShopApp) {
    let shop = try ShopApp(
      assembly: ShopAssembly { r in
        for pattern in patterns {
          r.route(pattern, .show(ShopModule.self, in: ShopStory.self, .windowRoot()))
        }
      })
    return (shop.navigator(), shop)
  }

  @Test func aLiteralSegmentIsMatchedBeforeAParameter() throws {
    let (navigator, _) = try navigator(["/items/:id", "/items/new", "/items/:id/edit"])

    #expect(navigator.route(for: URL(link: "app://items/new")) == "/items/new")
    #expect(navigator.route(for: URL(link: "app://items/12")) == "/items/:id")
    #expect(navigator.route(for: URL(link: "app://items/new/edit")) == "/items/:id/edit")
    #expect(navigator.route(for: URL(link: "app://items")) == nil)
  }

  @Test func oneThousandRoutesEachMatchTheirOwnLinks() throws {
    let patterns = (0..<1_000).map { "/section\($0 % 10)/page\($0)/:id" }
    let (navigator, _) = try navigator(patterns)

    for index in stride(from: 0, to: 1_000, by: 37) {
      #expect(
        navigator.route(for: URL(link: "app://section\(index % 10)/page\(index)/7"))
          == patterns[index])
    }
    #expect(navigator.route(for: URL(link: "app://section3/page4/7")) == nil)
  }

  @Test func linkValuesConvertByTheirType() {
    #expect(Int(linkText: "-7") == -7)
    #expect(Int(linkText: "7.5") == nil)
    #expect(ItemColor(linkText: "red") == .red)
    #expect(ItemColor.linkExpectation == "one of red, blue")
    #expect(Bool(linkText: "1") == true)
    #expect(String(linkText: "") == nil)
    #expect(UUID(linkText: "nope") == nil)
    #expect(Int?.linkValueWhenAbsent == .some(.none))
    #expect(Int.linkValueWhenAbsent == nil)
  }
}
