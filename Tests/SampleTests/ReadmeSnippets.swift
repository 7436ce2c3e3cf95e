// swift-format-ignore-file
// The README's code, compiled and run. `DocumentationTests` checks that every ```swift block of the
// README appears here verbatim, so the README cannot drift from code that compiles.
import Foundation
import Testing
import ViperNest
import ViperNestHeadless
import ViperNestTesting

@testable import ContactsSample

/// The README's first look. The module's layers (AddContactBuilder, AddContactPresenter, ...) are
/// the Contacts sample's (Samples/Contacts/App/AddContact/AddContactModule.swift).
@MainActor
enum Readme {
  struct AddContactAssembly: Assembly {
    func assemble(_ r: Registrar) {
      // Routers resolve the module by its typed Input/Output, never by its classes. It runs in
      // AddContactStory, where validate() checks its layers before anything runs.
      r.register(AddContactModule.self, builder: AddContactBuilder.self, in: AddContactStory.self) {
        $0.module(input: { $0 }, output: { $0.output = $1 })
      }
      // Its layers, and a draft shared by the flow, exist only inside AddContactStory.
      r.story(AddContactStory.self, in: ContactsStory.self) { r in
        r.register(ContactDraft.self, lifetime: .story(AddContactStory.self), ContactDraft.init)
        r.register(AddContactPresenter.self, mainActor: AddContactPresenter.init)
        r.register(AddContactInteractor.self, mainActor: AddContactInteractor.init(draft:))
        r.register(AddContactRouter.self, mainActor: AddContactRouter.init)
      }
    }
  }

  final class ContactListRouter: VIPERRouter {
    let links = RouterLinks()

    func showAddContact(output: any AddContactOutput) throws {
      let (story, module) = try resolver.open(AddContactStory.self) {
        try $0.resolve(AddContactModule.self)
      }
      module.output = output  // held weakly
      try present(module, embedIn: .navigationController, story: story)  // dismissal closes the story
    }
  }
}

@MainActor
struct ReadmeSnippetTests {
  typealias AddContactAssembly = Readme.AddContactAssembly

  @MainActor @Test(.detectsLeaks) func addContactIsReleasedAfterDismissal() throws {
    let host = HeadlessHost()
    let app = try Registry(host.assembly, AddContactAssembly()).start()
    let contacts = try app.open(ContactsStory.self)
    let window = host.makeWindow()  // UIKit presents only from a controller in a window
    let list = HeadlessViewController(host: host)
    try window.setRootController(list)
    let (story, module) = try contacts.open(AddContactStory.self) {
      try $0.resolve(AddContactModule.self)
    }
    let transition = PresentTransition(from: list, to: module, story: story)
    try transition.perform()
    try transition.reverse()  // AddContactStory closes; .detectsLeaks checks that all of it went
    app.close()  // closes Contacts too
  }

  // Uses package API: not in the default-isolation client.
  #if !VIPERNEST_DEFAULT_ISOLATION_CLIENT
  @Test func theReadmeLeakTestPrintsNoWarning() throws {
    // The snippet's own code path, with every diagnostic it reports (what it would print) kept.
    let diagnostics = Messages()
    try Diagnostic.observing({ diagnostic in diagnostics.append(diagnostic.message) }) {
      try addContactIsReleasedAfterDismissal()
    }
    #expect(diagnostics.all.filter { $0.contains("released without close()") } == [])
  }
  #endif

  @Test func readmeAssemblyIsValid() throws {
    let registry = try Registry(HeadlessHost().assembly, AddContactAssembly())
    #expect(registry.validate().isValid)
  }
}

// Only the test above uses it: not in the default-isolation client.
#if !VIPERNEST_DEFAULT_ISOLATION_CLIENT
/// Messages collected from any thread.
final class Messages: @unchecked Sendable {
  // Invariant: `messages` is only touched while holding `lock`.
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}
#endif
