import ViperNest
import ViperNestHeadless

// MARK: - Input and output: all a caller sees

@MainActor
protocol AddContactInput: AnyObject {
  func prefill(firstName: String)
}

@MainActor
protocol AddContactOutput: AnyObject {
  func didAdd(contact: Contact)
  func didCancel()
}

typealias AddContactModule = Module<any AddContactInput, any AddContactOutput>

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
protocol AddContactInteractorProtocol: AnyObject {
  var draft: ContactDraft { get }
  func save(firstName: String, lastName: String)
}

@MainActor
protocol AddContactInteractorOutput: AnyObject {
  func didSave(_ contact: Contact)
  func didFail(_ message: String)
}

@MainActor
protocol AddContactRouterProtocol: AnyObject {
  func close() throws
}

// MARK: - VIPER layers

final class AddContactView: HeadlessViewController, VIPERView, AddContactViewProtocol {
  let links = ViewLinks<any AddContactViewOutput>()
  private(set) var fields = (firstName: "", lastName: "")
  private(set) var error: String?

  override func viewDidLoad() { presenter.viewDidLoad() }

  func tapDone(firstName: String, lastName: String) {
    presenter.didTapDone(firstName: firstName, lastName: lastName)
  }

  func tapCancel() { presenter.didTapCancel() }

  func show(firstName: String, lastName: String) { fields = (firstName, lastName) }
  func show(error: String) { self.error = error }
}

final class AddContactPresenter: VIPERPresenter, AddContactInput {
  let links = PresenterLinks<
    any AddContactViewProtocol, any AddContactInteractorProtocol, any AddContactRouterProtocol
  >()
  @Weak var output: (any AddContactOutput)?
  private(set) var routerError: (any Error)?

  func prefill(firstName: String) { interactor.draft.firstName = firstName }

  private func route(_ body: () throws -> Void) {
    do { try body() } catch { routerError = error }
  }
}

extension AddContactPresenter: AddContactViewOutput {
  func viewDidLoad() {
    view?.show(firstName: interactor.draft.firstName, lastName: interactor.draft.lastName)
  }

  func didTapDone(firstName: String, lastName: String) {
    interactor.save(firstName: firstName, lastName: lastName)
  }

  func didTapCancel() {
    output?.didCancel()
    route { try router.close() }
  }
}

extension AddContactPresenter: AddContactInteractorOutput {
  func didSave(_ contact: Contact) {
    output?.didAdd(contact: contact)
    route { try router.close() }
  }

  func didFail(_ message: String) { view?.show(error: message) }
}

final class AddContactInteractor: VIPERInteractor, AddContactInteractorProtocol {
  let links = InteractorLinks<any AddContactInteractorOutput>()
  let draft: ContactDraft

  init(draft: ContactDraft) { self.draft = draft }

  func save(firstName: String, lastName: String) {
    draft.firstName = firstName
    draft.lastName = lastName
    guard !firstName.isEmpty, !lastName.isEmpty else {
      presenter?.didFail("First and last name are required.")
      return
    }
    presenter?.didSave(Contact(firstName: firstName, lastName: lastName))
  }
}

final class AddContactRouter: VIPERRouter, AddContactRouterProtocol {
  let links = RouterLinks()
  func close() throws { try dismiss() }
}

final class AddContactBuilder: VIPERBuilder<
  AddContactView, AddContactPresenter, AddContactInteractor, AddContactRouter
>
{}

// MARK: - The same module as one MVC view controller

/// Add Contact without VIPER: one controller, its input and its delegate. Behind
/// `AddContactModule` nobody can tell.
final class SimpleAddContactController: HeadlessViewController, AddContactInput {
  @Weak var delegate: (any AddContactOutput)?
  private(set) var firstName = ""

  func prefill(firstName: String) { self.firstName = firstName }

  func tapDone(lastName: String) {
    delegate?.didAdd(contact: Contact(firstName: firstName, lastName: lastName))
    presentingController?.dismissPresentedController(animated: true, completion: nil)
  }

  /// Registers this controller as the app's `AddContactModule`.
  static func register(_ r: Registrar) {
    r.overriding.register(
      AddContactModule.self,
      mainActor: { r in
        let controller = SimpleAddContactController(host: try r.resolve())
        return Module(view: controller, input: controller) { [weak controller] output in
          controller?.delegate = output
        }
      })
  }
}
