import Testing
import ViperNest
import ViperNestHeadless
import ViperNestSwiftUI

/// A preview is quiet: it closes the stories it opened when its last copy goes, and its
/// registry's diagnostics go to the preview, not to standard error.
@MainActor
struct ScreenPreviewLifetimeTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test func aPreviewClosesItsStoriesWhenItGoesAndReportsNothing() throws {
    struct WeakStore { weak var store: NoteStore? }
    let watch = Protected(WeakStore())  // the factory may run on any thread
    var preview: ScreenPreview<NotesScreen>? = ScreenPreview(
      NotesScreenBuilder.self, assemblies: [HeadlessHost().assembly, NotesAssembly()],
      in: [NotesStory.self]
    ) { r in
      r.story(NotesStory.self) { r in
        r.overriding.register(NoteStore.self, lifetime: .story(NotesStory.self)) { _ in
          let store = NoteStore()
          watch.withLock { $0.store = store }
          return store
        }
      }
    }
    #expect(preview?.screen != nil, "\(preview?.failure ?? "")")
    #expect(
      watch.withLock { $0.store } != nil, "the story-scoped store lives while the preview does")
    var copy = preview  // SwiftUI copies view values
    preview = nil
    #expect(watch.withLock { $0.store } != nil, "a copy keeps the stories open")
    #expect(copy?.diagnostics.isEmpty == true)
    // A story released without close() would report it (to this task's observer too).
    let reported = Protected<[String]>([])
    let observer: @Sendable (Diagnostic) -> Void = { diagnostic in
      reported.withLock { $0.append("\(diagnostic)") }
    }
    Diagnostic.observing(observer) { copy = nil }
    #expect(reported.withLock { $0 }.isEmpty, "the preview closed its stories itself")
    #expect(
      watch.withLock { $0.store } == nil,
      "the last copy closed NotesStory, which released its store")
  }
}
