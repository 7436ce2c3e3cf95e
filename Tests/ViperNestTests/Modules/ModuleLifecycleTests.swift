import Testing
import ViperNest
import ViperNestHeadless

/// Records lifecycle events for the objects of one test (other tests may build modules meanwhile
/// only on other actors, never on the main actor while this synchronous test runs).
@MainActor
final class LifecycleRecorder: ModuleLifecycleObserver {
  private(set) var built: [BuiltModuleRecord] = []
  private(set) var hidden: [HiddenModuleRecord] = []
  func moduleDidBuild(_ module: BuiltModuleRecord) { built.append(module) }
  func moduleDidHide(_ module: HiddenModuleRecord) { hidden.append(module) }
}

@MainActor
struct ModuleLifecycleTests {
  @Test func theObserverSeesEachModuleBuiltWithItsObjectsAndStoryAndEachModuleHidden() throws {
    let recorder = LifecycleRecorder()
    ModuleLifecycle.observer = recorder
    defer { ModuleLifecycle.observer = nil }
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let detailID: ObjectIdentifier
    do {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      detailID = ObjectIdentifier(module.view)
      let transition = PresentTransition(from: list, to: module)
      try transition.perform()
      let record = try #require(recorder.built.last)
      #expect(record.name == "ContactDetail")
      #expect(record.storyChain == ["App", "Contacts"])
      #expect(record.view === module.view)
      #expect(record.presenter === module.presenter)
      #expect(record.interactor === module.interactor)
      #expect(record.router === module.router)
      try transition.reverse()
    }
    #expect(recorder.built.map(\.name) == ["Contacts", "ContactDetail"])
    let hidden = try #require(recorder.hidden.last)
    #expect(hidden.controller == detailID)
    #expect(hidden.controllerType == "ContactDetailView")
    #expect(recorder.built.last?.view == nil, "released by the time the observer looks")

    // A router popping its own module is reported too.
    try story.resolve(ContactBook.self).contacts = [ada]
    let presenter = try #require(list.presenter as? ContactsPresenter)
    presenter.didSelect(index: 0)
    (list.navigationContainer?.stack.last as? ContactDetailView)?.presenter.didTapBack()
    #expect(recorder.hidden.map(\.controllerType) == ["ContactDetailView", "ContactDetailView"])
    #expect(recorder.hidden.last?.object == nil)
  }
}
