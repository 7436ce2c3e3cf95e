import Testing

@testable import ViperNest

private protocol NamedService {}
private protocol OtherService {}
private class NamedBase {}
private final class NamedObject: NamedBase, CustomStringConvertible {
  var description: String { "an object" }
}
private struct NamedValue<Element> {}
private enum NamedChoice: CustomDebugStringConvertible {
  case one
  var debugDescription: String { "choice" }
}
private enum Outer { struct Inner {} }

/// Registration keys, paths and reports name types as `String(describing:)` would, without the
/// conformance lookups it makes first (docs/Performance.md, "At app scale").
@Suite struct TypeNameTests {
  @Test func typeNamesReadAsStringDescribingForEveryKindOfType() {
    let types: [Any.Type] = [
      Int.self, String.self, [Int].self, [String: Double].self, Int?.self,
      NamedObject.self, NamedBase.self, NamedValue<Int>.self, NamedValue<NamedObject>.self,
      NamedChoice.self, Outer.Inner.self, (any NamedService).self,
      (any NamedService & OtherService).self, (any NamedService)?.self,
      (any NamedService.Type).self, NamedObject.Type.self, AnyObject.self, Any.self,
      (Int, String).self, ((Int) -> String).self, (@Sendable () async throws -> Void).self,
      Provider<any NamedService>.self, Void.self,
    ]
    for type in types {
      #expect(typeName(type) == String(describing: type), "\(type)")
    }
  }

  @Test func keyDescriptionsNameTheTypeTheNameAndTheArguments() {
    #expect(describeKey((any NamedService).self, nil, []) == "NamedService")
    #expect(describeKey(NamedObject.self, ServiceName("main"), []).hasPrefix("NamedObject["))
    #expect(
      describeKey(NamedValue<Int>.self, nil, [Int.self, String.self])
        == "NamedValue<Int>(Int, String)")
  }
}
