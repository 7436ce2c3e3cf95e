package import Foundation

/// Where contacts are kept: the list reads it, Add Contact appends to it. One per Contacts story,
/// created asynchronously (the file is read off the main actor), so it is awaited, never resolved
/// synchronously.
@MainActor
package protocol ContactStore: AnyObject {
  var contacts: [Contact] { get }
  func add(_ contact: Contact) throws
}

extension FileContactStore: ContactStore {}

/// The directory the contacts file lives in (from `--data-dir`, or a temporary one).
package struct StorageDirectory: Sendable {
  package let url: URL

  package init(url: URL) { self.url = url }
}
