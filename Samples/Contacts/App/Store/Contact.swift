/// A person in the address book: the seed app's entity, shared by the list and Add Contact modules.
package struct Contact: Codable, Hashable, Sendable {
  package var firstName: String
  package var lastName: String

  package init(firstName: String, lastName: String) {
    self.firstName = firstName
    self.lastName = lastName
  }

  package var fullName: String { "\(firstName) \(lastName)" }
}

extension [Contact] {
  /// The contacts in the list's order: by full name, case-insensitively ("alan" between "Ada"
  /// and "Grace"), then case-sensitively.
  package func sortedForList() -> [Contact] {
    sorted {
      let (lhs, rhs) = ($0.fullName, $1.fullName)
      return lhs.lowercased() == rhs.lowercased() ? lhs < rhs : lhs.lowercased() < rhs.lowercased()
    }
  }
}
