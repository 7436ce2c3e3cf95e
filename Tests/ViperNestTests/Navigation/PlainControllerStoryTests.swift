import Testing
import ViperNestHeadless

@testable import ViperNest

// A controller that is not a VIPER view cannot hold its transition's story lease: its
// `ShownControllers` entry holds it while the controller is shown. These tests check that the
// story does not depend on the caller keeping the transition, and that the entry of a released
// controller is never confused with the entry of a new controller at the same address.

@MainActor
struct PlainControllerStoryTests {
  private func router(of view: some VIPERView) throws -> any VIPERRouter {
    func router<Presenter: VIPERPresenter>(_ presenter: Presenter) -> Any { presenter.router }
    let presenter = try #require(view.links.presenter as? any VIPERPresenter)
    return try #require(router(presenter) as? any VIPERRouter)
  }

  // MARK: - Router helpers whose result is dropped

  /// The router helpers are `@discardableResult` and say the transition need not be kept. For a
  /// plain controller the transition is not the story's owner once it is shown: the
  /// controller's `ShownControllers` entry holds the lease (`TransitionCore.didShow`), until the
  /// controller leaves the screen (`NavigationLifecycle`) or is released.
  @Test func aPlainControllerPresentedByARouterKeepsItsStoryOpenWhileShown() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let story = try contacts.open(AddContactStory.self)
    do {
      let sheet = HeadlessViewController(host: app.host)
      try router(of: list).present(sheet, story: story)  // the transition is dropped here
    }
    #expect(!story.isClosed, "the screen is still shown: its story stays open")

    let sheet = try #require(list.presentedController as? HeadlessViewController)
    #expect(try app.host.swipeDown(sheet))
    #expect(story.isClosed, "it left the screen: its story closed")
  }

  @Test func aPlainControllerOverlaidByARouterKeepsItsStoryOpenWhileShown() throws {
    let app = try ContactsApp()
    let (contacts, list) = try app.showContacts()
    defer { contacts.close() }
    let story = try contacts.open(AddContactStory.self)
    do {
      let curtain = HeadlessViewController(host: app.host)
      try router(of: list).overlay(curtain, story: story)  // the transition is dropped here
    }
    #expect(!story.isClosed, "the curtain is still shown: its story stays open")

    let curtain = try #require(list.presentedController as? HeadlessViewController)
    #expect(try app.host.swipeDown(curtain))
    #expect(story.isClosed, "it left the screen: its story closed")
  }

  // MARK: - Address reuse

  /// A transition's reverse can finish after its controller was released (an animated dismissal
  /// completing later): it then names the controller by an identifier that a new controller may
  /// have taken. Reversing it must not end the new controller's entry (its story and leak group).
  @Test func reversingForAReleasedControllerLeavesAControllerAtTheSameAddressShown() throws {
    let app = try ContactsApp()
    let (contacts, _) = try app.showContacts()
    defer { contacts.close() }

    let firstStory = try contacts.open(AddContactStory.self)
    let first = TransitionCore(
      "present", destination: HeadlessViewController(host: app.host), story: firstStory)
    let address: ObjectIdentifier
    do {
      let controller = try #require(first.destination)
      first.didShow(controller)
      address = ObjectIdentifier(controller)
    }
    #expect(first.shown == nil, "released: only weak references were left")

    // Allocate controllers until one reuses the released controller's address. (Under
    // AddressSanitizer, whose quarantine delays reuse, the reverse is told the new controller's
    // identifier instead: the same state, an identifier naming another live controller.)
    var others: [HeadlessViewController] = []
    var reused: HeadlessViewController?
    for _ in 0..<1_000 {
      let candidate = HeadlessViewController(host: app.host)
      if ObjectIdentifier(candidate) == address {
        reused = candidate
        break
      }
      others.append(candidate)
    }
    withExtendedLifetime(others) {}  // kept until here, so each candidate took a new address
    let second = reused ?? HeadlessViewController(host: app.host)
    let staleIdentifier = reused == nil ? ObjectIdentifier(second) : address
    let secondStory = try contacts.open(AddContactStory.self)
    do {
      // Shown by a transition nobody keeps (a router helper's discarded result).
      let transition = TransitionCore("present", destination: second, story: secondStory)
      transition.didShow(second)
    }

    first.didHide(staleIdentifier, type: "HeadlessViewController")

    #expect(firstStory.isClosed)
    #expect(!secondStory.isClosed, "the controller now at that address is still shown")
    NavigationLifecycle.controllerDidLeaveHierarchy(second)
    #expect(secondStory.isClosed)
    // Without a reuse, the released controller's own entry waits for the periodic sweep of
    // released controllers: dropped now, so that nothing of this test outlives it.
    ShownControllers.remove(first, showing: address, controller: nil)
  }
}
