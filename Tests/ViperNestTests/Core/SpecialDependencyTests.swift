import Testing

@testable import ViperNest

private protocol SpecialClock {}
private struct SpecialPlain {}
private final class SpecialObject {}
private enum SpecialChoice { case one }

/// Autowiring decides which parameter types the registry supplies itself without a
/// protocol-conformance lookup per type (docs/Performance.md, "At app scale").
@Suite struct SpecialDependencyTests {
  @Test func everyBuiltInDependencyIsRecognised() {
    let builtIns: [Any.Type] = [
      Resolver.self, Provider<SpecialPlain>.self, AsyncProvider<SpecialPlain>.self,
      Lazy<SpecialPlain>.self,
      Provider<any SpecialClock>.self, Lazy<SpecialObject>.self,
    ]
    for type in builtIns {
      guard case .builtIn(let builtIn) = SpecialDependency.classify(type) else {
        Issue.record("\(type) is not recognised as built in")
        continue
      }
      #expect(ObjectIdentifier(builtIn) == ObjectIdentifier(type))
      #expect(type is any BuiltInDependency.Type)
    }
  }

  @Test func optionalsAreRecognisedWithTheirWrappedType() {
    guard case .optional(let optional) = SpecialDependency.classify((any SpecialClock)?.self) else {
      Issue.record("(any SpecialClock)? is not recognised as optional")
      return
    }
    #expect(
      ObjectIdentifier(optional.optionalWrappedType) == ObjectIdentifier((any SpecialClock).self))
  }

  @Test func ordinaryTypesAreNeitherBuiltInNorOptional() {
    let ordinary: [Any.Type] = [
      SpecialPlain.self, SpecialObject.self, SpecialChoice.self, (any SpecialClock).self, Int.self,
      [SpecialPlain].self,
      (Int, Int).self, (() -> Void).self,
    ]
    for type in ordinary {
      guard case .none = SpecialDependency.classify(type) else {
        Issue.record("\(type) was classified as special")
        continue
      }
      #expect(!(type is any BuiltInDependency.Type))
    }
  }

  @Test func autowiredDependenciesKeepTheirMeaning() {
    let types: [Any.Type] = [
      Resolver.self, Provider<SpecialPlain>.self, (any SpecialClock)?.self, SpecialObject.self,
    ]
    let dependencies = types.map(Dependency.init)
    #expect(dependencies.map(\.isBuiltIn) == [true, true, false, false])
    #expect(dependencies.map(\.isDeferred) == [false, true, false, false])
    #expect(dependencies.map(\.isOptional) == [false, false, true, false])
    #expect(ObjectIdentifier(dependencies[1].type) == ObjectIdentifier(SpecialPlain.self))
  }
}
