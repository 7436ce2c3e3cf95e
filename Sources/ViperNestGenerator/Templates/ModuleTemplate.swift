/// The files of a module, rendered from a ``ModuleSpec``.
///
/// VIPER (the default) writes, in the module's own folder: `<Name>Module.swift` (its Input, Output
/// and `Module` type), `<Name>Contracts.swift` (the five contracts), the view, presenter,
/// interactor, router and builder, and `<Name>Assembly.swift`. MVC writes `<Name>Module.swift`, one
/// `<Name>ViewController.swift` and the assembly. A SwiftUI screen module writes the module file,
/// its interactor and router contracts, `<Name>Screen.swift` (a `VIPERScreen`), an `@Observable`
/// presenter, the interactor, router, a `ScreenBuilder` and the assembly. All add the story's
/// declaration when asked, and `<Name>ModuleTests.swift` in the tests directory when a tested
/// module is given.
///
/// ```swift
/// let files = ModuleTemplate(spec).files
/// ```
package struct ModuleTemplate: Sendable {
  /// What to render.
  package let spec: ModuleSpec
  let names: ModuleTypeNames

  /// Creates the template for `spec`.
  ///
  /// - Parameter spec: What to render.
  package init(_ spec: ModuleSpec) {
    self.spec = spec
    names = ModuleTypeNames(spec.name)
  }

  /// Every file of the module, sources first, then the test.
  package var files: [GeneratedFile] {
    var files = [source(names.module, moduleInterface)]
    switch spec.style {
    case .viper:
      files += [
        source(names.name + "Contracts", contracts),
        source(names.view, spec.ui == .uikit ? uikitView : headlessView),
        source(names.presenter, presenter),
        source(names.interactor, interactor),
        source(names.router, router),
        source(names.builder, builder),
      ]
    case .mvc:
      files.append(
        source(names.viewController, spec.ui == .uikit ? uikitController : headlessController))
    case .screen:
      files += [
        source(names.name + "Contracts", screenContracts),
        source(names.screen, screen),
        source(names.presenter, screenPresenter),
        source(names.interactor, interactor),
        source(names.router, router),
        source(names.builder, screenBuilder),
      ]
    }
    files.append(source(names.assembly, assembly))
    if let story = spec.story, spec.declaresStory {
      files.append(source(story, storyDeclaration(story)))
    }
    if let testedModule = spec.testedModule {
      files.append(
        GeneratedFile(
          location: .tests, path: names.tests + ".swift", contents: tests(importing: testedModule)))
    }
    return files
  }

  /// The top-level types the module's sources declare (not its test's), to check that the target
  /// declares none of them yet.
  package var declaredTypes: [String] {
    var types = [names.input, names.output, names.module]
    switch spec.style {
    case .viper:
      types += [
        names.viewProtocol, names.viewOutput, names.interactorProtocol, names.interactorOutput,
        names.routerProtocol, names.view, names.presenter, names.interactor, names.router,
        names.builder,
      ]
    case .mvc:
      types.append(names.viewController)
    case .screen:
      types += [
        names.interactorProtocol, names.interactorOutput, names.routerProtocol, names.screen,
        names.presenter, names.interactor, names.router, names.builder,
      ]
    }
    types.append(names.assembly)
    return types
  }

  /// The test's type names, to check against the test target.
  package var declaredTestTypes: [String] {
    spec.testedModule == nil ? [] : [names.tests]
  }

  /// The availability of what ViperNestSwiftUI declares (Observation's).
  static let screenAvailability = "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)"

  /// A type's or extension's head through its brace, laid out as swift-format does.
  func head(_ declaration: String, _ inherits: String...) -> String {
    SourceLayout.declaration(declaration, inherits)
  }

  private func source(_ type: String, _ contents: String) -> GeneratedFile {
    GeneratedFile(location: .sources, path: "\(names.name)/\(type).swift", contents: contents)
  }
}
