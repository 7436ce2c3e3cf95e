/// What outlived its module or story, and why.
///
/// A report lists each object that is still alive after its owner ended (its module was
/// dismissed or its story closed) and the timeout passed, with the retain cycles that keep it
/// alive, and any ownership rule a built module broke.
///
/// ```swift
/// if let report = await detector.check() {
///   print(report)
///   // ViperNest found 1 leaked object:
///   // - ContactListPresenter (presenter of module ContactList, story Main) is still alive
///   //     retain cycle: ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter
/// }
/// ```
public struct LeakReport: Sendable, CustomStringConvertible {
  /// The objects still alive, in the order they were tracked.
  public let leaks: [Leak]
  /// Ownership rules broken by modules built while tracking was on.
  public let ownershipViolations: [OwnershipViolation]

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - leaks: The objects still alive.
  ///   - ownershipViolations: Ownership rules broken by built modules.
  public init(leaks: [Leak], ownershipViolations: [OwnershipViolation] = []) {
    self.leaks = leaks
    self.ownershipViolations = ownershipViolations
  }

  /// True when nothing leaked and no ownership rule was broken.
  public var isEmpty: Bool { leaks.isEmpty && ownershipViolations.isEmpty }

  /// The full report as text, one block per leaked object, then the ownership violations.
  public var description: String {
    var lines: [String] = []
    if !leaks.isEmpty {
      let noun = leaks.count == 1 ? "object" : "objects"
      lines.append("ViperNest found \(leaks.count) leaked \(noun):")
      for leak in leaks {
        lines.append(leak.description)
      }
    }
    if !ownershipViolations.isEmpty {
      lines.append("ViperNest found \(ownershipViolations.count) ownership rule violation(s):")
      for violation in ownershipViolations {
        lines.append("- \(violation)")
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension LeakReport {
  /// One object that outlived its module or story.
  public struct Leak: Hashable, Sendable, CustomStringConvertible {
    /// The object's type without module prefix, e.g. `ContactListPresenter`.
    public let typeName: String
    /// The object's role in its module or story.
    public let role: LeakRole
    /// The module the object was built for, if any.
    public let module: String?
    /// The stories enclosing the object, outermost first, joined by ` > `; nil outside a story.
    public let story: String?
    /// Why the object is still alive.
    public let cause: Cause
    /// Retain cycles through the object, shortest first; empty when none was found.
    public let retainCycles: [RetainPath]
    /// For ``Cause/retainedByLeakedObject`` and ``Cause/heldByTrackedObject``: the owning
    /// references from that object to this one.
    public let retainedBy: RetainPath?
    /// For ``Cause/heldByTrackedObject``: who holds the object, e.g.
    /// `storyService of story Contacts, still open`.
    public let holder: String?
    /// References that could not be inspected and may also keep the object alive, e.g.
    /// `ContactListPresenter.onEvent (closure capture of an unresolvable (generic?) type)`.
    public let uninspected: [String]

    /// Creates a leak entry.
    ///
    /// - Parameters:
    ///   - typeName: The object's type without module prefix.
    ///   - role: The object's role.
    ///   - module: The module the object was built for, if any.
    ///   - story: The enclosing stories, outermost first, joined by ` > `.
    ///   - cause: Why the object is still alive.
    ///   - retainCycles: Retain cycles through the object.
    ///   - retainedBy: The owning references from the object that holds this one.
    ///   - holder: Who holds the object, for ``Cause/heldByTrackedObject``.
    ///   - uninspected: References that could not be inspected.
    public init(
      typeName: String, role: LeakRole, module: String?, story: String?, cause: Cause,
      retainCycles: [RetainPath] = [], retainedBy: RetainPath? = nil, holder: String? = nil,
      uninspected: [String] = []
    ) {
      self.typeName = typeName
      self.role = role
      self.module = module
      self.story = story
      self.cause = cause
      self.retainCycles = retainCycles
      self.retainedBy = retainedBy
      self.holder = holder
      self.uninspected = uninspected
    }

    /// The entry as text: the object, its role, module and story, then the cause.
    public var description: String {
      var context = "\(role)"
      if let module {
        context += " of module \(module)"
      }
      if let story {
        context += module == nil ? " of story \(story)" : ", story \(story)"
      }
      var lines = ["- \(typeName) (\(context)) is still alive"]
      switch cause.code {
      case .retainCycle:
        lines += retainCycles.map { "    retain cycle: \($0)" }
      case .retainedByLeakedObject:
        if let retainedBy {
          lines.append("    retained by a leaked object: \(retainedBy)")
        }
      case .heldByTrackedObject:
        let who = holder.map { " (\($0))" } ?? ""
        if let retainedBy {
          lines.append("    held from outside the module\(who): \(retainedBy)")
        }
      case .heldFromOutside, .pathUnavailable:
        lines.append("    \(cause)")
      }
      if !uninspected.isEmpty {
        lines.append("    not inspected: \(uninspected.joined(separator: ", "))")
      }
      return lines.joined(separator: "\n")
    }
  }

  /// Why a leaked object is still alive.
  ///
  /// Compare with the static members, e.g. `leak.cause == .retainCycle`.
  public struct Cause: Hashable, Sendable, CustomStringConvertible {
    enum Code: Hashable, Sendable {
      case retainCycle
      case retainedByLeakedObject
      case heldByTrackedObject
      case heldFromOutside
      case pathUnavailable
    }

    let code: Code

    /// The object is part of one or more retain cycles (see ``Leak/retainCycles``).
    public static let retainCycle = Cause(code: .retainCycle)
    /// Another leaked object owns it (see ``Leak/retainedBy``).
    public static let retainedByLeakedObject = Cause(code: .retainedByLeakedObject)
    /// A tracked object whose owner is still alive holds it, e.g. a service of a story that is
    /// still open (see ``Leak/retainedBy`` and ``Leak/holder``).
    public static let heldByTrackedObject = Cause(code: .heldByTrackedObject)
    /// No cycle among the leaked objects and no tracked holder was found.
    public static let heldFromOutside = Cause(code: .heldFromOutside)
    /// The object's type has no field reflection metadata, so no path can be computed.
    public static let pathUnavailable = Cause(code: .pathUnavailable)

    /// The cause as a sentence fragment.
    public var description: String {
      switch code {
      case .retainCycle:
        "in a retain cycle"
      case .retainedByLeakedObject:
        "retained by another leaked object"
      case .heldByTrackedObject:
        "held from outside the module by a tracked object that is still alive"
      case .heldFromOutside:
        "held from outside the module: an app singleton, a global, a still-open story, "
          + "or an unfinished Task"
      case .pathUnavailable:
        "leaked, path unavailable (reflection metadata stripped)"
      }
    }
  }
}
