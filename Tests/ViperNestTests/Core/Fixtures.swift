import Foundation
import ViperNest

// Stories used across the core tests.
enum CheckoutStory: UserStory {}
enum PaymentsStory: UserStory {}

// A small VIPER-shaped dependency graph.
nonisolated protocol ContactStore: AnyObject { var contacts: [String] { get set } }
nonisolated final class InMemoryContactStore: ContactStore {
  var contacts: [String] = []
}

nonisolated protocol ContactListInteracting: AnyObject { var store: any ContactStore { get } }
nonisolated final class ContactListInteractor: ContactListInteracting {
  let store: any ContactStore
  init(store: any ContactStore) { self.store = store }
}

nonisolated protocol ContactListRouting: AnyObject {}
nonisolated final class ContactListRouter: ContactListRouting {}

nonisolated protocol ContactListPresenting: AnyObject {
  var interactor: any ContactListInteracting { get }
  var router: any ContactListRouting { get }
}
nonisolated final class ContactListPresenter: ContactListPresenting {
  let interactor: any ContactListInteracting
  let router: any ContactListRouting
  init(interactor: any ContactListInteracting, router: any ContactListRouting) {
    self.interactor = interactor
    self.router = router
  }
}

protocol Clock: Sendable { var now: Int { get } }
struct FixedClock: Clock {
  var now: Int { 42 }
}

final class Draft {
  var name = ""
}

final class Leaf {}

/// Counts instances created, for "exactly once" assertions. Thread-safe.
final class CreationCounter: @unchecked Sendable {
  // Invariant: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value = 0
  func increment() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}

/// An error factories throw in tests.
struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// Builds a started app story from registrations.
/// Diagnostics are ignored: tests that drop their app story on purpose would only add noise.
func start(_ body: @escaping (Registrar) -> Void) throws -> Story {
  try Registry(AnyAssembly("TestAssembly", body)).start(quiet)
}

/// A configuration that ignores diagnostics.
let quiet: Registry.Configuration = {
  var configuration = Registry.Configuration()
  configuration.onDiagnostic = { _ in }
  return configuration
}()

/// The standard contacts registrations.
func registerContacts(_ r: Registrar) {
  r.register(
    (any ContactStore).self, lifetime: .story(ContactsStory.self), InMemoryContactStore.init)
  r.register((any ContactListInteracting).self, ContactListInteractor.init(store:))
  r.register((any ContactListRouting).self, ContactListRouter.init)
  r.register((any ContactListPresenting).self, ContactListPresenter.init(interactor:router:))
}
