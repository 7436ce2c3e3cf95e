/// The text `generate-module --help` prints.
package enum GeneratorUsage {
  /// The command users type.
  package static let command =
    "swift package --allow-writing-to-package-directory generate-module"

  /// The usage text.
  package static let text = """
    OVERVIEW: Writes a ViperNest module: its Input, Output and Module type, the VIPER contracts
    and layers (or one MVC view controller, or a SwiftUI screen and its layers), a builder, an
    assembly that registers it by its type, and a test that shows it, hides it and checks that
    it leaks nothing.

    USAGE: \(command) <Name> [options]

    ARGUMENTS:
      <Name>                  The module's name, UpperCamelCase (ContactDetail). Its types are
                              named after it: ContactDetailView, ContactDetailPresenter...

    OPTIONS:
      --in <directory>        Where to write the module's folder, <directory>/<Name>/: a folder
                              of the target it belongs to (Sources/MyApp, Sources/MyApp/Contacts).
      --target <target>       Write the folder into this target's directory instead.
                              With neither, the package's only non-test target is used.
      --tests-in <directory>  Where to write <Name>ModuleTests.swift. Default: the directory of
                              the test target that depends on the module's target, if any.
      --no-tests              Write no test.
      --mvc                   One view controller behind the same Input and Output, instead of
                              a view, presenter, interactor and router.
      --story <Story>         The UserStory the module belongs to: its layers are registered in
                              that story and the test builds it there. If the target does not
                              declare the story yet, it is declared next to the module.
      --ui <headless|uikit>   The view's base class: HeadlessViewController (runs anywhere:
                              Linux, tests, command-line apps) or UIViewController (iOS).
                              Default: uikit when the target depends on ViperNestUIKit,
                              headless otherwise.
      --view swiftui          A SwiftUI screen (VIPERScreen) that owns an @Observable
                              presenter, with an interactor and a router, built by a
                              ScreenBuilder (ViperNestSwiftUI; iOS 17, macOS 14). Hosted by a
                              UIHostingController in an app, by the headless host in tests.
                              Not with --mvc or --ui.
      --target-module <module>
                              The Swift module the files belong to, which the test imports
                              with @testable. Default: the target's module (without the
                              plugin: the folder after Sources/).
      --dry-run               Print what would be written; write nothing.
      -h, --help              Show this help.

    Nothing is ever overwritten: if any file of the module exists, nothing is written.

    EXAMPLES:
      \(command) ContactDetail --in Sources/MyApp
      \(command) AddContact --in Sources/MyApp/Contacts \\
        --story AddContactStory --tests-in Tests/MyAppTests
      \(command) About --mvc --ui uikit --target MyApp
      \(command) NoteCard --view swiftui --in Sources/MyApp

    """
}
