/// The shape of the generated app, shared by its three variants: N VIPER modules, 20 stories nested
/// up to three deep, and which module each module's router shows next.
///
/// Module 0 is the first screen, at the app level. Module `i ≥ 1` runs in story `(i - 1) % 20`.
/// Stories 0–6 open in the app, 7–13 in story `k - 7`, 14–19 in story `k - 7` (three deep). A
/// router shows, by its Input/Output: for module 0, module 1 in a newly opened story 0; for the
/// first module of story `k` (module `k + 1`), the first module of story `k + 7` in that newly
/// opened child story, when there is one; otherwise the module `i + 20` of its own story, when
/// there is one.
public struct AppPlan: Sendable {
  public let modules: Int
  public static let storyCount = 20

  public init(modules: Int) {
    precondition(modules >= 1, "an app has at least one module")
    self.modules = modules
  }

  /// The story of module `i`, nil for the first screen.
  public func story(of module: Int) -> Int? {
    module == 0 ? nil : (module - 1) % Self.storyCount
  }

  /// The parent story of story `k`, nil when it opens in the app.
  public static func parent(of story: Int) -> Int? { story < 7 ? nil : story - 7 }

  /// Story `k` and its ancestors, outermost first.
  public static func chain(of story: Int) -> [Int] {
    var chain = [story]
    while let parent = parent(of: chain[0]) { chain.insert(parent, at: 0) }
    return chain
  }

  /// What module `i`'s router shows next: the module and, when it opens one, the new story.
  public func next(of module: Int) -> (module: Int, opens: Int?)? {
    if module == 0 { return modules > 1 ? (1, 0) : nil }
    let story = (module - 1) % Self.storyCount
    if module == story + 1, story + 7 < Self.storyCount, story + 8 < modules {
      return (story + 8, story + 7)
    }
    return module + Self.storyCount < modules ? (module + Self.storyCount, nil) : nil
  }
}
