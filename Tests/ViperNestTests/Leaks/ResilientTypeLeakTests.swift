import LibraryEvolutionFixture
import Testing

@testable import ViperNest

// Leaks whose retain paths run through types of a module built with library evolution
// (`LibraryEvolutionFixture`), as paths through Foundation's and the SDK's types do on Apple
// platforms: their sizes and field offsets are read from runtime metadata, and a captured `var` of
// one lives in a box the runtime allocates for its type.

// MARK: - Types under inspection

/// A subclass of the fixture's open class: its stored properties follow the base class's, whose
/// size it learns at run time.
private final class ResilientScreen: ResilientBase {
  var presenter: ResilientPresenter?
  var title = "screen"
}

private final class ResilientPresenter {
  var screen: ResilientScreen?
}

/// Holds the fixture's resilient struct in a stored property, and a field after it whose offset is
/// known only at run time.
private final class StampHolder {
  var stamp = Stamp(holder: nil)
  var peer: StampPeer?
}

private final class StampPeer {
  var owner: StampHolder?
}

/// Keeps closures that capture `Stamp`s.
private final class StampedPresenter {
  var onRefresh: (() -> Void)?
  var count = 0

  /// A closure whose only capture is a `var` of a resilient type: its context is that variable's
  /// box, which the runtime allocates for the type.
  func captureStampVariable() {
    var stamp = Stamp(holder: self)
    onRefresh = { stamp.note += "!" }
  }

  /// A closure capturing a `var` of a resilient type and more: the box is one of its captures.
  func captureStampVariable(holding other: AnyObject) {
    var stamp = Stamp(holder: other)
    onRefresh = { [weak self] in
      stamp.note += "!"
      self?.count += 1
    }
  }

  /// A closure capturing a `let` of a resilient type by value, then an object: the context's
  /// layout is computed at run time.
  func captureStampConstant(then other: AnyObject) {
    let stamp = Stamp(holder: nil)
    onRefresh = { [weak self] in
      _ = (stamp.note, other)
      self?.count += 1
    }
  }
}

// MARK: - Tests

struct ResilientTypeLeakTests {
  /// What `LeakDetector` reports for `object`, tracked by hand and still alive.
  private func report(
    for object: AnyObject, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> LeakReport.Leak {
    let detector = LeakDetector()
    detector.track(object, role: .presenter, module: "Resilient")
    let leaks = detector.checkNow()?.leaks ?? []
    try #require(leaks.count == 1, sourceLocation: sourceLocation)
    return leaks[0]
  }

  @Test func theFixtureIsBuiltWithLibraryEvolution() {
    #expect(
      Self.fixtureIsResilient,
      """
      LibraryEvolutionFixture must be compiled with -enable-library-evolution (Package.swift): \
      a subclass of its open class has no resilient superclass
      """)
  }

  @Test func aCycleThroughASubclassOfAResilientClassIsNamed() throws {
    try #require(Self.fixtureIsResilient)
    let screen = ResilientScreen()
    let presenter = ResilientPresenter()
    screen.presenter = presenter
    presenter.screen = screen
    let leak = try report(for: screen)
    #expect(
      leak.retainCycles.map(\.description) == [
        "ResilientScreen.presenter -> ResilientPresenter.screen -> ResilientScreen (strong)"
      ])
    #expect(leak.uninspected == [])
    screen.presenter = nil
  }

  @Test func aCycleThroughAPropertyOfTheResilientBaseClassIsNamed() throws {
    try #require(Self.fixtureIsResilient)
    let screen = ResilientScreen()
    let presenter = ResilientPresenter()
    screen.anchor = presenter
    presenter.screen = screen
    let leak = try report(for: screen)
    #expect(
      leak.retainCycles.map(\.description) == [
        "ResilientScreen.anchor -> ResilientPresenter.screen -> ResilientScreen (strong)"
      ])
    #expect(leak.uninspected == [])
    screen.anchor = nil
  }

  @Test func aCycleThroughAResilientStructInAClientClassIsNamed() throws {
    try #require(Self.fixtureIsResilient)
    let holder = StampHolder()
    let peer = StampPeer()
    holder.stamp.holder = peer
    peer.owner = holder
    let leak = try report(for: holder)
    #expect(
      leak.retainCycles.map(\.description) == [
        "StampHolder.stamp.holder -> StampPeer.owner -> StampHolder (strong)"
      ])
    #expect(leak.uninspected == [])
    holder.stamp.holder = nil
  }

  @Test func aCycleThroughAFieldAfterAResilientStructIsNamed() throws {
    try #require(Self.fixtureIsResilient)
    let holder = StampHolder()
    let peer = StampPeer()
    holder.peer = peer
    peer.owner = holder
    let leak = try report(for: holder)
    #expect(
      leak.retainCycles.map(\.description) == [
        "StampHolder.peer -> StampPeer.owner -> StampHolder (strong)"
      ])
    #expect(leak.uninspected == [])
    holder.peer = nil
  }

  @Test func aCycleThroughACapturedResilientVariableIsNamed() throws {
    try #require(Self.fixtureIsResilient)
    let presenter = StampedPresenter()
    presenter.captureStampVariable()
    let leak = try report(for: presenter)
    #expect(
      leak.retainCycles.map(\.description) == [
        "StampedPresenter.onRefresh (closure captures) -> StampedPresenter"
      ])
    #expect(leak.uninspected == [])
    presenter.onRefresh = nil
  }

  @Test func aCycleThroughAResilientVariableCapturedWithOthersIsNamed() throws {
    try #require(Self.fixtureIsResilient)
    let presenter = StampedPresenter()
    let peer = StampPeer()
    let holder = StampHolder()
    peer.owner = holder
    holder.peer = peer
    holder.stamp.holder = presenter
    presenter.captureStampVariable(holding: peer)
    let leak = try report(for: presenter)
    #expect(
      leak.retainCycles.map(\.description) == [
        "StampedPresenter.onRefresh (closure captures) -> StampPeer.owner -> "
          + "StampHolder.stamp.holder -> StampedPresenter (strong)"
      ])
    #expect(leak.uninspected == [])
    presenter.onRefresh = nil
    holder.peer = nil
  }

  @Test func capturesAfterAResilientConstantAreFollowed() throws {
    try #require(Self.fixtureIsResilient)
    let presenter = StampedPresenter()
    let holder = StampHolder()
    holder.stamp.holder = presenter
    presenter.captureStampConstant(then: holder)
    let leak = try report(for: presenter)
    #expect(
      leak.retainCycles.map(\.description) == [
        "StampedPresenter.onRefresh (closure captures) -> StampHolder.stamp.holder -> "
          + "StampedPresenter (strong)"
      ])
    #expect(leak.uninspected == [])
    presenter.onRefresh = nil
  }

  /// Whether `LibraryEvolutionFixture` is built with library evolution: a class context
  /// descriptor's flags word has bit 29, the kind-specific flag `Class_HasResilientSuperclass`
  /// (bit 13 of the upper half; include/swift/ABI/MetadataValues.h), set exactly when the
  /// superclass comes from a resilient module.
  static let fixtureIsResilient: Bool = {
    guard let descriptor = runtimeTypeContextDescriptor(ResilientScreen.self) else { return false }
    return descriptor.load(as: UInt32.self) & (1 << 29) != 0
  }()
}

/// Stores in `holder.onRefresh` a closure capturing a `var` of type `Value`, a type only the
/// closure's generic environment knows (never specialized, so release builds keep it generic): the
/// variable lives in a generic box, whose metadata names the type.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
private func captureGenericVariable<Value>(_ value: Value, in holder: StampedPresenter) {
  var captured = value
  holder.onRefresh = { [weak holder] in
    _ = captured
    holder?.count += 1
  }
  // Written after the closure took it, so the variable stays a box in optimized builds too.
  captured = value
}

struct GenericVariableCaptureTests {
  @Test func aCapturedVariableOfAGenericTypeIsFollowedThroughItsBox() {
    let presenter = StampedPresenter()
    let peer = StampPeer()
    captureGenericVariable(peer, in: presenter)
    let scan = SwiftRuntimeReflection.strongReferences(of: presenter)
    #expect(scan.references.map { ObjectIdentifier($0.target) } == [ObjectIdentifier(peer)])
    #expect(scan.references.map(\.path) == ["onRefresh"])
    #expect(scan.uninspected == [])
    presenter.onRefresh = nil
  }
}

/// The walker's reading of a generic box against hand-made memory, for the layouts no compiler
/// produces today: what it cannot read it names, and it never reads past what it checked.
struct GenericBoxLayoutTests {
  final class Node {}

  /// Walks a closure value whose context is a hand-made generic box (`GenericBoxHeapMetadata`:
  /// kind 0x500, the value's offset, the boxed type) holding `node` at `valueOffset`.
  private func scanClosure(
    overBoxOf boxedType: Any.Type?, valueOffset: UInt32, holding node: Node
  ) -> ReferenceScan {
    let word = MemoryLayout<UnsafeRawPointer>.size
    let metadata = UnsafeMutableRawPointer.allocate(byteCount: 3 * word, alignment: word)
    let box = UnsafeMutableRawPointer.allocate(byteCount: 6 * word, alignment: 2 * word)
    let closure = UnsafeMutableRawPointer.allocate(byteCount: 2 * word, alignment: word)
    defer {
      metadata.deallocate()
      box.deallocate()
      closure.deallocate()
    }
    metadata.storeBytes(of: MetadataKind.heapGenericLocalVariable, as: UInt.self)
    metadata.storeBytes(of: UInt(valueOffset), toByteOffset: word, as: UInt.self)
    // A metatype is one word, the address of the type's metadata.
    metadata.storeBytes(
      of: boxedType.map { unsafeBitCast($0, to: UInt.self) } ?? 0, toByteOffset: 2 * word,
      as: UInt.self)
    box.initializeMemory(as: UInt.self, repeating: 0, count: 6)
    box.storeBytes(of: UInt(bitPattern: metadata), as: UInt.self)
    // The object, unretained: the walker only reads it, and `node` outlives the walk.
    box.storeBytes(
      of: UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque()),
      toByteOffset: Int(valueOffset), as: UInt.self)
    // A thick function: any non-null function pointer (never called), then the context.
    closure.storeBytes(of: 1, as: UInt.self)
    closure.storeBytes(of: UInt(bitPattern: box), toByteOffset: word, as: UInt.self)
    let walker = ReferenceWalker(exact: true)
    withExtendedLifetime(node) {
      walker.visit(
        UnsafeRawPointer(closure), (() -> Void).self, closure: false, direct: true, depth: 0)
    }
    return walker.scan
  }

  @Test func aGenericBoxUsedAsAClosureContextIsFollowed() {
    let node = Node()
    let scan = scanClosure(overBoxOf: Node.self, valueOffset: 16, holding: node)
    #expect(scan.references.map { ObjectIdentifier($0.target) } == [ObjectIdentifier(node)])
    #expect(scan.references.allSatisfy { $0.throughClosure })
    #expect(scan.uninspected == [])
  }

  @Test func aGenericBoxWithAnUnexpectedLayoutIsNamedNotRead() {
    let scan = scanClosure(overBoxOf: Node.self, valueOffset: 24, holding: Node())
    #expect(scan.references.isEmpty)
    #expect(
      scan.uninspected == [
        "closure capturing a variable of type ViperNestTests.GenericBoxLayoutTests.Node in a "
          + "generic box with an unexpected layout, not followed"
      ])
  }

  @Test func aGenericBoxWithoutItsTypeIsNamedNotRead() {
    let scan = scanClosure(overBoxOf: nil, valueOffset: 16, holding: Node())
    #expect(scan.references.isEmpty)
    #expect(scan.uninspected == ["closure capturing a variable in a generic box without its type"])
  }
}
