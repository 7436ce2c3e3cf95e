// swift-format-ignore-file
// The post-initialisation hook snippets of docs/Registration.md ("Cycles inside one resolution")
// and docs/MigratingFromSwinject.md ("Cycles inside one graph"), compiled and run.
import Testing
import ViperNest

enum PostInitializationGuide {
  nonisolated final class ContactEditor: Sendable {
    let form: ContactForm
    init(form: ContactForm) { self.form = form }
  }

  nonisolated final class ContactForm: @unchecked Sendable {
    // Only touched by the test's thread.
    weak var editor: ContactEditor?
  }

  struct EditorAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(ContactEditor.self, lifetime: .graph, ContactEditor.init(form:))
      r.register(
        ContactForm.self, lifetime: .graph,
        postInit: [.weak(ContactEditor.self) { form, editor in form.editor = editor }], ContactForm.init)
    }
  }

  nonisolated final class TreeParent: Sendable {
    let child: TreeChild
    init(child: TreeChild) { self.child = child }
  }

  nonisolated final class TreeChild: @unchecked Sendable {
    // Only touched by the test's thread.
    weak var parent: TreeParent?
  }

  struct TreeAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(TreeParent.self, lifetime: .graph, TreeParent.init(child:))
      r.register(
        TreeChild.self, lifetime: .graph,
        postInit: [.weak(TreeParent.self) { child, parent in child.parent = parent }], TreeChild.init)
    }
  }
}

struct PostInitializationSnippetTests {
  typealias Guide = PostInitializationGuide

  @Test func editorFormPointsBackAtItsEditor() throws {
    let registry = try Registry(Guide.EditorAssembly())
    #expect(registry.validate().isValid)
    let app = try registry.start()
    defer { app.close() }
    let editor = try app.resolve(Guide.ContactEditor.self)
    #expect(editor.form.editor === editor)
  }

  @Test func treeChildPointsBackAtItsParent() throws {
    let registry = try Registry(Guide.TreeAssembly())
    #expect(registry.validate().isValid)
    let app = try registry.start()
    defer { app.close() }
    let parent = try app.resolve(Guide.TreeParent.self)
    #expect(parent.child.parent === parent)
    #expect(try app.resolve(Guide.TreeParent.self) !== parent)
  }
}
