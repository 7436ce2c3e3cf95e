/// `word` with its indefinite article, as messages write it: `an app`, `a story(Contacts)`,
/// `an Int`, `a UIViewController`, `an HTTPClient`.
///
/// English chooses the article by sound, so the rule reads the first letters: a word starting
/// with an acronym (two capitals) takes `an` when the first letter's name starts with a vowel
/// sound (`an HTTPClient`, `a URLSession`); otherwise a vowel takes `an`, except a `u` sounded
/// "you" (`a UIKit`, `a UInt`, `a user`, `a unique`).
///
/// - Parameter word: The noun phrase, such as a lifetime or a type name.
/// - Returns: `word` prefixed with `a ` or `an `.
package func withIndefiniteArticle(_ word: String) -> String {
  "\(indefiniteArticle(for: word)) \(word)"
}

/// `a` or `an` for `word`; see ``withIndefiniteArticle(_:)``.
package func indefiniteArticle(for word: String) -> String {
  let letters = Array(word.unicodeScalars.prefix(3))
  guard let first = letters.first else { return "a" }
  let second = letters.count > 1 ? letters[1] : nil
  let isAcronym =
    second.map { Character($0).isUppercase && Character(first).isUppercase } ?? false
  if isAcronym {
    // Letters whose names start with a vowel sound: "an F", "an HTML", "an SDK".
    return "AEFHILMNORSX".unicodeScalars.contains(first) ? "an" : "a"
  }
  switch Character(first).lowercased() {
  case "a", "e", "i", "o":
    return "an"
  case "u":
    // "you" sounds: uni-, use-, usu-, uti-, ura-, uri-, uro- ("a unit", "a user", "a utility").
    let rest = String(String.UnicodeScalarView(word.unicodeScalars.dropFirst().prefix(2)))
      .lowercased()
    let youSounds = ["ni", "se", "si", "su", "ti", "ra", "ri", "ro", "sa"]
    return youSounds.contains(rest) ? "a" : "an"
  default:
    return "a"
  }
}
