import Dispatch
import Testing
import ViperNest

@MainActor final class ScreenView {
  let presenter: any ContactListPresenting
  init(presenter: any ContactListPresenting) { self.presenter = presenter }
}

@MainActor final class TitleLabel {
  let text: String
  init(text: String) { self.text = text }
}

struct MainActorTests {
  @MainActor @Test func mainActorFactoriesResolveFromMainActorCode() throws {
    let app = try start { r in
      registerContacts(r)
      r.register(ScreenView.self, mainActor: ScreenView.init(presenter:))
      r.register(
        TitleLabel.self, arguments: String.self, mainActor: { _, text in TitleLabel(text: text) })
      r.register(String.self, name: "title", mainActor: { _ in "Contacts" })
    }
    let contacts = try app.open(ContactsStory.self)
    let view = try contacts.resolve(ScreenView.self)
    #expect(view.presenter is ContactListPresenter)
    #expect(try contacts.resolve(TitleLabel.self, arguments: "Hi").text == "Hi")
    #expect(try contacts.resolve(String.self, name: "title") == "Contacts")
    contacts.close()
  }

  @Test func servicesStayResolvableOffTheMainActor() async throws {
    let app = try start(registerContacts)
    let contacts = try app.open(ContactsStory.self)
    let identifiers = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<16 {
        group.addTask {
          ObjectIdentifier(try contacts.resolve((any ContactStore).self))
        }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identifiers.count == 1)
    contacts.close()
  }

  @Test func mainActorFactoryResolvedOffTheMainThreadIsAClearError() async throws {
    let app = try start { r in
      registerContacts(r)
      r.register(ScreenView.self, mainActor: ScreenView.init(presenter:))
    }
    let contacts = try app.open(ContactsStory.self)
    // Handed back through a lock (not a continuation): ThreadSanitizer sees the hand-off.
    let outcome = Locked<ViperNestError?>(nil)
    let done = Signal()
    DispatchQueue.global().async {
      do {
        _ = try contacts.resolve(ScreenView.self)
      } catch {
        outcome.withLock { $0 = error as? ViperNestError }
      }
      done.fire()
    }
    try #require(done.wait(seconds: 60), "the background resolution finished")
    let thrown = try #require(outcome.current)
    #expect(thrown.code == .mainActorRequired)
    #expect(
      thrown.description.contains(
        "ScreenView has a @MainActor factory but was resolved off the main thread"))
    contacts.close()
  }
}
