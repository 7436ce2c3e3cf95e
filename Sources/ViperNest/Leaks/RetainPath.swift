/// A chain of owning references from one object to another, through property names.
///
/// A retain cycle starts and ends at the same object:
///
/// ```swift
/// for cycle in leak.retainCycles {
///   print(cycle)
///   // ContactListPresenter.view -> ContactListView.presenter -> ContactListPresenter (strong)
///   // ContactListPresenter.onUpdate (closure captures) -> ContactListPresenter
/// }
/// ```
///
/// Only owning references appear: `weak`, `unowned` and `unowned(unsafe)` properties and
/// captures never do. Type names carry no module prefix.
public struct RetainPath: Hashable, Sendable, CustomStringConvertible {
  /// One owning reference: a property of an object, or a closure stored in that property.
  public struct Step: Hashable, Sendable {
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

  /// The references, from the first object to the last.
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

  /// The path as text, e.g.
  /// `ContactListPresenter.view -> ContactListView.presenter -> ContactListPresenter (strong)`.
  ///
  /// A path that ends in a stored property ends in `(strong)`; a path that ends in a closure
  /// capture already says so.
  public var description: String {
    var text = ""
    for step in steps {
      text += "\(step.typeName).\(step.property)"
      if step.isClosureCapture {
        text += " (closure captures)"
      }
      text += " -> "
    }
    text += targetTypeName
    if steps.last?.isClosureCapture == false {
      text += " (strong)"
    }
    return text
  }
}
