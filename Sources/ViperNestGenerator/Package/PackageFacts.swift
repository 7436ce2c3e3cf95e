/// What the `generate-module` plugin tells the tool about the package it runs in: its Swift
/// targets, where they are and what they depend on. The tool infers its defaults from them (the
/// target to write into, the test target, the view's toolkit) and checks the directories it is
/// given.
///
/// ```swift
/// let facts = try JSONDecoder().decode(PackageFacts.self, from: data)
/// facts.target(containing: "/work/MyApp/Sources/MyApp/Contacts")?.name  // "MyApp"
/// ```
package struct PackageFacts: Codable, Sendable, Equatable {
  /// A Swift target of the package.
  package struct Target: Codable, Sendable, Equatable {
    /// What a target builds.
    package enum Kind: String, Codable, Sendable {
      case generic, executable, test, macro, snippet, other
    }

    /// The target's name.
    package var name: String
    /// The Swift module it builds (what `import` names).
    package var moduleName: String
    /// What it builds.
    package var kind: Kind
    /// Its source directory, absolute.
    package var directory: String
    /// Every target it depends on, directly or not, in this package or another.
    package var dependencies: [Dependency]

    /// Creates a target's description.
    ///
    /// - Parameters:
    ///   - name: The target's name.
    ///   - moduleName: Its Swift module's name.
    ///   - kind: What it builds.
    ///   - directory: Its source directory, absolute.
    ///   - dependencies: Every target it depends on.
    package init(
      name: String, moduleName: String, kind: Kind, directory: String,
      dependencies: [Dependency] = []
    ) {
      self.name = name
      self.moduleName = moduleName
      self.kind = kind
      self.directory = directory
      self.dependencies = dependencies
    }

    /// Whether a module can be written into it (it is not a test, macro or snippet target).
    package var holdsModules: Bool { kind == .generic || kind == .executable }

    /// Whether it depends on the target named `name`.
    package func dependsOn(_ name: String) -> Bool {
      dependencies.contains { $0.name == name }
    }
  }

  /// A target another target depends on.
  package struct Dependency: Codable, Sendable, Equatable {
    /// The target's name (a ViperNest product's target has the product's name).
    package var name: String
    /// Its source directory, absolute.
    package var directory: String

    /// Creates a dependency's description.
    ///
    /// - Parameters:
    ///   - name: The target's name.
    ///   - directory: Its source directory, absolute.
    package init(name: String, directory: String) {
      self.name = name
      self.directory = directory
    }
  }

  /// The package's Swift targets.
  package var targets: [Target]

  /// Creates the facts.
  ///
  /// - Parameter targets: The package's Swift targets.
  package init(targets: [Target]) {
    self.targets = targets
  }

  /// The target whose directory holds `path` (the innermost, when directories nest).
  ///
  /// - Parameter path: An absolute, standardized path.
  /// - Returns: The target, or nil when `path` is in none.
  package func target(containing path: String) -> Target? {
    targets.filter { PathTools.isInside(path, $0.directory) }
      .max { $0.directory.count < $1.directory.count }
  }
}
