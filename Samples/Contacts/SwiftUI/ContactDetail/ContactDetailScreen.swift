import ContactsSample
import Observation
import SampleSupport
import ViperNest
import ViperNestSwiftUI

// A contact's detail, pushed on the list's path in its own ContactDetailStory. Neither interactor
// nor router: the user leaves it with Back or a swipe back, which ends it and closes its story.

@MainActor
protocol ContactDetailInput: AnyObject {
  var contact: Contact? { get set }
}

typealias ContactDetailModule = Module<any ContactDetailInput, Never>

/// The story a contact's detail runs in, inside the Contacts story.
enum ContactDetailStory: UserStory {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class ContactDetailScreenPresenter: VIPERPresenter, ContactDetailInput {
  @ObservationIgnored let links = PresenterLinks<NoView, NoInteractor, NoRouter>()
  var contact: Contact?
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct ContactDetailScreen: VIPERScreen {
  let presenter: ContactDetailScreenPresenter
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension ContactDetailScreen: TextScreen {
  var text: Screen {
    Screen(
      title: presenter.contact?.fullName ?? "Contact",
      lines: [
        "‹ Contacts",
        "First name: \(presenter.contact?.firstName ?? "")",
        "Last name:  \(presenter.contact?.lastName ?? "")",
      ])
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
typealias ContactDetailScreenBuilder = ScreenBuilder<
  ContactDetailScreen, ContactDetailScreenPresenter, NoInteractor, NoRouter
>
