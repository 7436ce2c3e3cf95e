import Foundation

/// Where contacts are kept: the list reads it, Add Contact appends to it. One per Contacts story.
@MainActor
protocol ContactStore: AnyObject {
  var contacts: [Contact] { get }
  func add(_ contact: Contact) throws
}

extension FileContactStore: ContactStore {}

/// The directory the contacts file lives in (from `--data-dir`, or a temporary one).
struct StorageDirectory: Sendable {
  let url: URL
}
