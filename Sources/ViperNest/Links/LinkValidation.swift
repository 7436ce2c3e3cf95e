extension Registry {
  /// Every problem in the deep links' routes, found without resolving anything: malformed
  /// patterns, parameters a pattern does not capture, modules that do not resolve in their step's
  /// story chain, stories opened outside their declared parents, impossible transitions and
  /// ambiguous routes. ``validate()`` reports them with the graph's problems.
  func routeProblems(in graph: Graph) -> [LinkError] {
    let routes = linkRoutes
    var problems: [LinkError] = []
    for route in routes {
      problems += Self.problems(of: route, in: graph)
    }
    for (first, second) in LinkMatcher(routes: routes).shadowed {
      var error = LinkError(
        .ambiguousRoutes,
        "Routes \(routes[first].pattern) (\(routes[first].site)) and \(routes[second].pattern) "
          + "(\(routes[second].site)) match the same links; the first one wins.",
        fix:
          "make one of them differ by a literal segment (a literal is matched before a "
          + "parameter), or remove one")
      error.route = routes[second].pattern
      problems.append(error)
    }
    return problems
  }

  private static func problems(of route: LinkRoute, in graph: Graph) -> [LinkError] {
    func problem(_ code: LinkError.Code, step: Int?, _ summary: String, fix: String) -> LinkError {
      var error = LinkError(code, summary + " (route declared at \(route.site))", fix: fix)
      error.route = route.pattern
      if let step { error.step = "\(step + 1) (\(route.steps[step].description))" }
      return error
    }
    if let reason = route.patternProblem {
      return [
        problem(
          .invalidRoute, step: nil, "Route \(route.pattern) cannot be used: \(reason).",
          fix: "write the pattern as /literal/:parameter?queryItem&otherItem")
      ]
    }
    if route.steps.isEmpty {
      return [
        problem(
          .invalidRoute, step: nil, "Route \(route.pattern) has no steps.",
          fix: "add the steps that show its modules, from a window root or a tab")
      ]
    }
    var problems: [LinkError] = []
    var captured: Set<String> = Set(route.queryNames)
    for case .parameter(let name) in route.segments { captured.insert(name) }
    var chain: [StoryKind] = [.app]
    var inStack = false
    for (number, step) in route.steps.enumerated() {
      // Where it is shown.
      switch step.kind {
      case .tab(_, let inNavigationStack):
        if number > 0 {
          problems.append(
            problem(
              .impossibleTransition, step: number,
              "A tab is selected by step \(number + 1); only a route's first step can select one.",
              fix: "make the tab step the first of the route"))
        }
        inStack = inNavigationStack
      case .show(let presentation):
        switch presentation {
        case .windowRoot(let embedding, _):
          if number > 0 {
            problems.append(
              problem(
                .impossibleTransition, step: number,
                "Step \(number + 1) shows \(step.moduleName) as the window's root; only a "
                  + "route's first step can.",
                fix: "start a new route with it, or present it from the step before"))
          }
          inStack = embedding == .navigationController
        case .push:
          if number == 0 {
            problems.append(
              problem(
                .impossibleTransition, step: number,
                "Step 1 pushes \(step.moduleName) but no module is shown before it.",
                fix: "start the route with a window root or a tab step"))
          } else if !inStack {
            problems.append(
              problem(
                .impossibleTransition, step: number,
                "Step \(number + 1) pushes \(step.moduleName), but step \(number) does not show "
                  + "\(route.steps[number - 1].moduleName) in a navigation container.",
                fix:
                  "show step \(number) with embedIn: .navigationController (a window root or a "
                  + "presentation), or push it onto a stack, or present step \(number + 1) "
                  + "instead of pushing it"))
          }
        case .present(let embedding, _):
          inStack = embedding == .navigationController
          if number == 0 { problems.append(noSource(step, number)) }
        case .overlay:
          inStack = false
          if number == 0 { problems.append(noSource(step, number)) }
        case .embed:
          if number == 0 { problems.append(noSource(step, number)) }
        }
      }
      // Its parameters.
      for parameter in step.parameters where !captured.contains(parameter.name) {
        problems.append(
          problem(
            .invalidRoute, step: number,
            "Step \(number + 1) uses parameter `\(parameter.name)` (\(parameter.typeName)), which "
              + "the pattern does not capture.",
            fix:
              "add `:\(parameter.name)` to the pattern's path, or `?\(parameter.name)` to its query"
          ))
      }
      // Its story, opened inside the stories before it.
      let parents = graph.storyParents[step.story.id] ?? []
      if !parents.isEmpty, !parents.contains(where: chain.contains) {
        problems.append(
          problem(
            .storyOutsideParent, step: number,
            "Step \(number + 1) opens story \(step.story.name) inside "
              + "\(chain.map(\.name).joined(separator: " > ")), but it is declared to open only "
              + "inside \(parents.map(\.name).joined(separator: " or ")).",
            fix:
              "add a step in \(parents[0].name) before it, or declare the story's parents with "
              + "r.story(\(step.story.typeName).self, in: ...)"))
      }
      chain.append(step.story)
      // Its module, resolved in that chain.
      if let failure = resolutionProblem(step.moduleType, in: chain, graph: graph) {
        problems.append(
          problem(
            .unresolvableModule, step: number,
            "Step \(number + 1)'s module \(step.moduleName) does not resolve in "
              + "\(chain.map(\.name).joined(separator: " > ")): \(failure).",
            fix:
              "register it at the root or inside r.story(\(step.story.typeName).self) { ... }, "
              + "with what it needs, or run the step in a story where it resolves"))
      }
    }
    return problems

    func noSource(_ step: LinkStep, _ number: Int) -> LinkError {
      problem(
        .impossibleTransition, step: number,
        "Step 1 shows \(step.moduleName) from a module, but no module is shown before it.",
        fix: "start the route with a window root or a tab step")
    }
  }

  /// Why `type` does not resolve in `chain` according to validation, or nil when it does.
  private static func resolutionProblem(_ type: Any.Type, in chain: [StoryKind], graph: Graph)
    -> String?
  {
    let context = Context(chain: chain)
    var checker = ContextChecker(graph: graph, context: context)
    let key = ServiceKey(type)
    guard checker.lookup(key, scope: chain.count) != nil else {
      return "nothing registers it there"
    }
    guard let traced = checker.outcome(for: key), let code = traced.first else { return nil }
    return "resolving it would fail with \(code)"
  }
}
