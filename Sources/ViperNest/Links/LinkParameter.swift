public import Foundation

/// A type a deep link's parameter converts to: `Int`, `String`, `UUID`, `Double`, `Bool`, an enum
/// whose raw value is one of those, or an optional of any of them.
///
/// Conform your own `RawRepresentable` types with an empty extension; the raw value does the work:
///
/// ```swift
/// enum AccountKind: String, CaseIterable, LinkConvertible { case current, savings }
/// ```
public protocol LinkConvertible: SendableMetatype {
  /// The value that `text` (percent-decoded, taken from the link) stands for, or nil when it is
  /// not one.
  ///
  /// - Parameter linkText: The captured text.
  init?(linkText: String)

  /// What a link must hold for this type, for messages: `an integer`, `one of current, savings`.
  static var linkExpectation: String { get }

  /// The value when the link does not have the parameter at all; nil when it is required.
  /// Default: nil (`Optional` gives `.none`).
  static var linkValueWhenAbsent: Self? { get }
}

extension LinkConvertible {
  /// Required by default: a missing parameter is an error.
  public static var linkValueWhenAbsent: Self? { nil }
}

extension Int: LinkConvertible {
  /// An integer in decimal: `42`, `-7`.
  ///
  /// - Parameter linkText: The captured text.
  public init?(linkText: String) { self.init(linkText, radix: 10) }
  /// `an integer`.
  public static var linkExpectation: String { "an integer" }
}

extension Double: LinkConvertible {
  /// A decimal number: `2.5`.
  ///
  /// - Parameter linkText: The captured text.
  public init?(linkText: String) {
    guard let value = Double(linkText), value.isFinite else { return nil }
    self = value
  }
  /// `a number`.
  public static var linkExpectation: String { "a number" }
}

extension Bool: LinkConvertible {
  /// `true`, `false`, `1` or `0`.
  ///
  /// - Parameter linkText: The captured text.
  public init?(linkText: String) {
    switch linkText {
    case "true", "1": self = true
    case "false", "0": self = false
    default: return nil
    }
  }
  /// `true or false`.
  public static var linkExpectation: String { "true or false" }
}

extension String: LinkConvertible {
  /// Any non-empty text.
  ///
  /// - Parameter linkText: The captured text.
  public init?(linkText: String) {
    guard !linkText.isEmpty else { return nil }
    self = linkText
  }
  /// `text`.
  public static var linkExpectation: String { "non-empty text" }
}

extension UUID: LinkConvertible {
  /// A UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
  ///
  /// - Parameter linkText: The captured text.
  public init?(linkText: String) { self.init(uuidString: linkText) }
  /// `a UUID`.
  public static var linkExpectation: String {
    "a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
  }
}

extension Optional: LinkConvertible where Wrapped: LinkConvertible {
  /// The wrapped type's value.
  ///
  /// - Parameter linkText: The captured text.
  public init?(linkText: String) {
    guard let value = Wrapped(linkText: linkText) else { return nil }
    self = .some(value)
  }
  /// The wrapped type's expectation.
  public static var linkExpectation: String { Wrapped.linkExpectation }
  /// `.none`: an optional parameter may be left out.
  public static var linkValueWhenAbsent: Self? { .some(.none) }
}

extension LinkConvertible where Self: RawRepresentable, RawValue: LinkConvertible {
  /// The case whose raw value the text converts to.
  ///
  /// - Parameter linkText: The captured text.
  public init?(linkText: String) {
    guard let raw = RawValue(linkText: linkText) else { return nil }
    self.init(rawValue: raw)
  }
  /// The raw value's expectation.
  public static var linkExpectation: String { "a \(Self.self) (\(RawValue.linkExpectation))" }
}

extension LinkConvertible where Self: RawRepresentable & CaseIterable, RawValue: LinkConvertible {
  /// The cases' raw values: `one of current, savings, card`.
  public static var linkExpectation: String {
    "one of " + allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
  }
}

/// A typed parameter of a deep link, captured by a route's pattern (`:account` in its path, or
/// `?first` in its query) and converted to `Value` before any step runs.
///
/// ```swift
/// let account = LinkParameter<Int>("account")      // required: /payments/transfer/:account
/// let first = LinkParameter<String?>("first")      // optional: /contacts/add?first
/// ```
public struct LinkParameter<Value: LinkConvertible>: Sendable {
  /// The name in the pattern, without `:` or `?`.
  public let name: String

  /// Creates a parameter.
  ///
  /// - Parameter name: The name in the route's pattern, without `:` or `?`.
  public init(_ name: String) { self.name = name }

  var declaration: LinkParameterDeclaration {
    LinkParameterDeclaration(
      name: name, typeName: ViperNest.typeName(Value.self),
      isOptional: Value.linkValueWhenAbsent != nil)
  }

  /// The converted value from a matched link's captures.
  func value(in captures: LinkCaptures) throws -> Value {
    guard let text = captures[name] else {
      if let absent = Value.linkValueWhenAbsent { return absent }
      throw LinkParameterFailure(
        name: name, text: nil, expectation: Value.linkExpectation,
        typeName: ViperNest.typeName(Value.self))
    }
    guard let value = Value(linkText: text) else {
      throw LinkParameterFailure(
        name: name, text: text, expectation: Value.linkExpectation,
        typeName: ViperNest.typeName(Value.self))
    }
    return value
  }
}

/// What validation knows of a step's parameter without running anything.
struct LinkParameterDeclaration: Sendable, Hashable {
  let name: String
  let typeName: String
  let isOptional: Bool
}

/// A parameter that did not convert (the navigator turns it into a ``LinkError``).
struct LinkParameterFailure: Error {
  let name: String
  let text: String?
  let expectation: String
  let typeName: String
}

/// The texts a link captured, by parameter name (path captures and the declared query items).
struct LinkCaptures: Sendable {
  var values: [String: String] = [:]
  subscript(name: String) -> String? { values[name] }
}
