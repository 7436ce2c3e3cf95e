/// A reference in a VIPER module that must not own its target but does.
///
/// VIPER modules form a tree of owning references (view → presenter → interactor, router); the
/// references back up the tree must be `weak`: presenter → view, interactor → output (the
/// presenter), router → view controller, and any link to the module's output. Find them with
/// ``violations(view:presenter:interactor:router:viewController:moduleOutput:)``:
///
/// ```swift
/// let violations = OwnershipViolation.violations(
///   view: view, presenter: presenter, interactor: interactor, router: router)
/// // ["ContactListPresenter.view is strong; VIPER requires weak: declare it `weak var view`"]
/// ```
public struct OwnershipViolation: Hashable, Sendable, CustomStringConvertible, Codable {
  /// The type of the object holding the reference, e.g. `ContactListPresenter`.
  public let typeName: String
  /// The property holding the reference, e.g. `view`.
  public let property: String
  /// The class declaring the property when it is a superclass of ``typeName``, else nil.
  public let declaringTypeName: String?
  /// The role of the object holding the reference.
  public let ownerRole: LeakRole
  /// The role of the referenced object (`view`, `presenter`, or `custom("module output")`).
  public let targetRole: LeakRole

  /// Creates a violation.
  ///
  /// - Parameters:
  ///   - typeName: The type of the object holding the reference.
  ///   - property: The property holding the reference.
  ///   - declaringTypeName: The superclass declaring the property, if not `typeName` itself.
  ///   - ownerRole: The role of the object holding the reference.
  ///   - targetRole: The role of the referenced object.
  public init(
    typeName: String, property: String, declaringTypeName: String? = nil, ownerRole: LeakRole,
    targetRole: LeakRole
  ) {
    self.typeName = typeName
    self.property = property
    self.declaringTypeName = declaringTypeName
    self.ownerRole = ownerRole
    self.targetRole = targetRole
  }

  /// What is wrong and how to fix it, e.g.
  /// "ContactListPresenter.view is strong; VIPER requires weak: declare it `weak var view`".
  public var description: String {
    let declared = declaringTypeName.map { " (declared in \($0))" } ?? ""
    if targetRole == Self.backReferenceRole {
      return "\(typeName).\(property)\(declared) is strong; a back-reference set by a "
        + "post-initialisation hook to an object that owns it must be weak: declare it "
        + "`weak var \(property)` and the hook `.weak(...)`"
    }
    return "\(typeName).\(property)\(declared) is strong; VIPER requires weak: "
      + "declare it `weak var \(property)`"
  }

  /// The target role of a reference set by a post-initialisation hook
  /// (``PostInitialization``) that closes a retain cycle: its owner is itself owned by the
  /// target, so the reference must be weak.
  public static let backReferenceRole = LeakRole.custom("back-reference")

  /// The module output role used by ownership checks.
  public static let moduleOutputRole = LeakRole.custom("module output")

  /// The ownership rules a built VIPER module breaks, in the order presenter, interactor, router,
  /// view.
  ///
  /// Checks the stored properties (including inherited ones) that hold the target directly or
  /// through an `Optional` or an existential: presenter → view must be weak, interactor →
  /// presenter (its output) must be weak, router → view controller must be weak, and no part of
  /// the module may hold the module output strongly. Collections and closures are not
  /// declarations of ownership and are left to leak detection.
  ///
  /// ```swift
  /// #expect(OwnershipViolation.violations(view: v, presenter: p, interactor: i, router: r).isEmpty)
  /// ```
  ///
  /// - Parameters:
  ///   - view: The module's view.
  ///   - presenter: The module's presenter.
  ///   - interactor: The module's interactor, if it has one.
  ///   - router: The module's router, if it has one.
  ///   - viewController: What the router navigates from; defaults to `view`.
  ///   - moduleOutput: The object the module reports its result to, if any.
  /// - Returns: The violations; empty when the module follows the rules or when reflection
  ///   metadata is unavailable (nothing can be proven then).
  public static func violations(
    view: AnyObject?, presenter: AnyObject?, interactor: AnyObject? = nil,
    router: AnyObject? = nil, viewController: AnyObject? = nil, moduleOutput: AnyObject? = nil
  ) -> [OwnershipViolation] {
    var found: [OwnershipViolation] = []
    func check(_ owner: AnyObject?, _ ownerRole: LeakRole, _ targets: [(AnyObject?, LeakRole)]) {
      guard let owner else { return }
      for (target, targetRole) in targets {
        guard let target, target !== owner else { continue }
        found += strongDirectReferences(from: owner, to: target).map {
          OwnershipViolation(
            typeName: SwiftRuntimeReflection.typeName(type(of: owner)), property: $0.property,
            declaringTypeName: $0.declaringTypeName, ownerRole: ownerRole, targetRole: targetRole)
        }
      }
    }
    let output = moduleOutputRole
    check(presenter, .presenter, [(view, .view), (moduleOutput, output)])
    check(interactor, .interactor, [(presenter, .presenter), (moduleOutput, output)])
    check(router, .router, [(viewController ?? view, .view), (moduleOutput, output)])
    check(view, .view, [(moduleOutput, output)])
    return found
  }

  /// What a reference a post-initialisation hook set from `instance` to `target` breaks: a weak
  /// hook must not hold its target strongly; a strong one must not close a cycle (the target
  /// holding the instance strongly).
  ///
  /// - Parameters:
  ///   - instance: The object the hook set the reference in.
  ///   - target: The object the reference points to.
  ///   - ownership: The ownership the hook declares.
  /// - Returns: One violation per property of `instance` that breaks the rule.
  static func backReferenceViolations(
    from instance: AnyObject, to target: AnyObject, ownership: PostInitOwnership
  ) -> [OwnershipViolation] {
    var references = strongDirectReferences(from: instance, to: target)
    if ownership == .strong, strongDirectReferences(from: target, to: instance).isEmpty {
      references = []
    }
    guard !references.isEmpty else { return [] }
    let owner = SwiftRuntimeReflection.typeName(type(of: instance))
    return references.map {
      OwnershipViolation(
        typeName: owner, property: $0.property, declaringTypeName: $0.declaringTypeName,
        ownerRole: .custom(owner), targetRole: backReferenceRole)
    }
  }

  /// Stored properties of `owner` that hold `target` strongly and directly.
  static func strongDirectReferences(
    from owner: AnyObject, to target: AnyObject
  ) -> [(property: String, declaringTypeName: String?)] {
    let layout = SwiftRuntimeReflection.storedFields(of: type(of: owner))
    let scan = SwiftRuntimeReflection.strongReferences(of: owner)
    var result: [(property: String, declaringTypeName: String?)] = []
    for reference in scan.references where reference.isDirect && reference.target === target {
      guard !result.contains(where: { $0.property == reference.path }) else { continue }
      let declaring = layout.fields.first { $0.name == reference.path }?.declaringType
      let declaringName = declaring.flatMap { declaring -> String? in
        declaring == type(of: owner) ? nil : SwiftRuntimeReflection.typeName(declaring)
      }
      result.append((reference.path, declaringName))
    }
    return result
  }
}
