import Foundation
import ViperNest
import ViperNestHeadless

/// `deep-link-3`: open a three-step route from the app's root on the headless host (a window root
/// in a navigation container, a push, a presentation, each module in its own story), side by side
/// with the same three transitions made by hand-written router calls; then match links against
/// 1,000 registered routes.
///
/// Each iteration shows the three modules and hides them again (the navigator's `dismissAll()`,
/// the routers' `reverse()`), so both contenders do the same work and nothing accumulates.
@MainActor
enum DeepLink3Scenario {
  static let id = "deep-link-3"

  static func run(_ runner: Runner) throws -> ScenarioResult {
    let fixture = try DeepLinkFixture()
    defer { fixture.close() }
    try fixture.verify()

    let measurement = try runner.measure([
      Contender("ours") { n in try fixture.linkBatch(n) },
      Contender("handwired") { n in try fixture.routerBatch(n) },
      Contender("match-1k") { n in fixture.matchBatch(n) },
    ])
    var result = ScenarioResult(id: id)
    result.oursNs = measurement.median("ours")
    result.handwiredNs = measurement.median("handwired")
    result.oursOverHandwired = measurement.ratio("ours", over: "handwired")
    let matching = measurement.median("match-1k")
    result.checks = [
      .ratio(
        measurement, "ours", over: "handwired", atMost: 1.5, "≤ 1.5× hand-written router calls"),
      .duration(
        measurement, "match-1k", atMost: 2_000, "matching over 1,000 routes ≤ 2 µs per link"),
    ]
    result.notes = [
      "ViperNest: navigator.open(URL) on a route of 3 steps (window root in a navigation "
        + "container, push, present; 3 stories; an Int parameter converted), then dismissAll(). "
        + "Hand-written: the same stories opened, modules resolved and 3 transitions performed "
        + "by router-style calls, then reversed. Matching: navigator.route(for:) over 1,000 routes "
        + "(URL parsing included), \(Format.duration(matching)) per link."
    ]
    return result
  }
}

enum LinkRootStory: UserStory {}
enum LinkDetailStory: UserStory {}
enum LinkSheetStory: UserStory {}

/// A screen whose typed input is the item the link names.
final class LinkBenchScreen: HeadlessViewController {
  var item = 0
}

typealias LinkBenchModule = Module<LinkBenchScreen, Void>

@MainActor
final class DeepLinkFixture {
  let host = HeadlessHost()
  let app: Story
  let window: HeadlessWindow
  let navigator: LinkNavigator
  let link = URL(string: "bench://root/detail/42/sheet")!
  /// 1,000 routes' links, in a shuffled order, for the matching contender.
  let links: [URL]

  init() throws {
    let registry = try Registry(host.assembly, LinkBenchAssembly())
    let report = registry.validate()
    try require(report.isValid, "deep-link-3 routes are valid: \(report)")
    app = try registry.start()
    window = host.makeWindow()
    navigator = LinkNavigator(registry: registry, app: app, window: window)
    var generator = SystemRandomNumberGenerator()
    links = (0..<1_000).map { URL(string: "bench://section\($0 % 10)/page\($0)/7")! }
      .shuffled(using: &generator)
  }

  func close() {
    navigator.dismissAll()
    app.close()
  }

  func verify() throws {
    let opened = try navigator.open(link)
    try require(
      opened.steps.map(\.storyChain) == [
        ["App", "LinkRoot"], ["App", "LinkRoot", "LinkDetail"],
        ["App", "LinkRoot", "LinkDetail", "LinkSheet"],
      ], "deep-link-3 opens 3 stories")
    try require(
      (opened.steps[1].controller as? LinkBenchScreen)?.item == 42, "deep-link-3 input filled")
    navigator.dismissAll()
    try require(app.tree.children.isEmpty, "deep-link-3 closes its stories")
    let shown = try handOpen()
    try require(app.tree.children.count == 1, "hand-written opens its stories")
    try handClose(shown)
    try require(app.tree.children.isEmpty, "hand-written closes its stories")
    for (index, url) in links.enumerated().prefix(20) {
      try require(navigator.route(for: url) != nil, "route \(index) matches")
    }
  }

  /// What routers would write for the same three screens.
  func handOpen() throws -> [any Transition] {
    let root = try app.open(LinkRootStory.self)
    let rootModule = try root.resolve(LinkBenchModule.self)
    let rootTransition = WindowRootTransition(
      window: window, root: rootModule, embedIn: .navigationController, story: root)
    try rootTransition.perform(animated: false)
    let detail = try root.open(LinkDetailStory.self)
    let detailModule = try detail.resolve(LinkBenchModule.self)
    detailModule.input.item = Int("42") ?? 0
    let push = PushTransition(from: rootModule.view, to: detailModule, story: detail)
    try push.perform(animated: false)
    let sheet = try detail.open(LinkSheetStory.self)
    let sheetModule = try sheet.resolve(LinkBenchModule.self)
    let present = PresentTransition(from: detailModule.view, to: sheetModule, story: sheet)
    try present.perform(animated: true)
    return [rootTransition, push, present]
  }

  func handClose(_ transitions: [any Transition]) throws {
    for transition in transitions.reversed() { try transition.reverse(animated: false) }
  }

  // The batches are nonisolated closures in the harness; they run on the main thread.

  nonisolated func linkBatch(_ n: Int) throws -> UInt {
    try MainActor.assumeIsolated {
      var sum: UInt = 0
      for _ in 0..<n {
        sum &+= UInt(try navigator.open(link).steps.count)
        navigator.dismissAll()
      }
      return sum
    }
  }

  nonisolated func routerBatch(_ n: Int) throws -> UInt {
    try MainActor.assumeIsolated {
      var sum: UInt = 0
      for _ in 0..<n {
        let shown = try handOpen()
        sum &+= UInt(shown.count)
        try handClose(shown)
      }
      return sum
    }
  }

  nonisolated func matchBatch(_ n: Int) -> UInt {
    MainActor.assumeIsolated {
      var sum: UInt = 0
      for index in 0..<n {
        sum &+= UInt(navigator.route(for: links[index % links.count])?.utf8.count ?? 0)
      }
      return sum
    }
  }
}

struct LinkBenchAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(
      LinkBenchModule.self,
      mainActor: { r in
        let screen = LinkBenchScreen(host: try r.resolve(HeadlessHost.self))
        return Module(view: screen, input: screen)
      })
    r.story(LinkRootStory.self)
    r.story(LinkDetailStory.self, in: LinkRootStory.self)
    r.story(LinkSheetStory.self, in: LinkDetailStory.self)
    r.route(
      "/root/detail/:item/sheet",
      .show(
        LinkBenchModule.self, in: LinkRootStory.self, .windowRoot(embedIn: .navigationController)),
      .show(LinkBenchModule.self, in: LinkDetailStory.self, .push(), LinkParameter<Int>("item")) {
        link, item in link.input.item = item
      },
      .show(LinkBenchModule.self, in: LinkSheetStory.self, .present()))
    for index in 0..<1_000 {
      r.route(
        "/section\(index % 10)/page\(index)/:id",
        .show(LinkBenchModule.self, in: LinkRootStory.self, .windowRoot()))
    }
  }
}
