/// Keeps a story open for whoever holds it and closes it when released (or when asked): a
/// transition's story lives as long as the module it showed.
final class StoryLease: Sendable {
  let story: Story

  init(_ story: Story) {
    self.story = story
  }

  func close() { story.close() }

  deinit { story.close() }
}

/// Something that can hold story leases: a VIPER view's links, a screen host's links.
@MainActor
protocol StoryLeaseHolding: AnyObject {
  func hold(_ lease: StoryLease)
  /// The stories of the leases held, which close when the module ends.
  var heldStories: [Story] { get }
  /// The module is shown (again): it can end again.
  func didShow()
  /// Closes the leases and ends the module's leak-detection group: from now on its objects are
  /// expected to go. Returns whether the module was live (not ended since it was last shown).
  func end() -> Bool
}

/// The lease holder of `controller` when it is a VIPER view or hosts a screen module.
@MainActor
func leaseHolder(of controller: any ViewControlling) -> (any StoryLeaseHolding)? {
  func holder<View: VIPERView>(_ view: View) -> any StoryLeaseHolding { view.links }
  if let view = controller as? any VIPERView { return holder(view) }
  return (controller as? any ScreenHosting)?.screenLinks
}
