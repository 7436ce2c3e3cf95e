/// A module could not be built: its layers do not fit together, its view could not be loaded, or
/// nothing can load it.
///
/// Resolution problems (a layer that is not registered, a missing service) are reported as
/// ``ViperNestError``, as for any other resolution.
///
/// ```swift
/// do {
///   _ = try ContactsBuilder.build(in: story)
/// } catch let error as ModuleError where error.code == .contractMismatch {
///   print(error)
///   // Cannot build module Contacts: the layers do not fit together.
///   //   - ContactsPresenter does not conform to ContactsViewOutput, which ContactsView's
///   //     links expect as its presenter
///   //   fix: make each class conform to the contract its neighbour's links name
/// }
/// ```
public struct ModuleError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure this is. Compare with the static members: `error.code == .viewLoadFailed`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Sendable {
      case contractMismatch, viewLoadFailed, noToolkit, layerAlreadyWired, shadowedLink
    }

    let value: Value

    /// A layer does not conform to the contract its neighbour's links name (the builder wires the
    /// layers through those contracts).
    public static let contractMismatch = Code(value: .contractMismatch)
    /// The view could not be created as its ``ViewUIType`` says (a missing storyboard or nib, another
    /// class in it, a class the toolkit cannot create).
    public static let viewLoadFailed = Code(value: .viewLoadFailed)
    /// The view has to be loaded by a ``UIToolkit`` and none is registered.
    public static let noToolkit = Code(value: .noToolkit)
    /// A layer is already part of another module: it was resolved with a shared lifetime instead of
    /// `.transient`.
    public static let layerAlreadyWired = Code(value: .layerAlreadyWired)
    /// A layer declares its own stored property with a link's name (`var interactor` in a
    /// presenter, `var presenter` in an interactor or a view, `var viewController` in a router),
    /// which hides the link from the layer's code: that code would read a property the builder
    /// never sets. Remove the property; the links provide it.
    public static let shadowedLink = Code(value: .shadowedLink)

    public var description: String { value.rawValue }
  }

  /// What kind of failure this is.
  public let code: Code
  /// The module's name, such as `Contacts`.
  public let module: String
  /// Each problem found, one line each.
  public let problems: [String]
  /// How to fix it.
  public let fix: String

  /// Creates an error; used by toolkits that implement ``UIToolkit/loadView(_:from:)``.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - module: The module's (or the view's) name.
  ///   - problems: Each problem found, one line each.
  ///   - fix: How to fix it.
  public init(_ code: Code, module: String, problems: [String], fix: String) {
    self.code = code
    self.module = module
    self.problems = problems
    self.fix = fix
  }

  /// The full message: what failed, where, and how to fix it.
  public var description: String {
    let summary =
      switch code.value {
      case .contractMismatch: "the layers do not fit together."
      case .viewLoadFailed: "its view could not be loaded."
      case .noToolkit: "no UI toolkit is registered to load its view."
      case .layerAlreadyWired: "a layer is already part of another module."
      case .shadowedLink: "a layer's own property hides its links."
      }
    return
      (["Cannot build module \(module): \(summary)"] + problems.map { "  - \($0)" }
      + ["  fix: \(fix)"]).joined(separator: "\n")
  }
}
