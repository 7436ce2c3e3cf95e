import Testing
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI

@MainActor
@Suite("A screen built for a preview")
struct ScreenPreviewTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func thePreviewsOverridesReplaceTheAppsRegistrations() throws {
    let preview = ScreenPreview(
      NotesScreenBuilder.self, assemblies: [HeadlessHost().assembly, NotesAssembly()],
      in: [NotesStory.self]
    ) { r in
      r.story(NotesStory.self) { r in
        r.overriding.register(NoteStore.self, lifetime: .story(NotesStory.self)) { _ in
          let store = NoteStore()
          store.notes = ["Preview note"]
          return store
        }
      }
    }
    let screen = try #require(preview.screen, "\(preview.failure ?? "")")
    #expect(preview.failure == nil)
    screen.presenter.screenDidAppear()
    #expect(screen.presenter.notes == ["Preview note"])
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func onePreviewsOverridesDoNotReachAnother() throws {
    func preview(_ overrides: @escaping (Registrar) -> Void) throws -> NotesPresenter {
      let preview = ScreenPreview(
        NotesScreenBuilder.self, assemblies: [HeadlessHost().assembly, NotesAssembly()],
        in: [NotesStory.self], overrides: overrides)
      let presenter = try #require(preview.screen).presenter
      presenter.screenDidAppear()
      return presenter
    }
    let first = try preview { r in
      r.story(NotesStory.self) { r in
        r.overriding.register(NoteStore.self, lifetime: .story(NotesStory.self)) { _ in
          let store = NoteStore()
          store.notes = ["First preview"]
          return store
        }
      }
    }
    let second = try preview { _ in }
    #expect(first.notes == ["First preview"])
    #expect(second.notes == ["Groceries", "Ideas", "Trip"])
    #expect(first !== second)
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aMissingRegistrationIsShownAsItsMessageInsteadOfStoppingThePreview() {
    // The preview forgot the story: the layers registered in NotesStory cannot be resolved.
    let preview = ScreenPreview(
      NotesScreenBuilder.self, assemblies: [HeadlessHost().assembly, NotesAssembly()])
    #expect(preview.screen == nil)
    let failure = preview.failure ?? ""
    #expect(failure.contains("NotesScreen could not be built for this preview"))
    #expect(failure.contains("NotesPresenter"))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aWrongRegistrationInTheOverridesIsShownAsItsMessage() {
    // An override of something the app does not register is refused by the registry.
    let preview = ScreenPreview(
      NotesScreenBuilder.self, assemblies: [HeadlessHost().assembly, NotesAssembly()],
      in: [NotesStory.self]
    ) { r in
      r.overriding.register(String.self, lifetime: .app) { _ in "nothing to override" }
    }
    #expect(preview.screen == nil)
    #expect(preview.failure?.contains("String") == true)
  }
}
