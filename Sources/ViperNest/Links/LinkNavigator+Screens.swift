package import Foundation

extension LinkNavigator {
  /// A step of a link resolved for a SwiftUI navigation model: its module, built in its own story
  /// and not shown yet, and how the route shows it.
  package struct ResolvedStep {
    /// The module, built.
    package let module: any Presentable
    /// The story it runs in, open.
    package let story: Story
    /// Whether the route pushes it (otherwise it presents it).
    package let isPush: Bool
  }

  /// Resolves every step of the route `url` matches, each in its own story opened inside the
  /// previous step's (the first inside `parent`), without showing anything, so that a SwiftUI
  /// navigation model can show them all in one update. A first step that shows a window root in
  /// `parent`'s story stands for the stack's root, which is on screen: it is skipped. Only push
  /// and present steps can be resolved so.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - parent: The story of the screen the steps are shown from (a navigation stack's root).
  /// - Returns: The steps, in order.
  /// - Throws: ``LinkError`` as ``open(_:animated:)`` does; after closing every story it opened.
  package func resolveSteps(_ url: URL, in parent: Story) throws -> [ResolvedStep] {
    let (route, captures) = try match(url)
    var resolved: [ResolvedStep] = []
    var story = parent
    for (number, step) in route.steps.enumerated() {
      // The stack's root, which the app shows: a window-root first step in `parent`'s story.
      if number == 0, case .show(.windowRoot) = step.kind, step.story.id == parent.node.kind.id {
        continue
      }
      do {
        let isPush: Bool
        switch step.kind {
        case .show(.push): isPush = true
        case .show(.present): isPush = false
        case .show(let presentation):
          throw LinkError(
            .impossibleTransition,
            "A SwiftUI navigation shows a route's steps by pushing or presenting them, and this "
              + "step is a \(presentation.name).",
            fix: "declare the step with .push() or .present(), or open the link with open(_:)")
        case .tab:
          throw LinkError(
            .impossibleTransition, "A SwiftUI navigation cannot select a tab.",
            fix: "select the tab in the app, then open a route of push and present steps")
        }
        let opened = try step.openStory(in: story)
        do {
          let module = try step.build(opened, resolved.last?.module.viewController, captures)
          resolved.append(ResolvedStep(module: module, story: opened, isPush: isPush))
          story = opened
        } catch {
          opened.close()
          throw error
        }
      } catch {
        for step in resolved.reversed() { step.story.close() }
        throw failure(route, step: number, url: url, error)
      }
    }
    return resolved
  }
}
