import Testing
import ViperNestHeadless

@testable import ViperNest

@MainActor
struct WiringMemoTests {
  // MARK: - Replayed casts equal real casts

  @Test func replayedCastsEqualRealCastsForEveryContractShape() throws {
    try expectReplayMatchesCast { $0 as? any ClassBound }
    try expectReplayMatchesCast { $0 as? any Opaque }
    try expectReplayMatchesCast { $0 as? any ClassBound & Opaque }
    try expectReplayMatchesCast { $0 as? any MainActorBound }
    try expectReplayMatchesCast { $0 as AnyObject? }
    try expectReplayMatchesCast { $0 as? Layer }
  }

  @Test func replayedValuesKeepTheirObjectAliveAndReleaseIt() throws {
    let builder = Key.self
    let template = Layer()
    let memo = WiringMemo.memo(for: builder, sizes: (40, 40, 40))
    let cast = try #require(template as? any Opaque)
    memo.record(
      WiringMemo.types(template, template, template, template), cast, of: template, cast,
      of: template, cast, of: template)
    weak var released: Layer?
    var value: (any Opaque)?
    do {
      let layer = Layer()
      released = layer
      value = contractValue(of: layer, from: memo.storage, as: (any Opaque).self)
    }
    #expect(released != nil)
    #expect((value as AnyObject?) === released)
    value = nil
    #expect(released == nil)
  }

  @Test func aResultThatDoesNotStartWithItsObjectIsNotRecorded() {
    let memo = WiringMemo.memo(for: OtherKey.self, sizes: (8, 8, 8))
    let layer = Layer()
    let types = WiringMemo.types(layer, layer, layer, layer)
    memo.record(types, 0 as Int, of: layer, 0 as Int, of: layer, 0 as Int, of: layer)
    #expect(memo.layers != types)
  }

  // MARK: - The builder

  @Test func modulesOfTheSameClassesAreWiredAlike() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    // The first module records the casts, the others replay them.
    for _ in 0..<3 {
      let module = try ContactsBuilder.build(in: story)
      #expect(module.view.presenter === module.presenter)
      #expect(module.presenter.view === module.view)
      #expect(module.presenter.interactor === module.interactor)
      #expect(module.presenter.router === module.router)
      #expect(module.interactor.presenter === module.presenter)
      #expect(module.router.viewController === module.view)
    }
  }

  /// Records a cast of one `Layer` through a memo, replays it for another and compares the bytes
  /// with that object's own cast.
  private func expectReplayMatchesCast<Contract>(
    sourceLocation: SourceLocation = #_sourceLocation, _ cast: (Layer) -> Contract?
  ) throws {
    let first = Layer()
    let second = Layer()
    let recorded = try #require(cast(first), sourceLocation: sourceLocation)
    let size = MemoryLayout<Contract>.size
    let memo = WiringMemo.memo(for: Holder<Contract>.self, sizes: (size, size, size))
    let types = WiringMemo.types(first, first, first, first)
    memo.record(types, recorded, of: first, recorded, of: first, recorded, of: first)
    #expect(memo.layers == types, sourceLocation: sourceLocation)
    let replayed = contractValue(of: second, from: memo.storage + memo.third, as: Contract.self)
    let expected = try #require(cast(second), sourceLocation: sourceLocation)
    // The inline buffer of an opaque existential may hold garbage past the reference: compare the
    // reference and everything after the buffer.
    let bytes = { (value: Contract) in withUnsafeBytes(of: value) { Array($0) } }
    let skipped = size >= 40 ? 8..<24 : 0..<0
    let (a, b) = (bytes(replayed), bytes(expected))
    #expect(
      a.indices.filter { !skipped.contains($0) }.allSatisfy { a[$0] == b[$0] },
      sourceLocation: sourceLocation)
    #expect((replayed as AnyObject) === second, sourceLocation: sourceLocation)
  }
}

private protocol ClassBound: AnyObject { func name() -> String }
private protocol Opaque { func number() -> Int }
@MainActor private protocol MainActorBound: AnyObject {}

private class Layer: ClassBound, Opaque, MainActorBound {
  func name() -> String { "layer" }
  func number() -> Int { 7 }
}

/// Stand-ins for builder types: the memo is kept per builder type.
private final class Holder<Contract> {}
private final class Key {}
private final class OtherKey {}
