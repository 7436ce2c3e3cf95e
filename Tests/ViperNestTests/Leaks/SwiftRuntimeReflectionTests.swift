import Testing

@testable import ViperNest

// MARK: - Types under inspection

private final class Node {
  var name = "node"
}

private protocol NodeDelegate: AnyObject {}
extension Node: NodeDelegate {}

private protocol Describing {}
extension Node: Describing {}

private class Base {
  var inherited: Node? = Node()
  weak var weakInherited: Node?
}

private final class Ownerships: Base {
  var strong: Node = Node()
  weak var weakRef: Node?
  unowned var unownedRef: Node
  unowned(unsafe) var unownedUnsafeRef: Node
  lazy var lazyNode = Node()
  var count = 0

  init(target: Node) {
    unownedRef = target
    unownedUnsafeRef = target
  }
}

private struct Config {
  var owner: Node
  var label = "config"
  weak var observer: Node?
}

private enum LoadState {
  case idle
  case loaded(Node)
}

private struct Actions {
  var onSelect: (Int) -> Void
}

private final class Containers {
  var optional: Node? = Node()
  var noneOptional: Node?
  var items: [Node] = [Node(), Node()]
  var byName: [String: Node] = ["a": Node()]
  var byNumber: [Int: Node] = [7: Node()]
  var set: Set<AnyHashable> = [AnyHashable(1)]
  var delegate: (any NodeDelegate)? = Node()
  var anything: Any = Node()
  var describing: any Describing = Node()
  var config = Config(owner: Node())
  var state = LoadState.loaded(Node())
  var idleState = LoadState.idle
  var pair: (Int, Node) = (1, Node())
  var error: (any Error)?
  var numbers = [1, 2, 3]
  var text = "text"
}

/// Many values without references before a reference: within the walk's visit budget (4,096
/// visits per object) only when each nil optional counts one visit.
private final class ManyOptionalTexts {
  var texts = [String?](repeating: nil, count: 3_000)
  var details: [Detail] = Array(repeating: Detail(), count: 100)
  var kind = Kind.named("kind")
  var node = Node()

  struct Detail {
    var count = 0
    var label: String? = "detail"
  }

  enum Kind {
    case anonymous
    case named(String)
  }
}

private final class Closures {
  var value = 0
  var strongSelf: (() -> Void)?
  var weakSelf: (() -> Void)?
  var unownedSelf: (() -> Void)?
  var noCapture: (() -> Void)?
  var several: (() -> Void)?
  var inArray: [() -> Void] = []
  var inStruct: Actions?
  var inAny: Any = 0
  var boxed: (() -> Void)?
  var generic: (() -> Void)?
  var method: (() -> Void)?
  var asyncClosure: (() async -> Void)?
  var isolatedAny: (@isolated(any) () -> Void)?

  func bump() { value += 1 }

  func captureGeneric<Value>(_ value: Value) {
    generic = { [self] in
      _ = value
      bump()
    }
  }
}

// MARK: - Tests

struct SwiftRuntimeReflectionTests {
  private func references(of object: AnyObject) -> [String: [ObjectIdentifier]] {
    var result: [String: [ObjectIdentifier]] = [:]
    for reference in SwiftRuntimeReflection.strongReferences(of: object).references {
      result[reference.path, default: []].append(ObjectIdentifier(reference.target))
    }
    return result
  }

  // MARK: - Tracked references

  @Test(arguments: [false, true])
  func trackedReferenceSeesTheReleaseWithoutRetaining(preferWeak: Bool) {
    var keep: [AnyObject] = []
    var node: Node? = Node()
    let reference = TrackedReference(node!, preferWeak: preferWeak)
    #expect(reference.isAlive(keeping: &keep))
    keep.removeAll()
    #expect(reference.load() === node)
    node = nil
    #expect(!reference.isAlive(keeping: &keep))
    #expect(reference.load() == nil)
    #expect(keep.isEmpty)
    reference.release()
  }

  // MARK: - Stored fields

  @Test func reflectionMetadataIsAvailable() {
    #expect(SwiftRuntimeReflection.isReflectionAvailable)
  }

  @Test func storedFieldsListSuperclassFieldsFirstWithOwnership() {
    let layout = SwiftRuntimeReflection.storedFields(of: Ownerships.self)
    #expect(
      layout.fields.map(\.name) == [
        "inherited", "weakInherited", "strong", "weakRef", "unownedRef", "unownedUnsafeRef",
        "lazyNode", "count",
      ])
    #expect(
      layout.fields.map(\.ownership) == [
        .strong, .weak, .strong, .weak, .unowned, .unownedUnsafe, .strong, .strong,
      ])
    #expect(ObjectIdentifier(layout.fields[0].declaringType) == ObjectIdentifier(Base.self))
    #expect(
      ObjectIdentifier(layout.fields[2].declaringType) == ObjectIdentifier(Ownerships.self))
    #expect(!layout.isMetadataStripped)
  }

  @Test func weakAndUnownedFieldsAreNeverReported() {
    let target = Node()
    let object = Ownerships(target: target)
    object.weakRef = target
    object.weakInherited = target
    let found = references(of: object)
    #expect(Set(found.keys) == ["inherited", "strong"])
    #expect(found["inherited"] == [ObjectIdentifier(object.inherited!)])
    #expect(found["strong"] == [ObjectIdentifier(object.strong)])
  }

  @Test func lazyStorageIsReportedUnderThePropertyName() {
    let object = Ownerships(target: Node())
    let lazy = object.lazyNode
    #expect(references(of: object)["lazyNode"] == [ObjectIdentifier(lazy)])
  }

  // MARK: - Values

  @Test func optionalsCollectionsExistentialsStructsTuplesAndEnumsAreWalked() {
    let object = Containers()
    object.error = ThrownObjectError(node: Node())
    let found = references(of: object)
    guard case .loaded(let loaded) = object.state else {
      Issue.record("fixture changed")
      return
    }
    let expected: [String: [ObjectIdentifier]] = [
      "optional": [ObjectIdentifier(object.optional!)],
      "items[0]": [ObjectIdentifier(object.items[0])],
      "items[1]": [ObjectIdentifier(object.items[1])],
      "byName[\"a\"]": [ObjectIdentifier(object.byName["a"]!)],
      "byNumber[7]": [ObjectIdentifier(object.byNumber[7]!)],
      "delegate": [ObjectIdentifier(object.delegate!)],
      "anything": [ObjectIdentifier(object.anything as AnyObject)],
      "describing": [ObjectIdentifier(object.describing as AnyObject)],
      "config.owner": [ObjectIdentifier(object.config.owner)],
      "state.loaded": [ObjectIdentifier(loaded)],
      "pair.1": [ObjectIdentifier(object.pair.1)],
      "error.node": [ObjectIdentifier((object.error as! ThrownObjectError).node)],
    ]
    #expect(found == expected)
  }

  @Test func valuesWithoutReferencesCostTheirExactVisitsOfTheBudget() {
    let object = ManyOptionalTexts()
    let scan = SwiftRuntimeReflection.strongReferences(of: object)
    #expect(scan.references.map(\.path) == ["node"])
    #expect(scan.references.first?.target === object.node)
    #expect(scan.uninspected.isEmpty)
  }

  @Test func walkingEnumPayloadsAndOptionalsKeepsNothingAlive() {
    var object: Containers? = Containers()
    weak let payload = {
      if case .loaded(let loaded) = object?.state { return loaded }
      return nil
    }()
    weak let optional = object?.optional
    #expect(!SwiftRuntimeReflection.strongReferences(of: object!).references.isEmpty)
    object = nil
    #expect(payload == nil)
    #expect(optional == nil)
  }

  @Test func directReferencesAreOnlyPropertiesOptionalsAndExistentials() {
    let scan = SwiftRuntimeReflection.strongReferences(of: Containers())
    let direct = Set(scan.references.filter(\.isDirect).map(\.path))
    #expect(direct == ["optional", "delegate", "anything", "describing"])
  }

  @Test func valuesCanBeWalkedOutsideObjects() {
    let first = Node()
    let second = Node()
    let scan = SwiftRuntimeReflection.strongReferences(inValue: [first, second] as [Node])
    #expect(scan.references.map(\.path) == ["[0]", "[1]"])
    #expect(
      scan.references.map { ObjectIdentifier($0.target) }
        == [first, second].map(ObjectIdentifier.init))
  }

  // MARK: - Closures

  @Test func closureCapturingSelfStronglyIsAnEdge() {
    let object = Closures()
    object.strongSelf = { object.bump() }
    let found = SwiftRuntimeReflection.strongReferences(of: object).references
    #expect(found.map(\.path) == ["strongSelf"])
    #expect(found.first?.target === object)
    #expect(found.first?.throughClosure == true)
    object.strongSelf = nil
  }

  @Test func closuresCapturingSelfWeaklyOrUnownedAreNotEdges() {
    let object = Closures()
    object.weakSelf = { [weak object] in object?.bump() }
    object.unownedSelf = { [unowned object] in object.bump() }
    object.noCapture = { print("no capture") }
    let scan = SwiftRuntimeReflection.strongReferences(of: object)
    #expect(scan.references.isEmpty)
    #expect(scan.uninspected.isEmpty)
  }

  @Test func closureCapturingSeveralValuesReportsEachObject() {
    let object = Closures()
    let config = Config(owner: Node())
    let extra = Node()
    let number = 42
    object.several = { [weak object] in
      _ = (config, extra, number, object)
    }
    let found = SwiftRuntimeReflection.strongReferences(of: object).references
    #expect(found.map(\.path) == ["several", "several"])
    #expect(
      found.map { ObjectIdentifier($0.target) } == [config.owner, extra].map(ObjectIdentifier.init))
    #expect(found.allSatisfy { $0.throughClosure })
  }

  @Test func closuresInArraysStructsAndAnyAreWalked() {
    let object = Closures()
    object.inArray = [{ print("first") }, { object.bump() }]
    object.inStruct = Actions(onSelect: { _ in object.bump() })
    object.inAny = { object.bump() } as () -> Void
    let found = SwiftRuntimeReflection.strongReferences(of: object).references
    #expect(found.map(\.path) == ["inArray[1]", "inStruct.onSelect", "inAny"])
    #expect(found.allSatisfy { $0.target === object && $0.throughClosure })
    object.inArray = []
    object.inStruct = nil
    object.inAny = 0
  }

  @Test func capturedVariablesMethodReferencesAndGenericCapturesAreWalked() {
    let object = Closures()
    var captured: Closures? = object
    object.boxed = { captured?.bump() }
    captured = object
    object.method = object.bump
    object.captureGeneric(Node())
    let found = SwiftRuntimeReflection.strongReferences(of: object).references
    let selfPaths = found.filter { $0.target === object }.map(\.path)
    #expect(selfPaths == ["boxed", "generic", "method"])
    #expect(found.contains { $0.path == "generic" && $0.target !== object })
    object.boxed = nil
    object.method = nil
    object.generic = nil
  }

  @Test func asyncAndIsolatedClosuresAreWalked() {
    let object = Closures()
    object.asyncClosure = { object.bump() }
    object.isolatedAny = { object.bump() }
    let found = SwiftRuntimeReflection.strongReferences(of: object).references
    #expect(found.map(\.path) == ["asyncClosure", "isolatedAny"])
    #expect(found.allSatisfy { $0.target === object })
    object.asyncClosure = nil
    object.isolatedAny = nil
  }

  @Test func unresolvableCapturesAreReportedNotGuessed() {
    let object = Closures()
    installUnspecializedGenericClosure(on: object, capturing: [Node()])
    let scan = SwiftRuntimeReflection.strongReferences(of: object)
    #expect(scan.references.allSatisfy { $0.target !== object })
    #expect(scan.uninspected == ["generic (closure capture of an unresolvable (generic?) type)"])
  }
}

/// Stores a closure capturing `[Element]`, a type only the closure's generic environment knows.
/// Never specialized, so release builds keep the generic capture too.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
private func installUnspecializedGenericClosure<Element>(
  on object: Closures, capturing elements: [Element]
) {
  object.generic = { [weak object] in _ = (elements, object) }
}

private struct ThrownObjectError: Error, @unchecked Sendable {
  // Safe because `node` is immutable and only read by the test that creates the error.
  let node: Node
}

/// On Apple platforms a view controller's stored properties sit after `UIViewController`, an
/// Objective-C class the Swift runtime has no field metadata for: its view and child controllers
/// are invisible to reflection, and a scan says so instead of skipping them silently.
struct OpaqueSuperclassTests {
  /// Stands for Foundation's root class, whose state holds nothing a leak runs through.
  class NSObject {}
  class Base: NSObject { var name = "" }
  final class Screen: Base { var title = "" }

  @Test func theMostDerivedSuperclassWithoutSwiftMetadataIsNamed() {
    let chain: [AnyClass] = [NSObject.self, Base.self, Screen.self]
    let opaque = SwiftRuntimeReflection.opaqueSuperclass(in: chain) { $0 != Screen.self }
    #expect(opaque == "Base")
    #expect(SwiftRuntimeReflection.opaqueSuperclass(in: chain) { _ in false } == nil)
    #expect(
      SwiftRuntimeReflection.opaqueSuperclass(in: chain) { $0 == NSObject.self } == nil,
      "a root NSObject alone is not worth a note")
  }

  @Test func swiftClassesHaveNoOpaqueSuperclassAndScanWithoutTheNote() {
    #expect(SwiftRuntimeReflection.storedFields(of: Screen.self).opaqueSuperclass == nil)
    let scan = SwiftRuntimeReflection.strongReferences(of: Screen())
    #expect(!scan.uninspected.contains { $0.contains("Objective-C superclass") })
  }

  @Test func theNoteSaysWhatWasNotFollowed() {
    let note = SwiftRuntimeReflection.opaqueSuperclassNote("UIViewController")
    #expect(note.hasPrefix("UIViewController state (an Objective-C superclass"))
    #expect(note.contains("child and presented controllers are not followed"))
  }
}
