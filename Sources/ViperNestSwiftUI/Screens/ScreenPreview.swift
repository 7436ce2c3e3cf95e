public import ViperNest

/// A screen built for a SwiftUI preview: from the app's assemblies and the preview's overrides, in a
/// registry of its own, so that no two previews share an instance. A build that fails (a missing
/// registration, layers that do not fit) is kept as its message, which the preview shows in the
/// canvas instead of stopping the preview process.
///
/// ```swift
/// #Preview {
///   ScreenPreview(
///     NotesScreenBuilder.self, assemblies: [NotesAssembly()], in: [NotesStory.self]
///   ) { r in
///     r.story(NotesStory.self) { r in
///       r.overriding.register(NoteStore.self, lifetime: .story(NotesStory.self)) { _ in
///         NoteStore(notes: ["Preview note"])
///       }
///     }
///   }
/// }
/// ```
///
/// The stories the screen runs in are opened, outermost first, from the registry's app story, stay
/// open for as long as the preview lives, and are closed, innermost first, when it goes. The
/// registry's diagnostics go to ``diagnostics`` (and the failure view), not to standard error. On Apple platforms the screen is hosted as the
/// builder hosts it in the app (in a `UIHostingController` on iOS), and the preview shows the
/// screen itself; elsewhere the assemblies must include a toolkit that hosts screens (the headless
/// host's), or the preview shows that failure.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public struct ScreenPreview<Screen: VIPERScreen> {
  /// The built screen, wired to its presenter; nil when the build failed.
  public let screen: Screen?
  /// What went wrong and how to fix it, as the preview shows it; nil when the build succeeded.
  public let failure: String?
  /// The stories the screen runs in and its host, kept for as long as the preview lives.
  private let stories: PreviewStories
  /// The built module's host, whose links forward the screen's appearance.
  let host: (any ViewControlling)?
  private let reported: Protected<[Diagnostic]>

  /// What the preview's registry reported (a story released without `close()`, say), oldest
  /// first. The preview shows them with its failure; nothing goes to standard error.
  public var diagnostics: [Diagnostic] { reported.withLock { $0 } }

  /// Builds `builder`'s screen in a registry of its own: `assemblies`, then `overrides`.
  ///
  /// - Parameters:
  ///   - builder: The screen's builder.
  ///   - assemblies: The app's assemblies the screen needs.
  ///   - stories: The stories the screen runs in, outermost first (none: the app story).
  ///   - overrides: The preview's registrations, usually `r.overriding.register(...)` of fakes.
  public init<Presenter, Interactor, Router, Builder>(
    _ builder: Builder.Type, assemblies: [any Assembly], in stories: [any UserStory.Type] = [],
    overrides: @escaping (Registrar) -> Void = { _ in }
  ) where Builder: ScreenBuilder<Screen, Presenter, Interactor, Router> {
    var opened: [Story] = []
    let reported = Protected<[Diagnostic]>([])
    self.reported = reported
    do {
      let registry = try Registry(assemblies + [AnyAssembly("preview overrides", overrides)])
      var configuration = Registry.Configuration()
      configuration.onDiagnostic = { diagnostic in reported.withLock { $0.append(diagnostic) } }
      opened.append(try registry.start(configuration))
      for story in stories { opened.append(try opened[opened.count - 1].open(story)) }
      let module = try Builder.build(in: opened[opened.count - 1])
      self.screen = Screen(presenter: module.presenter)
      self.failure = nil
      self.host = module.view
    } catch {
      self.screen = nil
      self.failure = "\(Screen.self) could not be built for this preview.\n\n\(error)"
      self.host = nil
    }
    self.stories = PreviewStories(opened)
  }
}

/// The stories a preview opened: closed, innermost first, when the preview's last copy goes
/// (SwiftUI copies and drops view values freely, so the preview value itself cannot close them).
final class PreviewStories: Sendable {
  let stories: [Story]

  init(_ stories: [Story]) { self.stories = stories }

  deinit {
    for story in stories.reversed() { story.close() }
  }
}
