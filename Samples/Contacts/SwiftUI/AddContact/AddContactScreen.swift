import ContactsSample
import Observation
import SampleSupport
import ViperNest
import ViperNestSwiftUI

// Add Contact as a SwiftUI screen, shown as a sheet in its own AddContactStory. Callers see the
// UIKit flavour's AddContactModule (its Input and Output); its interactor and draft are the UIKit
// flavour's, unchanged.

@MainActor
protocol AddContactScreenRouting: AnyObject {
  func close() throws
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class AddContactScreenPresenter: VIPERPresenter, AddContactInput, ScreenAppearance {
  @ObservationIgnored let links = PresenterLinks<
    NoView, any AddContactInteractorProtocol, any AddContactScreenRouting
  >()
  @ObservationIgnored weak var output: (any AddContactOutput)?
  /// The form's fields, bound to its text fields.
  var firstName = ""
  var lastName = ""
  private(set) var error: String?
  /// What the keyboard's Return key does (the form's `.onSubmit`), set when the screen appears.
  @ObservationIgnored private(set) var onSubmit: (() -> Void)?
  /// `--leaky`: the submit handler captures the presenter strongly.
  @ObservationIgnored private let capturesItself: Bool

  /// - Parameter capturesItself: Whether the submit handler keeps the presenter strongly (the
  ///   deliberate leak of `--leaky`).
  init(capturesItself: Bool = false) { self.capturesItself = capturesItself }

  func prefill(firstName: String) { interactor.draft.firstName = firstName }

  /// The screen appeared (`ScreenAppearance`): shows the draft and sets the Return key's handler.
  func screenDidAppear() {
    firstName = interactor.draft.firstName
    lastName = interactor.draft.lastName
    if capturesItself {
      // The classic SwiftUI leak: a closure the presenter keeps captures the presenter.
      onSubmit = { self.didTapDone() }
    } else {
      onSubmit = { [weak self] in self?.didTapDone() }
    }
  }

  func didTapDone() { interactor.save(firstName: firstName, lastName: lastName) }

  func didTapCancel() {
    output?.didCancel()
    close()
  }

  private func close() {
    do { try router.close() } catch { self.error = "\(error)" }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension AddContactScreenPresenter: AddContactInteractorOutput {
  func didSave(_ contact: Contact) {
    output?.didAdd(contact: contact)
    close()
  }

  func didFail(_ message: String) { error = message }
}

/// Dismisses the sheet through the navigation, as SwiftUI's `dismiss` does.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class AddContactScreenRouter: VIPERRouter, AddContactScreenRouting {
  let links = RouterLinks()

  func close() throws { try resolver.resolve(ScreenNavigation.self).dismiss(viewController) }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct AddContactScreen: VIPERScreen {
  let presenter: AddContactScreenPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension AddContactScreen: TextScreen {
  var text: Screen {
    var lines = [
      "First name: [\(presenter.firstName)]",
      "Last name:  [\(presenter.lastName)]",
    ]
    if let error = presenter.error { lines.append("! \(error)") }
    lines.append("[ Cancel ]        [ Done ]")
    return Screen(title: "Add Contact", lines: lines)
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias AddContactScreenBuilder = ScreenBuilder<
  AddContactScreen, AddContactScreenPresenter, AddContactInteractor, AddContactScreenRouter
>
