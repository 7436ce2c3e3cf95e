/// A person in the address book: the seed app's entity, shared by the list and Add Contact modules.
struct Contact: Codable, Hashable, Sendable {
  var firstName: String
  var lastName: String

  var fullName: String { "\(firstName) \(lastName)" }
}
