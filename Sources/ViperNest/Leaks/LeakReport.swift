/// What outlived its module or story, and why.
///
/// A report lists each object that is still alive after its owner ended (its module was
/// dismissed or its story closed) and the timeout passed, with what keeps it alive, and any
/// ownership rule a built module broke.
///
/// Its text ranks causes: root causes first (retain cycles, then objects held from outside),
/// each with the objects alive only because of it folded under it, one line each:
///
/// ```swift
/// if let report = await detector.check() {
///   print(report)
///   // ViperNest found 3 leaked objects, from 1 root cause:
///   // - ContactListPresenter (presenter of module ContactList, story Main) is still alive
///   //     retain cycle: ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter
///   //     also kept alive: ContactListInteractor (interactor), by ContactListPresenter.interactor
///   //     also kept alive: ContactListRouter (router), by ContactListPresenter.router
///   print(report.verboseDescription)  // every object, every path step as found
/// }
/// ```
///
/// A report is `Codable`; its JSON (``jsonSchemaVersion``) is documented in the guide
/// "Testing and finding leaks" (`docs/TestingAndFindingLeaks.md`) and is stable: fields are only
/// added, never renamed or removed, within one schema version.
public struct LeakReport: Sendable, CustomStringConvertible, Codable {
  /// The version of the JSON a report encodes to, written as `schemaVersion`.
  public static let jsonSchemaVersion = 1

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

  /// The leaks that are root causes (``Leak/keptAliveBy`` is nil), most actionable first:
  /// retain cycles, objects held by a tracked object, objects held from outside, then those
  /// whose path is unavailable; in tracking order within each.
  public var rootCauses: [Leak] {
    rootIndices.map { leaks[$0] }
  }

  /// The leaks alive only because `root` keeps them, in tracking order.
  ///
  /// - Parameter root: A leak of this report.
  /// - Returns: The leaks whose ``Leak/keptAliveBy`` names `root`.
  public func keptAlive(by root: Leak) -> [Leak] {
    guard let index = leaks.firstIndex(of: root) else { return [] }
    return leaks.filter { $0.keptAliveBy == index }
  }

  private var rootIndices: [Int] {
    let roots = leaks.indices.filter { leaks[$0].keptAliveBy == nil }
    return roots.sorted { (leaks[$0].cause.rank, $0) < (leaks[$1].cause.rank, $1) }
  }

  /// The report as text: one block per root cause with what it keeps alive folded under it,
  /// paths in your words, then the ownership violations.
  public var description: String {
    var lines: [String] = []
    if !leaks.isEmpty {
      let roots = rootIndices
      var header = "ViperNest found \(Self.count(leaks.count, "leaked object"))"
      if roots.count < leaks.count {
        header += ", from \(Self.count(roots.count, "root cause"))"
      }
      lines.append(header + ":")
      for root in roots {
        lines.append(leaks[root].description)
        // What the cycle itself holds first, then what it owns, each in tracking order.
        let kept = leaks.filter { $0.keptAliveBy == root }
        for folded in kept.filter({ $0.cause == .retainCycle })
          + kept.filter({ $0.cause != .retainCycle })
        {
          let how =
            folded.cause == .retainCycle
            ? "in the cycle above"
            : "by \(folded.retainedBy?.lastReference ?? "a leaked object")"
          lines.append("    also kept alive: \(folded.typeName) (\(folded.role)), \(how)")
        }
      }
    }
    appendViolations(to: &lines)
    return lines.joined(separator: "\n")
  }

  /// A few lines for a glance (an alert on screen, a notification): the counts, then one line per
  /// root cause, at most three, with the first retain cycle or what holds it.
  ///
  /// ```swift
  /// print(report.summary)
  /// // 4 leaked objects, from 1 root cause
  /// // RetainingView (view of Retaining): RetainingView.presenter -> RetainingPresenter.retainedView -> RetainingView (strong)
  /// ```
  public var summary: String {
    var lines: [String] = []
    if !leaks.isEmpty {
      let roots = rootIndices
      var counts = Self.count(leaks.count, "leaked object")
      if roots.count < leaks.count {
        counts += ", from \(Self.count(roots.count, "root cause"))"
      }
      lines.append(counts)
      for root in roots.prefix(3) {
        let leak = leaks[root]
        let context = leak.module.map { "\(leak.role) of \($0)" } ?? "\(leak.role)"
        let why: String =
          switch leak.cause.code {
          case .retainCycle: leak.retainCycles.first.map(\.description) ?? "\(leak.cause)"
          case .heldByTrackedObject: "held by \(leak.holder ?? "a tracked object")"
          case .heldFromOutside: "held from outside"
          case .heldByGlobalVariable: "held by a global or static variable"
          case .retainedByLeakedObject, .pathUnavailable: "\(leak.cause)"
          }
        lines.append("\(leak.typeName) (\(context)): \(why)")
      }
      if roots.count > 3 {
        lines.append("… and \(Self.count(roots.count - 3, "more root cause"))")
      }
    }
    if !ownershipViolations.isEmpty {
      lines.append(Self.count(ownershipViolations.count, "ownership rule violation"))
    }
    return lines.joined(separator: "\n")
  }

  /// The report with every object in tracking order, each with its full cause, and paths with
  /// every step as found (``RetainPath/verboseDescription``): for reading what ViperNest saw.
  public var verboseDescription: String {
    var lines: [String] = []
    if !leaks.isEmpty {
      lines.append("ViperNest found \(Self.count(leaks.count, "leaked object")):")
      for leak in leaks {
        lines.append(leak.text(verbose: true))
      }
    }
    appendViolations(to: &lines)
    return lines.joined(separator: "\n")
  }

  private func appendViolations(to lines: inout [String]) {
    guard !ownershipViolations.isEmpty else { return }
    lines.append(
      "ViperNest found \(Self.count(ownershipViolations.count, "ownership rule violation")):")
    for violation in ownershipViolations {
      lines.append("- \(violation)")
    }
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  private enum CodingKeys: String, CodingKey {
    case schemaVersion, leaks, ownershipViolations
  }

  /// Decodes a report from its JSON object.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a field is missing or mistyped, or `schemaVersion` is newer
  ///   than ``jsonSchemaVersion``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .schemaVersion)
    guard version <= Self.jsonSchemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription:
          "schemaVersion \(version) is newer than this ViperNest reads (\(Self.jsonSchemaVersion))")
    }
    leaks = try container.decode([Leak].self, forKey: .leaks)
    ownershipViolations = try container.decode(
      [OwnershipViolation].self, forKey: .ownershipViolations)
  }

  /// Encodes the report as `{"schemaVersion": 1, "leaks": […], "ownershipViolations": […]}`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.jsonSchemaVersion, forKey: .schemaVersion)
    try container.encode(leaks, forKey: .leaks)
    try container.encode(ownershipViolations, forKey: .ownershipViolations)
  }
}

extension LeakReport {
  /// One object that outlived its module or story.
  public struct Leak: Hashable, Sendable, CustomStringConvertible, Codable {
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
    /// The index in ``LeakReport/leaks`` of the root cause that keeps this object alive: a
    /// leaked object whose retain cycle passes through it, or that owns it. Nil for a root cause.
    public let keptAliveBy: Int?

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
    ///   - keptAliveBy: The index of the root cause keeping it alive; nil for a root cause.
    public init(
      typeName: String, role: LeakRole, module: String?, story: String?, cause: Cause,
      retainCycles: [RetainPath] = [], retainedBy: RetainPath? = nil, holder: String? = nil,
      uninspected: [String] = [], keptAliveBy: Int? = nil
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
      self.keptAliveBy = keptAliveBy
    }

    /// This entry with another cause.
    func withCause(_ cause: Cause) -> Leak {
      Leak(
        typeName: typeName, role: role, module: module, story: story, cause: cause,
        retainCycles: retainCycles, retainedBy: retainedBy, holder: holder,
        uninspected: uninspected, keptAliveBy: keptAliveBy)
    }

    /// This entry kept alive by the leak at `root`.
    func keptAlive(by root: Int?) -> Leak {
      Leak(
        typeName: typeName, role: role, module: module, story: story, cause: cause,
        retainCycles: retainCycles, retainedBy: retainedBy, holder: holder,
        uninspected: uninspected, keptAliveBy: root)
    }

    /// The entry as text: the object, its role, module and story, then the cause, with paths in
    /// your words.
    public var description: String { text(verbose: false) }

    /// What to look for when nothing ViperNest can see holds the object.
    ///
    /// Which of these holds it cannot be decided from a report: the runtime lists neither the
    /// running tasks nor the globals, and a task's or escaping closure's captures are reachable
    /// only from the task. The list is ordered by what most often holds an object of this role.
    public var lookFor: [String] {
      guard cause == .heldFromOutside else { return [] }
      let task =
        "an unfinished Task or escaping closure capturing it strongly (capture [weak self])"
      let global = "a global or static property storing it (a `shared` singleton's property)"
      let observer = "an observer, timer or subscription that retains it"
      switch role {
      case .singleton:
        return [
          global,
          "if the registry did not create it, register it with `instance:` or mark it "
            + "LeakDetector.markProcessOwned(_:)",
        ]
      case .storyService:
        return [global, task, "an object of another story that keeps it"]
      default:
        return [task, global, observer]
      }
    }

    func text(verbose: Bool) -> String {
      func render(_ path: RetainPath) -> String {
        verbose ? path.verboseDescription : path.description
      }
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
        lines += retainCycles.map { "    retain cycle: \(render($0))" }
      case .retainedByLeakedObject:
        if let retainedBy {
          lines.append("    retained by a leaked object: \(render(retainedBy))")
        }
      case .heldByTrackedObject:
        let who = holder.map { " (\($0))" } ?? ""
        if let retainedBy {
          lines.append("    held from outside the module\(who): \(render(retainedBy))")
        }
      case .heldFromOutside:
        lines.append("    \(cause)")
        lines.append("    look for: \(lookFor.joined(separator: "; "))")
      case .heldByGlobalVariable:
        lines.append("    \(cause)")
        if role == .singleton {
          lines.append(
            "    fix: if the registry did not create it, register it with `instance:` or mark it "
              + "LeakDetector.markProcessOwned(_:); else set the variable to nil when the app "
              + "story closes")
        } else {
          lines.append(
            "    fix: set that variable to nil when the \(module == nil ? "story" : "module") "
              + "ends, or declare it weak")
        }
      case .pathUnavailable:
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
  /// Compare with the static members, e.g. `leak.cause == .retainCycle`. In JSON a cause is its
  /// name: `"retainCycle"`, `"retainedByLeakedObject"`, `"heldByTrackedObject"`,
  /// `"heldByGlobalVariable"`, `"heldFromOutside"` or `"pathUnavailable"`.
  public struct Cause: Hashable, Sendable, CustomStringConvertible, Codable {
    enum Code: String, Hashable, Sendable, CaseIterable {
      case retainCycle
      case retainedByLeakedObject
      case heldByTrackedObject
      case heldByGlobalVariable
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
    /// A global or static variable holds the object itself: its address is stored in the
    /// program's global storage (decidable on Linux; elsewhere such an object is
    /// ``heldFromOutside``).
    public static let heldByGlobalVariable = Cause(code: .heldByGlobalVariable)
    /// No cycle among the leaked objects, no tracked holder and no global holding it directly
    /// was found (see ``Leak/lookFor``).
    public static let heldFromOutside = Cause(code: .heldFromOutside)
    /// The object's type has no field reflection metadata, so no path can be computed.
    public static let pathUnavailable = Cause(code: .pathUnavailable)

    private init(code: Code) {
      self.code = code
    }

    /// The cause's name, as JSON writes it, e.g. `retainCycle`.
    public var name: String { code.rawValue }

    /// How reports order root causes: cycles first.
    var rank: Int {
      switch code {
      case .retainCycle: 0
      case .heldByTrackedObject: 1
      case .heldByGlobalVariable: 2
      case .heldFromOutside: 3
      case .pathUnavailable: 4
      case .retainedByLeakedObject: 5
      }
    }

    /// The cause as a sentence fragment.
    public var description: String {
      switch code {
      case .retainCycle:
        "in a retain cycle"
      case .retainedByLeakedObject:
        "retained by another leaked object"
      case .heldByTrackedObject:
        "held from outside the module by a tracked object that is still alive"
      case .heldByGlobalVariable:
        "held by global storage: a global or static variable, or a singleton the compiler "
          + "placed there (`static let shared`), stores the object itself"
      case .heldFromOutside:
        "held from outside: nothing ViperNest tracks holds it"
      case .pathUnavailable:
        "leaked, path unavailable (reflection metadata stripped)"
      }
    }

    /// Decodes a cause from its name.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not one of the names above.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let name = try container.decode(String.self)
      guard let code = Code(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "unknown leak cause \"\(name)\"")
      }
      self.code = code
    }

    /// Encodes the cause as its name.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(code.rawValue)
    }
  }
}
