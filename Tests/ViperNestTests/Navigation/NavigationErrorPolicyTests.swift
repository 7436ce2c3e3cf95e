import Testing
import ViperNest
import ViperNestHeadless

/// Keeps the failures a handler is given.
@MainActor private final class FailureInbox {
  var failures: [NavigationFailure] = []
  var handler: NavigationErrorHandler { .custom { self.failures.append($0) } }
}

private struct Unregistered {}

@MainActor
struct NavigationErrorPolicyTests {
  private func router(of view: some VIPERView) throws -> any VIPERRouter {
    func router<Presenter: VIPERPresenter>(_ presenter: Presenter) -> Any { presenter.router }
    let presenter = try #require(view.links.presenter as? any VIPERPresenter)
    return try #require(router(presenter) as? any VIPERRouter)
  }

  // MARK: - navigate

  @Test func aFailedNavigationGoesToTheHandlerWithTheRouterAndTheCallSite() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let module = try ContactDetailBuilder.build(in: story, passing: ada)
    try router(of: list).push(module)
    let detailRouter = try router(of: module.view)
    let inbox = FailureInbox()
    let line: UInt = #line + 1
    inbox.handler.withHandling { detailRouter.navigate { try detailRouter.dismiss() } }
    let failure = try #require(inbox.failures.first)
    #expect(inbox.failures.count == 1)
    #expect((failure.error as? TransitionError)?.code == .notPresented)
    #expect(failure.router == "ContactDetailRouter")
    #expect(failure.line == line)
    #expect(
      failure.description.hasPrefix(
        "ContactDetailRouter could not navigate (NavigationErrorPolicyTests.swift:\(line)): "
          + "Cannot dismiss ContactDetailView: it is not presented"))
    // Nothing changed: the module is still on the stack.
    #expect(list.navigationContainer?.stack.count == 2)
  }

  @Test func aNavigationThatSucceedsCallsNoHandler() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let listRouter = try router(of: list)
    let inbox = FailureInbox()
    try inbox.handler.withHandling {
      let module = try ContactDetailBuilder.build(in: story, passing: ada)
      listRouter.navigate { try listRouter.push(module) }
    }
    #expect(inbox.failures.isEmpty)
    #expect(list.navigationContainer?.stack.count == 2)
  }

  @Test func aFailureToBuildTheNextModuleIsHandledAndStopsTheNavigation() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let listRouter = try router(of: list)
    let inbox = FailureInbox()
    var pushed = false
    inbox.handler.withHandling {
      listRouter.navigate {
        _ = try listRouter.resolver.resolve(Unregistered.self)
        pushed = true
      }
    }
    #expect(!pushed)
    let failure = try #require(inbox.failures.first)
    #expect((failure.error as? ViperNestError)?.code == .missingRegistration)
  }

  // MARK: - Installing a handler

  @Test func theInnermostInstalledHandlerGetsTheFailure() throws {
    let app = try ContactsApp()
    let (story, list) = try app.showContacts()
    defer { story.close() }
    let listRouter = try router(of: list)
    let outer = FailureInbox()
    let inner = FailureInbox()
    outer.handler.withHandling {
      inner.handler.withHandling { listRouter.navigate { try listRouter.pop() } }
      listRouter.navigate { try listRouter.dismiss() }
    }
    #expect(inner.failures.map { ($0.error as? TransitionError)?.code } == [.cannotPopRoot])
    #expect(outer.failures.map { ($0.error as? TransitionError)?.code } == [.notPresented])
  }

  #if DEBUG
    @Test func byDefaultAFailedNavigationIsLoggedAndStopsADebugBuild() async throws {
      let result = try #require(
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          try await MainActor.run {
            let app = try ContactsApp()
            let (story, list) = try app.showContacts()
            defer { story.close() }
            let listRouter = try NavigationErrorPolicyTests().router(of: list)
            listRouter.navigate { try listRouter.pop() }
          }
        })
      let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(standardError.contains("ViperNest: ContactsRouter could not navigate"))
      #expect(standardError.contains("cannot pop ContactsView: it is the stack's root"))
    }
  #endif
}
