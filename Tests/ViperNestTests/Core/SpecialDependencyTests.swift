import Testing

@testable import ViperNest

private protocol Clock {}
private struct Plain {}
private final class Object {}
private enum Choice { case one }

/// Autowiring decides which parameter types the registry supplies itself without a
/// protocol-conformance lookup per type (docs/Performance.md, "At app scale").
@Suite struct SpecialDependencyTests {
  @Test func everyBuiltInDependencyIsRecognised() {
    let builtIns: [Any.Type] = [
      Resolver.self, Provider<Plain>.self, AsyncProvider<Plain>.self, Lazy<Plain>.self,
      Provider<any Clock>.self, Lazy<Object>.self,
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
    guard case .optional(let optional) = SpecialDependency.classify((any Clock)?.self) else {
      Issue.record("(any Clock)? is not recognised as optional")
      return
    }
    #expect(ObjectIdentifier(optional.optionalWrappedType) == ObjectIdentifier((any Clock).self))
  }

  @Test func ordinaryTypesAreNeitherBuiltInNorOptional() {
    let ordinary: [Any.Type] = [
      Plain.self, Object.self, Choice.self, (any Clock).self, Int.self, [Plain].self,
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
    let dependencies = [Resolver.self, Provider<Plain>.self, (any Clock)?.self, Object.self]
      .map(Dependency.init)
    #expect(dependencies.map(\.isBuiltIn) == [true, true, false, false])
    #expect(dependencies.map(\.isDeferred) == [false, true, false, false])
    #expect(dependencies.map(\.isOptional) == [false, false, true, false])
    #expect(ObjectIdentifier(dependencies[1].type) == ObjectIdentifier(Plain.self))
  }
}
