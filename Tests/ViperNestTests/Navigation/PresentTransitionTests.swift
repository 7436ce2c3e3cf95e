import Testing
import ViperNest
import ViperNestHeadless

let ada = Contact(firstName: "Ada", lastName: "Lovelace")

@MainActor
struct PresentTransitionTests {
  @Test func thePresenterHoldsTheModuleUntilItIsDismissed() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let transition: PresentTransition
    let probe: ModuleProbe
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      probe = ModuleProbe(module)
      transition = PresentTransition(from: list, to: module)
      try transition.perform()
      #expect(list.presentedController === module.view)
      // UIKit presents from the presentation context, here the navigation controller around the
      // list ("presentingViewController", "definesPresentationContext", Apple documentation).
      #expect(module.view.presentingController === list.navigationContainer)
    }
    probe.expectAllAlive()
    #expect(transition.isShown)

    try transition.reverse()

    probe.expectAllReleased()
    #expect(!transition.isShown)
    #expect(transition.destination == nil)
    #expect(list.presentedController == nil)
    #expect(
      app.host.log.suffix(2) == [
        .presented("ContactDetailView", by: "ContactsView", style: .automatic),
        .dismissed("ContactDetailView", by: "ContactsView"),
      ])
  }

  @Test func aTransitionHoldsItsDestinationOnlyUntilItIsShown() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let transition: PresentTransition
    let probe: ModuleProbe
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      probe = ModuleProbe(module)
      transition = PresentTransition(from: list, to: module)
    }
    probe.expectAllAlive()
    try transition.perform()
    list.dismissPresentedController(animated: false, completion: nil)
    probe.expectAllReleased()
  }

  @Test func aPresentationWrappedInANavigationContainerAppliesItsTypedAppearance() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let bar = NavigationBarAppearance(
      barTintColor: AppearanceColor(hex: 0x336699), prefersLargeTitles: true)
    let transition: PresentTransition
    let probe: ModuleProbe
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      probe = ModuleProbe(module)
      transition = PresentTransition(
        from: list, to: module, embedIn: .navigationController,
        appearance: .init(style: .formSheet, navigationBar: bar))
      try transition.perform()
    }
    let wrapper: WeakRef
    do {
      let navigation = try #require(list.presentedController as? HeadlessNavigationController)
      wrapper = WeakRef(navigation)
      #expect(transition.presented === navigation)
      #expect(navigation.modalPresentationStyle == .formSheet)
      #expect(navigation.visibleBarAppearance == bar)
      #expect(navigation.topController === transition.destination)
    }
    #expect(bar.description == "barTint #336699, largeTitles true")

    try transition.reverse()
    probe.expectAllReleased()
    #expect(wrapper.object == nil)
  }

  @Test func presentingFromAControllerThatAlreadyPresentsIsReported() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    try PresentTransition(from: list, to: ContactDetailBuilder.build(in: story, passing: ada))
      .perform()
    let second = try ContactDetailBuilder.build(in: story, passing: ada)
    let error = try #require(throws: TransitionError.self) {
      try PresentTransition(from: list, to: second).perform()
    }
    #expect(error.code == .alreadyPresenting)
    #expect(
      error.description == """
        Cannot present ContactDetailView from ContactsView: it already presents ContactDetailView.
          fix: dismiss ContactDetailView first, or present from ContactDetailView
        """)
    #expect(!second.view.isViewLoaded)
  }

  @Test func aModuleAlreadyShownIsRefused() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let module = try ContactDetailBuilder.build(in: story, passing: ada)
    try PushTransition(from: list, to: module).perform()
    let error = try #require(throws: TransitionError.self) {
      try PresentTransition(from: list, to: module).perform()
    }
    #expect(error.code == .alreadyShown)
    #expect(
      error.summary
        == "Cannot present ContactDetailView: it is already shown by "
        + "HeadlessNavigationController.")
  }

  @Test func aTransitionIsSingleUse() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let transition = PresentTransition(
      from: list, to: try ContactDetailBuilder.build(in: story, passing: ada))

    #expect(throws: TransitionError.self) { try transition.reverse() }
    try transition.perform()
    let twice = try #require(throws: TransitionError.self) { try transition.perform() }
    #expect(twice.code == .alreadyPerformed)
    try transition.reverse()
    try transition.reverse()
    let again = try #require(throws: TransitionError.self) { try transition.perform() }
    #expect(again.summary == "This present was already performed and reversed.")
    #expect(app.host.log.filter { if case .dismissed = $0 { true } else { false } }.count == 1)
  }

  @Test func reversingAModuleDismissedAnotherWayOnlyFinishes() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let transition = PresentTransition(
      from: list, to: try ContactDetailBuilder.build(in: story, passing: ada))
    try transition.perform()
    list.dismissPresentedController(animated: true, completion: nil)
    var completed = false
    try transition.reverse(animated: true) { completed = true }
    #expect(completed)
    #expect(!transition.isShown)
  }

  @Test func aReleasedSourceIsReported() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    let transition: PresentTransition
    do {
      let source = try ContactsBuilder.build(in: story)
      transition = PresentTransition(
        from: source.view, to: try ContactDetailBuilder.build(in: story, passing: ada))
    }
    let error = try #require(throws: TransitionError.self) { try transition.perform() }
    #expect(error.code == .sourceReleased)
    #expect(transition.destination != nil, "still pending: it can be shown elsewhere")
  }

  @Test func completionsRunOnceShownAndOnceHidden() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    var events: [String] = []
    let transition = PresentTransition(
      from: list, to: try ContactDetailBuilder.build(in: story, passing: ada))
    try transition.perform(animated: true) {
      events.append("shown: \(transition.isShown)")
      do {
        try transition.reverse(animated: true) { events.append("hidden: \(transition.isShown)") }
      } catch {
        events.append("\(error)")
      }
    }
    #expect(events == ["shown: true", "hidden: false"], "the completion can reverse at once")
  }
}
