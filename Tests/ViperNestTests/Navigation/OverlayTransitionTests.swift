import Testing
import ViperNest
import ViperNestHeadless

@MainActor
struct OverlayTransitionTests {
  @Test func aCurtainShowsWithItsTypedAppearanceAndItsDismissalReleasesTheModule() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let appearance = OverlayAppearance(
      handleColor: AppearanceColor(hex: 0x8E8E93), detents: [.medium],
      dismissesInteractively: false)
    let transition: OverlayTransition
    let probe: ModuleProbe
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      probe = ModuleProbe(module)
      transition = OverlayTransition(from: list, to: module, appearance: appearance)
      try transition.perform()
      #expect(module.view.overlayAppearance == appearance)
      #expect(module.view.isViewLoaded)
    }
    #expect(
      app.host.log.last?.description
        == "overlay ContactDetailView over ContactsView (handle #8E8E93, detents medium, "
        + "not swipe-dismissable)")
    probe.expectAllAlive()

    try transition.reverse()

    probe.expectAllReleased()
    #expect(list.presentedController == nil)
  }

  @Test func theDefaultCurtainHasTheSystemHandleAndTwoHeights() {
    #expect(OverlayAppearance().description == "handle system, detents medium/large")
    #expect(
      OverlayAppearance(showsHandle: false, detents: [.large]).description
        == "no handle, detents large")
  }
}
