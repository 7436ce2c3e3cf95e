import Testing

@testable import ViperNestGenerator

struct ModuleTemplateTests {
  private func spec(
    _ name: String = "ContactDetail", style: ModuleStyle = .viper, ui: ViewToolkit = .headless,
    story: String? = "ContactsStory", declaresStory: Bool = false,
    testedModule: String? = "MyApp"
  ) throws -> ModuleSpec {
    ModuleSpec(
      name: try moduleName(name), style: style, ui: ui, story: story,
      declaresStory: declaresStory, testedModule: testedModule)
  }

  // MARK: - Files

  @Test func aVIPERModuleIsWrittenInItsOwnFolderWithItsTest() throws {
    let files = ModuleTemplate(try spec()).files
    #expect(
      files.map(\.path) == [
        "ContactDetail/ContactDetailModule.swift", "ContactDetail/ContactDetailContracts.swift",
        "ContactDetail/ContactDetailView.swift", "ContactDetail/ContactDetailPresenter.swift",
        "ContactDetail/ContactDetailInteractor.swift", "ContactDetail/ContactDetailRouter.swift",
        "ContactDetail/ContactDetailBuilder.swift", "ContactDetail/ContactDetailAssembly.swift",
        "ContactDetailModuleTests.swift",
      ])
    #expect(files.map(\.location) == Array(repeating: .sources, count: 8) + [.tests])
  }

  @Test func anMVCModuleIsOneControllerAndItsAssembly() throws {
    let files = ModuleTemplate(try spec("About", style: .mvc)).files
    #expect(
      files.map(\.path) == [
        "About/AboutModule.swift", "About/AboutViewController.swift", "About/AboutAssembly.swift",
        "AboutModuleTests.swift",
      ])
  }

  @Test func aSwiftUIScreenModuleIsWrittenInItsOwnFolderWithItsTest() throws {
    let files = ModuleTemplate(try spec("NoteCard", style: .screen)).files
    #expect(
      files.map(\.path) == [
        "NoteCard/NoteCardModule.swift", "NoteCard/NoteCardContracts.swift",
        "NoteCard/NoteCardScreen.swift", "NoteCard/NoteCardPresenter.swift",
        "NoteCard/NoteCardInteractor.swift", "NoteCard/NoteCardRouter.swift",
        "NoteCard/NoteCardBuilder.swift", "NoteCard/NoteCardAssembly.swift",
        "NoteCardModuleTests.swift",
      ])
    #expect(files.map(\.location) == Array(repeating: .sources, count: 8) + [.tests])
  }

  @Test func theStoryIsDeclaredOnlyWhenAsked() throws {
    let declared = ModuleTemplate(try spec(declaresStory: true)).files
    let story = try #require(declared.first { $0.path == "ContactDetail/ContactsStory.swift" })
    #expect(story.contents.contains("enum ContactsStory: UserStory {}"))
    #expect(!ModuleTemplate(try spec()).files.contains { $0.fileName == "ContactsStory.swift" })
  }

  @Test func noTestIsWrittenWithoutATestedModule() throws {
    let files = ModuleTemplate(try spec(testedModule: nil)).files
    #expect(files.allSatisfy { $0.location == .sources })
  }

  @Test func declaredTypesAreTheTypesTheSourcesDeclare() throws {
    let viper = ModuleTemplate(try spec())
    #expect(
      viper.declaredTypes == [
        "ContactDetailInput", "ContactDetailOutput", "ContactDetailModule",
        "ContactDetailViewProtocol", "ContactDetailViewOutput", "ContactDetailInteractorProtocol",
        "ContactDetailInteractorOutput", "ContactDetailRouterProtocol", "ContactDetailView",
        "ContactDetailPresenter", "ContactDetailInteractor", "ContactDetailRouter",
        "ContactDetailBuilder", "ContactDetailAssembly",
      ])
    let sources = viper.files.filter { $0.location == .sources }.map(\.contents)
      .joined(separator: "\n")
    for type in viper.declaredTypes {
      let declarations = ["protocol", "class", "struct", "typealias"].filter {
        sources.contains("\($0) \(type):") || sources.contains("\($0) \(type) =")
      }
      #expect(declarations.count == 1, "\(type) is declared \(declarations.count) times")
    }
    #expect(viper.declaredTestTypes == ["ContactDetailModuleTests"])

    let screen = ModuleTemplate(try spec("NoteCard", style: .screen))
    #expect(
      screen.declaredTypes == [
        "NoteCardInput", "NoteCardOutput", "NoteCardModule", "NoteCardInteractorProtocol",
        "NoteCardInteractorOutput", "NoteCardRouterProtocol", "NoteCardScreen",
        "NoteCardPresenter", "NoteCardInteractor", "NoteCardRouter", "NoteCardBuilder",
        "NoteCardAssembly",
      ])
    let screenSources = screen.files.filter { $0.location == .sources }.map(\.contents)
      .joined(separator: "\n")
    for type in screen.declaredTypes {
      let declarations = ["protocol", "class", "struct", "typealias"].filter {
        screenSources.contains("\($0) \(type):") || screenSources.contains("\($0) \(type) =")
      }
      #expect(declarations.count == 1, "\(type) is declared \(declarations.count) times")
    }
  }

  // MARK: - Contracts and ownership

  @Test func callersSeeTheModuleThroughItsInputAndOutput() throws {
    let module = try #require(generatedFiles(try spec())["ContactDetailModule.swift"])
    #expect(module.contains("@MainActor\nprotocol ContactDetailInput: AnyObject {"))
    #expect(module.contains("@MainActor\nprotocol ContactDetailOutput: AnyObject {"))
    #expect(module.contains("func contactDetailDidFinish()"))
    #expect(
      module.contains(
        "typealias ContactDetailModule = Module<any ContactDetailInput, any ContactDetailOutput>"))
    let contracts = try #require(generatedFiles(try spec())["ContactDetailContracts.swift"])
    for contract in ["ViewProtocol", "ViewOutput", "InteractorProtocol", "InteractorOutput"] {
      #expect(contracts.contains("@MainActor\nprotocol ContactDetail\(contract): AnyObject {"))
    }
    #expect(contracts.contains("protocol ContactDetailRouterProtocol: AnyObject {"))
  }

  @Test func backLinksAreWeakAndForwardLinksStrongByConstruction() throws {
    let files = generatedFiles(try spec())
    let view = try #require(files["ContactDetailView.swift"])
    let presenter = try #require(files["ContactDetailPresenter.swift"])
    let interactor = try #require(files["ContactDetailInteractor.swift"])
    let router = try #require(files["ContactDetailRouter.swift"])
    // The links objects hold view → presenter strongly, presenter → view weakly, presenter →
    // interactor and router strongly, interactor → presenter and router → view weakly.
    #expect(view.contains("let links = ViewLinks<any ContactDetailViewOutput>()"))
    #expect(
      presenter.contains(
        """
          let links = PresenterLinks<
            any ContactDetailViewProtocol, any ContactDetailInteractorProtocol,
            any ContactDetailRouterProtocol
          >()
        """))
    #expect(interactor.contains("let links = InteractorLinks<any ContactDetailInteractorOutput>()"))
    #expect(router.contains("let links = RouterLinks()"))
    // The module's output is the caller's: held weakly.
    #expect(presenter.contains("@Weak var output: (any ContactDetailOutput)?"))
    // No layer keeps a reference of its own to a neighbour.
    for layer in [view, presenter, interactor, router] {
      for neighbour in ["view", "presenter", "interactor", "router", "viewController"] {
        #expect(!layer.contains("var \(neighbour):"), "a layer declares var \(neighbour)")
      }
    }
  }

  @Test func theViewIsHeadlessOrUIKit() throws {
    let headless = try #require(generatedFiles(try spec())["ContactDetailView.swift"])
    #expect(headless.contains("import ViperNestHeadless"))
    #expect(
      headless.contains("final class ContactDetailView: HeadlessViewController, VIPERView {"))
    let uikit = try #require(generatedFiles(try spec(ui: .uikit))["ContactDetailView.swift"])
    #expect(uikit.hasPrefix("import UIKit\nimport ViperNest\nimport ViperNestUIKit\n"))
    #expect(uikit.contains("final class ContactDetailView: UIViewController, VIPERView {"))
    #expect(uikit.contains("super.viewDidLoad()\n    presenter.viewDidLoad()"))
  }

  @Test func theMVCControllerIsItsOwnInputAndHoldsItsOutputWeakly() throws {
    let files = generatedFiles(try spec("About", style: .mvc))
    let controller = try #require(files["AboutViewController.swift"])
    #expect(controller.contains("final class AboutViewController: HeadlessViewController {"))
    #expect(controller.contains("@Weak var output: (any AboutOutput)?"))
    #expect(controller.contains("extension AboutViewController: AboutInput {"))
    #expect(files["AboutPresenter.swift"] == nil)
    let uikit = try #require(
      generatedFiles(try spec("About", style: .mvc, ui: .uikit))["AboutViewController.swift"])
    #expect(uikit.contains("final class AboutViewController: UIViewController {"))
  }

  @Test func theScreenOwnsAnObservablePresenterWhoseLinksNameNoView() throws {
    let files = generatedFiles(try spec("NoteCard", style: .screen))
    let screen = try #require(files["NoteCardScreen.swift"])
    let presenter = try #require(files["NoteCardPresenter.swift"])
    let available = "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\n"
    #expect(screen.contains(available + "struct NoteCardScreen: VIPERScreen {"))
    #expect(screen.contains("  let presenter: NoteCardPresenter\n"))
    #expect(!screen.contains("@State var") && !screen.contains("@State private"))
    // SwiftUI's part compiles only where SwiftUI is, so the module builds and runs on Linux.
    let swiftUI = try #require(screen.firstRange(of: "#if canImport(SwiftUI)\n  " + available))
    let view = try #require(screen.firstRange(of: "extension NoteCardScreen: View {"))
    #expect(swiftUI.upperBound <= view.lowerBound)
    #expect(screen.contains("    var body: some View {"))
    #expect(screen.hasSuffix("#endif\n"))
    #expect(screen.contains("#if canImport(SwiftUI)\n  import SwiftUI\n#endif"))

    #expect(presenter.hasPrefix("import Observation\nimport ViperNest\n"))
    #expect(
      presenter.contains(
        available + "@Observable\n"
          + "final class NoteCardPresenter: VIPERPresenter, NoteCardInput, NoteCardInteractorOutput {"
      ))
    #expect(
      presenter.contains(
        """
          @ObservationIgnored let links = PresenterLinks<
            NoView, any NoteCardInteractorProtocol, any NoteCardRouterProtocol
          >()
        """))
    #expect(presenter.contains("@ObservationIgnored weak var output: (any NoteCardOutput)?"))
    let contracts = try #require(files["NoteCardContracts.swift"])
    #expect(!contracts.contains("ViewProtocol") && !contracts.contains("ViewOutput"))
    let builder = try #require(files["NoteCardBuilder.swift"])
    #expect(
      builder.contains(
        available + "typealias NoteCardBuilder = ScreenBuilder<\n"
          + "  NoteCardScreen, NoteCardPresenter, NoteCardInteractor, NoteCardRouter\n>"))
    #expect(builder.hasPrefix("import ViperNestSwiftUI\n"))
  }

  // MARK: - Assembly

  @Test func theScreenAssemblyRegistersTheModuleWithItsScreenBuilder() throws {
    let assembly = try #require(
      generatedFiles(try spec("NoteCard", style: .screen))["NoteCardAssembly.swift"])
    #expect(assembly.hasPrefix("import ViperNest\nimport ViperNestSwiftUI\n"))
    #expect(
      assembly.contains(
        """
        @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
        struct NoteCardAssembly: Assembly {
          func assemble(_ r: Registrar) {
            r.register(NoteCardModule.self, builder: NoteCardBuilder.self, in: ContactsStory.self) {
              $0.module(input: { $0 }, output: { $0.output = $1 })
            }
            r.story(ContactsStory.self) { r in
              r.register(NoteCardPresenter.self, mainActor: NoteCardPresenter.init)
        """))
  }

  @Test func theAssemblyRegistersTheModuleWithItsBuilderAndStoryAndTheLayersInTheStory() throws {
    let assembly = try #require(generatedFiles(try spec())["ContactDetailAssembly.swift"])
    #expect(
      assembly.contains(
        """
            r.register(
              ContactDetailModule.self, builder: ContactDetailBuilder.self, in: ContactsStory.self
            ) {
              $0.module(input: { $0 }, output: { $0.output = $1 })
            }
            r.story(ContactsStory.self) { r in
              r.register(ContactDetailPresenter.self, mainActor: ContactDetailPresenter.init)
              r.register(ContactDetailInteractor.self, mainActor: ContactDetailInteractor.init)
              r.register(ContactDetailRouter.self, mainActor: ContactDetailRouter.init)
            }
        """))
  }

  @Test func withoutAStoryTheLayersAreRegisteredAtTheRoot() throws {
    let assembly = try #require(
      generatedFiles(try spec(story: nil))["ContactDetailAssembly.swift"])
    #expect(!assembly.contains("r.story("))
    #expect(
      assembly.contains(
        "\n    r.register(ContactDetailPresenter.self, mainActor: ContactDetailPresenter.init)\n"))
    #expect(assembly.contains("builder: ContactDetailBuilder.self, in: AppStory.self"))
  }

  @Test func theMVCAssemblyWiresTheOutputToTheControllerWeakly() throws {
    let assembly = try #require(
      generatedFiles(try spec("About", style: .mvc))["AboutAssembly.swift"])
    #expect(assembly.contains("let controller = AboutViewController(host: try r.resolve())"))
    #expect(assembly.contains("{ [weak controller] output in"))
    #expect(assembly.contains("r.story(ContactsStory.self) { r in\n      r.register(\n"))
    let uikit = try #require(
      generatedFiles(try spec("About", style: .mvc, ui: .uikit))["AboutAssembly.swift"])
    #expect(uikit.hasPrefix("import UIKit\nimport ViperNest\n"))
    #expect(uikit.contains("let controller = AboutViewController()"))
  }

  // MARK: - Test

  @Test func theTestShowsHidesAndChecksForLeaks() throws {
    let test = try #require(generatedFiles(try spec())["ContactDetailModuleTests.swift"])
    #expect(
      test.hasPrefix(
        """
        import Testing
        import ViperNest
        import ViperNestHeadless
        import ViperNestTesting

        @testable import MyApp

        """))
    #expect(test.contains("@Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput()"))
    #expect(test.contains("let story = try harness.app.open(ContactsStory.self)"))
    #expect(test.contains("let module = try story.resolve(ContactDetailModule.self)"))
    #expect(test.contains("try PresentTransition(from: harness.root, to: module).perform()"))
    #expect(test.contains("try await expectReleased {"))
    #expect(test.contains("try transition.reverse()"))
    #expect(test.contains("expectVIPEROwnership("))
    #expect(test.contains("expectValid(try Registry(ContactDetailAssembly()))"))
  }

  @Test func aUIKitModuleIsTestedWithAHeadlessStandInForItsView() throws {
    let test = try #require(
      generatedFiles(try spec(ui: .uikit))["ContactDetailModuleTests.swift"])
    #expect(
      test.contains(
        "private final class HeadlessContactDetailView: HeadlessViewController, VIPERView {"))
    #expect(test.contains("extension HeadlessContactDetailView: ContactDetailViewProtocol {"))
    #expect(test.contains("let module = try HeadlessContactDetailBuilder.build(in: story)"))
    let mvc = try #require(
      generatedFiles(try spec("About", style: .mvc, ui: .uikit))["AboutModuleTests.swift"])
    #expect(mvc.contains("import UIKit"))
    #expect(!mvc.contains("HeadlessHost"))
    #expect(mvc.contains("controller.loadViewIfNeeded()"))
  }

  @Test func theScreenTestHostsItHeadlessLetsTheUserDismissItAndChecksForLeaks() throws {
    let test = try #require(
      generatedFiles(try spec("NoteCard", style: .screen))["NoteCardModuleTests.swift"])
    #expect(
      test.hasPrefix(
        """
        import Testing
        import ViperNest
        import ViperNestHeadless
        import ViperNestSwiftUI
        import ViperNestTesting

        @testable import MyApp

        """))
    #expect(test.contains("expectValid(try Registry(HeadlessHost().assembly, NoteCardAssembly()))"))
    #expect(test.contains("@Test(.detectsLeaks) func showsItsInputAndReportsDoneToItsOutput()"))
    #expect(test.contains("let module = try story.resolve(NoteCardModule.self)"))
    #expect(
      test.contains("let host = try #require(module.view as? HeadlessScreenHostingController)"))
    #expect(test.contains("let screen = try #require(host.screen as? NoteCardScreen)"))
    #expect(test.contains("let module = try NoteCardBuilder.build(in: story)"))
    #expect(test.contains("#expect(try harness.host.swipeDown(host)"))
    #expect(test.contains("try await expectReleased {"))
    let available = "  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\n  @Test"
    #expect(test.ranges(of: available).count == 3, "every test is marked")
    #expect(
      test.contains(
        "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\n@MainActor\n"
          + "private struct NoteCardHarness {"))
  }

  // MARK: - Layout

  @Test func longListsWrapAsSwiftFormatWraps() {
    #expect(SourceLayout.wrapped("f(", ["a", "b"], ")", indent: 2) == "  f(a, b)")
    let long = Array(repeating: String(repeating: "x", count: 30), count: 4)
    #expect(
      SourceLayout.wrapped("let x = T<", long, ">()", indent: 2)
        == "  let x = T<\n    \(long[0]), \(long[1]), \(long[2]),\n    \(long[3])\n  >()")
    #expect(
      SourceLayout.wrapped("f(", long, ")", indent: 0, closeOnLastLine: true)
        == "f(\n  \(long[0]), \(long[1]), \(long[2]),\n  \(long[3]))")
  }

  @Test func longDeclarationHeadsBreakAsSwiftFormatBreaksThem() {
    #expect(SourceLayout.declaration("extension A", ["B"]) == "extension A: B {")
    let name = String(repeating: "N", count: 44)
    #expect(
      SourceLayout.declaration("extension \(name)", [name])
        == "extension \(name): \(name)\n{")
    let longer = String(repeating: "N", count: 50)
    #expect(
      SourceLayout.declaration(
        "private final class \(longer)", ["HeadlessViewController", "VIPERView"])
        == "private final class \(longer): HeadlessViewController,\n  VIPERView\n{")
  }
}
