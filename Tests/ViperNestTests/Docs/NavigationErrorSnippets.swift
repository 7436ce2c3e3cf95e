// swift-format-ignore-file
// docs/Navigation.md, "Routers whose protocols do not throw", compiled and run.
import Testing
import ViperNest
import ViperNestHeadless

enum NavigationErrorGuide {
  @MainActor protocol AddContactRouting: AnyObject {
    func close()          // the app's protocol: it does not throw
  }

  final class AddContactRouter: VIPERRouter, AddContactRouting {
    let links = RouterLinks()
    func close() { navigate { try dismiss() } }
  }

  @MainActor static func configureAtLaunch() {
    NavigationErrorHandler.shared = .custom { failure in
      print("navigation failed: \(failure)")   // or send it to your logger
    }
  }
}

/// The guide's test helper (a test target's code).
@MainActor
enum NavigationErrorGuideTest {
  typealias AddContactRouter = NavigationErrorGuide.AddContactRouter

  @MainActor final class FailureInbox {
    var failures: [NavigationFailure] = []
  }

  static func closeCollectingFailures(_ router: AddContactRouter) -> [NavigationFailure] {
    let inbox = FailureInbox()
    NavigationErrorHandler.custom { inbox.failures.append($0) }.withHandling {
      router.close()
    }
    return inbox.failures
  }
}

/// The fixture presenter's router protocol throws; the guide's router, which does not, fits it.
extension NavigationErrorGuide.AddContactRouter: AddContactRouterProtocol {}

@MainActor
struct NavigationErrorSnippetTests {
  typealias Builder = VIPERBuilder<
    AddContactView, AddContactPresenter, AddContactInteractor, NavigationErrorGuide.AddContactRouter
  >

  private func contactsApp() throws -> ContactsApp {
    try ContactsApp { r in
      r.story(AddContactStory.self, in: ContactsStory.self) { r in
        r.register(NavigationErrorGuide.AddContactRouter.self, mainActor: NavigationErrorGuide.AddContactRouter.init)
      }
    }
  }

  @Test func closingAPresentedModuleDismissesItWithoutAFailure() throws {
    let app = try contactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let addContact = try story.open(AddContactStory.self)
    let module = try Builder.build(in: addContact)
    try PresentTransition(from: list, to: module, story: addContact).perform()

    #expect(NavigationErrorGuideTest.closeCollectingFailures(module.router).isEmpty)
    #expect(list.presentedController == nil)
  }

  @Test func closingAPushedModuleIsAFailureTheHandlerGets() throws {
    let app = try contactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let addContact = try story.open(AddContactStory.self)
    let module = try Builder.build(in: addContact)
    try PushTransition(from: list, to: module, story: addContact).perform()

    let failures = NavigationErrorGuideTest.closeCollectingFailures(module.router)
    #expect(failures.map { ($0.error as? TransitionError)?.code } == [.notPresented])
    #expect(failures.first?.router == "AddContactRouter")
    #expect(list.navigationContainer?.stack.count == 2, "nothing changed")
  }

  @Test func theLaunchConfigurationReplacesTheSharedHandler() {
    NavigationErrorGuide.configureAtLaunch()
    NavigationErrorHandler.shared = .standard   // what the other tests expect
  }
}
