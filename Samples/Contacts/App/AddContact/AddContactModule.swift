import SampleSupport
package import ViperNest
import ViperNestHeadless

// Add Contact: first and last name, Done and Cancel, an error when a name is empty. Callers see
// only its Input and Output; its draft lives in the AddContactStory opened to show it.

// MARK: - What callers see

@MainActor
package protocol AddContactInput: AnyObject {
  func prefill(firstName: String)
}

@MainActor
package protocol AddContactOutput: AnyObject {
  func didAdd(contact: Contact)
  func didCancel()
}

package typealias AddContactModule = Module<any AddContactInput, any AddContactOutput>

/// The story Add Contact runs in; its draft is shared by its screens and released on dismissal.
package enum AddContactStory: UserStory {}

/// What the user has typed so far.
package final class ContactDraft {
  package var firstName = ""
  package var lastName = ""

  nonisolated package init() {}
}

// MARK: - Contracts

@MainActor
protocol AddContactViewProtocol: AnyObject {
  func show(firstName: String, lastName: String)
  func show(error: String)
}

@MainActor
protocol AddContactViewOutput: AnyObject {
  func viewDidLoad()
  func didTapDone(firstName: String, lastName: String)
  func didTapCancel()
}

@MainActor
package protocol AddContactInteractorProtocol: AnyObject {
  var draft: ContactDraft { get }
  func save(firstName: String, lastName: String)
}

@MainActor
package protocol AddContactInteractorOutput: AnyObject {
  func didSave(_ contact: Contact)
  func didFail(_ message: String)
}

@MainActor
protocol AddContactRouterProtocol: AnyObject {
  func close() throws
}

// MARK: - Layers

final class AddContactView: HeadlessViewController, VIPERView, AddContactViewProtocol,
  ScreenRendering
{
  let links = ViewLinks<any AddContactViewOutput>()
  private(set) var fields = (firstName: "", lastName: "")
  private(set) var error: String?

  override func viewDidLoad() { presenter.viewDidLoad() }

  func type(firstName: String, lastName: String) {
    fields = (firstName, lastName)
    error = nil
  }
  func tapDone() { presenter.didTapDone(firstName: fields.firstName, lastName: fields.lastName) }
  func tapCancel() { presenter.didTapCancel() }

  func show(firstName: String, lastName: String) { fields = (firstName, lastName) }
  func show(error: String) { self.error = error }

  var screen: Screen {
    var lines = [
      "First name: [\(fields.firstName)]",
      "Last name:  [\(fields.lastName)]",
    ]
    if let error { lines.append("! \(error)") }
    lines.append("[ Cancel ]        [ Done ]")
    return Screen(title: "Add Contact", lines: lines)
  }
}

class AddContactPresenter: VIPERPresenter, AddContactInput {
  let links = PresenterLinks<
    any AddContactViewProtocol, any AddContactInteractorProtocol, any AddContactRouterProtocol
  >()
  @Weak var output: (any AddContactOutput)?

  func prefill(firstName: String) { interactor.draft.firstName = firstName }

  /// Called once the view has loaded; the leaky variant overrides it.
  func viewDidAppear() {}
}

extension AddContactPresenter: AddContactViewOutput {
  func viewDidLoad() {
    view?.show(firstName: interactor.draft.firstName, lastName: interactor.draft.lastName)
    viewDidAppear()
  }

  func didTapDone(firstName: String, lastName: String) {
    interactor.save(firstName: firstName, lastName: lastName)
  }

  func didTapCancel() {
    output?.didCancel()
    close()
  }

  private func close() {
    do { try router.close() } catch { view?.show(error: "\(error)") }
  }
}

extension AddContactPresenter: AddContactInteractorOutput {
  func didSave(_ contact: Contact) {
    output?.didAdd(contact: contact)
    close()
  }

  func didFail(_ message: String) { view?.show(error: message) }
}

package final class AddContactInteractor: VIPERInteractor, AddContactInteractorProtocol {
  package let links = InteractorLinks<any AddContactInteractorOutput>()
  package let draft: ContactDraft

  package init(draft: ContactDraft) { self.draft = draft }

  package func save(firstName: String, lastName: String) {
    draft.firstName = firstName.trimmingSpaces()
    draft.lastName = lastName.trimmingSpaces()
    switch (draft.firstName.isEmpty, draft.lastName.isEmpty) {
    case (true, true): presenter?.didFail("First and last name are required.")
    case (true, false): presenter?.didFail("First name is required.")
    case (false, true): presenter?.didFail("Last name is required.")
    case (false, false):
      presenter?.didSave(Contact(firstName: draft.firstName, lastName: draft.lastName))
    }
  }
}

final class AddContactRouter: VIPERRouter, AddContactRouterProtocol {
  let links = RouterLinks()
  func close() throws { try dismiss() }
}

final class AddContactBuilder: VIPERBuilder<
  AddContactView, AddContactPresenter, AddContactInteractor, AddContactRouter
>
{
  override class var moduleName: String { "AddContact" }
}

// MARK: - The deliberately broken variant (--leaky)

/// The classic VIPER mistake: the presenter keeps its view strongly, so view and presenter keep
/// each other alive after Add Contact is dismissed.
final class LeakyAddContactPresenter: AddContactPresenter {
  var strongView: AddContactView?

  override func viewDidAppear() { strongView = view as? AddContactView }
}

final class LeakyAddContactBuilder: VIPERBuilder<
  AddContactView, LeakyAddContactPresenter, AddContactInteractor, AddContactRouter
>
{
  override class var moduleName: String { "AddContact" }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
