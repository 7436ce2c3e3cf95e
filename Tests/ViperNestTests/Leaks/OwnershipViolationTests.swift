import Testing
import ViperNestTesting

@testable import ViperNest

private protocol OutputProtocol: AnyObject {}

private final class View {
  var presenter: AnyObject?
}

private final class Presenter: OutputProtocol {
  var view: View?
  weak var weakView: View?
  unowned var unownedView: View
  var views: [View] = []
  var onShow: (() -> Void)?
  var moduleOutput: (any OutputProtocol)?

  init(view: View) {
    unownedView = view
  }
}

private final class Interactor {
  var output: (any OutputProtocol)?
}

private final class Router {
  weak var viewController: View?
  var parent: AnyObject?
}

struct OwnershipViolationTests {
  @Test func directStrongBackReferencesAreViolations() {
    let view = View()
    let presenter = Presenter(view: view)
    let interactor = Interactor()
    let router = Router()
    let parent = Presenter(view: view)
    presenter.view = view
    presenter.moduleOutput = parent
    interactor.output = presenter
    router.parent = parent
    let violations = OwnershipViolation.violations(
      view: view, presenter: presenter, interactor: interactor, router: router,
      moduleOutput: parent)
    #expect(
      violations.map(\.description) == [
        "Presenter.view is strong; VIPER requires weak: declare it `weak var view`",
        "Presenter.moduleOutput is strong; VIPER requires weak: declare it `weak var moduleOutput`",
        "Interactor.output is strong; VIPER requires weak: declare it `weak var output`",
        "Router.parent is strong; VIPER requires weak: declare it `weak var parent`",
      ])
    #expect(
      violations.map(\.targetRole) == [
        .view, OwnershipViolation.moduleOutputRole, .presenter, OwnershipViolation.moduleOutputRole,
      ])
  }

  @Test func weakUnownedCollectionAndClosureReferencesAreNotViolations() {
    let view = View()
    let presenter = Presenter(view: view)
    presenter.weakView = view
    presenter.views = [view]
    presenter.onShow = { _ = view }
    let router = Router()
    router.viewController = view
    #expect(
      OwnershipViolation.violations(view: view, presenter: presenter, router: router).isEmpty)
  }

  @Test func viewOwningItsPresenterIsAllowed() {
    let view = View()
    let presenter = Presenter(view: view)
    view.presenter = presenter
    #expect(OwnershipViolation.violations(view: view, presenter: presenter).isEmpty)
  }

  @Test func oneLineAssertionRecordsEachViolation() {
    let view = View()
    let presenter = Presenter(view: view)
    presenter.view = view
    withKnownIssue {
      expectVIPEROwnership(view: view, presenter: presenter)
    } matching: { issue in
      issue.comments.map(\.rawValue)
        == ["Presenter.view is strong; VIPER requires weak: declare it `weak var view`"]
    }
  }

  @Test func oneLineAssertionPassesForACleanModule() {
    let view = View()
    let presenter = Presenter(view: view)
    presenter.weakView = view
    #expect(expectVIPEROwnership(view: view, presenter: presenter).isEmpty)
  }
}
