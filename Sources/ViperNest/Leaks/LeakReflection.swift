/// The leak detector's one way into the runtime reflection: the retain-path walker
/// (`SwiftRuntimeReflection.strongReferences(of:)`, `RetainGraph`) and what is built on it (a
/// module's ownership rules, `OwnershipViolation`; a report's explanations, `LeakExplainer`).
///
/// The registry, the module builder, navigation and stories never call the walker: they call the
/// detector, and the detector calls through the hook its state holds. Only the API an app calls
/// to use a detector installs ``runtime``: `LeakDetector.init`, `isEnabled = true` and
/// `track(_:role:module:)`; ``LeakDetector/shared`` starts with ``unavailable``. So in an app that
/// never turns a detector on, the walker is referenced only from code the app never calls, and a
/// linker that strips dead code (`-dead_strip`; `--gc-sections` with function sections) drops it.
///
/// A detector tracks objects only while it is enabled, so whenever it has something to check it
/// holds ``runtime``; ``unavailable`` answers as a binary without reflection metadata would.
struct LeakReflection: Sendable {
  /// The ownership rules a built module breaks:
  /// ``OwnershipViolation/violations(view:presenter:interactor:router:viewController:moduleOutput:)``,
  /// its arguments in that order.
  let moduleViolations:
    @Sendable (
      _ view: AnyObject?, _ presenter: AnyObject?, _ interactor: AnyObject?, _ router: AnyObject?,
      _ viewController: AnyObject?, _ moduleOutput: AnyObject?
    ) -> [OwnershipViolation]

  /// The violations of a reference a post-initialisation hook set from `instance` to `target`
  /// (`OwnershipViolation.backReferenceViolations(from:to:ownership:)`).
  let backReferenceViolations:
    @Sendable (_ instance: AnyObject, _ target: AnyObject, _ ownership: PostInitOwnership) ->
      [OwnershipViolation]

  /// The strong references an object's stored properties hold.
  let strongReferences: @Sendable (AnyObject) -> ReferenceScan

  /// A report's entries for the leaked objects (`LeakExplainer.explain(_:holders:scanner:)`);
  /// a nil scanner stands for the explainer's default.
  let explain:
    @Sendable (
      _ leaked: [LeakCandidate], _ holders: [HolderCandidate],
      _ scanner: (@Sendable (AnyObject) -> ReferenceScan)?
    ) -> [LeakReport.Leak]

  /// The runtime reflection: the only reference to the walker from the detector's code.
  static var runtime: LeakReflection {
    LeakReflection(
      moduleViolations: {
        OwnershipViolation.violations(
          view: $0, presenter: $1, interactor: $2, router: $3, viewController: $4,
          moduleOutput: $5)
      },
      backReferenceViolations: OwnershipViolation.backReferenceViolations(from:to:ownership:),
      strongReferences: SwiftRuntimeReflection.strongReferences(of:),
      explain: { leaked, holders, scanner in
        LeakExplainer.explain(
          leaked, holders: holders, scanner: scanner ?? LeakExplainer.userReferences(of:))
      })
  }

  /// No reflection, for a detector no app code turned on: no violations, no references, and
  /// leaks reported without a path (as with reflection metadata stripped).
  static var unavailable: LeakReflection {
    LeakReflection(
      moduleViolations: { _, _, _, _, _, _ in [] },
      backReferenceViolations: { _, _, _ in [] },
      strongReferences: { _ in ReferenceScan() },
      explain: { leaked, _, _ in
        leaked.map {
          LeakReport.Leak(
            typeName: SwiftRuntimeReflection.typeName(type(of: $0.object)), role: $0.role,
            module: $0.module, story: $0.story, cause: .pathUnavailable)
        }
      })
  }
}
