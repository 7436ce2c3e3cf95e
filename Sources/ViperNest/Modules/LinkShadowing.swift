// A layer reads its neighbours through its links: `view`, `interactor` and `router` in a presenter,
// `presenter` in a view and an interactor, `viewController` and `resolver` in a router are
// members of the role protocols' extensions, which read `links` (VIPERPresenter.swift…). They are
// not protocol requirements, so a class that declares a property of the same name does not
// replace them: its own code reads its own property instead (the class's member hides the
// protocol extension's), which the builder never sets. A presenter ported with its old
// `var interactor: …!` next to its `links` builds, and then talks to nothing, or to a second
// interactor made by hand; a router it made itself traps with "RouterLinks.resolver was read
// before the module was wired".
//
// How the builder sees it. Reading `presenter.interactor` from the builder (generic code) always
// calls the protocol extension, so it returns the wired link whatever the class declares: a check
// after wiring by reading the accessors cannot tell. Making the accessors protocol requirements
// would let a class's property of exactly the contract's type take the requirement's place, but
// not an optional or implicitly unwrapped one (`var interactor: …!`, the usual shape), so that
// is no exact check either. What is exact for stored properties is the class's field metadata,
// which lists every stored property by name, inherited ones included: the builder reads only the
// names (`SwiftRuntimeReflection.declaredFieldNames(of:)`, which resolves no field type, so an
// app pays no metadata for it: benchmark targets `launch-300`, `memory-300`). It reads them on
// its checked path only (`wireChecked`), which runs for the first module of a builder's layer
// classes; later modules take the recorded path (`WiringMemo`) and pay nothing. A layer class
// found clean is remembered, so it is read once per class even when that path runs again.
//
// What is found: a stored property with a link's name (`var`, `let`, `weak`, `unowned`, `lazy`),
// declared by the class or a superclass, and a stored property named `_` and a link's name: the
// storage of a property wrapper (`@Weak var view`, `@Injected var interactor` are stored as
// `_view`, `_interactor`) or of a computed property of that name. Metadata cannot tell such
// storage from a field that backs nothing, so that one is refused too; renaming it is the fix.
// What cannot be found: a computed property with a link's name that stores nothing under
// `_name` (field metadata lists stored properties only), and anything in a binary built without
// reflection metadata (`-disable-reflection-metadata`): the builder then builds as before.

/// Finds the stored properties that hide a layer's links (see above).
@MainActor
enum LinkShadowing {
  /// A stored property of a layer class that hides one of its links.
  struct Shadow: Equatable {
    /// The link hidden: `interactor`.
    let link: String
    /// The stored property's name as the metadata lists it: `interactor`, or `_interactor` for a
    /// property wrapper's storage.
    let field: String
    /// The layer class.
    let layer: String
    /// The class that declares the property: the layer class or one of its superclasses.
    let declaringType: String

    /// How the fix names the property: `var interactor`, or `view` and its storage `_view`.
    var declaration: String {
      field == link ? "`var \(link)`" : "`\(link)` and its storage `\(field)`"
    }
  }

  /// A layer role and the links its protocol extension reads.
  enum Role {
    case view, presenter, interactor, router

    var links: [String] {
      switch self {
      case .view, .interactor: ["presenter"]
      case .presenter: ["view", "interactor", "router"]
      case .router: ["viewController", "resolver"]
      }
    }
  }

  /// Layer classes read and found clean, one set per role (in `Role`'s order); main-actor isolated
  /// like the builder, which serializes every access.
  ///
  /// Sets of `ObjectIdentifier`, whose storage type the registry has made already, rather than a
  /// set of a key of our own: the first insertion into a set of a new element type asks the
  /// runtime for that type's `Hashable` conformance, a scan of every conformance record in the
  /// process (benchmark target `launch-300`: 400,000 instructions of the first screen).
  private static var clean: [Set<ObjectIdentifier>] = [[], [], [], []]

  /// `role`'s set in `clean`.
  private static func index(of role: Role) -> Int {
    switch role {
    case .view: 0
    case .presenter: 1
    case .interactor: 2
    case .router: 3
    }
  }

  /// The stored properties of `layer`'s class that hide the links of `role`, in declaration
  /// order (superclasses first); empty for a class found clean in that role before.
  static func shadows(in layer: AnyObject, as role: Role) -> [Shadow] {
    let type: AnyClass = type(of: layer)
    let key = ObjectIdentifier(type)
    if clean[index(of: role)].contains(key) { return [] }
    let links = role.links
    var found: [Shadow] = []
    for field in SwiftRuntimeReflection.declaredFieldNames(of: type) {
      let name = field.name.hasPrefix("_") ? String(field.name.dropFirst()) : field.name
      guard links.contains(name) else { continue }
      found.append(
        Shadow(
          link: name, field: field.name, layer: String(describing: type),
          declaringType: String(describing: field.declaringType)))
    }
    if found.isEmpty { clean[index(of: role)].insert(key) }
    return found
  }

  /// The problem line for `shadow`, as a ``ModuleError`` lists it.
  static func problem(_ shadow: Shadow) -> String {
    let owner =
      shadow.declaringType == shadow.layer
      ? "\(shadow.layer) declares"
      : "\(shadow.layer) inherits from \(shadow.declaringType)"
    let kind =
      shadow.field == shadow.link
      ? "a stored property `\(shadow.link)`"
      : "a stored property `\(shadow.field)` (the storage of a property wrapper, or of a "
        + "computed property, `\(shadow.link)`)"
    return
      "\(owner) \(kind), which hides the `\(shadow.link)` its links provide: its code reads that "
      + "property, which the builder never sets"
  }

  /// The fix for `shadows`: remove each property from the class that declares it.
  static func fix(_ shadows: [Shadow]) -> String {
    var order: [String] = []
    var declarations: [String: [String]] = [:]
    for shadow in shadows {
      if declarations[shadow.declaringType] == nil { order.append(shadow.declaringType) }
      declarations[shadow.declaringType, default: []].append(shadow.declaration)
    }
    let count = shadows.count
    let removals = order.map { "\(list(declarations[$0] ?? [])) from \($0)" }
    return
      "remove the stored \(count == 1 ? "property" : "properties") "
      + "\(removals.joined(separator: "; ")): the links "
      + "provide \(count == 1 ? "it" : "them"), and the builder wires the links (a property that "
      + "is not meant as a link needs another name)"
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }
}
