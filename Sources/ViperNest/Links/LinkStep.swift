import Foundation

/// How a deep link's step shows its module: the same transitions, with the same typed appearances,
/// that routers use.
///
/// ```swift
/// .show(TransferModule.self, in: TransferStory.self, .push(.init(navigationBar: .init(barTintColor: .bankYellow))))
/// ```
public enum LinkPresentation: Sendable {
  /// As the window's root (a ``WindowRootTransition``), replacing what the window shows. First step
  /// only.
  case windowRoot(embedIn: Embedding = .none, appearance: WindowRootTransition.Appearance = .init())
  /// On the navigation stack of the previous step's module (a ``PushTransition``).
  case push(PushTransition.Appearance = .init())
  /// Presented over the previous step's module (a ``PresentTransition``).
  case present(embedIn: Embedding = .none, appearance: PresentTransition.Appearance = .init())
  /// As a curtain over the previous step's module (an ``OverlayTransition``).
  case overlay(OverlayAppearance = .init())
  /// Embedded in an area of the previous step's module (an ``EmbedTransition``); `area` finds the
  /// area in that module's view, nil when it has none.
  case embed(area: @MainActor @Sendable (any ViewControlling) -> (any ContainerArea)?)

  var name: String {
    switch self {
    case .windowRoot(let embedding, _):
      embedding == .navigationController ? "window root in a navigation container" : "window root"
    case .push: "push"
    case .present(let embedding, _):
      embedding == .navigationController ? "present in a navigation container" : "present"
    case .overlay: "overlay"
    case .embed: "embed"
    }
  }
}

/// What a step's `configure` closure gets: the module it resolved, where it is shown from, and
/// the story it runs in.
///
/// ```swift
/// { link, account in
///   link.input.prefill(from: .current, to: account)
///   link.module.output = link.source as? any TransferOutput
/// }
/// ```
@MainActor
public struct LinkStepContext<Input, Output> {
  /// The module the step resolved, not shown yet.
  public let module: Module<Input, Output>
  /// The module's input.
  public var input: Input { module.input }
  /// The controller it is shown from: the previous step's module (for a tab, the tab's first
  /// controller inside its navigation container); nil for a window root.
  public let source: (any ViewControlling)?
  /// The story the module runs in.
  public let story: Story
}

/// One step of a deep link's route: a module resolved by its type inside its story, its typed
/// input filled from the link's parameters, shown as a ``LinkPresentation`` says.
///
/// Routes are declared in assemblies with ``Registrar/route(_:file:line:_:)``:
///
/// ```swift
/// r.route(
///   "/payments/transfer/:account",
///   .selectTab(1, showing: PaymentsModule.self, in: PaymentsStory.self),
///   .show(TransferModule.self, in: TransferStory.self, .push(), LinkParameter<Int>("account")) {
///     link, account in link.input.prefill(account: account)
///   })
/// ```
public final class LinkStep: Sendable {
  enum Kind: Sendable {
    case tab(index: Int, inNavigationStack: Bool)
    case show(LinkPresentation)
  }

  let kind: Kind
  let moduleType: Any.Type
  let moduleName: String
  let story: StoryKind
  let parameters: [LinkParameterDeclaration]
  let site: String
  /// Converts the step's parameters, throwing the first that does not convert.
  let check: @Sendable (LinkCaptures) throws -> Void
  /// Resolves the module in `story`, converts the parameters and configures it: the module's
  /// presentable, before anything is shown.
  let build:
    @MainActor @Sendable (_ story: Story, _ source: (any ViewControlling)?, LinkCaptures) throws ->
      any Presentable

  /// Opens the step's story inside `parent`.
  func openStory(in parent: Story) throws -> Story {
    Story(node: try parent.node.openChild(kind: story))
  }

  /// What the step shows, such as `Module<TransferInput, TransferOutput> in Transfer, push`;
  /// with its parameters' values, what tells whether a step on screen can be kept.
  let identity: String

  var description: String { identity }

  init(
    kind: Kind, moduleType: Any.Type, moduleName: String, story: StoryKind,
    parameters: [LinkParameterDeclaration], site: String,
    check: @escaping @Sendable (LinkCaptures) throws -> Void,
    build:
      @escaping @MainActor @Sendable (Story, (any ViewControlling)?, LinkCaptures) throws ->
      any Presentable
  ) {
    self.kind = kind
    self.moduleType = moduleType
    self.moduleName = moduleName
    self.story = story
    self.parameters = parameters
    self.site = site
    self.check = check
    self.build = build
    switch kind {
    case .tab(let index, _): identity = "select tab \(index) (\(moduleName) in \(story.name))"
    case .show(let presentation):
      identity = "\(moduleName) in \(story.name), \(presentation.name)"
    }
  }

  /// Shows a module of type `module` in a new story of type `story`, filling its input from the
  /// link's typed `parameters`.
  ///
  /// ```swift
  /// .show(AddContactModule.self, in: AddContactStory.self, .present(embedIn: .navigationController),
  ///   LinkParameter<String?>("first")) { link, first in
  ///   if let first { link.input.prefill(firstName: first) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - module: The module's type, as registered (`Module<Input, Output>`).
  ///   - story: The story the module runs in, opened inside the previous step's story (or the
  ///     app's) when the step is shown, and closed when it is hidden.
  ///   - presentation: How it is shown.
  ///   - parameters: The link's parameters the step uses, each converted to its type first.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - configure: Fills the module's input (and sets its output) from the converted parameters;
  ///     it may throw, which fails the link cleanly.
  /// - Returns: The step.
  public static func show<Input, Output, S: UserStory, each P: LinkConvertible>(
    _ module: Module<Input, Output>.Type, in story: S.Type, _ presentation: LinkPresentation,
    _ parameters: repeat LinkParameter<each P>, file: String = #fileID, line: UInt = #line,
    configure:
      @escaping @MainActor @Sendable (LinkStepContext<Input, Output>, repeat each P) throws -> Void
  ) -> LinkStep {
    var declarations: [LinkParameterDeclaration] = []
    for parameter in repeat each parameters { declarations.append(parameter.declaration) }
    let values = (repeat each parameters)
    return LinkStep(
      kind: .show(presentation), moduleType: module, moduleName: linkTypeName(module),
      story: StoryKind.of(story), parameters: declarations, site: "\(file):\(line)",
      check: { captures in _ = (repeat try (each values).value(in: captures)) },
      build: { story, source, captures in
        let converted = (repeat try (each values).value(in: captures))
        let resolved = try story.resolve(Module<Input, Output>.self)
        try configure(
          LinkStepContext(module: resolved, source: source, story: story), repeat each converted)
        return resolved
      })
  }

  /// Shows a module of type `module` in a new story of type `story`, as it is resolved.
  ///
  /// ```swift
  /// .show(ContactListModule.self, in: ContactsStory.self, .windowRoot(embedIn: .navigationController))
  /// ```
  ///
  /// - Parameters:
  ///   - module: The module's type, as registered (`Module<Input, Output>`).
  ///   - story: The story the module runs in.
  ///   - presentation: How it is shown.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: The step.
  public static func show<Input, Output, S: UserStory>(
    _ module: Module<Input, Output>.Type, in story: S.Type, _ presentation: LinkPresentation,
    file: String = #fileID, line: UInt = #line
  ) -> LinkStep {
    show(module, in: story, presentation, file: file, line: line) { _ in }
  }

  /// Selects a tab of the tab container at the window's root: the tab the app composed at
  /// start-up, showing `module` in an open story of type `story` that the app keeps (pass it to the
  /// navigator's `stories`). Nothing is built; what the tab shows above its first controller is
  /// dismissed. First step only.
  ///
  /// ```swift
  /// .selectTab(1, showing: PaymentsModule.self, in: PaymentsStory.self)
  /// ```
  ///
  /// - Parameters:
  ///   - index: The tab's index.
  ///   - module: The module the tab shows (checked by validation in its story).
  ///   - story: The story the tab's module runs in.
  ///   - inNavigationStack: Whether the tab's first controller is in a navigation container, so the
  ///     next step may push. Default: true.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: The step.
  public static func selectTab<Input, Output, S: UserStory>(
    _ index: Int, showing module: Module<Input, Output>.Type, in story: S.Type,
    inNavigationStack: Bool = true, file: String = #fileID, line: UInt = #line
  ) -> LinkStep {
    LinkStep(
      kind: .tab(index: index, inNavigationStack: inNavigationStack), moduleType: module,
      moduleName: linkTypeName(module), story: StoryKind.of(story), parameters: [],
      site: "\(file):\(line)", check: { _ in },
      build: { _, _, _ in
        throw LinkError(
          .stepFailed, "A tab step builds nothing.", fix: "report this ViperNest bug")
      })
  }
}

/// A module type's name as written in apps: the typealias is lost, so `Module<any TransferInput,
/// any TransferOutput>` reads as `Module<TransferInput, TransferOutput>`.
private func linkTypeName(_ type: Any.Type) -> String {
  typeName(type).replacingOccurrences(of: "any ", with: "")
}
