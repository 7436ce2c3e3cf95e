// What callers see of a module: its Input, its Output and its Module type; and a story's
// declaration.

extension ModuleTemplate {
  var moduleInterface: String {
    let n = names
    let pattern =
      switch spec.style {
      case .viper: "VIPER layers"
      case .mvc: "view controller"
      case .screen: "screen and layers"
      }
    return """
      import ViperNest

      // What callers of the \(n.name) module see: its Input, its Output and its Module type. It is
      // registered and resolved by that type, so callers never see the \(pattern) behind it.

      /// What callers may tell the \(n.name) module.
      @MainActor
      \(head("protocol \(n.input)", "AnyObject"))
        /// Sets the title the module shows.
        func configure(title: String)
      }

      /// What the \(n.name) module reports to its caller (usually the presenter of the module that
      /// showed it), which it holds weakly.
      @MainActor
      \(head("protocol \(n.output)", "AnyObject"))
        /// The user is done: the module reports it, then closes.
        func \(n.didFinish)()
      }

      /// The \(n.name) module as callers resolve it: `try resolver.resolve(\(n.module).self)`.
      \(SourceLayout.wrapped(
        "typealias \(n.module) = Module<", ["any \(n.input)", "any \(n.output)"], ">", indent: 0))

      """
  }

  func storyDeclaration(_ story: String) -> String {
    """
    import ViperNest

    /// A user story the \(names.name) module belongs to: its registrations live in it, and the module
    /// is built inside it. Open it where its flow starts (`try app.open(\(story).self)`) and close it
    /// when the flow ends. Move this declaration to where your stories live.
    enum \(story): UserStory {}

    """
  }
}
