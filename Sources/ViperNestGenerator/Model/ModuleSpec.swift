/// The pattern behind a generated module.
package enum ModuleStyle: String, Sendable, CaseIterable {
  /// A view, presenter, interactor and router, built by a `VIPERBuilder`.
  case viper
  /// One view controller that is its own Input and reports to its Output.
  case mvc
  /// A SwiftUI screen (`VIPERScreen`) that owns an `@Observable` presenter, with an interactor
  /// and a router, built by a `ScreenBuilder` (ViperNestSwiftUI).
  case screen
}

/// The UI toolkit a generated module's view is written for.
package enum ViewToolkit: String, Sendable, CaseIterable {
  /// `HeadlessViewController`: runs anywhere, including Linux and tests.
  case headless
  /// `UIViewController`: for iOS apps.
  case uikit
}

/// What to generate: everything the templates need to know.
///
/// ```swift
/// var spec = ModuleSpec(name: try ModuleName(validating: "ContactDetail"))
/// spec.story = "ContactsStory"
/// spec.testedModule = "MyApp"
/// let files = ModuleTemplate(spec).files
/// ```
package struct ModuleSpec: Sendable, Equatable {
  /// The module's name; every type is named after it.
  package var name: ModuleName
  /// VIPER layers, one MVC controller, or a SwiftUI screen with its layers.
  package var style: ModuleStyle
  /// The toolkit of the view.
  package var ui: ViewToolkit
  /// The `UserStory` type the module belongs to: its layers (or, in MVC, its registration) are
  /// registered in it. Nil: at the registry's root.
  package var story: String?
  /// Whether to write the story's declaration (it is not declared in the target yet).
  package var declaresStory: Bool
  /// The Swift module the test imports with `@testable import` (the target the module is written
  /// into). Nil: no test is written.
  package var testedModule: String?

  /// Creates a spec.
  ///
  /// - Parameters:
  ///   - name: The module's name.
  ///   - style: VIPER layers, one MVC controller, or a SwiftUI screen. Default: VIPER.
  ///   - ui: The toolkit of the view. Default: headless. (A SwiftUI screen ignores it: its host
  ///     is the toolkit's.)
  ///   - story: The story the module belongs to. Default: none.
  ///   - declaresStory: Whether to declare the story. Default: no.
  ///   - testedModule: The module the test imports; nil writes no test.
  package init(
    name: ModuleName, style: ModuleStyle = .viper, ui: ViewToolkit = .headless,
    story: String? = nil, declaresStory: Bool = false, testedModule: String? = nil
  ) {
    self.name = name
    self.style = style
    self.ui = ui
    self.story = story
    self.declaresStory = declaresStory
    self.testedModule = testedModule
  }
}
