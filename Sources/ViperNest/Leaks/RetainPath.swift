/// A chain of owning references from one object to another, through property names.
///
/// A retain cycle starts and ends at the same object. Its ``description`` is in your words:
/// ViperNest's own link storage shows as the role you wrote (`presenter`, not
/// `links -> ViewLinks<…>.storedPresenter`) and generic arguments are elided; ``steps`` and
/// ``verboseDescription`` keep every reference as the runtime found it:
///
/// ```swift
/// for cycle in leak.retainCycles {
///   print(cycle)
///   // AddContactView.presenter -> AddContactPresenter.strongView -> AddContactView (strong)
///   print(cycle.verboseDescription)
///   // AddContactView.links -> ViewLinks<AddContactViewOutput>.storedPresenter
///   //   -> AddContactPresenter.strongView -> AddContactView (strong)
/// }
/// ```
///
/// Only owning references appear: `weak`, `unowned` and `unowned(unsafe)` properties and
/// captures never do. Type names carry no module prefix.
public struct RetainPath: Hashable, Sendable, CustomStringConvertible, Codable {
  /// One owning reference: a property of an object, or a closure stored in that property.
  public struct Step: Hashable, Sendable, Codable {
    /// The type of the object that holds the reference, e.g. `ContactListPresenter`.
    public let typeName: String
    /// Where the reference sits in that object, e.g. `view`, `items[2].handler`.
    public let property: String
    /// True when a closure stored at `property` captures the next object.
    public let isClosureCapture: Bool

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - typeName: The type of the object that holds the reference.
    ///   - property: Where the reference sits in that object.
    ///   - isClosureCapture: True when a closure stored at `property` captures the next object.
    public init(typeName: String, property: String, isClosureCapture: Bool) {
      self.typeName = typeName
      self.property = property
      self.isClosureCapture = isClosureCapture
    }
  }

  /// The references, from the first object to the last, exactly as found.
  public let steps: [Step]
  /// The type of the object the path ends at.
  public let targetTypeName: String

  /// Creates a path.
  ///
  /// - Parameters:
  ///   - steps: The references, from the first object to the last; not empty.
  ///   - targetTypeName: The type of the object the path ends at.
  public init(steps: [Step], targetTypeName: String) {
    self.steps = steps
    self.targetTypeName = targetTypeName
  }

  /// The path in your words, e.g.
  /// `ContactListView.presenter -> ContactListPresenter.view -> ContactListView (strong)`.
  ///
  /// A step into one of ViperNest's link objects (`ViewLinks`, `PresenterLinks`,
  /// `InteractorLinks`, `RouterLinks`) is merged with the step out of it, named by the role it
  /// stores (`presenter`, `interactor`, `router`, `output`); generic arguments show as `<…>`. A
  /// path that ends in a stored property ends in `(strong)`; a path that ends in a closure
  /// capture already says so.
  public var description: String {
    Self.render(userSteps, target: Self.elidingGenerics(targetTypeName))
  }

  /// The path with every step as found: link objects, storage names and generic arguments, e.g.
  /// `ContactListView.links -> ViewLinks<ContactListViewOutput>.storedPresenter ->
  /// ContactListPresenter.view -> ContactListView (strong)`.
  public var verboseDescription: String { Self.render(steps, target: targetTypeName) }

  /// The last reference of the path in your words, e.g. `ContactListPresenter.interactor`.
  public var lastReference: String {
    guard let last = userSteps.last else { return Self.elidingGenerics(targetTypeName) }
    return "\(last.typeName).\(last.property)"
  }

  /// The steps as ``description`` shows them.
  var userSteps: [Step] {
    var result: [Step] = []
    result.reserveCapacity(steps.count)
    for step in steps {
      let base = Self.genericBase(step.typeName)
      if Self.linkTypes.contains(base), let previous = result.last, !previous.isClosureCapture {
        result[result.count - 1] = Step(
          typeName: previous.typeName, property: Self.role(ofStorage: step.property),
          isClosureCapture: step.isClosureCapture)
      } else {
        result.append(
          Step(
            typeName: Self.elidingGenerics(step.typeName), property: step.property,
            isClosureCapture: step.isClosureCapture))
      }
    }
    return result
  }

  private static func render(_ steps: [Step], target: String) -> String {
    var text = ""
    for step in steps {
      text += "\(step.typeName).\(step.property)"
      if step.isClosureCapture {
        text += " (closure captures)"
      }
      text += " -> "
    }
    text += target
    if steps.last?.isClosureCapture == false {
      text += " (strong)"
    }
    return text
  }

  /// ViperNest's link classes, whose stored properties are the module's wiring.
  private static let linkTypes: Set<String> = [
    "ViewLinks", "PresenterLinks", "InteractorLinks", "RouterLinks",
  ]

  /// The role a link's storage holds: `storedPresenter` → `presenter`, `storedOutput` → `output`.
  private static func role(ofStorage property: String) -> String {
    guard property.hasPrefix("stored"), property.count > "stored".count else { return property }
    let role = property.dropFirst("stored".count)
    return role.prefix(1).lowercased() + role.dropFirst()
  }

  /// `ViewLinks<ContactListViewOutput>` → `ViewLinks`.
  private static func genericBase(_ typeName: String) -> String {
    typeName.firstIndex(of: "<").map { String(typeName[..<$0]) } ?? typeName
  }

  /// `Entry<Foo, Bar>` → `Entry<…>`; nested generics elide as a whole.
  static func elidingGenerics(_ typeName: String) -> String {
    guard typeName.contains("<") else { return typeName }
    var result = ""
    var depth = 0
    for character in typeName {
      switch character {
      case "<":
        if depth == 0 { result += "<…>" }
        depth += 1
      case ">":
        depth -= 1
      default:
        if depth == 0 { result.append(character) }
      }
    }
    return result
  }

  private enum CodingKeys: String, CodingKey {
    case steps, targetTypeName, text, verboseText
  }

  /// Decodes a path from its JSON object (`text` and `verboseText` are derived and ignored).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `steps` or `targetTypeName` is missing or mistyped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    steps = try container.decode([Step].self, forKey: .steps)
    targetTypeName = try container.decode(String.self, forKey: .targetTypeName)
  }

  /// Encodes the path as `{"steps": […], "targetTypeName": …, "text": …, "verboseText": …}`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(steps, forKey: .steps)
    try container.encode(targetTypeName, forKey: .targetTypeName)
    try container.encode(description, forKey: .text)
    try container.encode(verboseDescription, forKey: .verboseText)
  }
}
