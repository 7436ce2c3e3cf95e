/// How validation checks module registrations (``Registrar/register(_:builder:in:file:line:module:)``):
/// each is an autowired registration that depends on its layers, checked in the chains that end
/// at the story it runs in (`Validator.checkModule`).
enum ModuleCheck {
  /// The problem of a module whose layers cannot be built in its story: `cause` (what resolving
  /// the module there would throw) said from the module's side, naming its builder, the layer,
  /// what the layer needs, the story and the fix.
  static func message(for module: AnyEntry, _ cause: ErrorMessage) -> ErrorMessage {
    var message = cause
    if message.path.first != module.keyDescription {
      message.path.insert(module.keyDescription, at: 0)
    }
    let story = module.localStory?.name ?? StoryKind.app.name
    let layer = message.path.count > 1 ? message.path[1] : "?"
    let dependencies = module.dependencies ?? []
    let role =
      dependencies.firstIndex { typeName($0.type) == layer }
      .map { moduleLayerRole(at: $0, in: dependencies) } ?? "layer"
    let needed = message.path.last ?? "?"
    let key = module.keyDescription
    let owner =
      (key.hasPrefix("Module<") ? key : "Module \(key)")
      + " (built by \(builderName(of: module)))"
    if message.path.count == 2 {
      message.summary =
        "\(owner) runs in story \(story), where its \(role) \(layer) is not registered."
    } else {
      message.summary =
        "\(owner) runs in story \(story), where its \(role) \(layer) cannot be built: "
        + cause.summary
    }
    let chain = message.chain.joined(separator: " > ")
    message.fix =
      "register \(needed) where story \(story) sees it (in \(story) or a story above it: "
      + "\(chain)); or, if the module runs in another story, register it there: "
      + "r.register(\(typeExpression(module.serviceType)).self, builder: "
      + "\(builderName(of: module)).self, in: <Story>.self) { ... }"
    return message
  }

  static func builderName(of module: AnyEntry) -> String {
    module.site.moduleBuilder.map { typeName($0()) } ?? "?"
  }
}

/// `Module<AddContactInput, AddContactOutput> (AddContactBuilder in story AddContact)`.
func moduleDescription(_ module: AnyEntry) -> String {
  "\(module.keyDescription) (\(ModuleCheck.builderName(of: module)) in story "
    + "\(module.localStory?.name ?? StoryKind.app.name))"
}
