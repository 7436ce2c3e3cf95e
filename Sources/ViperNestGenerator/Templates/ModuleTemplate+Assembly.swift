// A module's assembly: the module registered by its type (what routers resolve) with its builder
// and story, and its layers.

extension ModuleTemplate {
  var assembly: String {
    let n = names
    let summary: String
    let body: String
    switch spec.style {
    case .viper, .screen:
      // A module registration: validation checks the layers in the story the module runs in.
      let head = SourceLayout.wrapped(
        "r.register(",
        ["\(n.module).self", "builder: \(n.builder).self", "in: \(spec.story ?? "AppStory").self"],
        ") {", indent: 4)
      let registration =
        head + "\n      $0.module(input: { $0 }, output: { $0.output = $1 })\n    }"
      summary =
        "/// Registers the \(n.name) module: `\(n.module)` by its type, which routers resolve, with\n"
        + (spec.story.map {
          "/// its builder and its layers in `\($0)`, the story the module runs in, where\n"
            + "/// `validate()` checks them."
        }
          ?? "/// its builder and its layers, at the root, where `validate()` checks them.")
      body = registration + "\n" + inStory(layerRegistrations(indent:))
    case .mvc:
      let create =
        spec.ui == .uikit
        ? "let controller = \(n.viewController)()"
        : "let controller = \(n.viewController)(host: try r.resolve())"
      let registration = """
        r.register(
          \(n.module).self,
          mainActor: { r in
            \(create)
            return Module(view: controller, input: controller) { [weak controller] output in
              controller?.output = output
            }
          })
        """
      summary =
        "/// Registers the \(n.name) module, one view controller, by its type (`\(n.module)`),\n"
        + (spec.story.map {
          "/// which routers resolve, in `\($0)`, the story the module is built in."
        }
          ?? "/// which routers resolve.")
      body = inStory { _ in registration }
    }
    // The UIKit controller's initializer is UIKit's: with MemberImportVisibility, calling it needs
    // UIKit imported here.
    let imports = spec.style == .mvc && spec.ui == .uikit ? "import UIKit\n" : ""
    let swiftUI = spec.style == .screen ? "\nimport ViperNestSwiftUI" : ""
    let available = spec.style == .screen ? "\n" + Self.screenAvailability : ""
    return """
      \(imports)import ViperNest\(swiftUI)

      \(summary)
      ///
      /// Install it with your other assemblies: `try Registry(AppAssembly(), \(n.assembly)())`.\(available)
      \(head("struct \(n.assembly)", "Assembly"))
        func assemble(_ r: Registrar) {
      \(body)
        }
      }

      """
  }

  /// The layers, registered with `mainActor:` (they are main-actor classes) and the default
  /// transient lifetime (each module gets its own), for lines indented by `indent`.
  private func layerRegistrations(indent: Int) -> String {
    [names.presenter, names.interactor, names.router]
      .map {
        SourceLayout.wrapped(
          "r.register(", ["\($0).self", "mainActor: \($0).init"], ")", indent: indent,
          closeOnLastLine: true)
      }
      .joined(separator: "\n")
      .split(separator: "\n").map { $0.dropFirst(indent) }.joined(separator: "\n")
  }

  /// The registrations `body` returns for a given indentation, inside `r.story(…) { r in … }` when
  /// the module belongs to a story, indented for the body of `assemble(_:)`.
  private func inStory(_ body: (_ indent: Int) -> String) -> String {
    guard let story = spec.story else { return indented(body(4), by: 4) }
    return "    r.story(\(story).self) { r in\n" + indented(body(6), by: 6) + "\n    }"
  }

  private func indented(_ text: String, by indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : pad + $0 }
      .joined(separator: "\n")
  }
}
